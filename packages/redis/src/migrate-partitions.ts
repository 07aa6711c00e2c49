/**
 * The move of an account from schema version 2 (its user list, index lines and outbox registry under
 * the account's own tag) to version 3 (in partitions, partition.ts). Run by the first store to open
 * the account, before anything else it does; any number of stores may run it at once, and one that
 * stops half way is finished by the next: every step is placed in the partition before it is taken
 * out of the account's slot, and placing twice places once. Lines written under partitions while it
 * runs are newer than the ones it moves and are kept. The activity counts stay where they are: they
 * are sums, read with the partitions' (redis-store.ts).
 *
 * Processes of an older @kindling/redis must be stopped first: they would keep writing the old keys.
 */
import { StoreError } from '@kindling/core';
import { Cluster } from 'ioredis';
import type { Connection } from './connection.js';
import { decodeMember, indexKeyList, unescapeName, type AccountKeys, type PartitionKeys } from './keys.js';

/** Members moved per step. */
const BATCH = 500;

export interface MigrationProgress {
  readonly users: number;
  readonly lines: number;
  readonly listed: number;
}

function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

function partitionOfMember(keys: AccountKeys, member: string, key: string): PartitionKeys {
  return keys.partitionOf(decodeMember(member, key));
}

function byPartition<T>(
  keys: AccountKeys,
  items: T[],
  memberOf: (item: T) => string,
  key: string,
): Map<PartitionKeys, T[]> {
  const out = new Map<PartitionKeys, T[]>();
  for (const item of items) {
    const partition = partitionOfMember(keys, memberOf(item), key);
    const list = out.get(partition);
    if (list === undefined) out.set(partition, [item]);
    else list.push(item);
  }
  return out;
}

/** The rules whose index lines the account's slot holds, by a scan of their entry keys. */
async function rulesWithLines(connection: Connection, keys: AccountKeys): Promise<string[]> {
  // The entry key of a rule named "%" ends with its escaped name, "%0025", and ":entry".
  const after = ':entry';
  const before = keys.unpartitioned.index('%').entry.slice(0, -`%0025${after}`.length);
  const pattern = `${globEscape(before)}*${globEscape(after)}`;
  const client = connection.client;
  const nodes = client instanceof Cluster ? client.nodes('master') : [client];
  const rules = new Set<string>();
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, found] = await connection.run(node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000), pattern);
      cursor = next;
      for (const key of found) {
        const name = key.slice(before.length, key.length - after.length);
        if (!name.includes(':')) rules.add(unescapeName(name));
      }
    } while (cursor !== '0');
  }
  return [...rules];
}

async function moveUsers(connection: Connection, keys: AccountKeys, progress: { users: number }): Promise<void> {
  const old = keys.unpartitioned.users;
  for (;;) {
    const members = await connection.run(connection.client.zrange(old, 0, BATCH - 1), old);
    if (members.length === 0) return;
    await Promise.all(
      [...byPartition(keys, members, (m) => m, old)].map(([partition, list]) =>
        connection.run(connection.client.zadd(partition.users, ...list.flatMap((m) => ['0', m])), partition.users),
      ),
    );
    await connection.run(connection.client.zrem(old, ...members), old);
    progress.users += members.length;
  }
}

async function moveLines(
  connection: Connection,
  keys: AccountKeys,
  rule: string,
  progress: { lines: number },
): Promise<void> {
  const old = indexKeyList(keys.unpartitioned.index(rule));
  // A full scan returns every line there from its start to its end (HSCAN's promise), taking lines
  // out as it goes included; pages may come back empty before the end. Rounds: a safety net.
  for (let round = 1; ; round++) {
    let cursor = '0';
    let left = 0;
    do {
      const [next, flat] = (await connection.runScript('kindlingReadLines', old, [cursor, BATCH])) as [
        string,
        string[],
      ];
      cursor = next;
      if (flat.length === 0) continue;
      const lines: string[][] = [];
      for (let i = 0; i < flat.length; i += 7) lines.push(flat.slice(i, i + 7));
      await Promise.all(
        [...byPartition(keys, lines, (line) => line[0] as string, old[0] as string)].map(([partition, list]) =>
          connection.runScript('kindlingPlaceLines', indexKeyList(partition.index(rule)), list.flat()),
        ),
      );
      left = (await connection.runScript(
        'kindlingDropLines',
        old,
        lines.map((line) => line[0] as string),
      )) as number;
      progress.lines += lines.length;
    } while (cursor !== '0');
    left = await connection.run(connection.client.hlen(old[0] as string), old[0]);
    if (left === 0) break;
    if (round === 3)
      throw new StoreError(`${old[0]} still holds ${left} lines after ${round} full scans: they were not moved`);
  }
  // What is left (the counts and the sum of the moved lines) describes no one.
  await connection.run(connection.client.del(...old), old[0]);
}

async function moveRegistry(connection: Connection, keys: AccountKeys, progress: { listed: number }): Promise<void> {
  const { users, heard } = keys.unpartitioned.registry;
  for (;;) {
    const flat = await connection.run(connection.client.zrange(users, 0, BATCH - 1, 'WITHSCORES'), users);
    let triples: string[][] = [];
    for (let i = 0; i < flat.length; i += 2) triples.push([flat[i] as string, flat[i + 1] as string, '']);
    if (triples.length === 0) {
      // Sequences heard of for users no longer listed: kept, as a write may list them again.
      // (pages may be empty before the end of a scan: the cursor is followed until one is not)
      let cursor = '0';
      do {
        const [next, fields] = await connection.run(connection.client.hscan(heard, cursor, 'COUNT', BATCH), heard);
        cursor = next;
        for (let i = 0; i < fields.length; i += 2) triples.push([fields[i] as string, '', fields[i + 1] as string]);
      } while (triples.length === 0 && cursor !== '0');
      if (triples.length === 0) return;
    } else {
      const seen = await connection.run(connection.client.hmget(heard, ...triples.map((t) => t[0] as string)), heard);
      triples = triples.map((t, i) => [t[0] as string, t[1] as string, seen[i] ?? '']);
    }
    await Promise.all(
      [...byPartition(keys, triples, (t) => t[0] as string, users)].map(([partition, list]) =>
        connection.runScript(
          'kindlingPlaceRegistry',
          [partition.registry.users, partition.registry.heard],
          list.flat(),
        ),
      ),
    );
    const members = triples.map((t) => t[0] as string);
    await connection.run(connection.client.zrem(users, ...members), users);
    await connection.run(connection.client.hdel(heard, ...members), heard);
    progress.listed += members.length;
  }
}

/** Moves the account's structures into partitions; resolves with what it moved. */
export async function migrateToPartitions(connection: Connection, keys: AccountKeys): Promise<MigrationProgress> {
  const progress = { users: 0, lines: 0, listed: 0 };
  try {
    await moveUsers(connection, keys, progress);
    for (const rule of await rulesWithLines(connection, keys)) await moveLines(connection, keys, rule, progress);
    await moveRegistry(connection, keys, progress);
  } catch (error) {
    const cause = error instanceof StoreError ? error : new StoreError(String(error), { cause: error });
    throw new StoreError(
      `the move of ${keys.schema}'s account to partitions stopped (users ${progress.users}, index lines ${progress.lines}, outbox users ${progress.listed} moved); ` +
        `it goes on where it stopped the next time a store opens the account: ${cause.message}`,
      { cause },
    );
  }
  return progress;
}
