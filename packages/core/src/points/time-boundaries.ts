/**
 * S33: the boundaries of a time trigger for one user, numbered 1, 2, … after its activation: every
 * `interval` hours from the activation instant, or the local midnight every `interval` days from
 * the activation date in the user's zone. Index 0 is "none yet".
 */
import type { PointsUser } from './points-user.js';
import type { TimeTrigger } from './points-types.js';
import { dayStartInstant, placeInstant } from '../time/local-date.js';

const HOUR_MS = 3_600_000;

/** The index of the last boundary of `trigger` at or before `t` (0: none yet). */
export function boundaryIndex(trigger: TimeTrigger, t: number, user: PointsUser): number {
  if (t < trigger.activatedAt) return 0;
  if (trigger.unit === 'hour') return Math.floor((t - trigger.activatedAt) / (trigger.interval * HOUR_MS));
  const first = placeInstant(trigger.activatedAt, user.zone, 0);
  return Math.max(0, Math.floor((placeInstant(t, user.zone, 0) - first) / trigger.interval));
}

/** The instant of boundary `k` of `trigger`. */
export function boundaryAt(trigger: TimeTrigger, k: number, user: PointsUser): number {
  if (trigger.unit === 'hour') return trigger.activatedAt + k * trigger.interval * HOUR_MS;
  const first = placeInstant(trigger.activatedAt, user.zone, 0);
  return dayStartInstant(first + k * trigger.interval, user.zone, 0);
}
