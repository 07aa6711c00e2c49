/**
 * Reminders (the sweeper's third kind of news): a user whose streak is alive and whose current
 * period is not met yet is reminded `remindBefore` before the period ends, in absolute time, so a
 * reminder 4 h before midnight is 4 h before midnight on a 23-hour or a 25-hour day too. A reminder
 * never falls before its period began. Pure and read-only: deciding that one was already sent is
 * the outbox's work (one id per user, rule and period).
 */
import { stateAt, zoneFor } from './reduce.js';
import type { StreakRule } from './rules.js';
import type { StreakState, UserState } from './state.js';
import { formatDay } from './time/calendar.js';
import { dayStartInstant } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';

export interface ReminderDue {
  readonly streak: string;
  /** the length the user keeps by meeting the period */
  readonly length: number;
  /** the period's index in the rule's calendar (with the user and rule, what makes a reminder one) */
  readonly period: number;
  readonly periodStart: string;
  readonly periodEnd: string;
  /** the instant the reminder was due (epoch ms) */
  readonly at: number;
}

/** When the reminder of the state's current period is due, or null (reminders off, no live streak, period met). */
export function reminderInstant(state: StreakState, rule: StreakRule, zone: ZoneOffsets): number | null {
  if (rule.remindBeforeMs === null || state.length === 0 || state.met) return null;
  const start = dayStartInstant(rule.calendar.startOf(state.period), zone, rule.dayStartMs);
  const end = dayStartInstant(rule.calendar.endOf(state.period) + 1, zone, rule.dayStartMs);
  return Math.max(start, end - rule.remindBeforeMs);
}

/** The reminders due at `at` for `user`, as the next read would see the user's streaks (nothing is changed). */
export function remindersDue(user: UserState, rules: readonly StreakRule[], at: number): ReminderDue[] {
  const due: ReminderDue[] = [];
  for (const rule of rules) {
    if (rule.remindBeforeMs === null || user.streaks[rule.key] === undefined) continue;
    const state = stateAt(user, rule, at);
    const instant = reminderInstant(state, rule, zoneFor(user, rule));
    if (instant === null || instant > at) continue;
    due.push({
      streak: rule.key,
      length: state.length,
      period: state.period,
      periodStart: formatDay(rule.calendar.startOf(state.period)),
      periodEnd: formatDay(rule.calendar.endOf(state.period)),
      at: instant,
    });
  }
  return due;
}
