/**
 * Opening a database file: refuse what is not a Kindling store before touching it (not SQLite,
 * truncated, another application's, a newer schema), then WAL, busy timeout, foreign keys, and the
 * migrations. Every refusal is a StoreError naming the file; nothing is ever reset. The control
 * plane's file (control-kv.ts) is opened the same way, with its own tables instead of the store's.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import Database from 'better-sqlite3';
import { isInMemory, storeError, toStoreError } from './errors.js';
import { checkIdentity, migrate, readIdentity, readMigrations } from './migrate.js';

export type Synchronous = 'full' | 'normal';

export interface OpenOptions {
  /** how long a write waits for another connection's transaction, in ms */
  readonly busyTimeout: number;
  readonly synchronous: Synchronous;
}

const MAGIC = 'SQLite format 3\u0000';

function sizeOf(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

/**
 * Checks the 100-byte header of an existing file: the SQLite magic string, and a size that holds the
 * pages the header counts. A file shorter than that was truncated; it is only judged when there is
 * no write-ahead log with frames that SQLite would recover from (the log may hold the newest pages).
 */
export function checkHeader(path: string, label: string): void {
  const size = sizeOf(path);
  if (size === null || size === 0) return;
  const header = Buffer.alloc(100);
  let read: number;
  try {
    const fd = openSync(path, 'r');
    try {
      read = readSync(fd, header, 0, 100, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw storeError(label, `cannot be read (${(error as Error).message})`, error);
  }
  if (read < 100 || header.toString('latin1', 0, 16) !== MAGIC) {
    throw storeError(
      label,
      `is not a SQLite database (${size} bytes without the SQLite header); Kindling will not overwrite it`,
    );
  }
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  const sizeIsValid = header.readUInt32BE(24) === header.readUInt32BE(92);
  const wal = sizeOf(`${path}-wal`) ?? 0;
  if (sizeIsValid && pages > 0 && size < pages * pageSize && wal <= 32) {
    throw storeError(
      label,
      `is truncated: its header counts ${pages} pages of ${pageSize} bytes (${pages * pageSize} bytes) but the file has ${size}; restore it from a backup`,
    );
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `work` again while SQLite answers SQLITE_BUSY, for up to `timeout` ms. Switching a new file
 * to WAL needs an exclusive lock, and SQLite does not call the busy handler for it when processes
 * create the same file at once; this waits as the busy timeout would.
 */
function retryWhileBusy<T>(work: () => T, timeout: number): T {
  const deadline = Date.now() + timeout;
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    try {
      return work();
    } catch (error) {
      if (!(error instanceof Database.SqliteError) || !error.code.startsWith('SQLITE_BUSY') || Date.now() >= deadline)
        throw error;
      Atomics.wait(pause, 0, 0, wait);
    }
  }
}

/**
 * The size (bytes) the write-ahead log file is cut back to when a writer starts it over after a
 * checkpoint has copied all of it. SQLite reuses the file from its start but keeps its length, so
 * without a limit one burst (an import, a run of batches while checkpoints lag: up to the fallback
 * checkpoint's 10,000 pages, 40 MB) would keep its size on disk for the life of the file.
 */
export const WAL_SIZE_LIMIT = 16 * 1024 * 1024;

/**
 * Switches `db` to write-ahead logging, waiting up to `busyTimeout` for another connection's lock
 * (the busy retry above), and refuses a file that cannot use it. The log is kept to
 * `WAL_SIZE_LIMIT` once checkpointed.
 */
export function useWriteAheadLog(db: Database.Database, label: string, busyTimeout: number): void {
  const mode = retryWhileBusy(() => db.pragma('journal_mode = WAL', { simple: true }), busyTimeout);
  if (mode !== 'wal')
    throw storeError(
      label,
      `cannot use write-ahead logging (journal_mode is ${String(mode)}); is it on a network file system?`,
    );
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
}

/** How often at most the file behind an open database is looked at again. */
export const FILE_CHECK_MS = 10;

/**
 * A check that throws once the file at `path`, or its write-ahead log or shared-memory file, is no
 * longer the one opened (deleted, or another file moved there): SQLite goes on using the files it
 * has open, which nobody opens again, so every write acknowledged from then on would be lost at the
 * next start (the log holds the commits not yet copied back into the file). The log and the
 * shared-memory file are known from the first look that finds them: SQLite makes them with the
 * first transaction, and keeps them while a connection is open. Called before each batch of a
 * store's writes and each operation of the control plane and delivery queue; it looks (a stat per
 * file, about 3 µs each) at most every FILE_CHECK_MS, since a stat per batch cost single events 3%
 * of their CPU on a file without syncs (packages/sqlite, measured side by side): a write comes at
 * most that long after a file was taken away. With `now`, it looks at once (a readiness probe). A
 * no-op for ':memory:'.
 */
export function fileIdentityCheck(path: string, label: string): (now?: 'now') => void {
  if (isInMemory(path)) return () => {};
  const files: Array<{ path: string; opened: { ino: number; dev: number } | undefined }> = [
    { path, opened: statSync(path) },
    { path: `${path}-wal`, opened: undefined },
    { path: `${path}-shm`, opened: undefined },
  ];
  let lookedAt = performance.now();
  let gone: string | null = null;
  const look = (): string | null => {
    for (const file of files) {
      const current = statSync(file.path, { throwIfNoEntry: false });
      if (file.opened === undefined) {
        file.opened = current;
        continue;
      }
      if (current === undefined || current.ino !== file.opened.ino || current.dev !== file.opened.dev) return file.path;
    }
    return null;
  };
  look();
  return (at) => {
    if (gone === null) {
      const now = performance.now();
      if (at !== 'now' && now - lookedAt < FILE_CHECK_MS) return;
      lookedAt = now;
      gone = look();
      if (gone === null) return;
    }
    const what = gone === path ? 'was' : `has lost its ${basename(gone)}: it was`;
    throw storeError(
      label,
      `${what} deleted or replaced while open: no write is taken, as it would be lost; put the file back (or move the new one away) and restart`,
      undefined,
      true,
    );
  };
}

/**
 * Opens (creating if needed) the SQLite file at `path`, or ':memory:': its header checked first, the
 * busy timeout set before any statement runs, then `configure` (which switches to WAL with
 * `useWriteAheadLog` when it wants it). Any failure closes the file and is a StoreError naming it.
 */
export function openSqlite(
  path: string,
  label: string,
  busyTimeout: number,
  configure: (db: Database.Database) => void,
): Database.Database {
  if (!isInMemory(path)) checkHeader(path, label);
  let db: Database.Database;
  try {
    db = new Database(path, { timeout: busyTimeout });
  } catch (error) {
    if (error instanceof Database.SqliteError) throw toStoreError(label, error);
    throw storeError(label, `cannot be opened (${(error as Error).message})`, error);
  }
  try {
    configure(db);
    if (!isInMemory(path)) checkWritable(db, label);
    return db;
  } catch (error) {
    db.close();
    throw toStoreError(label, error);
  }
}

/**
 * Throws when `db` cannot write. SQLite opens a file it may not write (its owner or mode, an
 * immutable flag, a read-only mount) read-only without a word, and answers every read: the file
 * would open, the server say it is ready, and every write then fail. A change to page 1 in a
 * transaction rolled back at once asks for the write lock and the page, and writes nothing.
 */
function checkWritable(db: Database.Database, label: string): void {
  const version = db.pragma('user_version', { simple: true });
  try {
    db.exec('BEGIN IMMEDIATE');
    db.pragma(`user_version = ${Number(version)}`);
  } catch (error) {
    if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_READONLY'))
      throw storeError(
        label,
        `cannot be written (${error.message}): check the owner and mode of the file and of its -wal and -shm files, and that its file system is not mounted read-only`,
        error,
      );
    throw error;
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
  }
}

function configureStore(db: Database.Database, path: string, label: string, options: OpenOptions): void {
  // Read-only questions first: a foreign file must not even be switched to WAL.
  const migrations = readMigrations();
  checkIdentity(readIdentity(db), label, migrations.length);
  if (!isInMemory(path)) useWriteAheadLog(db, label, options.busyTimeout);
  db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  migrate(db, label, migrations);
  // Reading the schema makes SQLite parse every table's definition: a damaged schema fails here.
  db.prepare('SELECT count(*) FROM users WHERE 0').get();
}

/** Opens (creating if needed) a Kindling database at `path`, or ':memory:'. */
export function openDatabase(path: string, label: string, options: OpenOptions): Database.Database {
  return openSqlite(path, label, options.busyTimeout, (db) => configureStore(db, path, label, options));
}
