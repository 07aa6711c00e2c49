/**
 * S42, S44: what one step of the engine did to a user's standings on every board, and the lines
 * it carries to the store's rankings. `note` keeps, before the step changes the state in place, the
 * user's streak lengths and standings; `moved` is then given what the step counted (its metric
 * events, the points news it made: every award with its instant) and finds the streak lengths
 * that changed itself, so every step that moves a streak (an event, a settlement, an owner's
 * action, a rebuild) moves its boards alike. It replaces `user.boards` (never changed in place)
 * and answers, per board whose value changed, the standing before and after, with the lines that
 * differ from those before: a run-group left (a streak lost, a move to another group) is a line
 * with no value; a closed run's standing is dropped without a line, its ranking being final.
 *
 * A change is placed on its local date in the user's zone after the step, and never before the
 * latest date the user's changes were counted on for the board (S4), except a late event (an
 * offline app syncing), which its own instant places.
 */
import { emptyRecord } from '../keys.js';
import type { PointsNews } from '../points/points-news.js';
import type { UserState } from '../state.js';
import { DAY_MS } from '../time/calendar.js';
import { zoneOf } from '../time/local-date.js';
import { runAt } from './board-runs.js';
import { countOnBoard, type BoardChange } from './count-on-board.js';
import type { BoardLine, BoardRun, BoardStanding, LeaderboardRules } from './leaderboard-types.js';
import { isRunClosed } from './run-instants.js';

/** A metric event a step counted. */
export interface CountedEvent {
  readonly metric: string;
  readonly value: number;
  readonly at: number;
  /** a late event (S4), placed on its own local date */
  readonly late: boolean;
}

/** What a step counted, besides the streak lengths it moved. */
export interface BoardHappenings {
  readonly events?: readonly CountedEvent[];
  readonly news?: readonly PointsNews[];
  /** the instant a streak's change is dated at: the event's, or the step's */
  readonly at: number;
}

/** One board a step moved the user's value on: the run, and the standing before and after (null: not on it). */
export interface BoardMoved {
  readonly board: LeaderboardRules;
  readonly run: BoardRun;
  readonly before: BoardStanding | null;
  readonly after: BoardStanding | null;
}

export interface BoardsMoved {
  readonly lines: readonly BoardLine[];
  readonly moved: readonly BoardMoved[];
}

const NOTHING: BoardsMoved = Object.freeze({ lines: Object.freeze([]), moved: Object.freeze([]) });
const NO_STANDINGS: readonly BoardStanding[] = Object.freeze([]);
const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze(emptyRecord<string>());

function standingsOf(boards: UserState['boards'], key: string): readonly BoardStanding[] {
  return boards !== undefined && Object.hasOwn(boards, key) ? (boards[key] as readonly BoardStanding[]) : NO_STANDINGS;
}

function sameStanding(a: BoardStanding, b: BoardStanding): boolean {
  return a.group === b.group && a.value === b.value && a.reachedAt === b.reachedAt;
}

/** The lines taking `before` to `after` (see the header). */
function linesOf(
  board: LeaderboardRules,
  before: readonly BoardStanding[],
  after: readonly BoardStanding[],
  now: number,
  lines: BoardLine[],
): void {
  for (const standing of after) {
    const old = before.find((s) => s.run === standing.run);
    if (old !== undefined && sameStanding(old, standing)) continue;
    const { run, group, value, reachedAt } = standing;
    lines.push({ board: board.key, run, group, value, reachedAt });
  }
  for (const old of before) {
    if (after.some((s) => s.run === old.run && s.group === old.group)) continue;
    const run = runAt(board, old.run);
    if (run === null || isRunClosed(run, now)) continue;
    lines.push({ board: board.key, run: old.run, group: old.group, value: null, reachedAt: old.reachedAt });
  }
}

/** The watch of `boards` (see the header); one per engine, its steps being synchronous. */
export function boardsWatch(boards: readonly LeaderboardRules[]): {
  note(user: UserState | null): void;
  moved(user: UserState, happenings: BoardHappenings, now: number): BoardsMoved;
} {
  const streakBoards = boards.filter((board) => board.rankBy.kind === 'streak');
  const lengths = new Map<string, number>();
  let notedBoards: UserState['boards'];
  return {
    note(user) {
      if (boards.length === 0) return;
      notedBoards = user?.boards;
      lengths.clear();
      for (const board of streakBoards) {
        const key = (board.rankBy as { streak: string }).streak;
        const state = user !== null && Object.hasOwn(user.streaks, key) ? user.streaks[key] : undefined;
        lengths.set(key, state?.length ?? 0);
      }
    },
    moved(user, happenings, now) {
      if (boards.length === 0) return NOTHING;
      const zone = zoneOf(user.tz ?? 'UTC');
      const attributes = user.profile?.attributes ?? NO_ATTRIBUTES;
      const placed = (amount: number, at: number, kind: 'add' | 'set', windowed: boolean): BoardChange => {
        const wall = at + zone.offsetAt(at);
        return {
          kind,
          amount,
          at,
          day: Math.floor(zone.wallAt(at) / DAY_MS),
          timeOfDay: ((wall % DAY_MS) + DAY_MS) % DAY_MS,
          windowed,
        };
      };
      const lines: BoardLine[] = [];
      const moved: BoardMoved[] = [];
      let next: Record<string, readonly BoardStanding[]> | null = null;
      for (const board of boards) {
        if (board.status !== 'active') continue;
        const changes: Array<{ change: BoardChange; late: boolean }> = [];
        const by = board.rankBy;
        if (by.kind === 'metric') {
          for (const event of happenings.events ?? [])
            if (event.metric === by.metric)
              changes.push({ change: placed(event.value, event.at, 'add', true), late: event.late });
        } else if (by.kind === 'points') {
          for (const news of happenings.news ?? [])
            if (news.type === 'points.changed' && news.system === by.system)
              for (const award of news.awards)
                changes.push({ change: placed(award.awarded, award.at, 'add', true), late: false });
        } else {
          const was = lengths.get(by.streak) ?? 0;
          const state = Object.hasOwn(user.streaks, by.streak) ? user.streaks[by.streak] : undefined;
          const length = state?.length ?? 0;
          if (length !== was) changes.push({ change: placed(length, happenings.at, 'set', length > was), late: false });
        }
        if (changes.length === 0) continue;
        const before = standingsOf(notedBoards, board.key);
        let standings = before;
        let last: BoardRun | null = null;
        for (const { change, late } of changes) {
          const latest = standings.reduce((day, s) => Math.max(s.day, day), Number.NEGATIVE_INFINITY);
          const dated = !late && change.day < latest ? { ...change, day: latest } : change;
          const move = countOnBoard(board, standings, dated, attributes, now);
          if (move === null) continue;
          standings = move.standings;
          last = move.run;
        }
        if (last === null) continue;
        const run = last;
        const startLines = lines.length;
        linesOf(board, before, standings, now, lines);
        if (lines.length === startLines) continue;
        next ??= Object.assign(emptyRecord<readonly BoardStanding[]>(), notedBoards ?? {});
        if (standings.length === 0) delete next[board.key];
        else next[board.key] = standings;
        moved.push({
          board,
          run,
          before: before.find((s) => s.run === run.start) ?? null,
          after: standings.find((s) => s.run === run.start) ?? null,
        });
      }
      if (next === null) return NOTHING;
      user.boards = next;
      return { lines, moved };
    },
  };
}
