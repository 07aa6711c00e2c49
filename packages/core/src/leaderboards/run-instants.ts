/**
 * S42: when a run is open, and a board's status at an instant. Everyone counts on their own local
 * dates, so a run of dates S..E is under way somewhere from the moment S begins in the earliest
 * zone (UTC+14: 10:00 UTC on S−1) until E ends in the latest (UTC−12: 12:00 UTC on E+1). The run
 * opens for everyone at the first instant and closes for everyone at the second, when it is
 * finalised; a change arriving later for a closed run (a late batch, a retry) is not counted on it.
 */
import { DAY_MS } from '../time/calendar.js';
import type { BoardRun, LeaderboardRules } from './leaderboard-types.js';

const HOUR_MS = 3_600_000;

/** The instant a run whose first local date is `start` opens: 10:00 UTC on the date before. */
export function runOpensAt(start: number): number {
  return (start - 1) * DAY_MS + 10 * HOUR_MS;
}

/** The instant a run whose last local date is `end` closes: 12:00 UTC on the date after. */
export function runClosesAt(end: number): number {
  return (end + 1) * DAY_MS + 12 * HOUR_MS;
}

/** Whether `run` is closed at instant `at`: it has an end, and its closing instant has come. */
export function isRunClosed(run: BoardRun, at: number): boolean {
  return run.end !== null && at >= runClosesAt(run.end);
}

export type BoardStatus = 'inactive' | 'scheduled' | 'active' | 'finished';

/**
 * A board's status at instant `at`: as configured when inactive or finished; an active board reads
 * `scheduled` until its first run opens and `finished` once its last run has closed.
 */
export function boardStatusAt(board: LeaderboardRules, at: number): BoardStatus {
  if (board.status !== 'active') return board.status;
  if (at < runOpensAt(board.start)) return 'scheduled';
  if (board.end !== null && at >= runClosesAt(board.end)) return 'finished';
  return 'active';
}
