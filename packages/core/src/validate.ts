/**
 * Checks of caller input at the engine's edge. Each failure is an InvalidInputError that names the
 * field and the value it got.
 */
import { isShowable, longerThan, UNSHOWABLE_PROBLEM } from './characters.js';
import { InvalidInputError } from './errors.js';
import { MAX_VALUE } from './sums.js';
import { shown } from './shown.js';

/** The longest user id, idempotency key and the like, in characters: what the HTTP API takes. */
export const MAX_ID_LENGTH = 255;

/**
 * A user id as a read, an erasure or the engine's own upkeep (settle, rebuild) names it: 1 to 255
 * characters, the bound every caller meets (HTTP, the command line, an embedding backend). The
 * characters are not checked here, so that a user stored before `checkNewUserId` refused theirs is
 * still read, settled and erased.
 */
export function checkUserId(userId: unknown): string {
  if (typeof userId !== 'string' || userId.length === 0) {
    throw new InvalidInputError('INVALID_INPUT', `userId must be a non-empty string, got ${shown(userId)}`);
  }
  if (longerThan(userId, MAX_ID_LENGTH))
    throw new InvalidInputError(
      'INVALID_INPUT',
      `userId must be 1 to ${MAX_ID_LENGTH} characters, got ${shown(userId)}`,
    );
  return userId;
}

/**
 * A user id as a caller's write gives it (an event, identify, an owner's action, preferences): as
 * `checkUserId`, and without control or direction characters (characters.ts), which would be shown
 * to the owner in the dashboard, logs and exports.
 */
export function checkNewUserId(userId: unknown): string {
  const id = checkUserId(userId);
  if (!isShowable(id)) throw new InvalidInputError('INVALID_INPUT', `userId ${UNSHOWABLE_PROBLEM}, got ${shown(id)}`);
  return id;
}

/** An event's value: a finite number of at most MAX_VALUE (1e12) either way (S6, sums.ts). */
export function checkValue(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidInputError('INVALID_INPUT', `value must be a finite number, got ${shown(value)}`);
  }
  if (Math.abs(value) > MAX_VALUE)
    throw new InvalidInputError(
      'INVALID_INPUT',
      `value must lie between -${MAX_VALUE} and ${MAX_VALUE} (1e12), got ${shown(value)}`,
    );
  return value;
}

/** A string a caller may leave out (null); at most `max` characters when one is given. */
export function checkOptionalString(value: unknown, what: string, max = Number.POSITIVE_INFINITY): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0)
    throw new InvalidInputError('INVALID_INPUT', `${what} must be a non-empty string when given, got ${shown(value)}`);
  if (longerThan(value, max))
    throw new InvalidInputError('INVALID_INPUT', `${what} must be 1 to ${max} characters, got ${shown(value)}`);
  return value;
}

export function checkCount(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidInputError(
      'INVALID_INPUT',
      `${what} must be a whole number from ${min} to ${max}, got ${shown(value)}`,
    );
  }
  return value;
}
