/**
 * `update`: optimistic compare-and-set on the user's version. Read with plain reads, run the step,
 * commit everything with one script that first checks the version is still the one read; on a
 * mismatch read again and run the step again, a bounded number of times with jittered backoff
 * (S21). The index lines and user list of the user's partition (partition.ts) go in the same script on a single Redis, and by a second
 * script in the partition's slot on a Cluster, which the answer does not wait for (pending-writes.ts).
 * A write's outbox entries go in the commit script itself (outbox.ts); a write without any takes the
 * same path as before the outbox existed.
 */
import { StoreError } from '@kindling/core';
import {
  checkFiniteNumbers,
  NEVER,
  type IdempotencyRecord,
  type IndexEntry,
  type StepResult,
  type UpdateOptions,
  type UserSnapshot,
  type UserWrite,
} from '@kindling/core/adapter';
import type { LostCommit, LostCommits, SlotReading } from './lost-commits.js';
import { isDataProblem, retryInPartitionSlot } from './partition-slot-retry.js';
import { activityArgs } from './activity.js';
import { toStoreError, type Connection } from './connection.js';
import {
  encodeMember,
  idempotencyField,
  idempotencyMember,
  indexKeyList,
  type AccountKeys,
  type UserKeys,
} from './keys.js';
import { outboxArgs, registerNews } from './outbox.js';
import { applyBoardLines } from './board-rankings.js';
import { pointsScriptArgs, writePointsLines } from './points-index.js';
import type { PendingWrites } from './pending-writes.js';
import { readFields, readSnapshot, type Snapshot } from './user-reads.js';
import { fieldsToRead, groupWrite, planWrite, type CommitOps } from './write-plan.js';
import { linesText, type WrittenLines } from './written-lines.js';

export interface UpdateContext {
  readonly connection: Connection;
  readonly keys: AccountKeys;
  /** attempts before giving up on a user that concurrent writers keep changing */
  readonly maxAttempts: number;
  /** told when the index could not be brought up to date after a committed write */
  readonly onIndexError: (error: StoreError, userId: string) => void;
  /** on a single Redis: the index lines this process last wrote per user */
  readonly written: WrittenLines;
  /** on a Cluster: the index writes still running after their users' commits */
  readonly indexWrites: PendingWrites;
  /** on a Cluster: the commits sent whose answer was lost, until their outcome is known */
  readonly lost: LostCommits;
}

function commitArgs(ops: CommitOps, version: number, write: UserWrite): Array<string | number | Buffer> {
  const args: Array<string | number | Buffer> = [version, ops.state, ops.set.length];
  for (const [field, value] of ops.set) args.push(field, value);
  args.push(ops.append.length);
  for (const [field, bytes] of ops.append) args.push(field, bytes);
  args.push(ops.del.length, ...ops.del);
  if (write.idempotency)
    args.push(
      idempotencyField(write.idempotency.metric, write.idempotency.key),
      `${write.idempotency.recordedAt} ${JSON.stringify(write.idempotency.response)}`,
      write.idempotency.notBefore,
    );
  else args.push('', '', '');
  return args;
}

/** One line per rule (the last one given): the script reads every old line before writing any. */
function indexArgs(
  context: UpdateContext,
  userId: string,
  version: number,
  lines: readonly IndexEntry[],
): { keys: string[]; args: string[] } {
  const entries = lines.length < 2 ? lines : [...new Map(lines.map((entry) => [entry.streak, entry])).values()];
  const partition = context.keys.partitionOf(userId);
  const keys = [partition.users];
  const args = [encodeMember(userId), String(version)];
  for (const entry of entries) {
    keys.push(...indexKeyList(partition.index(entry.streak)));
    args.push(
      String(entry.length),
      String(entry.longest),
      String(entry.deadAt),
      String(entry.expiresAt),
      String(entry.earnsAt ?? NEVER),
    );
  }
  return { keys, args };
}

