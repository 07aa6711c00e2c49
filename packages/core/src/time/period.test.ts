/**
 * Periods (S3) on hand-checked dates: weeks starting on Monday, Sunday or any weekday (including weeks
 * that cross a year end), calendar months of every length, and the errors for bad input.
 */
import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/example-helpers.js';
import { InvalidInputError } from '../errors.js';
import { parseDay } from './calendar.js';
import { calendarFor, periodOf, type Frequency } from './period.js';
import type { Weekday } from './calendar.js';

describe('daily periods (S3)', () => {
  it('makes each date its own period (S3)', () => {
    expect(periodOf('2024-02-29', 'daily')).toEqual({ start: '2024-02-29', end: '2024-02-29' });
    expect(periodOf('2023-12-31', 'daily')).toEqual({ start: '2023-12-31', end: '2023-12-31' });
    expect(periodOf('1969-12-31', 'daily', 'sunday')).toEqual({ start: '1969-12-31', end: '1969-12-31' });
  });
});

describe('weekly periods (S3)', () => {
  it('puts Wednesday 2024-01-03 in the Monday week 2024-01-01..2024-01-07 (S3)', () => {
    expect(periodOf('2024-01-03', 'weekly', 'monday')).toEqual({ start: '2024-01-01', end: '2024-01-07' });
  });

  it('starts weeks on Monday when no weekStart is given (S3)', () => {
    expect(periodOf('2024-01-03', 'weekly')).toEqual({ start: '2024-01-01', end: '2024-01-07' });
  });

  it('puts a Monday at the start and a Sunday at the end of its Monday week (S3)', () => {
    expect(periodOf('2024-01-01', 'weekly', 'monday')).toEqual({ start: '2024-01-01', end: '2024-01-07' });
    expect(periodOf('2024-01-07', 'weekly', 'monday')).toEqual({ start: '2024-01-01', end: '2024-01-07' });
    expect(periodOf('2024-01-08', 'weekly', 'monday')).toEqual({ start: '2024-01-08', end: '2024-01-14' });
  });

  it('puts a Sunday at the start and a Saturday at the end of its Sunday week (S3)', () => {
    expect(periodOf('2024-01-07', 'weekly', 'sunday')).toEqual({ start: '2024-01-07', end: '2024-01-13' });
    expect(periodOf('2024-01-13', 'weekly', 'sunday')).toEqual({ start: '2024-01-07', end: '2024-01-13' });
    expect(periodOf('2024-01-06', 'weekly', 'sunday')).toEqual({ start: '2023-12-31', end: '2024-01-06' });
  });

  it('puts Wednesday 2024-01-03 in the Sunday week 2023-12-31..2024-01-06, across the year end (S3)', () => {
    expect(periodOf('2024-01-03', 'weekly', 'sunday')).toEqual({ start: '2023-12-31', end: '2024-01-06' });
    expect(periodOf('2023-12-31', 'weekly', 'sunday')).toEqual({ start: '2023-12-31', end: '2024-01-06' });
  });

  it('puts New Year 2025 (a Wednesday) in weeks that began in 2024, for Monday and Sunday starts (S3)', () => {
    expect(periodOf('2025-01-01', 'weekly', 'monday')).toEqual({ start: '2024-12-30', end: '2025-01-05' });
    expect(periodOf('2024-12-30', 'weekly', 'monday')).toEqual({ start: '2024-12-30', end: '2025-01-05' });
    expect(periodOf('2024-12-29', 'weekly', 'monday')).toEqual({ start: '2024-12-23', end: '2024-12-29' });
    expect(periodOf('2025-01-01', 'weekly', 'sunday')).toEqual({ start: '2024-12-29', end: '2025-01-04' });
    expect(periodOf('2025-01-04', 'weekly', 'sunday')).toEqual({ start: '2024-12-29', end: '2025-01-04' });
    expect(periodOf('2025-01-05', 'weekly', 'sunday')).toEqual({ start: '2025-01-05', end: '2025-01-11' });
  });

  it('allows any weekday as the week start: the week of Wednesday 2024-01-03 for each of them (S3)', () => {
    const expected: Record<Weekday, { start: string; end: string }> = {
      sunday: { start: '2023-12-31', end: '2024-01-06' },
      monday: { start: '2024-01-01', end: '2024-01-07' },
      tuesday: { start: '2024-01-02', end: '2024-01-08' },
      wednesday: { start: '2024-01-03', end: '2024-01-09' },
      thursday: { start: '2023-12-28', end: '2024-01-03' },
      friday: { start: '2023-12-29', end: '2024-01-04' },
      saturday: { start: '2023-12-30', end: '2024-01-05' },
    };
    for (const [weekStart, period] of Object.entries(expected)) {
      expect(periodOf('2024-01-03', 'weekly', weekStart as Weekday), weekStart).toEqual(period);
    }
  });

  it('handles weeks around the epoch (1970-01-01 was a Thursday) and across a leap day (S3)', () => {
    expect(periodOf('1970-01-01', 'weekly', 'monday')).toEqual({ start: '1969-12-29', end: '1970-01-04' });
    expect(periodOf('1970-01-01', 'weekly', 'thursday')).toEqual({ start: '1970-01-01', end: '1970-01-07' });
    expect(periodOf('1969-12-31', 'weekly', 'thursday')).toEqual({ start: '1969-12-25', end: '1969-12-31' });
    expect(periodOf('2024-02-29', 'weekly', 'monday')).toEqual({ start: '2024-02-26', end: '2024-03-03' });
    expect(periodOf('2023-02-28', 'weekly', 'sunday')).toEqual({ start: '2023-02-26', end: '2023-03-04' });
  });
});

