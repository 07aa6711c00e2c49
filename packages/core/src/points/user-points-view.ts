/**
 * A user's points in one system as a read shows them at an instant: time triggers settled up to it
 * (S33) on a copy, lazily (S10), so a read changes nothing; the level from the current thresholds
 * (S34); the awards kept, newest first (S36).
 */
import { copyPointsState } from './copy-points-state.js';
import { levelOf } from './level-of.js';
import type { PointsUser } from './points-user.js';
import {
  emptyPointsState,
  type PointsAward,
  type PointsLevel,
  type PointsState,
  type PointsSystemRules,
} from './points-types.js';
import { settleTimeTriggersInPlace } from './settle-time-triggers.js';

export interface UserPointsView {
  readonly total: number;
  /** the level reached, or null (none reached, or no points change yet) */
  readonly level: PointsLevel | null;
  /** the awards kept, newest first */
  readonly awards: readonly PointsAward[];
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
  return {
    total: settled.total,
    level: levelOf(system.levels, settled.total, settled.changed),
    awards: settled.awards,
  };
}
