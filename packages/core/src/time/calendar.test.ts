/**
 * Epoch-day arithmetic (the ground under S1 and S3). The oracle is the JavaScript Date in UTC,
 * which shares no code with calendar.ts, and a few dates worked out by hand.
 */
import fc from 'fast-check';
import { propertyRuns } from '../../test/time-arbitraries.js';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/example-helpers.js';
import { InvalidInputError } from '../errors.js';
import { civilFromDay, dayFromCivil, daysInMonth, formatDay, isLeapYear, parseDay, weekdayOf } from './calendar.js';

/** Runs of the big properties: KINDLING_PROPERTY_RUNS, default 1000, never fewer than 1000 in CI. */
const RUNS = propertyRuns();
const DAY = 86_400_000;

/** Days since 1970-01-01 of a proleptic-Gregorian civil date, by Date (setUTCFullYear takes years 0..99 literally). */
function oracleDay(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime() / DAY;
}

function oracleCivil(epochDay: number): { year: number; month: number; day: number } {
  const d = new Date(epochDay * DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function oracleDaysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

// Epoch days of the years -9999 .. 9999 (well inside Date's range).
const MIN_DAY = oracleDay(-9999, 1, 1);
const MAX_DAY = oracleDay(9999, 12, 31);
// Epoch days of the years 0000 .. 9999, the years a 'YYYY-MM-DD' can name.
const MIN_TEXT_DAY = oracleDay(0, 1, 1);
const MAX_TEXT_DAY = oracleDay(9999, 12, 31);

const civilArb = fc
  .record({ year: fc.integer({ min: -9999, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), raw: fc.nat() })
  .map(({ year, month, raw }) => ({ year, month, day: 1 + (raw % oracleDaysInMonth(year, month)) }));

describe('dayFromCivil and civilFromDay (S1: dates are counted in whole calendar days)', () => {
  it('S1: dayFromCivil agrees with Date for any civil date of the years -9999..9999', () => {
    fc.assert(
      fc.property(civilArb, ({ year, month, day }) => {
        expect(dayFromCivil(year, month, day)).toBe(oracleDay(year, month, day));
      }),
      { numRuns: RUNS },
    );
  });

  it('S1: civilFromDay agrees with Date for any epoch day of the years -9999..9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_DAY, max: MAX_DAY }), (n) => {
        expect(civilFromDay(n)).toEqual(oracleCivil(n));
      }),
      { numRuns: RUNS },
    );
  });

  it('S1: civilFromDay(dayFromCivil(date)) gives the date back, and dayFromCivil(civilFromDay(n)) gives n back', () => {
    fc.assert(
      fc.property(civilArb, fc.integer({ min: MIN_DAY, max: MAX_DAY }), (civil, n) => {
        expect(civilFromDay(dayFromCivil(civil.year, civil.month, civil.day))).toEqual(civil);
        const back = civilFromDay(n);
        expect(dayFromCivil(back.year, back.month, back.day)).toBe(n);
      }),
      { numRuns: RUNS },
    );
  });

  it('S1: the day after any epoch day is the next calendar date (month and year ends included)', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_DAY, max: MAX_DAY }), (n) => {
        const today = civilFromDay(n);
        const tomorrow = civilFromDay(n + 1);
        if (today.day < oracleDaysInMonth(today.year, today.month)) {
          expect(tomorrow).toEqual({ ...today, day: today.day + 1 });
        } else if (today.month < 12) {
          expect(tomorrow).toEqual({ year: today.year, month: today.month + 1, day: 1 });
        } else {
          expect(tomorrow).toEqual({ year: today.year + 1, month: 1, day: 1 });
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('S1: places a few hand-checked dates on the right epoch day', () => {
    expect(dayFromCivil(1970, 1, 1)).toBe(0);
    expect(dayFromCivil(1969, 12, 31)).toBe(-1);
    expect(dayFromCivil(1971, 1, 1)).toBe(365);
    // 30 years of 365 days plus the leap days of 1972..1996
    expect(dayFromCivil(2000, 1, 1)).toBe(30 * 365 + 7);
    expect(dayFromCivil(2000, 2, 29)).toBe(30 * 365 + 7 + 31 + 28);
    expect(dayFromCivil(2000, 3, 1)).toBe(30 * 365 + 7 + 31 + 29);
    expect(civilFromDay(30 * 365 + 7 + 31 + 28)).toEqual({ year: 2000, month: 2, day: 29 });
    expect(civilFromDay(-1)).toEqual({ year: 1969, month: 12, day: 31 });
    // 1600-01-01 .. 1970-01-01: 370 years, 90 leap years (1600..1968 minus 1700, 1800, 1900)
    expect(dayFromCivil(1600, 1, 1)).toBe(-(370 * 365 + 90));
  });

  it('S1: knows the leap years and month lengths of the Gregorian calendar', () => {
    expect([1900, 2000, 2023, 2024, 2100, 2400].map(isLeapYear)).toEqual([false, true, false, true, false, true]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2023, m))).toEqual([
      31, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
  });
});

