/**
 * S45, S46: a page of one run-group of a board as a reader sees it: the run (the one holding the
 * date asked for, else the one under way now: the run holding today's UTC date, the first before
 * the start, the last after the end), the group named by the reader's pairs, and the entries from
 * rank `offset + 1` within the visible cut. With `userId`, the page starts at that user's rank plus
 * `offset`, which may be negative (around a user: clamped at rank 1); a user not ranked there
 * reads an empty page. Each entry carries the user's name (a read of each user's state on the
 * page). A date outside every run is an UNKNOWN_LEADERBOARD (as the hosted service
 * answers it), pairs that name no group an InvalidInputError.
 */
import { InvalidInputError, NotFoundError } from '../errors.js';
import type { Store } from '../store.js';
import type { UserState } from '../state.js';
import { DAY_MS, parseDay } from '../time/calendar.js';
import { groupOfPairs } from './board-group.js';
import { runAt, runOfIndex } from './board-runs.js';
import type { BoardEntry, BoardRun, LeaderboardRules } from './leaderboard-types.js';

export interface BoardReadOptions {
  /** a date `YYYY-MM-DD` inside the run asked for; absent: the run under way */
  readonly run?: string;
  /** the group's attribute pairs (S44); none on a board without breakdowns */
  readonly userAttributes?: ReadonlyArray<readonly [string, string]>;
  readonly offset?: number;
  readonly limit?: number;
  /** start the page at this user's rank (plus `offset`) */
  readonly userId?: string;
}

export interface BoardPage {
  readonly run: BoardRun;
  readonly group: string;
  /** how many users the run-group ranks (all of them, past the cut too) */
  readonly count: number;
  /** each with the user's name as their profile holds it (null: none given) */
  readonly rankings: ReadonlyArray<BoardEntry & { readonly rank: number; readonly name: string | null }>;
}

/** The run of `board` a reader means at `now`: the one holding `date`, or the one under way. */
export function runAsked(board: LeaderboardRules, date: string | undefined, now: number): BoardRun {
  if (date !== undefined) {
    const run = runAt(board, parseDay(date, 'run'));
    if (run === null)
      throw new NotFoundError('UNKNOWN_LEADERBOARD', `leaderboard "${board.key}" has no run holding ${date}`);
    return run;
  }
  const today = Math.floor(now / DAY_MS);
  if (today < board.start) return runOfIndex(board, 0) as BoardRun;
  const last = board.end !== null && today > board.end ? board.end : today;
  return runAt(board, last) as BoardRun;
}

/** The group `pairs` name on `board`, or an InvalidInputError saying why they name none. */
export function groupAsked(
  board: LeaderboardRules,
  pairs: ReadonlyArray<readonly [string, string]> | undefined,
): string {
  const asked = groupOfPairs(board.breakdown, pairs ?? []);
  if ('problem' in asked) throw new InvalidInputError('INVALID_INPUT', `userAttributes: ${asked.problem}`);
  return asked.group;
}

type BoardStore = Required<Pick<Store, 'boardPlace' | 'boardCount' | 'boardPage' | 'load'>>;

/** A page of `board` read from `store` at `now` (see the header). */
export async function readBoard(
  store: BoardStore,
  board: LeaderboardRules,
  options: BoardReadOptions,
  now: number,
): Promise<BoardPage> {
  const run = runAsked(board, options.run, now);
  const group = groupAsked(board, options.userAttributes);
  const cap = board.maxParticipants;
  const limit = Math.max(0, Math.floor(options.limit ?? 10));
  let from = Math.floor(options.offset ?? 0);
  if (options.userId !== undefined) {
    const user: UserState | null = await store.load(options.userId);
    const standing = user?.boards?.[board.key]?.find((s) => s.run === run.start && s.group === group);
    if (standing === undefined)
      return { run, group, count: await store.boardCount(board.key, run.start, group), rankings: [] };
    const rank = await store.boardPlace(board.key, run.start, group, {
      user: options.userId,
      value: standing.value,
      reachedAt: standing.reachedAt,
    });
    from = Math.max(0, rank - 1 + from);
  } else from = Math.max(0, from);
  const [count, page] = await Promise.all([
    store.boardCount(board.key, run.start, group),
    from >= cap ? Promise.resolve([]) : store.boardPage(board.key, run.start, group, from, Math.min(limit, cap - from)),
  ]);
  const users = await Promise.all(page.map((entry) => store.load(entry.user)));
  const rankings = page.map((entry, i) => ({ ...entry, rank: from + i + 1, name: users[i]?.profile?.name ?? null }));
  return { run, group, count, rankings };
}
