/**
 * How many of each list one account may hold. Each list is one document of the control plane,
 * rewritten whole on every change, and the configuration's lists are read into an engine: a list
 * without a bound let one admin key make every change (and every account's requests waiting on the
 * event loop meanwhile) as slow as it liked. A create beyond a bound is an issue of its item (or 409
 * LIMIT_REACHED for a single create), naming the bound.
 */
export const ACCOUNT_LIMITS = {
  metrics: 1_000,
  achievements: 1_000,
  attributes: 200,
  tenants: 10_000,
  'webhook endpoints': 10,
  'points systems': 50,
  // all systems' boosts together: the configuration is one document, read whole on every change
  'points boosts': 5_000,
  leaderboards: 100,
} as const;

/**
 * How many of each list one points system may hold (its boosts also count towards the account's
 * `points boosts`): 100 triggers and 100 levels, 1,000 boosts. Beyond them, an item's issue.
 */
export const POINTS_SYSTEM_LIMITS = {
  triggers: 100,
  levels: 100,
  boosts: 1_000,
} as const;

export type PointsLimited = keyof typeof POINTS_SYSTEM_LIMITS;

/** The message of a create beyond the bound of a points system's `what`. */
export function systemLimitMessage(what: PointsLimited): string {
  return `A points system may have at most ${POINTS_SYSTEM_LIMITS[what]} ${what}`;
}

export type Limited = keyof typeof ACCOUNT_LIMITS;

/** Whether an account holding `count` of `what` may hold one more. */
export function roomFor(what: Limited, count: number): boolean {
  return count < ACCOUNT_LIMITS[what];
}

/** The message of a create beyond the bound of `what`. */
export function limitMessage(what: Limited): string {
  return `An account may have at most ${ACCOUNT_LIMITS[what]} ${what}`;
}
