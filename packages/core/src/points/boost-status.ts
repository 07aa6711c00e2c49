/**
 * S35: which boosts apply to an award, and a boost's status at an instant. A boost applies on the
 * local dates `start..end` of the user's zone (end inclusive) to the user it names, or, when global,
 * to users whose attributes match its filter. Its status is one for everyone: active from 10:00 UTC
 * the day before its start (midnight of the start in UTC+14) to 12:00 UTC the day after its end (the
 * end of its last date in UTC−12), as the hosted service's boost webhooks time it.
 */
import { matchesAttributes } from './attribute-match.js';
import type { AttributeFilter, PointsBoost } from './points-types.js';
import { DAY_MS } from '../time/calendar.js';

const HOUR_MS = 3_600_000;

export type BoostStatus = 'scheduled' | 'active' | 'finished';

/** The status of `boost` at instant `at`. */
export function boostStatus(boost: Pick<PointsBoost, 'start' | 'end'>, at: number): BoostStatus {
  if (at < (boost.start - 1) * DAY_MS + 10 * HOUR_MS) return 'scheduled';
  if (boost.end !== null && at >= (boost.end + 1) * DAY_MS + 12 * HOUR_MS) return 'finished';
  return 'active';
}

/**
 * The first instant after `at` at which the status of one of `boosts` changes, or `never` when
 * none will: until then every boost's status stays what it is at `at`.
 */
export function nextBoostChange(
  boosts: readonly Pick<PointsBoost, 'start' | 'end'>[],
  at: number,
  never: number,
): number {
  let next = never;
  for (const boost of boosts) {
    const activeFrom = (boost.start - 1) * DAY_MS + 10 * HOUR_MS;
    const finishedFrom = boost.end === null ? never : (boost.end + 1) * DAY_MS + 12 * HOUR_MS;
    for (const change of [activeFrom, finishedFrom]) if (change > at && change < next) next = change;
  }
  return next;
}

/** Whether `boost` applies to an award to `userId` (with `attributes`) on local date `day`. */
export function boostApplies(boost: PointsBoost, day: number, userId: string, attributes: AttributeFilter): boolean {
  if (day < boost.start || (boost.end !== null && day > boost.end)) return false;
  if (boost.userId !== undefined && boost.userId !== null) return boost.userId === userId;
  return matchesAttributes(boost.userAttributes, attributes);
}
