/**
 * A user's profile: what `identify` and an event's user tell besides the zone (name, email, email
 * consent, device tokens, custom attributes). Checked at the engine's edge, then merged into the
 * user's state (a PATCH: only what is given changes) or replacing it (a PUT: what is not given
 * returns to its default). The name holds no control or direction characters (characters.ts). The
 * profile is never part of a streak: no rule reads it.
 */
import { shown } from './shown.js';
import { isShowable, longerThan, UNSHOWABLE_PROBLEM } from './characters.js';
import { InvalidInputError } from './errors.js';
import { emptyRecord, unsafeKeyReason } from './keys.js';
import type { UserProfile, UserState } from './state.js';

/** What a caller may give of a profile; every field optional. */
export interface ProfileInput {
  email?: string | null;
  name?: string | null;
  subscribeToEmails?: boolean;
  deviceTokens?: readonly string[] | null;
  attributes?: Readonly<Record<string, string>>;
}

/** A profile input once checked: absent fields are undefined, attributes copied into a record without prototype. */
export interface CheckedProfile {
  readonly email: string | null | undefined;
  readonly name: string | null | undefined;
  readonly subscribeToEmails: boolean | undefined;
  readonly deviceTokens: readonly string[] | null | undefined;
  readonly attributes: Readonly<Record<string, string>> | undefined;
}

export const PROFILE_LIMITS = {
  email: 320,
  name: 255,
  deviceTokens: 20,
  deviceToken: 4096,
  attributes: 100,
  attributeKey: 255,
  attributeValue: 1000,
} as const;

/** The profile of a user who never gave one. */
export const DEFAULT_PROFILE: Omit<UserProfile, 'updatedAt'> = Object.freeze({
  name: null,
  subscribeToEmails: true,
  deviceTokens: null,
  attributes: Object.freeze(emptyRecord<string>()),
});

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return shown(value);
}

function checkText(value: unknown, what: string, max: number, nullable: boolean): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null && nullable) return null;
  if (typeof value !== 'string' || value.length === 0 || longerThan(value, max))
    throw new InvalidInputError(
      'INVALID_INPUT',
      `${what} must be a string of 1 to ${max} characters${nullable ? ' or null' : ''}, got ${describe(value)}`,
    );
  return value;
}

/** A name shown to people: none of the control and direction characters (characters.ts). */
function checkShowable<T extends string | null | undefined>(value: T, what: string): T {
  if (typeof value === 'string' && !isShowable(value))
    throw new InvalidInputError('INVALID_INPUT', `${what} ${UNSHOWABLE_PROBLEM}, got ${describe(value)}`);
  return value;
}

function checkTokens(value: unknown, what: string): readonly string[] | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.length > PROFILE_LIMITS.deviceTokens)
    throw new InvalidInputError(
      'INVALID_INPUT',
      `${what} must be an array of at most ${PROFILE_LIMITS.deviceTokens} strings or null, got ${describe(value)}`,
    );
  const tokens = value.map(
    (token, i) => checkText(token, `${what}[${i}]`, PROFILE_LIMITS.deviceToken, false) as string,
  );
  return Object.freeze([...new Set(tokens)]);
}

/** Checks custom attributes (a profile's, an event's): at most 100, keys and values strings of bounded length. */
export function checkAttributes(value: unknown, what: string): Readonly<Record<string, string>> | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new InvalidInputError('INVALID_INPUT', `${what} must be an object of strings, got ${describe(value)}`);
  const keys = Object.keys(value);
  if (keys.length > PROFILE_LIMITS.attributes)
    throw new InvalidInputError(
      'INVALID_INPUT',
      `${what} may hold at most ${PROFILE_LIMITS.attributes} attributes, got ${keys.length}`,
    );
  const attributes = emptyRecord<string>();
  for (const key of keys) {
    if (key.length === 0 || longerThan(key, PROFILE_LIMITS.attributeKey))
      throw new InvalidInputError(
        'INVALID_INPUT',
        `${what} keys must be 1 to ${PROFILE_LIMITS.attributeKey} characters, got ${describe(key)}`,
      );
    const unsafe = unsafeKeyReason(key);
    if (unsafe !== null) throw new InvalidInputError('INVALID_INPUT', `${what} key ${unsafe}`);
    attributes[key] = checkText(
      (value as Record<string, unknown>)[key],
      `${what}.${key}`,
      PROFILE_LIMITS.attributeValue,
      false,
    ) as string;
  }
  return Object.freeze(attributes);
}

