/**
 * Pure proleptic-Gregorian date arithmetic on "epoch days": whole days since 1970-01-01.
 * A local date is a `'YYYY-MM-DD'` string at the edges and an epoch day inside the engine.
 * Nothing here knows about instants or time zones (that is local-date.ts).
 */
import { InvalidInputError } from '../errors.js';
import { shown } from '../shown.js';

export type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
export const WEEKDAYS: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

export const DAY_MS = 86_400_000;

/** Epoch day of a civil date (month 1..12). Algorithm: days from civil (H. Hinnant). */
export function dayFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Civil date of an epoch day. */
export function civilFromDay(epochDay: number): { year: number; month: number; day: number } {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday. */
export function weekdayOf(epochDay: number): number {
  return (((epochDay + 4) % 7) + 7) % 7;
}

const formatted = new Map<number, string>();

/** `'YYYY-MM-DD'` of an epoch day (cached: the same few dates are formatted over and over). */
export function formatDay(epochDay: number): string {
  let text = formatted.get(epochDay);
  if (text === undefined) {
    const { year, month, day } = civilFromDay(epochDay);
    const y = year < 0 || year > 9999 ? String(year) : String(year).padStart(4, '0');
    text = `${y}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
    if (formatted.size > 200_000) formatted.clear();
    formatted.set(epochDay, text);
  }
  return text;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => (i < 10 ? '0' : '') + String(i));
/** `'MM:SS'` of each second of an hour, and `'.mmmZ'` of each millisecond of a second. */
const MINUTES_SECONDS = Array.from(
  { length: 3600 },
  (_, i) => `${TWO_DIGITS[Math.floor(i / 60)] as string}:${TWO_DIGITS[i % 60] as string}`,
);
const MILLIS_Z = Array.from({ length: 1000 }, (_, i) => `.${String(i).padStart(3, '0')}Z`);
/** 0000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: the instants toISOString writes with a 4-digit year. */
const MIN_ISO_INSTANT = -62_167_219_200_000;
const MAX_ISO_INSTANT = 253_402_300_800_000;
const HOUR_MS = 3_600_000;
/** `'YYYY-MM-DDTHH:'` of an hour since the epoch (cached like formatDay). */
const hourPrefixes = new Map<number, string>();

/**
 * `new Date(t).toISOString()` of epoch ms `t`, from a cached `'YYYY-MM-DDTHH:'` and two lookup
 * tables (a Date and toISOString cost several times as much, and the reducer writes a few instants
 * per event). Outside the years 0000..9999 it defers to toISOString itself.
 */
export function formatInstant(t: number): string {
  if (!(t >= MIN_ISO_INSTANT && t < MAX_ISO_INSTANT)) return new Date(t).toISOString();
  const ms = Math.trunc(t); // as the Date constructor does (TimeClip)
  const hour = Math.floor(ms / HOUR_MS);
  let prefix = hourPrefixes.get(hour);
  if (prefix === undefined) {
    const day = Math.floor(hour / 24);
    prefix = `${formatDay(day)}T${TWO_DIGITS[hour - day * 24] as string}:`;
    if (hourPrefixes.size > 200_000) hourPrefixes.clear();
    hourPrefixes.set(hour, prefix);
  }
  const rest = ms - hour * HOUR_MS;
  const second = Math.floor(rest / 1000);
  return prefix + (MINUTES_SECONDS[second] as string) + (MILLIS_Z[rest - second * 1000] as string);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The years a time given to Kindling may lie in, an instant (`toInstant`) or a local date
 * (`parseGivenDay`), with a year to spare after them: every date made from one (a period's end, the
 * day a paused streak expires) is then still written YYYY-MM-DD, and every instant in RFC 3339.
 */
export const FIRST_YEAR = 1000;
export const LAST_YEAR = 9998;

/** Epoch day of a `'YYYY-MM-DD'` string; a malformed or impossible date is an InvalidInputError naming it. */
export function parseDay(text: string, what = 'date'): number {
  const match = typeof text === 'string' ? DATE_RE.exec(text) : null;
  if (!match) {
    throw new InvalidInputError('INVALID_DATE', `${what} must be a date written YYYY-MM-DD, got ${shown(text)}`);
  }
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new InvalidInputError('INVALID_DATE', `${what} ${JSON.stringify(text)} is not a date of the calendar`);
  }
  return dayFromCivil(year, month, day);
}

const FIRST_DAY = dayFromCivil(FIRST_YEAR, 1, 1);
const LAST_DAY = dayFromCivil(LAST_YEAR, 12, 31);

/** `parseDay` of a date a caller gives that dates are made from (a pause's): one outside FIRST_YEAR..LAST_YEAR is an InvalidInputError naming it. */
export function parseGivenDay(text: string, what = 'date'): number {
  const day = parseDay(text, what);
  if (day < FIRST_DAY || day > LAST_DAY) {
    throw new InvalidInputError(
      'INVALID_DATE',
      `${what} must lie between the years ${FIRST_YEAR} and ${LAST_YEAR}, got ${JSON.stringify(text)}`,
    );
  }
  return day;
}
