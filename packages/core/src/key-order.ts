/**
 * The shape checks of a store's compact forms of a state (points/points-codec.ts here, the SQLite
 * row's state codec): a value is packed only when it has exactly the shape the engine makes, so
 * that packing is lossless by construction.
 */

/** A plain object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A plain object whose own enumerable keys are exactly `fields`, in that order: the order the engine
 * makes them in (an object built otherwise is written as JSON). One pass over the keys, comparing
 * them by identity: this runs for every streak and open sum of every event.
 */
export function hasKeysInOrder(value: unknown, fields: readonly string[]): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  let i = 0;
  for (const key in value) {
    if (key !== fields[i] || !Object.hasOwn(value, key)) return false;
    i++;
  }
  return i === fields.length;
}
