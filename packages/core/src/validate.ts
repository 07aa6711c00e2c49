/**
 * Checks of caller input at the engine's edge. Each failure is an InvalidInputError that names the
 * field and the value it got.
 */
import { InvalidInputError } from './errors.js';
import { MAX_VALUE } from './sums.js';
import { shown } from './shown.js';

export function checkUserId(userId: unknown): string {
  if (typeof userId !== 'string' || userId.length === 0) {
    throw new InvalidInputError(`userId must be a non-empty string, got ${shown(userId)}`);
  }
  return userId;
}

/** An event's value: a finite number of at most MAX_VALUE (1e12) either way (S6, sums.ts). */
export function checkValue(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidInputError(`value must be a finite number, got ${shown(value)}`);
  }
  if (Math.abs(value) > MAX_VALUE)
    throw new InvalidInputError(`value must lie between -${MAX_VALUE} and ${MAX_VALUE} (1e12), got ${shown(value)}`);
  return value;
}

export function checkOptionalString(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0)
    throw new InvalidInputError(`${what} must be a non-empty string when given, got ${shown(value)}`);
  return value;
}

export function checkCount(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidInputError(`${what} must be a whole number from ${min} to ${max}, got ${shown(value)}`);
  }
  return value;
}
