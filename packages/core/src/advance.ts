/**
 * Lazy, deterministic evaluation of periods that ended (S10, S11): the state it is given, moved
 * forward in place, depends only on (state, rule, day). The next event, every read and any sweeper
 * run the same code, and running it twice changes nothing.
 */
import { emptyRecord } from './keys.js';
import { earnThrough } from './freezes.js';
import type { StreakRule } from './rules.js';
import type { Change, HeldBy, HistoryEntry, StreakState } from './state.js';
import { formatDay } from './time/calendar.js';
import { dayExists } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';

export interface AdvanceContext {
  readonly rule: StreakRule;
  /** the user's zone now, to recognise local dates the zone skipped (S5) */
  readonly zone: ZoneOffsets;
  /** changes are collected here on the write path; null on reads */
  readonly changes: Change[] | null;
  /** held periods decided on the way */
  readonly history: HistoryEntry[];
  /** missed periods with this index or later were skipped by a zone change and are excused (S5) */
  readonly excusedFrom?: number;
}

function pauseOver(state: StreakState, start: number, end: number) {
  return state.pauses.find((pause) => pause.start <= end && pause.end >= start);
}

/** Decide one missed period of a live streak, oldest first (S11). */
function protect(state: StreakState, period: number, ctx: AdvanceContext): void {
  const { rule } = ctx;
  const start = rule.calendar.startOf(period);
  const end = rule.calendar.endOf(period);
  let heldBy: HeldBy | null = null;
  if (period >= (ctx.excusedFrom ?? Number.POSITIVE_INFINITY)) heldBy = 'excused';
  else if (rule.frequency === 'daily' && !dayExists(start, ctx.zone, rule.dayStartMs)) heldBy = 'excused';
  else {
    const pause = pauseOver(state, start, end);
    if (pause !== undefined) {
      heldBy = 'pause';
      ctx.changes?.push({
        type: 'pause.used',
        streak: rule.key,
        periodStart: formatDay(start),
        periodEnd: formatDay(end),
        pauseId: pause.id,
      });
    } else if (state.freezes > 0) {
      heldBy = 'freeze';
      state.freezes -= 1;
      ctx.changes?.push({
        type: 'freeze.consumed',
        streak: rule.key,
        periodStart: formatDay(start),
        periodEnd: formatDay(end),
        freezes: state.freezes,
      });
    }
  }
  if (heldBy !== null) {
    ctx.history.push({ streak: rule.key, period, length: state.length, heldBy });
    return;
  }
  ctx.changes?.push({
    type: 'streak.lost',
    streak: rule.key,
    length: state.length,
    periodStart: formatDay(start),
    periodEnd: formatDay(end),
  });
  state.lost = { length: state.length, started: state.started ?? start, period };
  state.length = 0;
  state.started = null;
}

/**
 * Move `state` (a copy the caller owns) forward to local day `day`: settle every period that ended
 * before it, earn the freezes due, and open the period holding `day`. A day before `state.day` is
 * treated as `state.day` (S4).
 */
export function advanceTo(state: StreakState, day: number, ctx: AdvanceContext): void {
  if (day <= state.day) return;
  const { rule } = ctx;
  const calendar = rule.calendar;
  const target = calendar.indexOf(day);
  if (target > state.period) {
    for (let period = state.met ? state.period + 1 : state.period; period < target && state.length > 0; period++) {
      // A period's fate is sealed at its end: earnings of the days before that boundary come first.
      earnThrough(state, rule, calendar.endOf(period), ctx.changes);
      protect(state, period, ctx);
    }
    state.period = target;
    state.met = false;
    state.progress = emptyRecord();
    state.lastAt = null;
    const firstDay = calendar.startOf(target);
    if (state.pauses.length !== 0 && state.pauses.some((pause) => pause.end < firstDay)) {
      state.pauses = state.pauses.filter((pause) => pause.end >= firstDay);
    }
  }
  earnThrough(state, rule, day, ctx.changes);
  state.day = day;
}
