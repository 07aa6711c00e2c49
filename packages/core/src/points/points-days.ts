/**
 * S36: the daily changes a user's state keeps per system, for the points event summary. Every award
 * is added to its local date (in the user's zone when it was paid) as `payAward` records it, so the
 * days hold every change the total ever made within them. Days older than KEPT_DAYS before the
 * latest change are dropped from the front; a change dated before the first kept day (a late event
 * two years back) is added to that day. The total before the first kept day is the total less the
 * kept changes, since every change of a total is an award.
 *
 * The changes are text, one entry per day from `from` to `to`: the change's sign and the four low
 * bits of its size, then five bits of the size at a time, low bits first, each as one character of
 * DIGITS whose sixth bit says another follows. A day without a change is one `A`, a change of up to
 * ±15 one character, up to ±511 two: a year of daily awards costs about 365 to 730 bytes of the
 * state's JSON, where an array of numbers cost 1,100 and broke the 2 KB a system may take. The text
 * needs no escaping in JSON. Sizes stay below 2^53, so the doubles take them apart exactly (a
 * zigzagged −(2^53 − 1) would be an odd number above 2^53, which no double holds).
 */
import { KEPT_DAYS, type PointsState } from './points-types.js';
import { StoreError } from '../errors.js';

/** One local day's change of a user's total in a system. */
export interface DailyPointsChange {
  readonly day: number;
  readonly change: number;
}

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...DIGITS].map((digit, value) => [digit, value]));
/** the sixth bit of a digit's value: another digit of the same day follows */
const MORE = 32;
/** the day of the total from before the kept days: before any period a summary can ask for */
const BEFORE_ANY_DAY = Number.MIN_SAFE_INTEGER;
/** the text of a day without a change */
const NONE = 'A';

/** `change` (a whole number within ±(2^53 − 1)) as a day's digits. */
function encodeChange(change: number): string {
  let rest = Math.abs(change);
  // the first digit: the sign, then the four low bits of the size
  let digit = (change < 0 ? 1 : 0) + (rest % 16) * 2;
  rest = Math.floor(rest / 16);
  let text = '';
  while (rest > 0) {
    text += DIGITS[digit + MORE];
    digit = rest % MORE;
    rest = Math.floor(rest / MORE);
  }
  return text + DIGITS[digit];
}

/** The value of the digit at `i` of a stored text; a lasting StoreError when it is none of DIGITS (damaged). */
function digitAt(text: string, i: number): number {
  const digit = VALUE.get(text[i] as string);
  if (digit === undefined)
    throw new StoreError(`a stored points state's days hold ${JSON.stringify(text[i])}, not one of their digits`, {
      lasting: true,
    });
  return digit;
}

/** The days of `text` in order; `onDay` gets each day's change. */
function eachChange(text: string, onDay: (change: number) => void): void {
  let size = 0;
  let negative = false;
  let scale = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = digitAt(text, i);
    const bits = digit % MORE;
    if (scale === 0) {
      negative = bits % 2 === 1;
      size = (bits - (bits % 2)) / 2;
      scale = 16;
    } else {
      size += bits * scale;
      scale *= MORE;
    }
    if (digit >= MORE) continue;
    onDay(negative ? -size : size);
    scale = 0;
  }
}

/** The changes of `text`, one a day. */
function decodeChanges(text: string): number[] {
  const changes: number[] = [];
  eachChange(text, (change) => changes.push(change));
  return changes;
}

/** Adds `change` to local epoch day `day` of `state`'s kept days (changed in place). */
export function noteDailyChange(state: PointsState, day: number, change: number): void {
  const days = state.days;
  if (days === undefined) {
    state.days = { from: day, to: day, changes: encodeChange(change) };
    return;
  }
  if (day - days.to >= KEPT_DAYS) {
    // every kept day drops out: only the days before this one are written, however far it is
    state.days = { from: day - KEPT_DAYS + 1, to: day, changes: NONE.repeat(KEPT_DAYS - 1) + encodeChange(change) };
  } else if (day > days.to) {
    // the common case: a later day, appended without reading the others
    days.changes += NONE.repeat(day - days.to - 1) + encodeChange(change);
    days.to = day;
    const over = days.to - days.from + 1 - KEPT_DAYS;
    if (over > 0) dropDays(state, over);
  } else if (day === days.to) {
    // another award of the latest day (the common case too): its entry alone is read and written again
    const start = lastEntryStart(days.changes);
    days.changes =
      days.changes.slice(0, start) + encodeChange((decodeChanges(days.changes.slice(start))[0] as number) + change);
  } else {
    const changes = decodeChanges(days.changes);
    const index = Math.max(0, day - days.from);
    changes[index] = (changes[index] as number) + change;
    days.changes = changes.map(encodeChange).join('');
  }
}

/** Where the last day's digits begin in `text`: after the last digit that ends an earlier day. */
function lastEntryStart(text: string): number {
  let start = text.length - 1;
  while (start > 0 && digitAt(text, start - 1) >= MORE) start--;
  return start;
}

/** Drops the first `count` kept days of `state` (fewer than it keeps), reading only their digits. */
function dropDays(state: PointsState, count: number): void {
  const days = state.days as NonNullable<PointsState['days']>;
  let cut = 0;
  for (let ended = 0; ended < count; cut++) if (digitAt(days.changes, cut) < MORE) ended++;
  days.changes = days.changes.slice(cut);
  days.from += count;
}

/**
 * The daily changes `state` keeps, by day ascending, days without a change left out, after one row
 * carrying the total from before the first kept day (absent when 0), dated before any period: the
 * days from it to the latest change are all kept, so a period among them is exact, and one before
 * them shows that total with no change.
 */
export function dailyChangesOf(state: PointsState): DailyPointsChange[] {
  const days = state.days;
  if (days === undefined) return state.total === 0 ? [] : [{ day: BEFORE_ANY_DAY, change: state.total }];
  const rows: DailyPointsChange[] = [];
  let kept = 0;
  let day = days.from;
  eachChange(days.changes, (change) => {
    if (change !== 0) {
      kept += change;
      rows.push({ day, change });
    }
    day++;
  });
  const before = state.total - kept;
  return before === 0 ? rows : [{ day: BEFORE_ANY_DAY, change: before }, ...rows];
}
