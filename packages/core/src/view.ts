/**
 * What a read shows (S15..S17): the current streak of a rule and its history, with local dates as
 * `'YYYY-MM-DD'` and `expiresAt` as an RFC 3339 instant.
 */
import type { StreakRule } from './rules.js';
import type { HeldBy, HistoryEntry, StreakState } from './state.js';
import type { Frequency } from './time/period.js';
import { formatDay, formatInstant } from './time/calendar.js';
import { dayStartInstant } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';

export interface StreakView {
  key: string;
  length: number;
  frequency: Frequency;
  started: string | null;
  periodStart: string;
  periodEnd: string;
  /** last local date on which an extending event keeps the streak without a freeze (S15) */
  expires: string | null;
  /** the instant that date ends in the user's zone */
  expiresAt: string | null;
  longest: number;
  freezes: number;
  maxFreezes: number;
  /** instant of the last extension while the streak is alive, else null */
  extendedAt: string | null;
  /** the current period's conditions are met */
  met: boolean;
}

export interface HistoryPeriod {
  periodStart: string;
  periodEnd: string;
  length: number;
  usedFreeze: boolean;
  usedPause: boolean;
}

const MAX_CACHED_TEXTS = 100_000;
/** zone name → (day * 1440 + minutes of the day start) → RFC 3339 instant at which that local day starts. */
const dayStartTexts = new Map<string, Map<number, string>>();

/**
 * `formatInstant(dayStartInstant(day, zone, dayStartMs))`, cached: every response shows the
 * `expiresAt` of each rule, and it changes only when the expiry day does.
 */
function dayStartText(day: number, zone: ZoneOffsets, dayStartMs: number): string {
  const minutes = dayStartMs / 60_000;
  const key = day * 1440 + minutes;
  if (
    !Number.isInteger(minutes) ||
    minutes < 0 ||
    minutes >= 1440 ||
    !Number.isInteger(day) ||
    !Number.isSafeInteger(key)
  ) {
    return formatInstant(dayStartInstant(day, zone, dayStartMs));
  }
  let texts = dayStartTexts.get(zone.name);
  if (texts === undefined) dayStartTexts.set(zone.name, (texts = new Map()));
  let text = texts.get(key);
  if (text === undefined) {
    text = formatInstant(dayStartInstant(day, zone, dayStartMs));
    if (texts.size >= MAX_CACHED_TEXTS) texts.clear();
    texts.set(key, text);
  }
  return text;
}

/** S15: the last day of the first period, from now on, that must be met and is not paused. */
export function expiryDay(state: StreakState, rule: StreakRule): number {
  let period = state.met ? state.period + 1 : state.period;
  if (state.pauses.length === 0) return rule.calendar.endOf(period);
  for (;;) {
    const start = rule.calendar.startOf(period);
    const end = rule.calendar.endOf(period);
    if (!state.pauses.some((pause) => pause.start <= end && pause.end >= start)) return end;
    period += 1;
  }
}

export function viewStreak(state: StreakState, rule: StreakRule, zone: ZoneOffsets): StreakView {
  const alive = state.length > 0;
  const expires = alive ? expiryDay(state, rule) : null;
  return {
    key: rule.key,
    length: state.length,
    frequency: rule.frequency,
    started: alive && state.started !== null ? formatDay(state.started) : null,
    periodStart: formatDay(rule.calendar.startOf(state.period)),
    periodEnd: formatDay(rule.calendar.endOf(state.period)),
    expires: expires === null ? null : formatDay(expires),
    expiresAt: expires === null ? null : dayStartText(expires + 1, zone, rule.dayStartMs),
    longest: state.longest,
    freezes: state.freezes,
    maxFreezes: rule.freezes.max,
    extendedAt: alive && state.extendedAt !== null ? formatInstant(state.extendedAt) : null,
    met: state.met,
  };
}

export function historyFlags(heldBy: HeldBy): { usedFreeze: boolean; usedPause: boolean } {
  return { usedFreeze: heldBy === 'freeze' || heldBy === 'restore', usedPause: heldBy === 'pause' };
}

/**
 * S16: the `count` most recent periods up to and including the current one, oldest first, with no
 * gaps; periods without an entry show length 0, and the current one shows only once met.
 */
export function viewHistory(
  state: StreakState,
  rule: StreakRule,
  entries: readonly HistoryEntry[],
  count: number,
): HistoryPeriod[] {
  const byPeriod = new Map<number, HistoryEntry>();
  for (const entry of entries) byPeriod.set(entry.period, entry);
  const periods: HistoryPeriod[] = [];
  for (let period = state.period - count + 1; period <= state.period; period++) {
    const entry = period === state.period && !state.met ? undefined : byPeriod.get(period);
    periods.push({
      periodStart: formatDay(rule.calendar.startOf(period)),
      periodEnd: formatDay(rule.calendar.endOf(period)),
      length: entry?.length ?? 0,
      ...(entry ? historyFlags(entry.heldBy) : { usedFreeze: false, usedPause: false }),
    });
  }
  return periods;
}
