/**
 * Reminders (the sweeper's third kind of news): a user whose streak is alive and whose current
 * period is not met yet is reminded `remindBefore` before the period ends, in absolute time, so a
 * reminder 4 h before midnight is 4 h before midnight on a 23-hour or a 25-hour day too. A reminder
 * never falls before its period began. One per period: the user's state keeps the period last
 * reminded of each rule (`UserState.reminded`), written with the reminder's outbox entry.
 */
import type { DatedChange } from './outbox.js';
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

/**
 * The reminders of `user` due by `at` and not sent yet, each dated at the instant it was due; each
 * rule's period is marked reminded in `user` (a copy the caller owns, already settled up to `at`:
 * settle.ts). Nothing when the user was reminded of every due period already.
 */
export function remindUser(user: UserState, rules: readonly StreakRule[], at: number): DatedChange[] {
  const reminders: DatedChange[] = [];
  let reminded: Record<string, number> | null = null;
  for (const rule of rules) {
    const state = user.streaks[rule.key];
    if (rule.remindBeforeMs === null || state === undefined) continue;
    if (user.reminded?.[rule.key] === state.period) continue;
    const instant = reminderInstant(state, rule, zoneFor(user, rule));
    if (instant === null || instant > at) continue;
    reminded ??= { ...user.reminded };
    reminded[rule.key] = state.period;
    reminders.push({
      change: {
        type: 'streak.reminder_due',
        streak: rule.key,
        length: state.length,
        periodStart: formatDay(rule.calendar.startOf(state.period)),
        periodEnd: formatDay(rule.calendar.endOf(state.period)),
      },
      at: instant,
    });
  }
  if (reminded !== null) user.reminded = reminded;
  return reminders;
}
