/**
 * redisStore: the Store on Redis or Redis Cluster. Per user, an optimistic compare-and-set commit
 * (update.ts); per account, a user list and an analytics index in partitions (partition.ts) kept
 * right after each commit (write-scripts.ts) and read without scanning users (analytics.ts); an outbox committed with the
 * writes (outbox.ts). See README.md for the layout.
 */
import { boardCount, boardPage, boardPlace } from './board-rankings.js';
import { userQueue } from './user-queue.js';
import { StoreError, type Store } from '@kindling/core';
import { readActivity } from './activity.js';
import { readPartitionedEarning, readPartitionedExpiring, readPartitionedStats } from './analytics.js';
import { connect } from './connection.js';
import { eraseUser } from './erase.js';
import { forgetIdempotency } from './forget-idempotency.js';
import { accountKeys } from './keys.js';
import { listUsers } from './user-list.js';
import { readOutbox, removeOutbox, type OutboxContext } from './outbox.js';
import { accountMark } from './outbox-positions.js';
import { pendingWrites } from './pending-writes.js';
import { readPointsDue, readPointsTotals } from './points-index.js';
import { ensureSchema } from './schema.js';
import { lostCommits } from './lost-commits.js';
import { updateUser, type UpdateContext } from './update.js';
import { loadUser, readHistory, readJournal, readVersion } from './user-reads.js';
import { writtenLines } from './written-lines.js';

export interface RedisStoreOptions {
  /** a single Redis; default redis://127.0.0.1:6379 */
  readonly url?: string;
  /** seed nodes of a Redis Cluster; when given, `url` is not used */
  readonly cluster?: ReadonlyArray<{ readonly host: string; readonly port: number }>;
  /** whose data this store holds: accounts never see each other's keys; default "default" */
  readonly account?: string;
  /** first part of every key; default "kl" */
  readonly keyPrefix?: string;
  /** attempts of one update against concurrent writers of the same user; default 100 */
  readonly maxAttempts?: number;
  /** told when a committed write's index line could not be written; default: a process warning */
  readonly onIndexError?: (error: StoreError, userId: string) => void;
  /** how long one command, and one update (its wait for its turn included), may take before the call fails with a StoreError; default 2000 ms */
  readonly timeoutMs?: number;
}

export type RedisStore = Store;

/**
 * Runs a user's update in its turn (user-queue.ts) within `timeoutMs`, the wait for its turn
 * included: when Redis stalls, a user's queued updates must not add their timeouts up. An update
 * whose time ran out before its turn does not run; one that ran out while running fails with a
 * StoreError and may still commit (as a timed-out command may).
 */
function inTime<T>(
  timeoutMs: number,
  userId: string,
  inTurn: (work: () => Promise<T>) => Promise<T>,
  work: () => Promise<T>,
): Promise<T> {
  let late = false;
  const run = inTurn(() =>
    late
      ? Promise.reject(
          new StoreError(
            `update of user "${userId}" dropped: its time ran out while it waited for the user's earlier updates`,
          ),
        )
      : work(),
  );
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      late = true;
      reject(new StoreError(`redis did not finish the update of user "${userId}" within ${timeoutMs} ms`));
    }, timeoutMs);
    run.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function warnIndexError(error: StoreError, userId: string): void {
  process.emitWarning(
    `@kindling/redis: the index line of user "${userId}" is stale until their next write: ${error.message}`,
    { code: 'KINDLING_INDEX_STALE' },
  );
}

/**
 * A `Store` on Redis or a Redis Cluster, its `account`'s keys under `keyPrefix` apart from every
 * other's: one connection per address in the process, shared with the other stores on it and
 * closed with the last of them (`close()`).
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { createEngine } from '@kindling/core';
 * import { redisStore } from '@kindling/redis';
 *
 * const store = redisStore({ url: 'redis://127.0.0.1:6379', keyPrefix: 'example', account: 'acme' });
 * const engine = createEngine({ store, streaks: [{ frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }] });
 * const result = await engine.record({ userId: 'ada', metric: 'lessons', value: 1, at: Date.parse('2026-03-02T09:00:00Z') });
 * assert.equal(result.currentStreak?.length, 1);
 * assert.equal(await store.version('ada'), 1);
 * await store.close();
 * ```
 */
