/**
 * S45, S46: what an answer says of each board a request moved the user on. Before the commit the
 * engine notes, per board, the run's dates, the group, the value before and after and when each
 * was reached (`unrankedChanges`, kept with an idempotency key's answer); once the store's
 * rankings hold the request's lines, `rankBoards` adds the rank before (where the value the user
 * had stands among the others now) and after, each visible only within the cut, and the threshold
 * to enter. A replay ranks the kept values again: as the board stands at the replay. Ranks are read
 * after the commit, so a concurrent change of another user may already show, as on any read.
 */
import type { Store } from '../store.js';
import { formatDay, parseDay } from '../time/calendar.js';
import { groupValues } from './board-group.js';
import type { BoardMoved } from './boards-watch.js';
import { thresholdOf, visibleRank } from './entry-order.js';
import type { LeaderboardRules } from './leaderboard-types.js';

/** A board the request moved the user's value on, as its answer shows it. */
export interface LeaderboardChange {
  /** the run's first and last local dates, `YYYY-MM-DD`; `end` null: no end */
  readonly run: { readonly start: string; readonly end: string | null };
  /** the user's breakdown values (S44), empty on a board without breakdowns */
  readonly group: ReadonlyArray<{ readonly key: string; readonly value: string }>;
  readonly previousValue: number | null;
  /** null: the request took the user off (a streak board at 0) */
  readonly value: number | null;
  /** when the user reached each value (epoch ms): what orders equal values (S45) */
  readonly previousReachedAt: number | null;
  readonly reachedAt: number | null;
  readonly previousRank: number | null;
  readonly rank: number | null;
  readonly threshold: number;
}

type BoardStore = Required<Pick<Store, 'boardPlace' | 'boardCount' | 'boardPage'>>;

/** The changes of `moved`, not ranked yet. */
export function unrankedChanges(moved: readonly BoardMoved[]): Record<string, LeaderboardChange> {
  const changes = Object.create(null) as Record<string, LeaderboardChange>;
  for (const { board, run, before, after } of moved) {
    const group = after?.group ?? before?.group ?? '';
    changes[board.key] = {
      run: { start: formatDay(run.start), end: run.end === null ? null : formatDay(run.end) },
      group: groupValues(board.breakdown, group),
      previousValue: before?.value ?? null,
      value: after?.value ?? null,
      previousReachedAt: before?.reachedAt ?? null,
      reachedAt: after?.reachedAt ?? null,
      previousRank: null,
      rank: null,
      threshold: 0,
    };
  }
  return changes;
}

/** `changes` ranked by `store` for `userId`; a board no longer among `boards` is left out. */
export async function rankBoards(
  store: BoardStore,
  boards: readonly LeaderboardRules[],
  userId: string,
  changes: Readonly<Record<string, LeaderboardChange>>,
): Promise<Record<string, LeaderboardChange>> {
  const ranked = await Promise.all(
    Object.keys(changes).map(async (key) => {
      const board = boards.find((b) => b.key === key);
      if (board === undefined) return null;
      const change = changes[key] as LeaderboardChange;
      const run = parseDay(change.run.start);
      const group = change.group.length === 0 ? '' : JSON.stringify(change.group.map((pair) => pair.value));
      const cap = board.maxParticipants;
      const place = (value: number | null, reachedAt: number | null) =>
        value === null || reachedAt === null
          ? null
          : store.boardPlace(key, run, group, { user: userId, value, reachedAt });
      const [rank, previousRank, count, atCap] = await Promise.all([
        place(change.value, change.reachedAt),
        place(change.previousValue, change.previousReachedAt),
        store.boardCount(key, run, group),
        store.boardPage(key, run, group, cap - 1, 1),
      ]);
      return [
        key,
        {
          ...change,
          previousRank: visibleRank(previousRank, cap),
          rank: visibleRank(rank, cap),
          threshold: thresholdOf(count, cap, atCap[0]?.value),
        },
      ] as const;
    }),
  );
  const answer = Object.create(null) as Record<string, LeaderboardChange>;
  for (const entry of ranked) if (entry !== null) answer[entry[0]] = entry[1];
  return answer;
}