const isCount = (n: number) => Number.isSafeInteger(n) && n >= 0;
/** days, periods and day starts: whole numbers the codecs keep exactly */
const isDay = (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 40;
const HELD_BY: ReadonlySet<string> = new Set(['met', 'freeze', 'pause', 'excused', 'restore']);
const isInstant = (n: number) => Number.isFinite(n);

/** A write this store can keep: the next version of the same user, and well-formed numbers. */
function checkWrite(write: UserWrite, userId: string, version: number): void {
  if (write.user.id !== userId)
    throw new StoreError(`a step for user "${userId}" wrote the state of user "${write.user.id}"`);
  if (write.user.version !== version + 1) {
    throw new StoreError(
      `a step for user "${userId}" must write version ${version + 1} (one above the version read), got ${write.user.version}`,
    );
  }
  checkFiniteNumbers(write.user, write.rollups);
  for (const rollup of write.rollups) {
    if (
      !Number.isFinite(rollup.value) ||
      !isInstant(rollup.lastAt) ||
      !isDay(rollup.dayStart) ||
      !isDay(rollup.day) ||
      !isCount(rollup.version)
    ) {
      throw new StoreError(
        `a step for user "${userId}" wrote a rollup with a value, lastAt, dayStart, day or version that is not a number: ${JSON.stringify(rollup)}`,
      );
    }
  }
  for (const entry of write.history) {
    if (!isDay(entry.period) || !isCount(entry.length) || !HELD_BY.has(entry.heldBy)) {
      throw new StoreError(
        `a step for user "${userId}" wrote a held period with a period, length or heldBy out of range: ${JSON.stringify(entry)}`,
      );
    }
  }
  for (const entry of write.index ?? []) {
    if (
      !isCount(entry.length) ||
      !isCount(entry.longest) ||
      !isInstant(entry.deadAt) ||
      !isInstant(entry.expiresAt) ||
      (entry.earnsAt !== undefined && !isInstant(entry.earnsAt))
    ) {
      throw new StoreError(
        `a step for user "${userId}" wrote an index entry with lengths or instants out of range: ${JSON.stringify(entry)}`,
      );
    }
  }
}

/** Full jitter over an exponential ceiling: 1, 2, 4 … 64 ms. */
export function backoff(attempt: number): Promise<void> {
  const ceiling = 2 ** Math.min(attempt - 1, 6);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

/**
 * On a Cluster, after a commit: applies the write's index lines (each only if newer than the recorded
 * one), lists the user, and adds the write's activity counts (once per user version).
 */
export async function applyIndex(
  context: UpdateContext,
  userId: string,
  version: number,
  lines: readonly IndexEntry[],
  activity?: UserWrite['activity'],
): Promise<void> {
  const index = indexArgs(context, userId, version, lines);
  const counters = context.keys.partitionOf(userId).activity;
  const keys = [counters.days, counters.metrics, counters.completions, counters.counted, ...index.keys];
  const args = [...activityArgs(activity), ...index.args];
  // The counts are added once per version, so a try that did land and lost its answer is not counted twice.
  const gaveUp = await retryInPartitionSlot(() => context.connection.runScript('kindlingIndex', keys, args));
  if (gaveUp !== undefined) tellIndexError(context, userId, gaveUp.failed);
}

/**
 * On a Cluster, after a commit with news: lists the user in the outbox registry of the user's partition (listing
 * twice is listing once). Given up, the entries wait for the user's next write with news to list them.
 */
async function listNews(context: UpdateContext, userId: string, head: string, last: string): Promise<void> {
  const gaveUp = await retryInPartitionSlot(() => registerNews(context, userId, head, last));
  if (gaveUp === undefined) return;
  const cause = toStoreError(gaveUp.failed);
  tellIndexError(
    context,
    userId,
    new StoreError(
      `the outbox entries of user "${userId}" are not listed for readOutbox until the user's next write with news: ${cause.message}`,
      { cause },
    ),
  );
}

function tellIndexError(context: UpdateContext, userId: string, error: unknown): void {
  context.onIndexError(error instanceof StoreError ? error : new StoreError(String(error), { cause: error }), userId);
}

/**
 * On a Cluster, after a commit: the write's points lines, in the partition's slot (points-index.ts),
 * following the commit as the index lines do. Each line is written only if newer, so a try again is
 * harmless. A single Redis writes them in the commit script itself.
 */
function followPoints(context: UpdateContext, userId: string, write: UserWrite): void {
  const lines = write.pointsLines;
  if (lines === undefined || lines.length === 0) return;
  context.indexWrites.add(userId, async () => {
    const gaveUp = await retryInPartitionSlot(() =>
      writePointsLines(context.connection, context.keys, userId, write.user.version, lines),
    );
    if (gaveUp !== undefined) tellIndexError(context, userId, gaveUp.failed);
  });
}

/**
 * After a commit whose answer was lost and which is found to have run: the write's board lines,
 * applied as the points lines follow (each only if newer, board-rankings.ts).
 */
function followBoards(context: UpdateContext, userId: string, write: UserWrite): void {
  const lines = write.boardLines;
  if (lines === undefined || lines.length === 0) return;
  context.indexWrites.add(userId, async () => {
    const gaveUp = await retryInPartitionSlot(() =>
      applyBoardLines(context.connection, context.keys, userId, write.user.version, lines),
    );
    if (gaveUp !== undefined) tellIndexError(context, userId, gaveUp.failed);
  });
}

/** After a commit that answered: the write's board lines, applied before the request answers, so it ranks its own change. */
async function applyBoards(context: UpdateContext, userId: string, write: UserWrite): Promise<void> {
  const lines = write.boardLines;
  if (lines === undefined || lines.length === 0) return;
  await applyBoardLines(context.connection, context.keys, userId, write.user.version, lines);
}

/** A single Redis's answer to a commit script that holds the partition's writes: a string is what of them could not be written. */
function tellPartitionProblem(context: UpdateContext, userId: string, reply: unknown): void {
  if (typeof reply !== 'string') return;
  context.written.forget(userId);
  tellIndexError(context, userId, toStoreError(new Error(`KINDLING ${reply}`)));
}

/** The ops of a write, after reading the older fields it changes (a rare second read). */
async function planCommit(
  context: UpdateContext,
  keys: UserKeys,
  snapshot: Snapshot,
  write: UserWrite,
): Promise<CommitOps> {
  const grouped = groupWrite(write);
  const needed = fieldsToRead(snapshot.blob, grouped);
  if (needed.fields.length === 0 && !needed.allHistory) return planWrite(keys, snapshot.blob, grouped, new Map(), []);
  if (snapshot.data !== null) {
    const data = snapshot.data;
    return planWrite(
      keys,
      snapshot.blob,
      grouped,
      new Map(needed.fields.map((field) => [field, data[field] ?? null])),
      Object.keys(data),
    );
  }
  const { values, names } = await readFields(context.connection, keys, needed.fields, needed.allHistory);
  return planWrite(keys, snapshot.blob, grouped, values, names);
}

/**
 * Commits a write with outbox entries, the entries by the same script in the user's slot; true when
 * committed, false on a version mismatch. On a single Redis that script also lists the user in the
 * partition's registry and writes the index and the counts; on a Cluster those follow the commit.
 */
async function commitWithNews(
  context: UpdateContext,
  userId: string,
  keys: UserKeys,
  args: Array<string | number | Buffer>,
  write: UserWrite,
  news: NonNullable<UserWrite['outbox']>,
): Promise<boolean> {
  const outbox = context.keys.outbox.user(userId);
  const userKeys = [keys.state, keys.data, keys.idem, outbox.entries, outbox.last];
  const newsArgs = outboxArgs(userId, news);
  if (!context.connection.cluster) {
    const partition = context.keys.partitionOf(userId);
    const counters = partition.activity;
    const index = indexArgs(context, userId, write.user.version, write.index ?? []);
    const points = pointsScriptArgs(context.keys, userId, write.user.version, write.pointsLines);
    const reply = await context.connection.runScript(
      'kindlingCommitIndexedOutbox',
      [
        ...userKeys,
        partition.registry.users,
        partition.registry.heard,
        counters.days,
        counters.metrics,
        counters.completions,
        ...points.keys,
        ...index.keys,
      ],
      [...args, ...newsArgs, ...activityArgs(write.activity), ...points.args, ...index.args],
    );
    tellPartitionProblem(context, userId, reply);
    if (reply === 1) context.written.remember(userId, write.user.version, linesText(write.index ?? []));
    return reply !== 0;
  }
  // As the index: the partition's slot may be on a node that does not answer.
  const followCommit = (head: string, last: string) =>
    context.indexWrites.add(userId, async () => {
      await Promise.all([
        listNews(context, userId, head, last),
        applyIndex(context, userId, write.user.version, write.index ?? [], write.activity),
      ]);
    });
  const reply = await commitInUserSlot(context, userId, 'kindlingCommitOutbox', userKeys, [...args, ...newsArgs], {
    state: String(args[1]),
    version: write.user.version,
    news: true,
    ran: (outbox) => {
      if (outbox === undefined)
        context.indexWrites.add(userId, () =>
          applyIndex(context, userId, write.user.version, write.index ?? [], write.activity),
        );
      else followCommit(outbox.head, outbox.last);
      followPoints(context, userId, write);
      followBoards(context, userId, write);
    },
  });
  if (!Array.isArray(reply)) return false;
  const [head, last] = reply as [string, number];
  followCommit(head, String(last));
  followPoints(context, userId, write);
  return true;
}

/**
 * On a Cluster: runs a user's commit script in the user's slot. When its answer is lost (anything but
 * a problem with the data: the command may still run on its node), the commit is remembered until its
 * outcome is known (lost-commits.ts), looked for in the background as long as a partition write is
 * tried, and the error goes on to the caller.
 */
async function commitInUserSlot(
  context: UpdateContext,
  userId: string,
  script: 'kindlingCommit' | 'kindlingCommitOutbox',
  keys: readonly string[],
  args: ReadonlyArray<string | number | Buffer>,
  commit: LostCommit,
): Promise<unknown> {
  try {
    return await context.connection.runScript(script, keys, args);
  } catch (error) {
    if (!isDataProblem(error)) {
      context.lost.remember(userId, commit);
      context.indexWrites.add(userId, async () => {
        const gaveUp = await retryInPartitionSlot(() =>
          context.lost.settle(userId, (lost) => readSlot(context, userId, lost)),
        );
        if (gaveUp !== undefined) tellIndexError(context, userId, gaveUp.failed);
      });
    }
    throw error;
  }
}

/** The user's slot after a lost commit (lost-commits.ts), read by a script held behind the commit. */
async function readSlot(context: UpdateContext, userId: string, commit: LostCommit): Promise<SlotReading> {
  const keys = context.keys.user(userId);
  const outbox = context.keys.outbox.user(userId);
  const reply = (await context.connection.runScript(
    'kindlingPeek',
    commit.news ? [keys.state, outbox.entries, outbox.last] : [keys.state],
    [],
  )) as string[];
  const [state = '', head = '', last = ''] = reply;
  return {
    state: state === '' ? null : state,
    ...(commit.news && head !== '' && last !== '' ? { outbox: { head, last } } : {}),
  };
}

/**
 * A record's line in its partition's `idemAt`, by its instant (the user's slot is not the partition's
 * on a Cluster, so not in the commit's script). A commit that then fails leaves a line whose record
 * is absent or newer: forgetIdempotency removes the line and leaves such a record.
 */
async function listRecord(context: UpdateContext, userId: string, record: IdempotencyRecord): Promise<void> {
  const idemAt = context.keys.partitionOf(userId).idemAt;
  const member = idempotencyMember(userId, idempotencyField(record.metric, record.key));
  await context.connection.run(context.connection.client.zadd(idemAt, record.recordedAt, member), idemAt);
}

export async function updateUser<T>(
  context: UpdateContext,
  userId: string,
  step: (snapshot: UserSnapshot) => StepResult<T>,
  options: UpdateOptions | undefined,
): Promise<T> {
  const keys: UserKeys = context.keys.user(userId);
  const userKeys = [keys.state, keys.data, keys.idem];
  // A commit of this user's whose answer was lost: its partition writes come before this write's.
  if (context.lost.size > 0) await context.lost.settle(userId, (lost) => readSlot(context, userId, lost));
  for (let attempt = 1; ; attempt++) {
    const snapshot = await readSnapshot(context.connection, keys, options);
    const { result, write } = step({ user: snapshot.user, replay: snapshot.replay, journal: snapshot.journal });
    if (write === undefined) return result;
    checkWrite(write, userId, snapshot.version);
    const args = commitArgs(await planCommit(context, keys, snapshot, write), snapshot.version, write);
    // Listed by its instant before it is committed: a record is never left where forgetIdempotency cannot find it.
    if (write.idempotency) await listRecord(context, userId, write.idempotency);
    if (write.outbox !== undefined && write.outbox.length > 0) {
      if (await commitWithNews(context, userId, keys, args, write, write.outbox)) {
        await applyBoards(context, userId, write);
        return result;
      }
    } else if (!context.connection.cluster) {
      // One call: the user's keys, the partition's activity counts, points lines and index lines
      // together (or the index left alone, when it already holds these lines).
      const lines = linesText(write.index ?? []);
      const counters = context.keys.partitionOf(userId).activity;
      const countKeys = [counters.days, counters.metrics, counters.completions];
      const counts = activityArgs(write.activity);
      const points = pointsScriptArgs(context.keys, userId, write.user.version, write.pointsLines);
      if (context.written.holds(userId, snapshot.version, lines)) {
        const partitioned = counts[0] !== '0' || points.keys.length > 0;
        const reply = await context.connection.runScript(
          'kindlingCommit',
          partitioned ? [...userKeys, ...countKeys, ...points.keys] : userKeys,
          partitioned ? [...args, ...counts, ...points.args] : args,
        );
        tellPartitionProblem(context, userId, reply);
        if (reply === 1) context.written.remember(userId, write.user.version, lines);
        if (reply !== 0) {
          await applyBoards(context, userId, write);
          return result;
        }
      } else {
        const index = indexArgs(context, userId, write.user.version, write.index ?? []);
        const reply = await context.connection.runScript(
          'kindlingCommitIndexed',
          [...userKeys, ...countKeys, ...points.keys, ...index.keys],
          [...args, ...counts, ...points.args, ...index.args],
        );
        tellPartitionProblem(context, userId, reply);
        if (reply === 1) context.written.remember(userId, write.user.version, lines);
        if (reply !== 0) {
          await applyBoards(context, userId, write);
          return result;
        }
      }
    } else {
      // The partition's slot may be on a node that does not answer: the user's answer does not wait for it.
      const followCommit = () =>
        context.indexWrites.add(userId, () =>
          applyIndex(context, userId, write.user.version, write.index ?? [], write.activity),
        );
      const reply = await commitInUserSlot(context, userId, 'kindlingCommit', userKeys, args, {
        state: String(args[1]),
        version: write.user.version,
        news: false,
        ran: () => {
          followCommit();
          followPoints(context, userId, write);
          followBoards(context, userId, write);
        },
      });
      if (reply === 1) {
        followCommit();
        followPoints(context, userId, write);
        await applyBoards(context, userId, write);
        return result;
      }
    }
    if (attempt >= context.maxAttempts) {
      throw new StoreError(
        `update of user "${userId}" gave up after ${attempt} attempts: concurrent writers changed the user each time`,
      );
    }
    await backoff(attempt);
  }
}
