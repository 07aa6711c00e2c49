/**
 * Freezes (S12): an initial grant, earnings every N days counted from the day the user was first
 * seen, owner grants; never below 0, never above the rule's maximum.
 */
import type { StreakRule } from './rules.js';
import type { Change, StreakState } from './state.js';
import { formatDay } from './time/calendar.js';

/** Apply, in `state` (a copy the caller owns), every earning due on a day up to and including `day`. */
export function earnThrough(state: StreakState, rule: StreakRule, day: number, changes: Change[] | null): void {
  if (day <= state.earnedThrough) return;
  const { earnEvery, earnAmount, max } = rule.freezes;
  if (earnEvery > 0) {
    let next = state.since + (Math.floor((state.earnedThrough - state.since) / earnEvery) + 1) * earnEvery;
    while (next <= day && state.freezes < max) {
      const before = state.freezes;
      state.freezes = Math.min(max, before + earnAmount);
      changes?.push({
        type: 'freeze.earned',
        streak: rule.key,
        date: formatDay(next),
        earned: state.freezes - before,
        freezes: state.freezes,
      });
      next += earnEvery;
    }
  }
  state.earnedThrough = day;
}

/** Add `count` freezes up to the maximum; returns how many were actually added. */
export function grantFreezes(state: StreakState, rule: StreakRule, count: number): number {
  const before = state.freezes;
  state.freezes = Math.min(rule.freezes.max, before + count);
  return state.freezes - before;
}