describe('monthly periods (S3)', () => {
  it('goes from January to February 2024 between Jan 31 and Feb 1, and ends February on the 29th (S3)', () => {
    expect(periodOf('2024-01-31', 'monthly')).toEqual({ start: '2024-01-01', end: '2024-01-31' });
    expect(periodOf('2024-02-01', 'monthly')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(periodOf('2024-02-29', 'monthly')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(periodOf('2024-03-01', 'monthly')).toEqual({ start: '2024-03-01', end: '2024-03-31' });
  });

  it('ends February 2023 on the 28th (S3)', () => {
    expect(periodOf('2023-02-28', 'monthly')).toEqual({ start: '2023-02-01', end: '2023-02-28' });
    expect(periodOf('2023-02-01', 'monthly')).toEqual({ start: '2023-02-01', end: '2023-02-28' });
  });

  it('ends February on the 28th in 1900 and 2100 and on the 29th in 2000 (S3)', () => {
    expect(periodOf('1900-02-10', 'monthly')).toEqual({ start: '1900-02-01', end: '1900-02-28' });
    expect(periodOf('2100-02-10', 'monthly')).toEqual({ start: '2100-02-01', end: '2100-02-28' });
    expect(periodOf('2000-02-10', 'monthly')).toEqual({ start: '2000-02-01', end: '2000-02-29' });
  });

  it('knows months of 30 and 31 days, and December crosses into the next year only after the 31st (S3)', () => {
    expect(periodOf('2024-04-15', 'monthly')).toEqual({ start: '2024-04-01', end: '2024-04-30' });
    expect(periodOf('2024-09-30', 'monthly')).toEqual({ start: '2024-09-01', end: '2024-09-30' });
    expect(periodOf('2024-12-31', 'monthly')).toEqual({ start: '2024-12-01', end: '2024-12-31' });
    expect(periodOf('2025-01-01', 'monthly')).toEqual({ start: '2025-01-01', end: '2025-01-31' });
    expect(periodOf('1969-12-15', 'monthly')).toEqual({ start: '1969-12-01', end: '1969-12-31' });
  });

  it('ignores weekStart for monthly periods (S3)', () => {
    expect(periodOf('2024-02-14', 'monthly', 'sunday')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(periodOf('2024-02-14', 'monthly', 'friday')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });
});

describe('period indexes (S3: consecutive periods have consecutive indexes)', () => {
  it('numbers the months January 2024 .. March 2024 consecutively (S3)', () => {
    const months = calendarFor('monthly');
    const january = months.indexOf(parseDay('2024-01-31'));
    expect(months.indexOf(parseDay('2024-02-01'))).toBe(january + 1);
    expect(months.indexOf(parseDay('2024-03-01'))).toBe(january + 2);
    expect(months.startOf(january + 1)).toBe(parseDay('2024-02-01'));
    expect(months.endOf(january + 1)).toBe(parseDay('2024-02-29'));
  });

  it('numbers Sunday weeks across the year end consecutively (S3)', () => {
    const weeks = calendarFor('weekly', 'sunday');
    const index = weeks.indexOf(parseDay('2023-12-30'));
    expect(weeks.indexOf(parseDay('2023-12-31'))).toBe(index + 1);
    expect(weeks.indexOf(parseDay('2024-01-06'))).toBe(index + 1);
    expect(weeks.indexOf(parseDay('2024-01-07'))).toBe(index + 2);
    expect(weeks.startOf(index + 1)).toBe(parseDay('2023-12-31'));
    expect(weeks.endOf(index + 1)).toBe(parseDay('2024-01-06'));
  });
});

describe('invalid periods (S3)', () => {
  it.each(['yearly', 'Weekly', 'WEEKLY', 'week', 'day', '', ' daily'])(
    'rejects the frequency %j with an InvalidInputError that names it (S3)',
    (frequency) => {
      const error = thrown(() => periodOf('2024-01-03', frequency as Frequency));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).code).toBe('INVALID_INPUT');
      expect((error as Error).message).toContain(JSON.stringify(frequency));
    },
  );

  it('rejects a frequency that is not a string (S3)', () => {
    for (const frequency of [undefined, null, 7, ['weekly']]) {
      expect(thrown(() => periodOf('2024-01-03', frequency as unknown as Frequency))).toBeInstanceOf(InvalidInputError);
    }
  });

  it.each(['Monday', 'mon', 'MONDAY', 'funday', '', '1', 'monday '])(
    'rejects the weekStart %j with an InvalidInputError that names it (S3)',
    (weekStart) => {
      for (const frequency of ['weekly', 'monthly', 'daily'] as const) {
        const error = thrown(() => periodOf('2024-01-03', frequency, weekStart as Weekday));
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).code).toBe('INVALID_INPUT');
        expect((error as Error).message).toContain(JSON.stringify(weekStart));
      }
    },
  );

  it('rejects a weekStart given as a number (S3)', () => {
    expect(thrown(() => periodOf('2024-01-03', 'weekly', 1 as unknown as Weekday))).toBeInstanceOf(InvalidInputError);
  });

  it.each(['2023-02-29', '2024-02-30', '2024-13-01', '2024-1-3', '03/01/2024', '2024-01-03T00:00:00Z', ''])(
    'rejects the date %j with an INVALID_DATE error that names it (S3)',
    (date) => {
      for (const frequency of ['daily', 'weekly', 'monthly'] as const) {
        const error = thrown(() => periodOf(date, frequency));
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).code).toBe('INVALID_DATE');
        expect((error as Error).message).toContain(JSON.stringify(date));
      }
    },
  );
});
