/**
 * S36: a user's points event summary: per day, week or month of their local calendar, the change
 * their awards made and the total at its end, with the metric summary's period logic
 * (`summarizeDays`). Its rows are the user's daily changes (local epoch day → sum of the day's
 * awards), which a store keeps beside the day sums of metrics; `dailyPointsChanges` makes them from
 * awards, each placed on its local date at its instant.
 */
import type { PointsAward } from './points-types.js';
import { summarizeDays, type SummaryPeriod } from '../event-summary.js';
import type { Rollup } from '../state.js';
import { placeInstant } from '../time/local-date.js';
import type { PeriodCalendar } from '../time/period.js';
import type { ZoneOffsets } from '../time/zone-offsets.js';

/** One local day's change of a user's total in a system. */
export interface DailyPointsChange {
  readonly day: number;
  readonly change: number;
}

/** The daily changes `awards` make, placed on their local dates in `zone`, by day ascending. */
export function dailyPointsChanges(awards: readonly PointsAward[], zone: ZoneOffsets): DailyPointsChange[] {
  const days = new Map<number, number>();
  for (const award of awards) {
    const day = placeInstant(award.at, zone, 0);
    days.set(day, (days.get(day) ?? 0) + award.awarded);
  }
  return [...days].map(([day, change]) => ({ day, change })).sort((a, b) => a.day - b.day);
}

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