/** Check a profile input; `where` prefixes the field names in errors (`user.` for an event's user). */
export function checkProfile(input: unknown, where = ''): CheckedProfile {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new InvalidInputError('INVALID_INPUT', `${where || 'the profile'} must be an object, got ${describe(input)}`);
  const given = input as Record<string, unknown>;
  const subscribe = given.subscribeToEmails;
  if (subscribe !== undefined && typeof subscribe !== 'boolean')
    throw new InvalidInputError(
      'INVALID_INPUT',
      `${where}subscribeToEmails must be true or false, got ${describe(subscribe)}`,
    );
  return {
    email: checkText(given.email, `${where}email`, PROFILE_LIMITS.email, true),
    name: checkShowable(checkText(given.name, `${where}name`, PROFILE_LIMITS.name, true), `${where}name`),
    subscribeToEmails: subscribe,
    deviceTokens: checkTokens(given.deviceTokens, `${where}deviceTokens`),
    attributes: checkAttributes(given.attributes, `${where}attributes`),
  };
}

/** Whether a checked profile gives anything besides the email. */
export function givesProfile(profile: CheckedProfile): boolean {
  return (
    profile.name !== undefined ||
    profile.subscribeToEmails !== undefined ||
    profile.deviceTokens !== undefined ||
    profile.attributes !== undefined
  );
}

function sameTokens(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((token, i) => token === b[i]);
}

function sameAttributes(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/**
 * Apply a checked profile to the user's state, in place: `merge` changes what is given (attributes
 * key by key, to at most 100 in all: more is an InvalidInputError, and nothing changes); `replace`
 * also returns what is not given to its default (the email to null). With
 * `subscribeToEmails` false the email is not kept. Answers whether anything changed; `updatedAt`
 * moves to `at` only then.
 */
export function applyProfile(user: UserState, profile: CheckedProfile, how: 'merge' | 'replace', at: number): boolean {
  const before = user.profile ?? DEFAULT_PROFILE;
  const base = how === 'replace' ? DEFAULT_PROFILE : before;
  let attributes = profile.attributes ?? base.attributes;
  if (how === 'merge' && profile.attributes !== undefined) {
    const merged = emptyRecord<string>();
    Object.assign(merged, before.attributes, profile.attributes);
    // each body holds at most the limit: merged with what the user has, two could hold more
    const count = Object.keys(merged).length;
    if (count > PROFILE_LIMITS.attributes)
      throw new InvalidInputError(
        'INVALID_INPUT',
        `a user holds at most ${PROFILE_LIMITS.attributes} attributes: these would give them ${count} (${Object.keys(before.attributes).length} kept, ${Object.keys(profile.attributes).length} given)`,
      );
    attributes = Object.freeze(merged);
  }
  const next = {
    name: profile.name !== undefined ? profile.name : base.name,
    subscribeToEmails: profile.subscribeToEmails ?? base.subscribeToEmails,
    deviceTokens: profile.deviceTokens !== undefined ? profile.deviceTokens : base.deviceTokens,
    attributes,
  };
  const emailGiven = profile.email !== undefined ? profile.email : how === 'replace' ? null : user.email;
  const email = next.subscribeToEmails ? emailGiven : null;
  const changed =
    email !== user.email ||
    next.name !== before.name ||
    next.subscribeToEmails !== before.subscribeToEmails ||
    !sameTokens(next.deviceTokens, before.deviceTokens) ||
    !sameAttributes(next.attributes, before.attributes);
  if (!changed) return false;
  user.email = email;
  user.profile = { ...next, updatedAt: at };
  return true;
}

/** The profile changed at `at` by a field kept outside it (the zone, an event's email): `updated` moves there, never back. */
export function touchProfile(user: UserState, at: number): void {
  const profile = user.profile ?? DEFAULT_PROFILE;
  const since = user.profile?.updatedAt ?? user.firstSeenAt;
  if (at > since) user.profile = { ...profile, updatedAt: at };
}
