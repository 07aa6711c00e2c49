/**
 * `deleteUser` (S26): the user's keys (state, data, first responses, outbox entries and their
 * sequence), the user's lines in the partition (user list, every rule's index, outbox registry,
 * versions counted) and their entries in the leaderboards' rankings go; the activity counts stay. As a commit, a compare-and-set on the version
 * read: a write of another process that lands between the read and the erasure makes it read again,
 * and a write that read the user before commits nothing (its version check fails) and runs again
 * on nothing. On a single Redis it is one script call. On a Cluster the partition's lines go by a
 * second script in the partition's slot, after this store's own index writes in flight: a write of
 * another process committed just before the erasure whose partition lines land after it leaves
 * those lines (a place in the list, an index line) without a user until the user is erased again.
 */
import { StoreError } from '@kindling/core';
import { parseState } from './codec.js';
import type { Connection } from './connection.js';
import { encodeMember, indexKeyList, unescapeName, type AccountKeys } from './keys.js';
import type { PendingWrites } from './pending-writes.js';
import { eraseBoardEntries } from './board-rankings.js';
import { erasePointsLines } from './points-index.js';
import { backoff } from './update.js';
import { parseBlob } from './user-blob.js';
import type { WrittenLines } from './written-lines.js';

export interface EraseContext {
  readonly connection: Connection;
  readonly keys: AccountKeys;
  readonly maxAttempts: number;
  readonly written: WrittenLines;
  readonly indexWrites: PendingWrites;
}

/** The version stored and the rules the user has lines of (every rule of the state, and of its held periods). */
async function readUser(context: EraseContext, userId: string): Promise<{ version: number; rules: string[] }> {
  const key = context.keys.user(userId).state;
  const raw = await context.connection.run(context.connection.client.get(key), key);
  if (raw === null) return { version: 0, rules: [] };
  const blob = parseBlob(raw, key);
  const state = parseState(blob.json, key, blob.version);
  const rules = new Set(Object.keys(state.streaks));
  for (const name of blob.history.keys()) rules.add(unescapeName(name));
  return { version: blob.version, rules: [...rules] };
}

export async function eraseUser(context: EraseContext, userId: string): Promise<boolean> {
  const { connection, keys } = context;
  const user = keys.user(userId);
  const outbox = keys.outbox.user(userId);
  const partition = keys.partitionOf(userId);
  const member = encodeMember(userId);
  const userKeys = [user.state, user.data, user.idem, outbox.entries, outbox.last];
  for (let attempt = 1; attempt <= context.maxAttempts; attempt++) {
    const { version, rules } = await readUser(context, userId);
    const lineKeys = [
      partition.users,
      partition.registry.users,
      partition.registry.heard,
      partition.activity.counted,
      ...rules.flatMap((rule) => indexKeyList(partition.index(rule))),
    ];
    if (connection.cluster) {
      // this store's own writes of the user's lines first, so that none lands after the erasure
      await context.indexWrites.settled(connection.timeoutMs);
    }
    // On a Cluster the count of erasures is in the partition's slot: grown before the erasure (a
    // stamp taken before it, of the state erased, then holds no more) and again after it (a stamp
    // taken in between, of that state too). A single Redis grows it in the erasure's own script.
    const counted = partition.erasures;
    if (connection.cluster && version > 0) await connection.run(connection.client.incr(counted), counted);
    const erased = await connection.runScript(
      'kindlingEraseUser',
      connection.cluster ? userKeys : [...userKeys, ...lineKeys],
      connection.cluster ? [version, member] : [version, member, counted],
    );
    if (erased === 0) {
      await backoff(attempt);
      continue;
    }
    context.written.forget(userId);
    if (connection.cluster) {
      await connection.runScript('kindlingEraseLines', lineKeys, [member]);
      if (version > 0) await connection.run(connection.client.incr(counted), counted);
    }
    // the points lines by a script of their own in the partition's slot, on a single Redis too
    await erasePointsLines(connection, keys, userId);
    // and the user's entries in every run-group they were entered in, each in its own slot
    await eraseBoardEntries(connection, keys, userId);
    return version > 0;
  }
  throw new StoreError(
    `the erasure of user "${userId}" gave up after ${context.maxAttempts} attempts: concurrent writers kept changing the user`,
  );
}
