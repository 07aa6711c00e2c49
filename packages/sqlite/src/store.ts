/**
 * sqliteStore: the Store of @kindling/core on one SQLite file (or ':memory:'), shared safely by
 * every process that opens it. Each `update` runs inside an IMMEDIATE transaction (concurrent ones
 * share one, group-commit.ts): read the user, run the step, write what it returns, commit; so
 * events of one user are applied one at a time (S21). A write's outbox entries are rows of that
 * same transaction (migrations/005_outbox.sql). Within a process, the stores of one file share its
 * connection and their batches (connection.ts).
 */
import type { Journal, RecordedEvent, Store } from '@kindling/core';
import type {
  ForgottenRecords,
  HistoryEntry,
  IndexEntry,
  IndexStats,
  OutboxEntry,
  OutboxRecord,
  OwnerAction,
  Rollup,
  StepResult,
  UpdateOptions,
  UserSnapshot,
  UserWrite,
  ZoneChange,
} from '@kindling/core/adapter';
import { StoreError } from '@kindling/core';
import { checkDaySum, checkFiniteNumbers, checkForgetArgs, checkQueueLimit, NEVER } from '@kindling/core/adapter';
import { connect } from './connection.js';
import { storeError, toStoreError } from './errors.js';
import { saveIndexLine } from './index-lines.js';
import {
  blockOf,
  DamagedBlockError,
  groupByBlock,
  readEntries,
  setEntries,
  UnstorableEntryError,
} from './history-blocks.js';
import type { Call } from './group-commit.js';
import type { Synchronous } from './open.js';
import { addToOpen, journalRollups } from './open-rollups.js';
import { decodeKey, encodeKey, parseJson, parseOpenRollups, parseUser, rollupOf, type RollupRow } from './rows.js';
import { encodeRollups, encodeState } from './state-codec.js';

export interface SqliteStoreOptions {
  /** a file path (created when missing) or ':memory:' */
  path: string;
  /** namespace of every row: several accounts can share one file, their data never mixes. Default 'default'. */
  account?: string;
  /** how long a write waits for another process's transaction before failing, in ms. Default 10,000. */
  busyTimeout?: number;
  /**
   * 'full' (default): a commit is on disk before `update` returns, surviving a power loss.
   * 'normal': commits survive a crash of the process but the last ones may be lost with the machine.
   */
  synchronous?: Synchronous;
  /**
   * 'inline' (default): SQLite's own checkpoints, inside the commit that fills the log.
   * 'background': a worker thread per file checkpoints instead, so that no commit stalls on it (checkpoints.ts).
   */
  checkpoints?: 'inline' | 'background';
  /**
   * How many users' states this store keeps parsed after committing them, so that their next update
   * reads no row (state-cache.ts). Default 10,000; 0 keeps none.
   */
  cachedStates?: number;
}

/**
 * A `Store` on one SQLite file (or `':memory:'`), its `account`'s rows apart from every other's:
 * the file opened once per process and shared by the stores of its accounts, its migrations run
 * on open; `close()` closes it once the last store on it is closed.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { createEngine } from '@kindling/core';
 * import { sqliteStore } from '@kindling/sqlite';
 *
 * const store = sqliteStore({ path: ':memory:', account: 'acme' });
 * const engine = createEngine({ store, streaks: [{ frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }] });
 * const result = await engine.record({ userId: 'ada', metric: 'lessons', value: 1, at: Date.parse('2026-03-02T09:00:00Z') });
 * assert.equal(result.currentStreak?.length, 1);
 * assert.equal(await store.version('ada'), 1);
 * await store.close();
 * ```
 */
