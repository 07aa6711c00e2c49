/**
 * A user's line in a rule's analytics index: the current and longest length, when `expires` ends
 * (S15), and when the streak will be lost if nothing more happens (S10, S11). Stores keep these as
 * events arrive, so analytics and reminders never scan every user.
 */
import { advanceTo } from './advance.js';
import type { StreakRule } from './rules.js';
import { copyStreak, NEVER, type HistoryEntry, type IndexEntry, type StreakState, type UserState } from './state.js';
import { dayStartInstant } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';
import { zoneFor } from './reduce.js';
import { expiryDay } from './view.js';

/** Periods looked ahead before a streak that freezes keep alive is called immortal. */
const HORIZON = 1000;

/** The instant the streak is lost if no event comes: the start of the period after the first one nothing protects. */
export function lossInstant(state: StreakState, rule: StreakRule, zone: ZoneOffsets): number {
  if (state.length === 0) return 0;
  const calendar = rule.calendar;
  let period = state.met ? state.period + 1 : state.period;
  if (state.freezes === 0 && state.pauses.length === 0 && rule.freezes.earnEvery === 0) {
    return dayStartInstant(calendar.endOf(period) + 1, zone, rule.dayStartMs);
  }
  const probe = copyStreak(state);
  const scratch: HistoryEntry[] = [];
  for (let steps = 0; steps < HORIZON; steps++, period++) {
    const next = calendar.endOf(period) + 1;
    advanceTo(probe, next, { rule, zone, changes: null, history: scratch });
    scratch.length = 0;
    if (probe.length === 0) return dayStartInstant(next, zone, rule.dayStartMs);
  }
  return NEVER;
}

export function indexEntry(state: StreakState, rule: StreakRule, zone: ZoneOffsets): IndexEntry {
  const alive = state.length > 0;
  return {
    streak: rule.key,
    length: state.length,
    longest: state.longest,
    deadAt: lossInstant(state, rule, zone),
    expiresAt: alive ? dayStartInstant(expiryDay(state, rule) + 1, zone, rule.dayStartMs) : 0,
  };
}

/** The index lines of every rule the user has a state for. */
export function indexEntries(user: UserState, rules: readonly StreakRule[]): IndexEntry[] {
  const entries: IndexEntry[] = [];
  for (const rule of rules) {
    const state = user.streaks[rule.key];
    if (state !== undefined) entries.push(indexEntry(state, rule, zoneFor(user, rule)));
  }
  return entries;
}

/**
 * The lines of `after` that differ from the user's lines before (`before`, null for a new user):
 * a store keeps the lines it was given, so an unchanged line need not be written again (most
 * events of a day change none).
 */
export function changedEntries(before: readonly IndexEntry[] | null, after: IndexEntry[]): IndexEntry[] {
  if (before === null || before.length === 0) return after;
  return after.filter((line) => {
    const old = before.find((entry) => entry.streak === line.streak);
    return old === undefined || old.length !== line.length || old.longest !== line.longest || old.deadAt !== line.deadAt || old.expiresAt !== line.expiresAt;
  });
}
