/**
 * `stats` and `expiring` from a rule's index. The scripts retire what is dead at `at` and read the
 * active structures; members retired earlier by a query at a later instant but alive at `at` come
 * back as "revived" entries, merged here, so that any `at` gets the exact answer and the usual one
 * (`at` moving forward) reads only what it returns.
 */
import { StoreError } from '@kindling/core';
import type { IndexStats } from '@kindling/core/adapter';
import { parseIndexEntry, type StoredIndexEntry } from './codec.js';
import type { Connection, ScriptName } from './connection.js';
import { decodeMember, encodeMember, indexKeyList, type IndexKeys, type PartitionKeys } from './keys.js';
import { mergePages } from './partition-merge.js';
import { damaged } from './damaged.js';

/** Members retired per script call: bounds the time one call holds Redis. */
const RETIRE_BATCH = 2000;

const byUserId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function pairs(flat: unknown, key: string): Array<[string, string]> {
  if (!Array.isArray(flat) || flat.length % 2 !== 0)
    throw damaged(`${key}: unexpected reply from the analytics script`);
  const out: Array<[string, string]> = [];
  for (let i = 0; i < flat.length; i += 2) out.push([String(flat[i]), String(flat[i + 1])]);
  return out;
}

function revivedEntries(flat: unknown, keys: IndexKeys): Array<{ userId: string; entry: StoredIndexEntry }> {
  return pairs(flat, keys.grave).map(([member, raw]) => ({
    userId: decodeMember(member, keys.grave),
    entry: parseIndexEntry(raw, `${keys.entry} field ${member}`),
  }));
}

function checkQuery(values: Record<string, number>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!Number.isFinite(value)) throw new StoreError(`${name} must be a finite number, got ${value}`);
  }
}

/** Runs an analytics script until it has nothing left to retire, and returns its reply after 'done'. */
async function runRetiring(
  connection: Connection,
  name: ScriptName,
  keys: IndexKeys,
  args: Array<string | number>,
): Promise<unknown[]> {
  for (;;) {
    const reply = await connection.runScript(name, indexKeyList(keys), [...args, RETIRE_BATCH]);
    if (!Array.isArray(reply)) throw damaged(`${keys.dead}: unexpected reply from the analytics script`);
    if (reply[0] === 'done') return reply.slice(1);
  }
}

export async function readStats(connection: Connection, keys: IndexKeys, at: number, top: number): Promise<IndexStats> {
  checkQuery({ at, top });
  const limit = Math.max(0, Math.floor(top));
  const [active, lengthSum, counts, current, longest, revived] = await runRetiring(connection, 'kindlingStats', keys, [
    at,
    limit,
  ]);
  const lengths = new Map<number, number>();
  for (const [length, users] of pairs(counts, keys.counts)) lengths.set(Number(length), Number(users));
  const topCurrent = pairs(current, keys.len).map(([member, score]) => ({
    userId: decodeMember(member, keys.len),
    length: -Number(score),
  }));
  let activeCount = Number(active);
  let sum = Number(lengthSum);
  for (const { userId, entry } of revivedEntries(revived, keys)) {
    activeCount += 1;
    sum += entry.length;
    lengths.set(entry.length, (lengths.get(entry.length) ?? 0) + 1);
    topCurrent.push({ userId, length: entry.length });
  }
  if (!Number.isInteger(activeCount) || !Number.isInteger(sum))
    throw damaged(`${keys.sum} or ${keys.dead} does not hold a count`);
  return {
    active: activeCount,
    lengthSum: sum,
    lengths: [...lengths].sort((a, b) => a[0] - b[0]).map(([length, users]) => ({ length, users })),
    topCurrent: topCurrent.sort((a, b) => b.length - a.length || byUserId(a.userId, b.userId)).slice(0, limit),
    topLongest: pairs(longest, keys.best).map(([member, score]) => ({
      userId: decodeMember(member, keys.best),
      longest: -Number(score),
    })),
  };
}

