/**
 * S36: a user's points event summary: per day, week or month of their local calendar, the change
 * their awards made and the total at its end, with the metric summary's period logic
 * (`summarizeDays`), from the daily changes their state keeps (points-days.ts).
 */
import type { DailyPointsChange } from './points-days.js';
import { summarizeDays, type SummaryPeriod } from '../event-summary.js';
import type { Rollup } from '../state.js';
import type { PeriodCalendar } from '../time/period.js';

/** The periods of `calendar` from the one holding epoch day `from` to the one holding `to`, from daily changes. */
export function summarizePointsDays(
  changes: readonly DailyPointsChange[],
  calendar: PeriodCalendar,
  from: number,
  to: number,
): SummaryPeriod[] {
  const rows: Rollup[] = changes.map(({ day, change }) => ({
    metric: '',
    dayStart: 0,
    day,
    value: change,
    lastAt: 0,
    version: 0,
  }));
  return summarizeDays(rows, calendar, from, to);
}
