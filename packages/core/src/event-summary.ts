/**
 * A metric's event summary for one user: per day, week or month of the user's local calendar, the
 * change the user's events made in it and the user's total at its end, from the daily sums the
 * store keeps (the journal's rollups), never from the events themselves. Each event is taken once,
 * under the day start that counted it (day-start-eras.ts).
 */
import { countedRollups } from './day-start-eras.js';
import type { EngineContext } from './engine-context.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import type { Rollup } from './state.js';
import { dayFromCivil, formatDay, parseDay, type Weekday } from './time/calendar.js';
import { calendarFor, type PeriodCalendar } from './time/period.js';
import { checkUserId } from './validate.js';
import { shown } from './shown.js';

export type Aggregation = 'daily' | 'weekly' | 'monthly';

export interface SummaryPeriod {
  /** the first local date of the period */
  readonly date: string;
  /** the user's total of the metric at the end of the period */
  readonly total: number;
  /** what the user's events added in the period */
  readonly change: number;
}

/** How many days after its first date a summary may end (the hosted service's "range ≤ 400 days"): 401 dates at most. */
export const MAX_SUMMARY_DAYS = 400;

/** 0000-01-01, the first day written YYYY-MM-DD. */
const FIRST_WRITTEN_DAY = dayFromCivil(0, 1, 1);

const AGGREGATIONS: ReadonlySet<string> = new Set(['daily', 'weekly', 'monthly']);

/**
 * The periods of `calendar` from the one holding epoch day `from` to the one holding `to`, each
 * with its change and the total at its end, from one metric's daily sums (each event once).
 */
export function summarizeDays(
  rows: readonly Rollup[],
  calendar: PeriodCalendar,
  from: number,
  to: number,
): SummaryPeriod[] {
  const first = calendar.indexOf(from);
  const last = calendar.indexOf(to);
  const start = calendar.startOf(first);
  const sorted = [...rows].sort((a, b) => a.day - b.day);
  let total = 0;
  let r = 0;
  // everything before the first period: the total it starts from
  for (; r < sorted.length && (sorted[r] as Rollup).day < start; r++) total += (sorted[r] as Rollup).value;
  const periods: SummaryPeriod[] = [];
  for (let index = first; index <= last; index++) {
    const end = calendar.endOf(index);
    let change = 0;
    for (; r < sorted.length && (sorted[r] as Rollup).day <= end; r++) change += (sorted[r] as Rollup).value;
    total += change;
    periods.push({ date: formatDay(calendar.startOf(index)), total, change });
  }
  return periods;
}

/** A summary's range as asked: its aggregation and its first and last local dates (`YYYY-MM-DD`). */
export interface SummaryRange {
  readonly aggregation: Aggregation;
  readonly from: string;
  readonly to: string;
}

/**
 * `range` checked (an aggregation of the three, dates in order and at most MAX_SUMMARY_DAYS apart,
 * a first period written from 0000-01-01): its calendar, weeks starting on `weekStart`, and its
 * first and last epoch days. InvalidInputError names what is wrong.
 */
export function summaryPeriods(
  range: SummaryRange,
  weekStart: Weekday,
): { calendar: PeriodCalendar; from: number; to: number } {
  const { aggregation } = range;
  if (!AGGREGATIONS.has(aggregation))
    throw new InvalidInputError(
      'INVALID_INPUT',
      `aggregation must be daily, weekly or monthly, got ${shown(aggregation)}`,
    );
  const from = parseDay(range.from, 'from');
  const to = parseDay(range.to, 'to');
  if (to < from)
    throw new InvalidInputError('INVALID_INPUT', `from (${range.from}) must not be after to (${range.to})`);
  if (to - from > MAX_SUMMARY_DAYS)
    throw new InvalidInputError(
      'INVALID_INPUT',
      `the last date of a summary may be at most ${MAX_SUMMARY_DAYS} days after its first: ${range.from} to ${range.to} is ${to - from}`,
    );
  const calendar = calendarFor(aggregation, weekStart);
  // A week can start before the first day an answer writes as YYYY-MM-DD (0000-01-01 is a Saturday).
  if (calendar.startOf(calendar.indexOf(from)) < FIRST_WRITTEN_DAY)
    throw new InvalidInputError(
      'INVALID_DATE',
      `a ${aggregation} summary from ${range.from} would start its first period before 0000-01-01, the first date an answer writes; start later`,
    );
  return { calendar, from, to };
}

/** engine.eventSummary: the summary of `metric` for `userId`, by the first rule's day start and week start. */
export async function eventSummary(
  ctx: EngineContext,
  userId: string,
  metric: string,
  options: SummaryRange,
): Promise<SummaryPeriod[]> {
  checkUserId(userId);
  if (typeof metric !== 'string' || !ctx.metrics.has(metric))
    throw new NotFoundError('UNKNOWN_METRIC', `unknown metric ${JSON.stringify(metric)}`);
  const rule = ctx.rules[0];
  const { calendar, from, to } = summaryPeriods(options, rule?.weekStart ?? 'monday');
  const user = await ctx.store.load(userId);
  if (user === null) throw new NotFoundError('UNKNOWN_USER', `unknown user ${JSON.stringify(userId)}`);
  const journal = await ctx.store.journal(userId);
  const rows = countedRollups(
    journal.rollups.filter((row) => row.metric === metric),
    user.dayStarts,
    rule === undefined ? null : rule.dayStart,
  );
  return summarizeDays(rows, calendar, from, to);
}
