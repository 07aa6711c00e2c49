/**
 * How long an idempotency record answers a repeat of its key (S18): a record is in force from the
 * instant the engine's clock recorded it for `retention` milliseconds; after that a lookup no longer
 * finds it (the event is recorded as a new one) and `Store.forgetIdempotency` may remove it. The
 * default and the bounds an engine accepts; the service reads its setting in hours within the same.
 */
import { ConfigError } from './errors.js';
import { shown } from './shown.js';

const HOUR = 3_600_000;
/** 7 days: past the SDK's retries (seconds) and a failed `kindling import` run again within a week */
export const DEFAULT_IDEMPOTENCY_RETENTION_MS = 7 * 24 * HOUR;
/** one hour: a shorter window would turn a client's retry after an outage into a second event */
export const MIN_IDEMPOTENCY_RETENTION_MS = HOUR;
/** ten years: as good as for ever, and an instant arithmetic cannot overflow */
export const MAX_IDEMPOTENCY_RETENTION_MS = 87_600 * HOUR;

/** The retention an engine was given, checked: whole milliseconds within the bounds, or a ConfigError naming it. */
export function checkIdempotencyRetention(value: unknown): number {
  if (value === undefined) return DEFAULT_IDEMPOTENCY_RETENTION_MS;
  if (
    typeof value !== 'number' ||
    !Number.isSafeInteger(value) ||
    value < MIN_IDEMPOTENCY_RETENTION_MS ||
    value > MAX_IDEMPOTENCY_RETENTION_MS
  )
    throw new ConfigError(
      `idempotencyRetentionMs must be whole milliseconds from ${MIN_IDEMPOTENCY_RETENTION_MS} (1 hour) to ${MAX_IDEMPOTENCY_RETENTION_MS} (10 years), got ${shown(value)}`,
    );
  return value;
}

/** The most records one `Store.forgetIdempotency` call removes. */
export const MAX_FORGET_LIMIT = 10_000;

/** The arguments of `Store.forgetIdempotency`, checked as every store checks them (a RangeError otherwise). */
export function checkForgetArgs(before: number, limit: number): void {
  if (typeof before !== 'number' || !Number.isSafeInteger(before))
    throw new RangeError(`before must be an instant in whole epoch milliseconds, got ${shown(before)}`);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_FORGET_LIMIT)
    throw new RangeError(`limit must be a whole number from 1 to ${MAX_FORGET_LIMIT}, got ${shown(limit)}`);
}

/**
 * The oldest instant of a record still in force at `now`: a record is answered for `retention` ms
 * from the instant it was recorded, so one recorded before this is out of it (a lookup ignores it,
 * `Store.forgetIdempotency(idempotencyCutoff(now, retention), …)` may remove it).
 */
export function idempotencyCutoff(now: number, retention: number): number {
  return now - retention + 1;
}
