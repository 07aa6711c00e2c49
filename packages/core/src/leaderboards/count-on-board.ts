/**
 * S44: what one change does to a user's standing on one board. A change counts when the board is
 * active, the change is no older than the board's activation (nothing is backfilled), its local
 * date lies in a run that has not closed when the engine commits it (S42), its time of day is in
 * the board's window (S43) and the user is in a group (S44). A metric or points board adds the
 * change's amount to the user's value on that run; a streak board sets it to the streak's length,
 * and a length of 0 takes the user off. A user enters a run on their first counted change that
 * moves their value off 0 and stays, whatever the value later becomes. A user whose group changed
 * moves to the new group with their value. Each counted change that moves the value stamps it with
 * the instant the engine committed it (`now`), which orders equal values (S45).
 *
 * The user keeps a standing for each run of the board that is still open; a closed run's standing
 * is dropped at the user's next counted change on the board, its ranks being final by then.
 */
import { checkSum } from '../sums.js';
import { runAt } from './board-runs.js';
import { groupOf } from './board-group.js';
import type { BoardRun, BoardStanding, LeaderboardRules } from './leaderboard-types.js';
import { isRunClosed } from './run-instants.js';
import { isInWindow } from './time-window.js';

/** A change a board may count: a metric event's value or a points award (`add`), a streak's new length (`set`). */
export interface BoardChange {
  readonly kind: 'add' | 'set';
  readonly amount: number;
  /** the change's own instant: an event's, an award's, a settlement's */
  readonly at: number;
  /** the local date the engine placed it on (S1, S4) */
  readonly day: number;
  /** the user's local wall-clock time of day at `at`, in ms after midnight */
  readonly timeOfDay: number;
  /** whether the board's window applies: a streak lost counts at any time of day */
  readonly windowed: boolean;
}

/** A change counted: the run, the standing before (null: not on it) and after (null: taken off). */
export interface BoardMove {
  readonly run: BoardRun;
  readonly before: BoardStanding | null;
  readonly after: BoardStanding | null;
  /** the user's standings on the board after the change, one per open run */
  readonly standings: readonly BoardStanding[];
}

/**
 * What `change`, committed at `now` for a user with `attributes` and `standings` on `board`, does;
 * null when the board does not count it or it leaves the user's value as it was.
 */
export function countOnBoard(
  board: LeaderboardRules,
  standings: readonly BoardStanding[],
  change: BoardChange,
  attributes: Readonly<Record<string, string>>,
  now: number,
): BoardMove | null {
  if (board.status !== 'active' || change.at < board.activatedAt) return null;
  const run = runAt(board, change.day);
  if (run === null || isRunClosed(run, now)) return null;
  if (change.windowed && board.window !== null && !isInWindow(board.window, change.timeOfDay)) return null;
  const group = groupOf(board.breakdown, attributes);
  if (group === null) return null;
  const before = standings.find((standing) => standing.run === run.start) ?? null;
  const from = before?.value ?? 0;
  const value =
    change.kind === 'set'
      ? change.amount
      : checkSum(from + change.amount, () => `the value on leaderboard ${board.key}`);
  const moved = before !== null && before.group !== group;
  if (value === from && !moved) return null;
  if (before === null && value === 0) return null;
  const after: BoardStanding | null =
    board.rankBy.kind === 'streak' && value === 0
      ? null
      : {
          run: run.start,
          group,
          value,
          reachedAt: value === from && before !== null ? before.reachedAt : now,
          day: before !== null && before.day > change.day ? before.day : change.day,
        };
  const kept = standings.filter((standing) => standing.run !== run.start && !isClosed(board, standing, now));
  return { run, before, after, standings: after === null ? kept : [...kept, after].sort((a, b) => a.run - b.run) };
}

function isClosed(board: LeaderboardRules, standing: BoardStanding, now: number): boolean {
  const run = runAt(board, standing.run);
  return run === null || isRunClosed(run, now);
}
