/**
 * The account's outbox on Redis. A write's entries are committed by the write's own script in the
 * user's slot (write-scripts.ts), so they exist if and only if the write does, on a Cluster too
 * where the user's slot is not the account's. To be found, a user with entries is listed in the
 * registry of the user's partition (partition.ts), scored by the commit instant of the user's oldest entry: on a single Redis by
 * the same script; on a Cluster by a script in the partition's slot after the commit, tried again for a
 * while (partition-slot-retry.ts), and again by every later write of the user with news, which lists
 * the user at its oldest entry, so an entry whose listing was lost is found after the user's next news.
 *
 * `readOutbox` merges the users first in the registries by commit instant, each user's entries in
 * sequence order. A user is taken off the registry only when the user's slot shows no entry and the
 * registry has heard of no sequence after the last one that slot had given out (outbox-scripts.ts
 * SETTLE): a write committed meanwhile keeps its user listed, whichever script lands first.
 */
import { StoreError } from '@kindling/core';
import type { OutboxEntry, OutboxRecord } from '@kindling/core/adapter';
import type { Connection } from './connection.js';
import { decodeMember, encodeMember, type AccountKeys, type UserOutboxKeys } from './keys.js';
import { formatPosition, parsePosition } from './outbox-positions.js';
import { mergePages, type PageReader } from './partition-merge.js';
import { damaged } from './damaged.js';

export interface OutboxContext {
  readonly connection: Connection;
  readonly keys: AccountKeys;
  /** this store's account mark (outbox-positions.ts) */
  readonly mark: string;
}

const MAX_LIMIT = 1000;
/** entries read from one user at a time, at least (fewer when the limit is lower) */
const MIN_CHUNK = 8;
/** removals sent to a user's slot in one script call */
const REMOVE_BATCH = 1000;
/** reads of the registry when the users first in it had no entries left (they are taken off) */
const READ_ROUNDS = 3;

function checkOutboxLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new StoreError(`readOutbox: limit must be a whole number from 1 to ${MAX_LIMIT}, got ${String(limit)}`);
  return limit;
}

/** The outbox arguments of a commit script (outbox-scripts.ts OUTBOX_PART): the user as a member, n, the entries. */
export function outboxArgs(userId: string, entries: readonly OutboxEntry[]): string[] {
  const args = [encodeMember(userId), String(entries.length)];
  for (const entry of entries) args.push(JSON.stringify(entry));
  return args;
}

/** On a Cluster, after a commit with news: lists the user in the registry at `head`, having heard of `last`. */
export async function registerNews(
  context: Pick<OutboxContext, 'connection' | 'keys'>,
  userId: string,
  head: string,
  last: string,
): Promise<void> {
  const { users, heard } = context.keys.partitionOf(userId).registry;
  await context.connection.runScript('kindlingOutboxRegister', [users, heard], [encodeMember(userId), head, last]);
}

interface StoredEntry {
  readonly seq: string;
  readonly stamp: string;
  readonly at: number;
  readonly json: string;
}

/** One user's entries as the merge reads them, a chunk at a time. */
interface Stream {
  readonly member: string;
  readonly keys: UserOutboxKeys;
  /** the user's place in the registry: the tie-break between equal commit instants */
  readonly rank: number;
  entries: StoredEntry[];
  next: number;
  /** the last sequence the user's slot had given out when first read */
  readonly last: string;
  /** whether the user may have entries after those read */
  more: boolean;
}

function parseEntry(member: string, key: string): StoredEntry {
  const first = member.indexOf(':');
  const second = member.indexOf(':', first + 1);
  const seq = member.slice(0, first);
  const stamp = member.slice(first + 1, second);
  if (first < 1 || second < 0 || !/^\d+$/.test(seq) || !/^\d+$/.test(stamp))
    throw damaged(`${key} holds a member that is not an outbox entry ("<sequence>:<instant>:<JSON>")`);
  return { seq, stamp, at: Number(stamp), json: member.slice(second + 1) };
}

async function readEntries(
  connection: Connection,
  keys: UserOutboxKeys,
  after: string,
  count: number,
): Promise<{ last: string; entries: StoredEntry[] }> {
  const [last, members] = (await connection.runScript(
    'kindlingOutboxRead',
    [keys.entries, keys.last],
    [after, count],
  )) as [string, string[]];
  return { last, entries: members.map((member) => parseEntry(member, keys.entries)) };
}

/**
 * Makes the registry follow what a user's slot said: the user's score is its oldest entry's commit
 * instant, and a user without entries is taken off (unless a write with news committed since).
 */
async function settle(context: OutboxContext, member: string, last: string, head: string): Promise<void> {
  const { users, heard } = context.keys.partitionOf(decodeMember(member, 'an outbox registry member')).registry;
  await context.connection.runScript('kindlingOutboxSettle', [users, heard], [member, last, head]);
}