export function sqliteStore(options: SqliteStoreOptions): Store {
  const {
    path,
    account = 'default',
    busyTimeout = 10_000,
    synchronous = 'full',
    cachedStates = 10_000,
    checkpoints = 'inline',
  } = options;
  // Shared with the other stores of this file in the process (connection.ts).
  const connection = connect(path, { busyTimeout, synchronous, checkpoints });
  const { db, sql, label, batches } = connection;
  const states = connection.cacheOf(account, Math.max(0, Math.floor(cachedStates)));
  let storeClosed = false;

  /** Runs `work`, turning driver failures into StoreErrors that name the file. */
  function guard<T>(work: () => T): T {
    if (storeClosed) throw storeError(label, 'the store is closed');
    try {
      return work();
    } catch (error) {
      throw toStoreError(label, error);
    }
  }

  function readJournal(key: Buffer, userId: string): Journal {
    const zoneChanges: ZoneChange[] = [];
    const actions: OwnerAction[] = [];
    for (const row of sql.journal.all(account, key) as Array<{ kind: string; line: string }>) {
      const line = parseJson<ZoneChange & OwnerAction>(
        label,
        () => `a journal line of user ${JSON.stringify(userId)}`,
        row.line,
      );
      (row.kind === 'zone' ? zoneChanges : actions).push(line);
    }
    const closed = (sql.rollups.all(account, key) as RollupRow[]).map(rollupOf);
    const open = parseOpenRollups(label, account, userId, sql.openRollups.get(account, key));
    return { rollups: journalRollups(closed, open), zoneChanges, actions };
  }

  /**
   * Writes held periods block by block: each touched block is read (unless just cleared), updated and
   * written back when its bytes changed.
   */
  function saveHistory(key: Buffer, entries: readonly HistoryEntry[], cleared: boolean): void {
    for (const [streak, blocks] of groupByBlock(entries)) {
      for (const [block, list] of blocks) {
        const stored = cleared ? undefined : sql.historyBlock.get(account, key, streak, block);
        let data: Buffer;
        try {
          data = setEntries(stored, block, list);
        } catch (error) {
          if (error instanceof UnstorableEntryError)
            throw storeError(label, `refused a write that breaks the schema (${error.message})`, error);
          if (error instanceof DamagedBlockError)
            throw storeError(
              label,
              `${error.message} (rule ${JSON.stringify(streak)}, user ${JSON.stringify(decodeKey(key))}); the file is damaged`,
              error,
            );
          throw error;
        }
        // A block read is rewritten in place, and not at all when the write leaves its bytes as they are.
        if (stored === undefined) sql.saveHistoryBlock.run(account, key, streak, block, data);
        else if (!data.equals(stored)) sql.updateHistoryBlock.run(data, account, key, streak, block);
      }
    }
  }

  function readHistory(userId: string, streak: string, from: number, to: number): HistoryEntry[] {
    const entries: HistoryEntry[] = [];
    if (!(from <= to)) return entries;
    const rows = sql.history.all(account, encodeKey(userId), streak, blockOf(from), blockOf(to));
    try {
      for (const [block, data] of rows) readEntries(streak, block, data, from, to, entries);
    } catch (error) {
      if (error instanceof DamagedBlockError)
        throw storeError(label, `${error.message} (user ${JSON.stringify(userId)}); the file is damaged`, error);
      throw error;
    }
    return entries;
  }

  /**
   * The user's open rollups after `write`, and those it closes (they go to the table, adding to a
   * sum kept there for the same day): every number checked before a row is written (sums.ts in the
   * core), so that a refused write leaves nothing.
   */
  function planRollups(
    key: Buffer,
    userId: string,
    write: UserWrite,
    open: readonly Rollup[],
  ): { next: Rollup[]; closed: Rollup[] } {
    checkFiniteNumbers(write.user, write.rollups);
    const closed: Rollup[] = [];
    const next: Rollup[] = [];
    const after = addToOpen(open, write.rollups, (done) => closed.push(done));
    for (let i = 0; i < after.length; i++) {
      const rollup = after[i] as Rollup;
      // A day opened again that the table holds already (an event of an earlier day) adds to the
      // table's sum at once, so that no day's sum is ever split between the row and the table.
      // `addToOpen` keeps each open sum at its place and adds new ones after them: a sum is of a day
      // opened by this write when it is new, or its place held another day (one look, not a search
      // of every open sum per open sum, which a user with many made as slow as their square).
      const opened = i >= open.length || (open[i] as Rollup).day !== rollup.day;
      if (opened && sql.rollupValue.get(account, key, rollup.metric, rollup.dayStart, rollup.day) !== undefined)
        closed.push(rollup);
      else next.push(checkDaySum(rollup, userId));
    }
    const sums = new Map<string, number>();
    for (const rollup of closed) {
      const day = `${rollup.metric}\u0000${rollup.dayStart}\u0000${rollup.day}`;
      const kept = sums.get(day) ?? sql.rollupValue.get(account, key, rollup.metric, rollup.dayStart, rollup.day) ?? 0;
      sums.set(day, checkDaySum({ ...rollup, value: kept + rollup.value }, userId).value);
    }
    return { next, closed };
  }

  /**
   * Writes everything of `write` (its rollups as planRollups planned them); `stored`, whether the
   * user's row was found; returns the user's open rollups after it, and the characters of the user's row.
   */
  function commit(
    key: Buffer,
    stored: boolean,
    write: UserWrite,
    { next, closed }: { next: Rollup[]; closed: Rollup[] },
  ): { open: readonly Rollup[]; characters: number } {
    // The user's row first: the other tables' rows refer to it.
    const state = encodeState(write.user);
    const open = next.length === 0 ? null : encodeRollups(next);
    // A row just read (or kept parsed) is there: updated in place, inserted after all if it was not.
    if (!stored || sql.updateUser.run(write.user.version, state, open, account, key).changes === 0)
      sql.saveUser.run(account, key, write.user.version, state, open);
    if (write.replaceHistory) sql.clearHistory.run(account, key);
    if (write.history.length > 0) saveHistory(key, write.history, write.replaceHistory === true);
    for (const rollup of closed)
      sql.addRollup.run(
        account,
        key,
        rollup.metric,
        rollup.dayStart,
        rollup.day,
        rollup.value,
        rollup.lastAt,
        rollup.version,
      );
    if (write.zoneChange) sql.appendJournal.run(account, key, 'zone', JSON.stringify(write.zoneChange));
    if (write.action) sql.appendJournal.run(account, key, 'action', JSON.stringify(write.action));
    for (let i = 0; i < write.index.length; i++)
      saveIndexLine(sql, account, key, write.index[i] as IndexEntry, write.indexBefore?.[i]);
    if (write.pointsLines)
      for (const line of write.pointsLines)
        sql.savePointsLine.run(
          account,
          line.system,
          key,
          line.total,
          line.changed ? 1 : 0,
          line.dueAt >= NEVER ? null : line.dueAt,
        );
    if (write.boardLines)
      for (const line of write.boardLines)
        sql.saveBoardEntry.run(
          account,
          line.board,
          line.run,
          line.group,
          key,
          line.value,
          line.reachedAt,
          write.user.version,
        );
    const idempotency = write.idempotency;
    if (idempotency)
      sql.saveReplay.run(
        account,
        key,
        idempotency.metric,
        encodeKey(idempotency.key),
        JSON.stringify(idempotency.response),
        idempotency.recordedAt,
        idempotency.notBefore,
      );
    // A write without news runs no statement for it.
    if (write.outbox !== undefined && write.outbox.length > 0) saveOutbox(key, write.user.id, write.outbox);
    // Last: counted once every row of the write is written, with the batch's others (activity-batch.ts).
    if (write.activity) connection.activity.add(account, write.activity);
    return { open: next, characters: state.length + (open?.length ?? 0) };
  }

  /** Appends a write's news to the account's outbox, in the write's transaction. */
  function saveOutbox(key: Buffer, userId: string, entries: readonly OutboxEntry[]): void {
    for (const entry of entries)
      sql.saveOutbox.run(account, entry.userId === userId ? key : encodeKey(entry.userId), JSON.stringify(entry));
  }

  // Read → step → write, inside a batch's transaction (group-commit.ts).
  const transact = (call: Call): unknown => {
    call.stepFailed = false;
    call.writing = false;
    const key = encodeKey(call.userId);
    const cached = states.take(call.userId);
    const stored = cached === undefined ? sql.loadUser.get(account, key) : undefined;
    const asked = call.options?.idempotency;
    const response =
      asked === undefined
        ? undefined
        : sql.replay.get(account, key, asked.metric, encodeKey(asked.key), asked.notBefore);
    const user = cached?.user ?? (stored === undefined ? null : parseUser(label, account, call.userId, stored[0]));
    const open = cached?.open ?? (stored === undefined ? [] : parseOpenRollups(label, account, call.userId, stored[1]));
    const readVersion = user?.version ?? 0;
    const snapshot: UserSnapshot = {
      user,
      replay:
        response === undefined
          ? null
          : parseJson<RecordedEvent>(
              label,
              `the stored response of idempotency key ${JSON.stringify(asked?.key)}`,
              response,
            ),
      journal: call.options?.journal ? readJournal(key, call.userId) : null,
    };
    let outcome: StepResult<unknown>;
    try {
      outcome = call.step(snapshot);
    } catch (error) {
      call.stepFailed = true;
      throw error;
    }
    if (outcome.write !== undefined) {
      // The version is what optimistic stores compare; every store holds steps to the same rule.
      if (outcome.write.user.version !== readVersion + 1) {
        throw new StoreError(
          `${label}: a write for user ${JSON.stringify(call.userId)} must carry version ${readVersion + 1}, not ${outcome.write.user.version}`,
        );
      }
      let planned: { next: Rollup[]; closed: Rollup[] };
      try {
        planned = planRollups(key, call.userId, outcome.write, open);
      } catch (error) {
        // Refused before a row was written: the error goes to the caller as it is (a sum out of range stays one).
        call.stepFailed = true;
        throw toStoreError(label, error);
      }
      call.writing = true;
      const row = commit(key, user !== null, outcome.write, planned);
      states.keep(call.userId, { user: outcome.write.user, open: row.open }, row.characters);
    }
    return outcome.result;
  };

  /**
   * Erases the user (S26), inside a batch's transaction like an update, so that it takes its turn
   * with the user's updates in this process and, through the file's write lock, in every other. An
   * update of another process that read the user before commits after it only once it read again.
   */
  const erase = (call: Call): unknown => {
    call.stepFailed = false;
    call.writing = true;
    const key = encodeKey(call.userId);
    // the state kept parsed is forgotten with the row, and the version noted with it
    states.take(call.userId);
    sql.eraseIndex.run(account, key);
    sql.erasePoints.run(account, key);
    sql.eraseBoards.run(account, key);
    sql.eraseHistory.run(account, key);
    sql.eraseRollups.run(account, key);
    sql.eraseJournal.run(account, key);
    sql.eraseReplays.run(account, key);
    sql.eraseOutbox.run(account, key);
    const erased = sql.eraseUser.run(account, key).changes > 0;
    // counted in the same transaction: a read stamp taken before it no longer holds (read-stamp.ts)
    if (erased) {
      sql.countErasure.run(account);
      states.erasures = undefined;
    }
    return erased;
  };

  /**
   * The user's committed version: a state this store committed, or a version it read before, answers
   * without a query while no other process has written (state-cache.ts).
   */
  function versionOf(userId: string): number {
    connection.checkKept();
    const kept = states.version(userId);
    if (kept !== undefined) return kept;
    const read = sql.userVersion.get(account, encodeKey(userId)) ?? 0;
    states.noteVersion(userId, read);
    return read;
  }

  /** The account's count of erasures: kept as the versions are, while no other process has written. */
  function erasuresOf(): number {
    connection.checkKept();
    const kept = states.erasures;
    if (kept !== undefined) return kept;
    const read = sql.erasures.get(account) ?? 0;
    states.erasures = read;
    return read;
  }

  const read = <T>(work: () => T): T => guard(() => db.transaction(work).deferred());

  const clearActivity = db.transaction(() => {
    sql.clearErasures.run(account);
    sql.clearDays.run(account);
    sql.clearMetrics.run(account);
    sql.clearAchievements.run(account);
  });

  /** Removes a batch of the account's idempotency records recorded before `before`, and tells whether more remain. */
  const forgetReplays = db.transaction((before: number, limit: number): ForgottenRecords => {
    const removed = sql.forgetReplays.run(account, before, limit).changes;
    return { removed, more: sql.oldReplay.get(account, before) !== undefined };
  });

  /** Deletes the account's outbox rows of these seqs, in one transaction. */
  const removeSeqs = db.transaction((seqs: readonly number[]) => {
    for (const seq of seqs) sql.removeOutbox.run(account, seq);
  });

  return {
    update<T>(userId: string, step: (snapshot: UserSnapshot) => StepResult<T>, options?: UpdateOptions): Promise<T> {
      if (storeClosed) return Promise.reject(storeError(label, 'the store is closed'));
      return batches.submit({ transact, userId, step, options, stepFailed: false, writing: false }) as Promise<T>;
    },
    deleteUser(userId) {
      if (storeClosed) return Promise.reject(storeError(label, 'the store is closed'));
      return batches.submit({
        transact: erase,
        userId,
        step: () => ({ result: null }),
        options: undefined,
        stepFailed: false,
        writing: false,
      }) as Promise<boolean>;
    },
    async load(userId) {
      const stored = guard(() => sql.loadUser.get(account, encodeKey(userId)));
      return stored === undefined ? null : parseUser(label, account, userId, stored[0]);
    },
    async version(userId) {
      return guard(() => versionOf(userId));
    },
    async erasures() {
      return guard(() => erasuresOf());
    },
    peekErasures() {
      if (storeClosed) return undefined;
      try {
        return erasuresOf();
      } catch {
        return undefined;
      }
    },
    peekVersion(userId) {
      // The driver answers on the spot; a closed or failing store leaves it to `version`, which says why.
      if (storeClosed) return undefined;
      try {
        return versionOf(userId);
      } catch {
        return undefined;
      }
    },
    async history(userId, streak, from, to) {
      return guard(() => readHistory(userId, streak, from, to));
    },
    async journal(userId) {
      return read(() => readJournal(encodeKey(userId), userId));
    },
    async users(after, limit) {
      const count = Math.max(0, Math.floor(limit));
      const rows = guard(() =>
        after === null ? sql.users.all(account, count) : sql.usersAfter.all(account, encodeKey(after), count),
      );
      return rows.map(decodeKey);
    },
    async countUsers() {
      return guard(() => sql.countUsers.get(account) as number);
    },
    async stats(streak, at, top): Promise<IndexStats> {
      const count = Math.max(0, Math.floor(top));
      return read(() => {
        const lengths = sql.lengths.all(account, streak, at) as Array<{ length: number; users: number }>;
        const current = sql.topCurrent.all(account, streak, at, count) as Array<{ user_id: Buffer; length: number }>;
        const longest = sql.topLongest.all(account, streak, count) as Array<{ user_id: Buffer; longest: number }>;
        return {
          active: lengths.reduce((sum, row) => sum + row.users, 0),
          lengthSum: lengths.reduce((sum, row) => sum + row.length * row.users, 0),
          lengths: lengths.map((row) => ({ length: row.length, users: row.users })),
          topCurrent: current.map((row) => ({ userId: decodeKey(row.user_id), length: row.length })),
          topLongest: longest.map((row) => ({ userId: decodeKey(row.user_id), longest: row.longest })),
        };
      });
    },
    async expiring(streak, at, before, limit, after) {
      const count = Math.max(0, Math.floor(limit));
      const rows = guard(() =>
        after === undefined || after === null
          ? sql.expiring.all(account, streak, at, before, count)
          : sql.expiringAfter.all(account, streak, at, before, after.expiresAt, encodeKey(after.userId), count),
      );
      return rows.map(([user, length, expiresAt]) => ({ userId: decodeKey(user), length, expiresAt }));
    },
    async earning(streak, before, limit) {
      const count = Math.max(0, Math.floor(limit));
      const rows = guard(() => sql.earning.all(account, streak, before, count) as Buffer[]);
      return rows.map((row) => decodeKey(row));
    },
    async pointsTotals(system, bounds) {
      return read(() => ({
        users: bounds.map((from, i) =>
          i + 1 < bounds.length
            ? sql.pointsBetween.get(account, system, from, bounds[i + 1] as number)
            : sql.pointsFrom.get(account, system, from),
        ) as number[],
        largest: sql.pointsLargest.get(account, system) ?? 0,
      }));
    },
    async boardPlace(board, run, group, entry) {
      const { value, reachedAt, user } = entry;
      const params = { account, board, run, grp: group, value, reachedAt, user: encodeKey(user) };
      return 1 + guard(() => sql.boardBefore.get(params) as number);
    },
    async boardCount(board, run, group) {
      return guard(() => sql.boardCount.get(account, board, run, group) as number);
    },
    async boardPage(board, run, group, offset, limit) {
      const rows = guard(() =>
        sql.boardPage.all(account, board, run, group, Math.max(0, Math.floor(limit)), Math.max(0, Math.floor(offset))),
      );
      return rows.map(([user, value, reachedAt]) => ({ user: decodeKey(user), value, reachedAt }));
    },
    async pointsDue(before, limit) {
      const count = Math.max(0, Math.floor(limit));
      const rows = guard(() => sql.pointsDue.all(account, before, count));
      return rows.map((row) => ({ userId: decodeKey(row.user_id), system: row.system, dueAt: row.due_at }));
    },
    async activity(from, to) {
      return read(() => ({
        days: sql.activityDays.all(account, from, to).map((row) => ({
          day: row.day,
          events: row.events,
          extended: row.extended,
          lost: row.lost,
          freezesUsed: row.freezes_used,
        })),
        metrics: sql.activityMetrics
          .all(account)
          .map((row) => ({ metric: row.metric, total: row.total, events: row.events, lastAt: row.last_at })),
        achievements: sql.activityAchievements
          .all(account)
          .map((row) => ({ achievement: row.achievement, completions: row.completions })),
      }));
    },
    async readOutbox(limit) {
      checkQueueLimit(limit);
      const rows = guard(() => sql.outbox.all(account, limit));
      return rows.map(
        ([seq, text]): OutboxRecord => ({
          position: String(seq),
          entry: parseJson<OutboxEntry>(label, () => `outbox entry ${seq} (account ${JSON.stringify(account)})`, text),
        }),
      );
    },
    async forgetIdempotency(before, limit) {
      checkForgetArgs(before, limit);
      return guard(() => forgetReplays.immediate(before, limit));
    },
    async removeOutbox(positions) {
      const seqs = positions.flatMap(seqOf);
      if (seqs.length > 0) guard(() => removeSeqs.immediate(seqs));
    },
    async clearAccount() {
      // the counts of a batch still being committed land first
      batches.drain();
      guard(() => clearActivity.immediate());
    },
    async probe() {
      guard(() => connection.probe());
    },
    async close() {
      if (storeClosed) return;
      storeClosed = true;
      // Updates already asked for are committed (or refused) first; the last store of the file closes it.
      await connection.release();
    },
  };
}

/** The seq an outbox position names: none for what readOutbox never gives (not a row number). */
function seqOf(position: string): number[] {
  if (typeof position !== 'string' || !/^[1-9][0-9]{0,15}$/.test(position)) return [];
  const seq = Number(position);
  return Number.isSafeInteger(seq) ? [seq] : [];
}
