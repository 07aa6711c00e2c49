/**
 * S41: a board's runs. Run k of a repeating board starts `k × interval` days, months or years after
 * the board's start, counted from that start every time, so a month without the start's day ends
 * the run on its last day without moving the runs after it (a monthly board from January 31 starts
 * runs on February 28, March 31, April 30). A run ends the day before the next one starts, cut at
 * the board's end. A perpetual board has one run, from its start to its end. Every local date from
 * the start to the end lies in exactly one run.
 */
import { civilFromDay, dayFromCivil, daysInMonth } from '../time/calendar.js';
import type { BoardRun, LeaderboardRules, RunRepeat } from './leaderboard-types.js';

/** The first local date of run `index` of a board starting on `start` and repeating as `repeat`. */
export function runStartOf(start: number, repeat: RunRepeat, index: number): number {
  if (repeat.unit === 'day') return start + index * repeat.interval;
  const months = index * repeat.interval * (repeat.unit === 'year' ? 12 : 1);
  const { year, month, day } = civilFromDay(start);
  const counted = year * 12 + (month - 1) + months;
  const toYear = Math.floor(counted / 12);
  const toMonth = counted - toYear * 12 + 1;
  return dayFromCivil(toYear, toMonth, Math.min(day, daysInMonth(toYear, toMonth)));
}

/** The index of the run holding `day`, a date on or after `start`. */
function runIndexOf(start: number, repeat: RunRepeat, day: number): number {
  if (repeat.unit === 'day') return Math.floor((day - start) / repeat.interval);
  const step = repeat.interval * (repeat.unit === 'year' ? 12 : 1);
  const from = civilFromDay(start);
  const to = civilFromDay(day);
  const months = (to.year - from.year) * 12 + (to.month - from.month);
  const index = Math.floor(months / step);
  // the run of the day's month may start later in it than the day (clamped to a shorter month, or a later day of it)
  return runStartOf(start, repeat, index) > day ? index - 1 : index;
}

/** Run `index` of `board`, or null when it would start after the board's end. */
export function runOfIndex(board: LeaderboardRules, index: number): BoardRun | null {
  if (board.repeat === null) return index === 0 ? { index: 0, start: board.start, end: board.end } : null;
  const start = runStartOf(board.start, board.repeat, index);
  if (board.end !== null && start > board.end) return null;
  const next = runStartOf(board.start, board.repeat, index + 1) - 1;
  return { index, start, end: board.end !== null && board.end < next ? board.end : next };
}

/** The run of `board` holding local date `day`, or null before its start or after its end. */
export function runAt(board: LeaderboardRules, day: number): BoardRun | null {
  if (day < board.start || (board.end !== null && day > board.end)) return null;
  if (board.repeat === null) return { index: 0, start: board.start, end: board.end };
  return runOfIndex(board, runIndexOf(board.start, board.repeat, day));
}