async function openStream(
  context: OutboxContext,
  member: string,
  score: string,
  rank: number,
  chunk: number,
): Promise<Stream> {
  const keys = context.keys.outbox.user(decodeMember(member, 'an outbox registry member'));
  const { last, entries } = await readEntries(context.connection, keys, '0', chunk);
  const head = entries[0];
  if (head === undefined) await settle(context, member, last, '');
  else if (head.at !== Number(score)) await settle(context, member, last, head.stamp);
  return { member, keys, rank, entries, next: 0, last, more: entries.length === chunk };
}

function toRecord(context: OutboxContext, stream: Stream, entry: StoredEntry): OutboxRecord {
  let parsed: OutboxEntry;
  try {
    parsed = JSON.parse(entry.json) as OutboxEntry;
  } catch (error) {
    throw damaged(`${stream.keys.entries} entry ${entry.seq} is not JSON`, error);
  }
  return {
    position: formatPosition(context.mark, { member: stream.member, seq: entry.seq, stamp: entry.stamp }),
    entry: parsed,
  };
}

/** The first `limit` entries of `streams` by commit instant, each stream's in its order. */
async function merge(context: OutboxContext, streams: Stream[], limit: number, chunk: number): Promise<OutboxRecord[]> {
  const records: OutboxRecord[] = [];
  while (records.length < limit) {
    const drained = streams.filter((s) => s.next >= s.entries.length && s.more);
    await Promise.all(
      drained.map(async (stream) => {
        const after = (stream.entries[stream.entries.length - 1] as StoredEntry).seq;
        const { entries } = await readEntries(context.connection, stream.keys, after, chunk);
        stream.entries = entries;
        stream.next = 0;
        stream.more = entries.length === chunk;
      }),
    );
    let best: Stream | undefined;
    let bestAt = 0;
    for (const stream of streams) {
      const head = stream.entries[stream.next];
      if (head === undefined) continue;
      if (best === undefined || head.at < bestAt || (head.at === bestAt && stream.rank < best.rank)) {
        best = stream;
        bestAt = head.at;
      }
    }
    if (best === undefined) break;
    records.push(toRecord(context, best, best.entries[best.next++] as StoredEntry));
  }
  return records;
}

interface Listed {
  readonly member: string;
  readonly score: string;
  readonly at: number;
  readonly partition: number;
}

/**
 * The first `limit` users of the registry over all partitions, by the commit instant of their
 * oldest entry (ties: by partition, then as each partition orders them).
 */
async function firstListed(context: OutboxContext, limit: number): Promise<Listed[]> {
  const { connection } = context;
  const readers = context.keys.partitions.map(({ registry, number }): PageReader<Listed> => {
    let offset = 0;
    return async (_after, count) => {
      const flat = await connection.run(
        connection.client.zrange(registry.users, offset, offset + count - 1, 'WITHSCORES'),
        registry.users,
      );
      offset += flat.length / 2;
      const users: Listed[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        const score = flat[i + 1] as string;
        users.push({ member: flat[i] as string, score, at: Number(score), partition: number });
      }
      return users;
    };
  });
  // Equal instants: by partition; mergePages keeps each partition's own order.
  return mergePages(readers, limit, (a, b) => a.at - b.at || a.partition - b.partition);
}

/** Committed entries, at most `limit`, oldest first, each user's in commit order. */
export async function readOutbox(context: OutboxContext, limit: number): Promise<OutboxRecord[]> {
  checkOutboxLimit(limit);
  for (let round = 1; round <= READ_ROUNDS; round++) {
    // The entries first by commit instant come from the users first in the registry: each of the
    // first `limit` users has one at least as old as anything of a user after them.
    const listed = await firstListed(context, limit);
    if (listed.length === 0) return [];
    const chunk = Math.min(limit, Math.max(MIN_CHUNK, Math.ceil(limit / listed.length)));
    const streams = await Promise.all(
      listed.map(({ member, score }, rank) => openStream(context, member, score, rank, chunk)),
    );
    const live = streams.filter((stream) => stream.entries.length > 0);
    if (live.length > 0) return merge(context, live, limit, chunk);
    // Every user read had no entries left and has been taken off: the registry is read again.
  }
  return [];
}

/** Removes the entries at `positions` (any other string is ignored) and takes users left without entries off the registry. */
export async function removeOutbox(context: OutboxContext, positions: readonly string[]): Promise<void> {
  const byUser = new Map<string, Set<string>>();
  for (const text of positions) {
    const position = parsePosition(context.mark, text);
    if (position === null) continue;
    let named = byUser.get(position.member);
    if (named === undefined) byUser.set(position.member, (named = new Set()));
    named.add(`${position.seq}:${position.stamp}`);
  }
  await Promise.all(
    [...byUser].map(async ([member, named]) => {
      const keys = context.keys.outbox.user(decodeMember(member, 'an outbox position'));
      const args: string[] = [];
      for (const name of named) args.push(name.slice(0, name.indexOf(':')), `${name}:`);
      let reply: [string, string] = ['0', ''];
      for (let from = 0; from < args.length; from += REMOVE_BATCH * 2) {
        reply = (await context.connection.runScript(
          'kindlingOutboxRemove',
          [keys.entries, keys.last],
          args.slice(from, from + REMOVE_BATCH * 2),
        )) as [string, string];
      }
      await settle(context, member, reply[0], reply[1]);
    }),
  );
}
