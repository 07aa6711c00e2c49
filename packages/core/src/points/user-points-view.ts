/**
 * A user's points in one system as a read shows them at an instant: time triggers settled up to it
 * (S33) on a copy, lazily (S10), so a read changes nothing; the level from the current thresholds
 * (S34); the awards kept, newest first (S36); the boosts active for the user (S35). It says how long
 * it holds: until the next time boundary the read did not settle or the next change of a boost's
 * status, whichever comes first, a read of the same state shows the same (what a cache of answers
 * needs to know beside the state's version).
 */
import { matchesAttributes } from './attribute-match.js';
import { boostStatus, nextBoostChange } from './boost-status.js';
import { copyPointsState } from './copy-points-state.js';
import { levelOf } from './level-of.js';
import { nextPointsBoundary } from './next-points-boundary.js';
import type { PointsUser } from './points-user.js';
import {
  emptyPointsState,
  type PointsAward,
  type PointsBoost,
  type PointsLevel,
  type PointsState,
  type PointsSystemRules,
} from './points-types.js';
import { settleTimeTriggersInPlace } from './settle-time-triggers.js';
import { NEVER } from '../state.js';

export interface UserPointsView {
  readonly total: number;
  /** the level reached, or null (none reached, or no points change yet) */
  readonly level: PointsLevel | null;
  /** the awards kept, newest first */
  readonly awards: readonly PointsAward[];
  /** ids of the boosts active at the read (S35) that are the user's own or global for their attributes */
  readonly boosts: readonly string[];
  /**
   * the instant (epoch ms, excluded) up to which a read of the same state shows this view: the next
   * unsettled time boundary or change of a boost's status; NEVER (8.64e15) when neither comes
   */
  readonly until: number;
}

/** Whether `boost` is for `user`: their own, or global with a filter their attributes match. */
function boostFor(boost: PointsBoost, user: PointsUser): boolean {
  if (boost.userId !== undefined && boost.userId !== null) return boost.userId === user.id;
  return matchesAttributes(boost.userAttributes, user.attributes);
}

/** `state` (absent: the user has none yet) of `user` in `system`, as at `at`. */
export function viewUserPoints(
  system: PointsSystemRules,
  state: PointsState | undefined,
  user: PointsUser,
  at: number,
): UserPointsView {
  const settled = copyPointsState(state ?? emptyPointsState());
  if (system.status === 'active') settleTimeTriggersInPlace(system, settled, user, at);
  const boosts = system.boosts
    .filter((boost) => boostStatus(boost, at) === 'active' && boostFor(boost, user))
    .map((boost) => boost.id);
  const boundary = nextPointsBoundary(system, settled, user);
  const boostChange = nextBoostChange(system.boosts, at, NEVER);
  return {
    total: settled.total,
    level: levelOf(system.levels, settled.total, settled.changed),
    awards: settled.awards,
    boosts,
    until: boundary === null ? boostChange : Math.min(boundary, boostChange),
  };
}
