/**
 * How large a value and a sum may be (S6). A value is at most 1e12 either way; a total, a period's
 * sum and a day's sum at most 2^53 − 1 (Number.MAX_SAFE_INTEGER) either way, where every whole
 * number is still a double of its own, so that whole values add up exactly. An event that would
 * take a sum beyond it is refused before anything changes: sums never round to another number, nor
 * overflow to Infinity (which JSON would keep as null, losing the total).
 */
import { InvalidInputError, StoreError } from './errors.js';
import type { Rollup, UserState } from './state.js';

/** The largest magnitude of one event's value. */
export const MAX_VALUE = 1e12;

/** The largest magnitude of a total, a period's sum or a day's sum: 2^53 − 1. */
export const MAX_SUM = Number.MAX_SAFE_INTEGER;

/** The error of a sum beyond ±MAX_SUM: `what` says what it is the sum of. */
export function sumOutOfRange(sum: number, what: string): InvalidInputError {
  return new InvalidInputError(
    'SUM_OUT_OF_RANGE',
    `${what} would be ${sum}, beyond ±${MAX_SUM} (2^53 − 1), the largest sum kept exactly; the event is refused and nothing changed`,
  );
}

/** `sum`, when it lies within ±MAX_SUM; otherwise an InvalidInputError SUM_OUT_OF_RANGE that says what it is the sum of. */
export function checkSum(sum: number, what: () => string): number {
  if (Math.abs(sum) <= MAX_SUM) return sum;
  throw sumOutOfRange(sum, what());
}

/**
 * For stores, before they write: a StoreError when a state's totals or period sums, or a rollup's
 * value, are not finite numbers (a step that did not come through the reducer's checks).
 */
export function checkFiniteNumbers(user: UserState, rollups: readonly Rollup[]): void {
  for (const metric in user.totals)
    if (!Number.isFinite(user.totals[metric]))
      throw notFinite(user, `the total of ${JSON.stringify(metric)}`, user.totals[metric]);
  for (const key in user.streaks) {
    const progress = user.streaks[key]?.progress ?? {};
    for (const metric in progress)
      if (!Number.isFinite(progress[metric]))
        throw notFinite(
          user,
          `the period sum of ${JSON.stringify(metric)} under rule ${JSON.stringify(key)}`,
          progress[metric],
        );
  }
  for (let i = 0; i < rollups.length; i++) {
    const rollup = rollups[i] as Rollup;
    if (!Number.isFinite(rollup.value))
      throw notFinite(user, `a day sum of ${JSON.stringify(rollup.metric)}`, rollup.value);
  }
}

/** The error of checkFiniteNumbers (a function of its own: a closure made per check cost an allocation per event). */
function notFinite(user: UserState, where: string, value: unknown): StoreError {
  return new StoreError(
    `a step for user ${JSON.stringify(user.id)} wrote ${where} that is not a finite number: ${String(value)}`,
  );
}

/**
 * The check of a store's merged day sum (`mergeRollups`): within ±MAX_SUM, or SUM_OUT_OF_RANGE.
 * Compared inline rather than through `checkSum`: its message closure was an allocation per rollup
 * of every event (packages/core/bench).
 */
export function checkDaySum(rollup: Rollup, userId: string): Rollup {
  if (Math.abs(rollup.value) <= MAX_SUM) return rollup;
  throw sumOutOfRange(
    rollup.value,
    `the sum of ${JSON.stringify(rollup.metric)} on day ${rollup.day} (day start ${rollup.dayStart} min) of user ${JSON.stringify(userId)}`,
  );
}