export async function readExpiring(
  connection: Connection,
  keys: IndexKeys,
  at: number,
  before: number,
  limit: number,
  after?: { readonly expiresAt: number; readonly userId: string } | null,
): Promise<Array<{ userId: string; length: number; expiresAt: number }>> {
  checkQuery({ at, before, limit, ...(after != null ? { after: after.expiresAt } : {}) });
  const count = Math.max(0, Math.floor(limit));
  const [soonest, revived] = await runRetiring(connection, 'kindlingExpiring', keys, [
    at,
    before,
    count,
    after != null ? after.expiresAt : '',
    after != null ? encodeMember(after.userId) : '',
  ]);
  // a line after `after` in expiry, then user id order
  const later = (row: { userId: string; expiresAt: number }) =>
    after == null ||
    row.expiresAt > after.expiresAt ||
    (row.expiresAt === after.expiresAt && byUserId(row.userId, after.userId) > 0);
  if (!Array.isArray(soonest) || soonest.length % 3 !== 0)
    throw damaged(`${keys.exp}: unexpected reply from the analytics script`);
  const rows: Array<{ userId: string; length: number; expiresAt: number }> = [];
  for (let i = 0; i < soonest.length; i += 3) {
    const member = String(soonest[i]);
    rows.push({
      userId: decodeMember(member, keys.exp),
      expiresAt: Number(soonest[i + 1]),
      length: -Number(soonest[i + 2]),
    });
  }
  for (const { userId, entry } of revivedEntries(revived, keys)) {
    const row = { userId, length: entry.length, expiresAt: entry.expiresAt };
    if (entry.expiresAt < before && later(row)) rows.push(row);
  }
  return rows.sort((a, b) => a.expiresAt - b.expiresAt || byUserId(a.userId, b.userId)).slice(0, count);
}

/** The stats of a rule over every partition: counts added, the top lists merged. */
export async function readPartitionedStats(
  connection: Connection,
  partitions: readonly PartitionKeys[],
  streak: string,
  at: number,
  top: number,
): Promise<IndexStats> {
  checkQuery({ at, top });
  const limit = Math.max(0, Math.floor(top));
  const parts = await Promise.all(partitions.map((p) => readStats(connection, p.index(streak), at, top)));
  const lengths = new Map<number, number>();
  let active = 0;
  let lengthSum = 0;
  for (const part of parts) {
    active += part.active;
    lengthSum += part.lengthSum;
    for (const { length, users } of part.lengths) lengths.set(length, (lengths.get(length) ?? 0) + users);
  }
  return {
    active,
    lengthSum,
    lengths: [...lengths].sort((a, b) => a[0] - b[0]).map(([length, users]) => ({ length, users })),
    topCurrent: parts
      .flatMap((part) => part.topCurrent)
      .sort((a, b) => b.length - a.length || byUserId(a.userId, b.userId))
      .slice(0, limit),
    topLongest: parts
      .flatMap((part) => part.topLongest)
      .sort((a, b) => b.longest - a.longest || byUserId(a.userId, b.userId))
      .slice(0, limit),
  };
}

type ExpiringRow = { userId: string; length: number; expiresAt: number };

/** `expiring` of a rule over every partition, merged in expiry, then user id order. */
export function readPartitionedExpiring(
  connection: Connection,
  partitions: readonly PartitionKeys[],
  streak: string,
  at: number,
  before: number,
  limit: number,
  after?: { readonly expiresAt: number; readonly userId: string } | null,
): Promise<ExpiringRow[]> {
  checkQuery({ at, before, limit, ...(after != null ? { after: after.expiresAt } : {}) });
  return mergePages(
    partitions.map(
      (p) => (last: ExpiringRow | null, count: number) =>
        readExpiring(connection, p.index(streak), at, before, count, last ?? after),
    ),
    Math.max(0, Math.floor(limit)),
    (a, b) => a.expiresAt - b.expiresAt || byUserId(a.userId, b.userId),
  );
}

/** `earning` of a rule over every partition: the members of each `earn` set before `before`, merged. */
export function readPartitionedEarning(
  connection: Connection,
  partitions: readonly PartitionKeys[],
  streak: string,
  before: number,
  limit: number,
): Promise<string[]> {
  checkQuery({ before, limit });
  type Row = { userId: string; earnsAt: number };
  const readers = partitions.map((p) => {
    const key = p.index(streak).earn;
    let offset = 0;
    return async (_last: Row | null, count: number): Promise<Row[]> => {
      const flat = await connection.run(
        connection.client.zrangebyscore(key, '-inf', `(${before}`, 'WITHSCORES', 'LIMIT', offset, count),
        key,
      );
      offset += flat.length / 2;
      const rows: Row[] = [];
      for (let i = 0; i < flat.length; i += 2)
        rows.push({ userId: decodeMember(flat[i] as string, key), earnsAt: Number(flat[i + 1]) });
      return rows;
    };
  });
  return mergePages(
    readers,
    Math.max(0, Math.floor(limit)),
    (a, b) => a.earnsAt - b.earnsAt || byUserId(a.userId, b.userId),
  ).then((rows) => rows.map((row) => row.userId));
}
