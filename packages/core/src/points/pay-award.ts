/**
 * Paying one trigger's points into a user's state in one system (S31, S35, S36): boosts that apply
 * at the instant's local date multiply a positive amount (rounded once), then the amount is clipped
 * so that the total stays in [0, cap] (a total above a lowered cap is kept, never clipped down by a
 * gain); an amount clipped to 0 records nothing. Otherwise the award is recorded newest first, the
 * list cut to KEPT_AWARDS, added to its local date's change (points-days.ts), and the total,
 * `changed` and `seq` move. Works on a state the caller owns.
 */
import { boostApplies } from './boost-status.js';
import { boostedPoints } from './boosted-points.js';
import { noteDailyChange } from './points-days.js';
import type { PointsUser } from './points-user.js';
import { KEPT_AWARDS, type PointsAward, type PointsState, type PointsSystemRules } from './points-types.js';
import { MAX_SUM } from '../sums.js';
import { placeInstant } from '../time/local-date.js';

/** The largest total of a system: its `maxPoints`, or 2^53 − 1 when it has none. */
export function capOf(system: PointsSystemRules): number {
  return system.maxPoints ?? MAX_SUM;
}

/** Pays `points` of trigger `trigger` at `at` into `state` (changed in place); the award, or null when clipped to nothing. */
export function payAward(
  state: PointsState,
  system: PointsSystemRules,
  trigger: string,
  points: number,
  at: number,
  user: PointsUser,
): PointsAward | null {
  const day = placeInstant(at, user.zone, 0);
  const boosts = points > 0 ? system.boosts.filter((boost) => boostApplies(boost, day, user.id, user.attributes)) : [];
  const room = BigInt(Math.max(0, capOf(system) - state.total));
  const raw = boostedPoints(points, boosts);
  const clipped = raw > room ? room : raw < BigInt(-state.total) ? BigInt(-state.total) : raw;
  const awarded = Number(clipped);
  if (awarded === 0) return null;
  state.total += awarded;
  state.changed = true;
  state.seq += 1;
  const award: PointsAward = {
    id: String(state.seq),
    trigger,
    awarded,
    ...(boosts.length > 0 ? { boosts: boosts.map((boost) => boost.id) } : {}),
    at,
    total: state.total,
  };
  state.awards = [award, ...state.awards.slice(0, KEPT_AWARDS - 1)];
  noteDailyChange(state, day, awarded);
  return award;
}