describe('formatDay (S1: a local date is written YYYY-MM-DD)', () => {
  it('S1: writes hand-checked dates, padding months, days and years below 1000', () => {
    expect(formatDay(0)).toBe('1970-01-01');
    expect(formatDay(-1)).toBe('1969-12-31');
    expect(formatDay(365)).toBe('1971-01-01');
    expect(formatDay(30 * 365 + 7 + 31 + 28)).toBe('2000-02-29');
    expect(formatDay(oracleDay(999, 3, 7))).toBe('0999-03-07');
    expect(formatDay(oracleDay(9, 10, 5))).toBe('0009-10-05');
    expect(formatDay(oracleDay(0, 1, 1))).toBe('0000-01-01');
    expect(formatDay(oracleDay(9999, 12, 31))).toBe('9999-12-31');
  });

  it('S1: formatDay agrees with Date#toISOString for any epoch day of the years 0000..9999, and parseDay reads it back', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_TEXT_DAY, max: MAX_TEXT_DAY }), (n) => {
        const text = formatDay(n);
        expect(text).toBe(new Date(n * DAY).toISOString().slice(0, 10));
        expect(parseDay(text)).toBe(n);
      }),
      { numRuns: RUNS },
    );
  });

  it('S1: formatting the same day twice gives the same text (the cache does not mix days up)', () => {
    const days = [5, -5, 19_000, 5, 19_000, -5];
    expect(days.map(formatDay)).toEqual([
      '1970-01-06',
      '1969-12-27',
      '2022-01-08',
      '1970-01-06',
      '2022-01-08',
      '1969-12-27',
    ]);
  });
});

describe('parseDay (S1: dates at the edges are YYYY-MM-DD)', () => {
  it('S1: reads hand-checked dates', () => {
    expect(parseDay('1970-01-01')).toBe(0);
    expect(parseDay('1969-12-31')).toBe(-1);
    expect(parseDay('2000-02-29')).toBe(30 * 365 + 7 + 31 + 28);
    expect(parseDay('2024-02-29')).toBe(oracleDay(2024, 2, 29));
    expect(parseDay('0000-01-01')).toBe(oracleDay(0, 1, 1));
    expect(parseDay('9999-12-31')).toBe(oracleDay(9999, 12, 31));
  });

  it.each([
    '2024-1-01',
    '2024-01-1',
    '24-01-01',
    '02024-01-01',
    '2024/01/01',
    '2024.01.01',
    '20240101',
    '2024-01-01T00:00',
    '2024-01-01Z',
    ' 2024-01-01',
    '2024-01-01 ',
    '2024-01-01\n',
    '+2024-01-01',
    '-2024-01-01',
    '２０２４-01-01',
    'yyyy-mm-dd',
    '',
  ])('S1: rejects the malformed date %j with an InvalidInputError that names it', (text) => {
    const error = thrown(() => parseDay(text));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).code).toBe('INVALID_DATE');
    expect((error as Error).message).toContain(JSON.stringify(text));
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2100-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-06-31',
    '2024-09-31',
    '2024-11-31',
    '2024-01-32',
    '2024-01-00',
    '2024-00-10',
    '2024-13-01',
    '2024-99-99',
  ])('S1: rejects the impossible date %s with an InvalidInputError that names it', (text) => {
    const error = thrown(() => parseDay(text));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).code).toBe('INVALID_DATE');
    expect((error as Error).message).toContain(`"${text}"`);
  });

  it('S1: rejects values that are not strings', () => {
    for (const value of [20240101, null, undefined, new Date(0), ['2024-01-01'], { toString: () => '2024-01-01' }]) {
      const error = thrown(() => parseDay(value as unknown as string));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).code).toBe('INVALID_DATE');
    }
  });

  it('S1: names the field in the message when told which field it parses', () => {
    const error = thrown(() => parseDay('2023-02-29', 'pause start'));
    expect((error as Error).message).toContain('pause start');
    expect((error as Error).message).toContain('"2023-02-29"');
  });

  it('S1: accepts exactly the dates that exist, for any YYYY-MM-DD with month 00..13 and day 00..32', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const exists = month >= 1 && month <= 12 && day >= 1 && day <= oracleDaysInMonth(year, month);
          if (exists) {
            expect(parseDay(text)).toBe(oracleDay(year, month, day));
          } else {
            const error = thrown(() => parseDay(text));
            expect(error).toBeInstanceOf(InvalidInputError);
            expect((error as Error).message).toContain(text);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('weekdayOf (S3: weeks start on a weekday)', () => {
  it('S3: knows hand-checked weekdays (0 = Sunday .. 6 = Saturday)', () => {
    expect(weekdayOf(0)).toBe(4); // 1970-01-01, a Thursday
    expect(weekdayOf(-1)).toBe(3); // 1969-12-31, a Wednesday
    expect(weekdayOf(-4)).toBe(0); // 1969-12-28, a Sunday
    expect(weekdayOf(3)).toBe(0); // 1970-01-04, a Sunday
    expect(weekdayOf(30 * 365 + 7)).toBe(6); // 2000-01-01, a Saturday
    expect(weekdayOf(oracleDay(2024, 1, 1))).toBe(1); // a Monday
    expect(weekdayOf(oracleDay(2024, 12, 29))).toBe(0); // a Sunday
    expect(weekdayOf(oracleDay(1900, 1, 1))).toBe(1); // a Monday
  });

  it('S3: weekdayOf agrees with Date#getUTCDay for any epoch day of the years -9999..9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_DAY, max: MAX_DAY }), (n) => {
        expect(weekdayOf(n)).toBe(new Date(n * DAY).getUTCDay());
      }),
      { numRuns: RUNS },
    );
  });
});
