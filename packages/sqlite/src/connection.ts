/**
 * One connection per database file in a process, shared by the stores of every account on it (and
 * by several stores of one account). Their updates share the group commit's batches, so one sync
 * serves every account; and since no other connection of the process commits to the file, SQLite's
 * data_version changes only when another process writes, so each account's kept states stay valid
 * (state-cache.ts). With a connection per store, every commit of one account emptied the caches of
 * all the others.
 *
 * Opened by the first store of a file, closed with the last. Stores that ask for other settings
 * (sync, busy timeout, checkpoints) get a connection of their own; ':memory:' is never shared, as
 * each is a database of its own.
 */
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { checkpointInBackground } from './checkpoints.js';
import { isInMemory, labelOf, toStoreError } from './errors.js';
import { type GroupCommit, groupCommit } from './group-commit.js';
import { fileIdentityCheck, openDatabase, type Synchronous } from './open.js';
import { StateCache } from './state-cache.js';
import { activityBatch, type ActivityBatch } from './activity-batch.js';
import { prepareStatements, type Statements } from './statements.js';

export interface ConnectionOptions {
  readonly busyTimeout: number;
  readonly synchronous: Synchronous;
  readonly checkpoints: 'inline' | 'background';
}

export interface Connection {
  readonly db: Database.Database;
  readonly sql: Statements;
  /** how messages name the file */
  readonly label: string;
  readonly batches: GroupCommit;
  /** the activity counts of the batch being committed, written together at its end */
  readonly activity: ActivityBatch;
  /** Throws when a write would be refused now: the file taken away (looked at at once), or no read answers. */
  probe(): void;
  /** The kept states of `account` on this connection, one cache for every store of the account (the first one's size holds). */
  cacheOf(account: string, max: number): StateCache;
  /**
   * Before a read that answers from kept states: empties them if another connection committed since
   * they were last checked. Checks data_version at most once per turn of the event loop.
   */
  checkKept(): void;
  /** Called once by each store that opened it, on closing: commits what is queued; the last one closes the file. */
  release(): Promise<void>;
}

const shared = new Map<string, { connection: Connection; stores: number }>();

function open(path: string, options: ConnectionOptions, forget: () => boolean): Connection {
  const label = labelOf(path);
  const db = openDatabase(path, label, options);
  const checkFile = fileIdentityCheck(path, label);
  const releaseCheckpoints =
    options.checkpoints === 'background' && !isInMemory(path) ? checkpointInBackground(path, db) : null;
  const sql = prepareStatements(db);
  const caches = new Map<string, StateCache>();
  const checkCaches = (): void => {
    const dataVersion = sql.dataVersion.get() as number;
    for (const cache of caches.values()) cache.check(dataVersion);
  };
  let checkedThisTurn = false;
  const activity = activityBatch();
  const batches = groupCommit(db, {
    begin: () => {
      checkFile();
      activity.clear();
      checkCaches();
    },
    end: () => activity.write(sql),
    // Rolled back: the states kept during the batch were never committed, nor their counts.
    rolledBack: () => {
      activity.clear();
      for (const cache of caches.values()) cache.clear();
    },
    toStoreError: (error) => toStoreError(label, error),
  });
  return {
    db,
    sql,
    label,
    batches,
    activity,
    probe() {
      checkFile('now');
      sql.dataVersion.get();
    },
    cacheOf(account, max) {
      let cache = caches.get(account);
      if (cache === undefined) {
        cache = new StateCache(max);
        caches.set(account, cache);
      }
      return cache;
    },
    checkKept() {
      if (checkedThisTurn) return;
      checkCaches();
      checkedThisTurn = true;
      setImmediate(() => {
        checkedThisTurn = false;
      });
    },
    async release() {
      if (!forget()) {
        batches.drain();
        return;
      }
      // Updates already asked for are committed (or refused) before the file closes.
      await releaseCheckpoints?.();
      batches.drain();
      if (db.open) db.close();
    },
  };
}

/** The connection to the file at `path` with these settings: the one open in this process, or a new one. */
export function connect(path: string, options: ConnectionOptions): Connection {
  if (isInMemory(path)) return open(path, options, () => true);
  const key = JSON.stringify([resolve(path), options.synchronous, options.busyTimeout, options.checkpoints]);
  const entry = shared.get(key);
  if (entry !== undefined) {
    entry.stores += 1;
    return entry.connection;
  }
  // Whether the store releasing it was the last one.
  const forget = (): boolean => {
    const mine = shared.get(key);
    if (mine === undefined) return true;
    mine.stores -= 1;
    if (mine.stores > 0) return false;
    shared.delete(key);
    return true;
  };
  const connection = open(path, options, forget);
  shared.set(key, { connection, stores: 1 });
  return connection;
}
