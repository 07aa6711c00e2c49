/**
 * S33: time triggers settled up to an instant, lazily (before any event or read that needs them) or
 * by the sweeper at each boundary; the two agree, however the time is split. An hourly trigger's
 * boundaries fall every `interval` hours after its activation; a daily one's at the user's local
 * midnight every `interval` days after its activation date, in the zone given. A user pays the
 * boundaries after they were first seen, each once, in order, each award dated at its boundary with
 * the boosts of its local date and clipped there (S31). The progress `reached` is the index of the
 * last boundary settled. An inactive trigger settles nothing (its boundaries before it was turned
 * off included, when not yet settled); user-attribute filters are read at settlement.
 */
import { copyPointsState } from './copy-points-state.js';
import { capOf, payAward } from './pay-award.js';
import type { PointsUser } from './points-user.js';
import type { PointsAward, PointsState, PointsSystemRules, TimeTrigger } from './points-types.js';
import { boundaryAt, boundaryIndex } from './time-boundaries.js';
import { progressKey, triggerLive } from './trigger-live.js';

/**
 * Settles every time trigger of `system` in `state` (changed in place) up to `upTo`; the awards,
 * oldest first. The boundaries of all its time triggers are paid in the order of their instants (the
 * earlier configured trigger first at the same instant), so that clipping at 0 and at the cap gives
 * the same total whether the time is settled at once or in pieces.
 */
export function settleTimeTriggersInPlace(
  system: PointsSystemRules,
  state: PointsState,
  user: PointsUser,
  upTo: number,
): PointsAward[] {
  const awards: PointsAward[] = [];
  if (system.status !== 'active') return awards;
  const cap = capOf(system);
  const due: { trigger: TimeTrigger; next: number; last: number; at: number }[] = [];
  for (const trigger of system.triggers) {
    if (trigger.type !== 'time' || !triggerLive(trigger, upTo, user)) continue;
    const from = progressKey(trigger);
    const kept = state.progress[trigger.id];
    const done = kept !== undefined && kept.from === from ? kept.reached : boundaryIndex(trigger, user.createdAt, user);
    const last = boundaryIndex(trigger, upTo, user);
    state.progress[trigger.id] = { from, reached: Math.max(done, last) };
    if (last > done) due.push({ trigger, next: done + 1, last, at: boundaryAt(trigger, done + 1, user) });
  }
  while (due.length > 0) {
    // Past the cap with only gains to come, or at zero with only losses, nothing more can be paid.
    if (due.every((d) => d.trigger.points > 0) && state.total >= cap) break;
    if (due.every((d) => d.trigger.points < 0) && state.total <= 0) break;
    let first = 0;
    for (let i = 1; i < due.length; i++)
      if ((due[i] as (typeof due)[number]).at < (due[first] as (typeof due)[number]).at) first = i;
    const d = due[first] as (typeof due)[number];
    const award = payAward(state, system, d.trigger.id, d.trigger.points, d.at, user);
    if (award !== null) awards.push(award);
    if (d.next === d.last) due.splice(first, 1);
    else {
      d.next += 1;
      d.at = boundaryAt(d.trigger, d.next, user);
    }
  }
  return awards;
}

/** S33: `state` with the time triggers of `system` settled up to `upTo`, and the awards that made, oldest first. */
export function settleTimeTriggers(
  system: PointsSystemRules,
  state: PointsState,
  user: PointsUser,
  upTo: number,
): { state: PointsState; awards: PointsAward[] } {
  const next = copyPointsState(state);
  const awards = settleTimeTriggersInPlace(system, next, user, upTo);
  return { state: next, awards };
}
