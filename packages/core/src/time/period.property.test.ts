/**
 * Periods (S3) against an independent oracle: weeks and months computed with the Temporal polyfill.
 */
import { Temporal } from '@js-temporal/polyfill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frequencyArb, weekdayArb, propertyRuns } from '../../test/time-arbitraries.js';
import type { Weekday } from './calendar.js';
import { calendarFor, periodOf, type Frequency } from './period.js';

/** Runs of the big properties: KINDLING_PROPERTY_RUNS, default 1000, never fewer than 1000 in CI. */
const RUNS = propertyRuns();

/** ISO day of week (Temporal: Monday = 1 .. Sunday = 7) of each week start. */
const ISO_WEEKDAY: Record<Weekday, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
};

const FIRST = Temporal.PlainDate.from('0001-01-01');
const LAST = Temporal.PlainDate.from('9999-12-01');
const SPAN = FIRST.until(LAST, { largestUnit: 'days' }).days;

/** Any date of the years 0001..9999 (as Temporal builds it, independently of calendar.ts). */
const dateArb: fc.Arbitrary<Temporal.PlainDate> = fc
  .oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: SPAN }) },
    // the years around now, where month and week ends matter most
    { weight: 2, arbitrary: fc.integer({ min: FIRST.until('1960-01-01').days, max: FIRST.until('2100-01-01').days }) },
  )
  .map((n) => FIRST.add({ days: n }));

/** Oracle of S3: the first and last date of the period holding `date`. */
function temporalPeriod(
  date: Temporal.PlainDate,
  frequency: Frequency,
  weekStart: Weekday,
): { start: string; end: string } {
  switch (frequency) {
    case 'daily':
      return { start: date.toString(), end: date.toString() };
    case 'weekly': {
      const back = (date.dayOfWeek - ISO_WEEKDAY[weekStart] + 7) % 7;
      const start = date.subtract({ days: back });
      return { start: start.toString(), end: start.add({ days: 6 }).toString() };
    }
    case 'monthly':
      return { start: date.with({ day: 1 }).toString(), end: date.with({ day: date.daysInMonth }).toString() };
  }
}

describe('S3: periods agree with Temporal', () => {
  it('S3: periodOf(date, frequency, weekStart) is the Temporal day, week starting on weekStart, or calendar month of any date', () => {
    fc.assert(
      fc.property(dateArb, frequencyArb, weekdayArb, (date, frequency, weekStart) => {
        expect(periodOf(date.toString(), frequency, weekStart), `${date.toString()} ${frequency} ${weekStart}`).toEqual(
          temporalPeriod(date, frequency, weekStart),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('S3: a weekly period is seven dates from a weekStart day to the day before the next one, and holds its date', () => {
    fc.assert(
      fc.property(dateArb, weekdayArb, (date, weekStart) => {
        const { start, end } = periodOf(date.toString(), 'weekly', weekStart);
        const first = Temporal.PlainDate.from(start);
        const last = Temporal.PlainDate.from(end);
        expect(first.dayOfWeek).toBe(ISO_WEEKDAY[weekStart]);
        expect(first.until(last).days).toBe(6);
        expect(Temporal.PlainDate.compare(first, date)).toBeLessThanOrEqual(0);
        expect(Temporal.PlainDate.compare(date, last)).toBeLessThanOrEqual(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('S3: periods tile the calendar: the date after a period’s end starts the next period, whose index is one more', () => {
    fc.assert(
      fc.property(dateArb, frequencyArb, weekdayArb, (date, frequency, weekStart) => {
        const { end } = periodOf(date.toString(), frequency, weekStart);
        const next = Temporal.PlainDate.from(end).add({ days: 1 });
        fc.pre(next.year <= 9999);
        expect(periodOf(next.toString(), frequency, weekStart).start).toBe(next.toString());
        const calendar = calendarFor(frequency, weekStart);
        const dayOf = (d: Temporal.PlainDate) => Temporal.PlainDate.from('1970-01-01').until(d).days;
        const index = calendar.indexOf(dayOf(date));
        expect(calendar.indexOf(dayOf(next))).toBe(index + 1);
        expect(calendar.startOf(index)).toBe(
          dayOf(Temporal.PlainDate.from(periodOf(date.toString(), frequency, weekStart).start)),
        );
        expect(calendar.endOf(index)).toBe(dayOf(Temporal.PlainDate.from(end)));
      }),
      { numRuns: RUNS },
    );
  });
});
