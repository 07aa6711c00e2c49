/**
 * The leaderboard rankings on Redis (S45): one sorted set and one hash of versions per run-group,
 * under a hash tag of the run-group's own (`{<account>:::<board>:<run>:<group>}`), so that each
 * run-group is one slot and a Cluster spreads boards, runs and groups over its nodes. A write's
 * lines are applied after its commit, each only if newer than the version the run-group applied
 * last for the user (board-scripts.ts), so a line applied twice, late or out of order changes
 * nothing; the request waits for them, so its answer ranks its own change. A set in the user's slot
 * names every run-group the user was entered in, which an erasure walks to take them out.
 */
import type { BoardEntry, BoardLine } from '@kindling/core/adapter';
import type { Connection } from './connection.js';
import { decodeMember, encodeMember, type AccountKeys } from './keys.js';

const REACHED_DIGITS = 16;

function reachedText(at: number): string {
  return String(Math.max(0, Math.floor(at))).padStart(REACHED_DIGITS, '0');
}

/** The sorted-set score of a value: its negation, so that ascending scores are descending values. */
function scoreOf(value: number): string {
  return value === 0 ? '0' : String(-value);
}

/** Applies `lines` of `userId` at `version` (board-scripts.ts), after naming their run-groups in the user's set. */
export async function applyBoardLines(
  connection: Connection,
  keys: AccountKeys,
  userId: string,
  version: number,
  lines: readonly BoardLine[],
): Promise<void> {
  if (lines.length === 0) return;
  const named = keys.boardsOf(userId);
  const groups = lines.map((line) => JSON.stringify([line.board, line.run, line.group]));
  await connection.run(connection.client.sadd(named, ...groups), named);
  const member = encodeMember(userId);
  await Promise.all(
    lines.map((line) => {
      const ranking = keys.board(line.board, line.run, line.group);
      const score = line.value === null ? '' : scoreOf(line.value);
      return connection.runScript(
        'kindlingBoardApply',
        [ranking.entries, ranking.versions],
        [member, version, score, reachedText(line.reachedAt)],
      );
    }),
  );
}

/** 1 + how many other users' entries of the run-group rank before `entry` (Store.boardPlace). */
export async function boardPlace(
  connection: Connection,
  keys: AccountKeys,
  board: string,
  run: number,
  group: string,
  entry: BoardEntry,
): Promise<number> {
  const ranking = keys.board(board, run, group);
  const member = encodeMember(entry.user);
  const before = await connection.runScript(
    'kindlingBoardPlace',
    [ranking.entries, ranking.versions],
    [scoreOf(entry.value), reachedText(entry.reachedAt) + member, member],
  );
  return 1 + Number(before);
}

export async function boardCount(
  connection: Connection,
  keys: AccountKeys,
  board: string,
  run: number,
  group: string,
): Promise<number> {
  const key = keys.board(board, run, group).entries;
  return Number(await connection.run(connection.client.zcard(key), key));
}

export async function boardPage(
  connection: Connection,
  keys: AccountKeys,
  board: string,
  run: number,
  group: string,
  offset: number,
  limit: number,
): Promise<BoardEntry[]> {
  const from = Math.max(0, Math.floor(offset));
  const count = Math.max(0, Math.floor(limit));
  if (count === 0) return [];
  const key = keys.board(board, run, group).entries;
  const reply = (await connection.run(
    connection.client.zrange(key, from, from + count - 1, 'WITHSCORES'),
    key,
  )) as string[];
  const entries: BoardEntry[] = [];
  for (let i = 0; i + 1 < reply.length; i += 2) {
    const member = reply[i] as string;
    const score = Number(reply[i + 1]);
    entries.push({
      user: decodeMember(member.slice(REACHED_DIGITS), key),
      value: score === 0 ? 0 : -score,
      reachedAt: Number(member.slice(0, REACHED_DIGITS)),
    });
  }
  return entries;
}

/** Takes `userId` out of every run-group they were entered in, and forgets the set naming them. */
export async function eraseBoardEntries(connection: Connection, keys: AccountKeys, userId: string): Promise<void> {
  const named = keys.boardsOf(userId);
  const groups = (await connection.run(connection.client.smembers(named), named)) as string[];
  const member = encodeMember(userId);
  await Promise.all(
    groups.map((text) => {
      const [board, run, group] = JSON.parse(text) as [string, number, string];
      const ranking = keys.board(board, run, group);
      return connection.runScript('kindlingBoardForget', [ranking.entries, ranking.versions], [member]);
    }),
  );
  await connection.run(connection.client.del(named), named);
}
