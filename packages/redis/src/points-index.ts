/**
 * The points index on Redis (PointsLine of @kindling/core, S37, S34, S33), per partition like the
 * rules' analytics index: `pl` a hash of each user's lines (`<system> <version> <total> <changed>
 * <dueAt>`, one a line), `pt:<system>` a sorted set of the system's totals (score the total, −1 for
 * a line without a change, so that no range from 0 up counts it), `pdue` a sorted set of the lines
 * due some day (member `<user member> <system>`, score dueAt). Each line is written only if newer
 * than the line kept (the version per line), so a late or repeated try changes nothing. On a single
 * Redis a write's lines are written by its commit script, with the user's keys; on a Cluster, whose
 * partition slot is not the user's, by a script of their own after the commit, as the streak index
 * lines are. The summaries sum each partition's counts.
 */
import { NEVER, type PointsDueRow, type PointsLine, type PointsTotals } from '@kindling/core/adapter';
import type { Connection } from './connection.js';
import { decodeMember, encodeMember, escapeName, unescapeName, type AccountKeys, type PartitionKeys } from './keys.js';

const byUserId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The keys and arguments of `lines` of `userId` at `version` for POINTS_PART (points-scripts.ts): none and ['0'] without lines. */
export function pointsScriptArgs(
  keys: AccountKeys,
  userId: string,
  version: number,
  lines: readonly PointsLine[] | undefined,
): { keys: string[]; args: Array<string | number> } {
  if (lines === undefined || lines.length === 0) return { keys: [], args: ['0'] };
  const partition = keys.partitionOf(userId);
  const bySystem = new Map(lines.map((line) => [line.system, line]));
  const scriptKeys = [partition.pointsLines, partition.pointsDue];
  const args: Array<string | number> = [bySystem.size, encodeMember(userId), version];
  for (const line of bySystem.values()) {
    scriptKeys.push(partition.pointsTotals(line.system));
    args.push(escapeName(line.system), line.total, line.changed ? 1 : 0, Math.min(line.dueAt, NEVER));
  }
  return { keys: scriptKeys, args };
}

/** Writes `lines` of `userId` at `version` in the user's partition, by a script of their own (a Cluster's, after the commit). */
export async function writePointsLines(
  connection: Connection,
  keys: AccountKeys,
  userId: string,
  version: number,
  lines: readonly PointsLine[],
): Promise<void> {
  if (lines.length === 0) return;
  const points = pointsScriptArgs(keys, userId, version, lines);
  await connection.runScript('kindlingPointsLines', points.keys, points.args);
}

/** Takes every points line of `userId` out of the user's partition. */
export async function erasePointsLines(connection: Connection, keys: AccountKeys, userId: string): Promise<void> {
  const partition = keys.partitionOf(userId);
  const member = encodeMember(userId);
  const kept = await connection.run(connection.client.hget(partition.pointsLines, member), partition.pointsLines);
  const systems = (kept ?? '')
    .split('\n')
    .map((line) => line.split(' ')[0] as string)
    .filter((name) => name !== '');
  await connection.runScript(
    'kindlingErasePoints',
    [partition.pointsLines, partition.pointsDue, ...systems.map((name) => partition.pointsTotals(unescapeName(name)))],
    [member, ...systems],
  );
}

/** `Store.pointsTotals` over every partition: each range counted in each and summed, the largest of the largest. */
export async function readPointsTotals(
  connection: Connection,
  partitions: readonly PartitionKeys[],
  system: string,
  bounds: readonly number[],
): Promise<PointsTotals> {
  const each = await Promise.all(
    partitions.map(async (partition) => {
      const key = partition.pointsTotals(system);
      const [counts, top] = await Promise.all([
        Promise.all(
          bounds.map((from, i) =>
            connection.run(
              connection.client.zcount(key, from, i + 1 < bounds.length ? `(${bounds[i + 1]}` : '+inf'),
              key,
            ),
          ),
        ),
        connection.run(connection.client.zrevrange(key, 0, 0, 'WITHSCORES'), key),
      ]);
      return { counts, largest: top.length === 2 ? Math.max(0, Number(top[1])) : 0 };
    }),
  );
  return {
    users: bounds.map((_, i) => each.reduce((sum, partition) => sum + (partition.counts[i] as number), 0)),
    largest: each.reduce((most, partition) => Math.max(most, partition.largest), 0),
  };
}

/** `Store.pointsDue` over every partition: the first `limit` of each, merged. */
export async function readPointsDue(
  connection: Connection,
  partitions: readonly PartitionKeys[],
  before: number,
  limit: number,
): Promise<PointsDueRow[]> {
  const count = Math.max(0, Math.floor(limit));
  if (count === 0) return [];
  const bound = Math.min(before, NEVER);
  const rows = (
    await Promise.all(
      partitions.map(async (partition) => {
        const key = partition.pointsDue;
        const flat = await connection.run(
          connection.client.zrangebyscore(key, '-inf', `(${bound}`, 'WITHSCORES', 'LIMIT', 0, count),
          key,
        );
        const found: PointsDueRow[] = [];
        for (let i = 0; i < flat.length; i += 2) {
          const [member = '', system = ''] = (flat[i] as string).split(' ');
          found.push({ userId: decodeMember(member, key), system: unescapeName(system), dueAt: Number(flat[i + 1]) });
        }
        return found;
      }),
    )
  ).flat();
  return rows
    .sort((a, b) => a.dueAt - b.dueAt || byUserId(a.userId, b.userId) || byUserId(a.system, b.system))
    .slice(0, count);
}
