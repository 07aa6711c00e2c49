/**
 * Which names may key a record. Metric, rule and achievement keys name fields of a user's state
 * (totals, streaks, progress, achievements), and every JavaScript object has the members of
 * Object.prototype: a key such as `__proto__` or `constructor` would read an inherited member
 * instead of a count, or set an object's prototype. The core keeps those records without a
 * prototype and, because states are also read back from JSON as plain objects, refuses such names
 * as keys up front.
 */
import { ConfigError } from './errors.js';

/** Why `key` cannot name a field of a record, or null when it can. */
export function unsafeKeyReason(key: string): string | null {
  if (key === '__proto__' || key === 'prototype' || key in Object.prototype) {
    return `"${key}" is reserved: it names a member every JavaScript object has`;
  }
  return null;
}

/** Throws a ConfigError naming `where` when `key` cannot name a field of a record. */
export function checkRecordKey(key: string, where: string): string {
  const reason = unsafeKeyReason(key);
  if (reason !== null) throw new ConfigError(`${where}: ${reason}; choose another key`);
  return key;
}

/** A prototype with no members at all (and none of its own): what the core's records inherit. */
const NO_MEMBERS: object = Object.freeze(Object.create(null) as object);

/**
 * An empty record that inherits nothing: no key reaches an inherited member. Its prototype is an
 * empty, frozen object without one, rather than null: V8 keeps an object made with
 * `Object.create(null)` as a hash table, where reading its keys (for-in) cost about 20 times and a
 * copy 12 times as much as on an object with a prototype (packages/core/bench); the state's records
 * are copied and read on every event.
 */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(NO_MEMBERS) as Record<string, T>;
}
