/**
 * S33: when the sweeper must next settle a user's time triggers in a system: the earliest boundary
 * not yet settled of its live time triggers, or null when it has none. Like a streak's expiry
 * (S10), it is a pure function of the state, so a store may index it.
 */
import type { PointsUser } from './points-user.js';
import type { PointsState, PointsSystemRules } from './points-types.js';
import { boundaryAt, boundaryIndex } from './time-boundaries.js';
import { progressKey } from './trigger-live.js';
import { matchesAttributes } from './attribute-match.js';

export function nextPointsBoundary(system: PointsSystemRules, state: PointsState, user: PointsUser): number | null {
  if (system.status !== 'active') return null;
  let next: number | null = null;
  for (const trigger of system.triggers) {
    if (trigger.type !== 'time' || trigger.status !== 'active') continue;
    if (!matchesAttributes(trigger.userAttributes, user.attributes)) continue;
    const kept = state.progress[trigger.id];
    const done =
      kept !== undefined && kept.from === progressKey(trigger)
        ? kept.reached
        : boundaryIndex(trigger, user.createdAt, user);
    const at = boundaryAt(trigger, done + 1, user);
    if (next === null || at < next) next = at;
  }
  return next;
}