export function redisStore(options: RedisStoreOptions = {}): RedisStore {
  const keyPrefix = options.keyPrefix ?? 'kl';
  const account = options.account ?? 'default';
  const keys = accountKeys(keyPrefix, account);
  const maxAttempts = options.maxAttempts ?? 100;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new StoreError(`maxAttempts must be a whole number ≥ 1, got ${maxAttempts}`);
  const connection = connect(options);
  const indexWrites = pendingWrites();
  const context: UpdateContext = {
    connection,
    keys,
    maxAttempts,
    onIndexError: options.onIndexError ?? warnIndexError,
    written: writtenLines(),
    indexWrites,
    lost: lostCommits((userId, commit) =>
      context.onIndexError(
        new StoreError(
          `the commit of version ${commit.version} of user "${userId}" lost its answer and a later write came before its outcome could be read: its activity counts and index lines may be missing`,
        ),
        userId,
      ),
    ),
  };
  const outbox: OutboxContext = { connection, keys, mark: accountMark(keyPrefix, account) };
  const inTurn = userQueue();
  let schema: Promise<void> | null = null;
  /** Checks the schema once per store; a failed check is tried again on the next call. */
  const ready = async () => {
    schema ??= ensureSchema(connection, keys).catch((error: unknown) => {
      schema = null;
      throw error;
    });
    await schema;
  };

  return {
    async update(userId, step, updateOptions) {
      await ready();
      return inTime(
        connection.timeoutMs,
        userId,
        (work) => inTurn(userId, work),
        () => updateUser(context, userId, step, updateOptions),
      );
    },
    async deleteUser(userId) {
      await ready();
      // after this store's updates of the user asked for before it, like an update
      return inTime(
        connection.timeoutMs,
        userId,
        (work) => inTurn(userId, work),
        () => eraseUser(context, userId),
      );
    },
    async load(userId) {
      await ready();
      return loadUser(connection, keys.user(userId));
    },
    async boardPlace(board, run, group, entry) {
      await ready();
      return boardPlace(connection, keys, board, run, group, entry);
    },
    async boardCount(board, run, group) {
      await ready();
      return boardCount(connection, keys, board, run, group);
    },
    async boardPage(board, run, group, offset, limit) {
      await ready();
      return boardPage(connection, keys, board, run, group, offset, limit);
    },
    async erasures(userId) {
      await ready();
      const key = keys.partitionOf(userId).erasures;
      const count = await connection.run(connection.client.get(key), key);
      return count === null ? 0 : Number(count);
    },
    async version(userId) {
      await ready();
      return readVersion(connection, keys.user(userId));
    },
    async history(userId, streak, from, to) {
      await ready();
      return readHistory(connection, keys.user(userId), streak, from, to);
    },
    async journal(userId) {
      await ready();
      return readJournal(connection, keys.user(userId));
    },
    async users(after, limit) {
      await ready();
      await indexWrites.settled(connection.timeoutMs);
      return listUsers(connection, keys.partitions, after, limit);
    },
    async countUsers() {
      await ready();
      await indexWrites.settled(connection.timeoutMs);
      const counts = await Promise.all(
        keys.partitions.map(({ users }) => connection.run(connection.client.zcard(users), users)),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    },
    async stats(streak, at, top) {
      await ready();
      await indexWrites.settled(connection.timeoutMs);
      return readPartitionedStats(connection, keys.partitions, streak, at, top);
    },
    async expiring(streak, at, before, limit, after) {
      await ready();
      await indexWrites.settled(connection.timeoutMs);
      return readPartitionedExpiring(connection, keys.partitions, streak, at, before, limit, after);
    },
    async earning(streak, before, limit) {
      await ready();
      await indexWrites.settled(connection.timeoutMs);
      return readPartitionedEarning(connection, keys.partitions, streak, before, limit);
    },
    async pointsTotals(system, bounds) {
      await ready();
      await indexWrites.settled(connection.timeoutMs);
      return readPointsTotals(connection, keys.partitions, system, bounds);
    },
    async pointsDue(before, limit) {
      await ready();
      await indexWrites.settled(connection.timeoutMs);
      return readPointsDue(connection, keys.partitions, before, limit);
    },
    async activity(from, to) {
      await ready();
      // on a Cluster, the counts go with the index writes still in flight
      await indexWrites.settled(connection.timeoutMs);
      return readActivity(
        connection,
        [...keys.partitions.map((p) => p.activity), keys.unpartitioned.activity],
        from,
        to,
      );
    },
    async clearAccount() {
      await ready();
      await indexWrites.settled(connection.timeoutMs);
      for (const { days, metrics, completions } of [
        ...keys.partitions.map((p) => p.activity),
        keys.unpartitioned.activity,
      ])
        await connection.run(connection.client.del(days, metrics, completions), days);
      for (const { erasures } of keys.partitions) await connection.run(connection.client.del(erasures), erasures);
      // the lines of the erased users' idempotency records, whose records went with them
      for (const { idemAt } of keys.partitions) await connection.run(connection.client.del(idemAt), idemAt);
      // the account's mark last: a store that names the account again sets it again, first
      await connection.run(connection.client.del(keys.schema), keys.schema);
      schema = null;
    },
    async readOutbox(limit) {
      await ready();
      // on a Cluster, the users this store's writes list are listed by the writes still in flight
      await indexWrites.settled(connection.timeoutMs);
      return readOutbox(outbox, limit);
    },
    async forgetIdempotency(before, limit) {
      await ready();
      return forgetIdempotency(connection, keys, before, limit);
    },
    async removeOutbox(positions) {
      await ready();
      await removeOutbox(outbox, positions);
    },
    async close() {
      await indexWrites.settled(connection.timeoutMs);
      await connection.close();
    },
  };
}
