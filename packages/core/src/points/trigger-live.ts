/**
 * S28: whether a trigger pays for a user at an instant: it is active, was activated by then, and the
 * user's attributes match its filter. Its progress counts under its activation (and a metric
 * trigger's threshold): `progressKey` names that, so a reactivated or re-thresholded trigger starts anew.
 */
import { matchesAttributes } from './attribute-match.js';
import type { PointsUser } from './points-user.js';
import type { PointsTrigger } from './points-types.js';

export function triggerLive(trigger: PointsTrigger, at: number, user: PointsUser): boolean {
  return (
    trigger.status === 'active' &&
    trigger.activatedAt <= at &&
    matchesAttributes(trigger.userAttributes, user.attributes)
  );
}

export function progressKey(trigger: PointsTrigger): string {
  return trigger.type === 'metric' ? `${trigger.activatedAt}/${trigger.threshold}` : String(trigger.activatedAt);
}
