/**
 * Periods of a rule (S3): a day, a week starting on any weekday, or a calendar month.
 * Inside the engine a period is named by its index (consecutive periods have consecutive indexes)
 * and by its first epoch day; at the edges by its first and last `'YYYY-MM-DD'`.
 */
import { civilFromDay, dayFromCivil, formatDay, parseDay, WEEKDAYS, type Weekday } from './calendar.js';
import { InvalidInputError } from '../errors.js';
import { shown } from '../shown.js';

export type Frequency = 'daily' | 'weekly' | 'monthly';
export const FREQUENCIES: readonly Frequency[] = ['daily', 'weekly', 'monthly'];

export interface PeriodCalendar {
  readonly frequency: Frequency;
  readonly weekStart: Weekday;
  /** Index of the period holding epoch day `day`. */
  indexOf(day: number): number;
  /** First epoch day of the period with this index. */
  startOf(index: number): number;
  /** Last epoch day of the period with this index. */
  endOf(index: number): number;
}

export function checkWeekday(value: unknown, what = 'weekStart'): Weekday {
  if (typeof value !== 'string' || !(WEEKDAYS as readonly string[]).includes(value)) {
    throw new InvalidInputError('INVALID_INPUT', `${what} must be one of ${WEEKDAYS.join(', ')}, got ${shown(value)}`);
  }
  return value as Weekday;
}

export function checkFrequency(value: unknown): Frequency {
  if (typeof value !== 'string' || !(FREQUENCIES as readonly string[]).includes(value)) {
    throw new InvalidInputError(
      'INVALID_INPUT',
      `frequency must be one of ${FREQUENCIES.join(', ')}, got ${shown(value)}`,
    );
  }
  return value as Frequency;
}

const daily: PeriodCalendar = {
  frequency: 'daily',
  weekStart: 'monday',
  indexOf: (day) => day,
  startOf: (index) => index,
  endOf: (index) => index,
};

function monthStart(index: number): number {
  const year = Math.floor(index / 12);
  return dayFromCivil(year, index - year * 12 + 1, 1);
}

function monthly(weekStart: Weekday): PeriodCalendar {
  return {
    frequency: 'monthly',
    weekStart,
    indexOf(day) {
      const { year, month } = civilFromDay(day);
      return year * 12 + month - 1;
    },
    startOf: monthStart,
    endOf: (index) => monthStart(index + 1) - 1,
  };
}

function weekly(weekStart: Weekday): PeriodCalendar {
  // Epoch day 0 (1970-01-01) was a Thursday (weekday 4); shift so that weeks begin on weekStart.
  const shift = 4 - WEEKDAYS.indexOf(weekStart);
  return {
    frequency: 'weekly',
    weekStart,
    indexOf: (day) => Math.floor((day + shift) / 7),
    startOf: (index) => index * 7 - shift,
    endOf: (index) => index * 7 - shift + 6,
  };
}

const calendars = new Map<string, PeriodCalendar>();

/** The period calendar of a frequency (and week start, for weekly rules). */
export function calendarFor(frequency: Frequency, weekStart: Weekday = 'monday'): PeriodCalendar {
  const key = `${frequency}:${weekStart}`;
  let calendar = calendars.get(key);
  if (calendar === undefined) {
    calendar = frequency === 'daily' ? daily : frequency === 'weekly' ? weekly(weekStart) : monthly(weekStart);
    calendars.set(key, calendar);
  }
  return calendar;
}

/** Public form of S3: the first and last date of the period that holds `date`. */
export function periodOf(
  date: string,
  frequency: Frequency,
  weekStart: Weekday = 'monday',
): { start: string; end: string } {
  const calendar = calendarFor(checkFrequency(frequency), checkWeekday(weekStart));
  const index = calendar.indexOf(parseDay(date));
  return { start: formatDay(calendar.startOf(index)), end: formatDay(calendar.endOf(index)) };
}
