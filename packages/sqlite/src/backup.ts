/**
 * Online backups of SQLite files while other processes write them, with SQLite's backup API, and the
 * check of a copy before it is used. A file copy of a database in write-ahead-log mode tears (the
 * log holds commits the file does not have yet); the backup API copies pages as SQLite reads them.
 *
 * The backup API copies in steps, and starts over whenever another process commits between two of
 * them: under a steady stream of writes a copy in steps never ends (measured: a writer inserting
 * rows without pause kept a copy of a 50 MB file from finishing for 60 s, when the test stopped it).
 * So each source connection first opens a read transaction, and the copy reads within it: SQLite then
 * copies that snapshot, page by page, and no commit restarts it (writers go on; the write-ahead log
 * only grows until the copy ends, as no checkpoint passes a reader). Of several files, every snapshot
 * is opened, in the order given, before the first page of any is copied: they are copied as of
 * moments microseconds apart, not a whole copy apart.
 */
import Database from 'better-sqlite3';
import { labelOf, storeError, toStoreError } from './errors.js';
import { APPLICATION_ID, checkIdentity, readIdentity, readMigrations } from './migrate.js';
import { checkHeader } from './open.js';

export interface BackupCopy {
  /** the database file to copy (it must exist) */
  readonly from: string;
  /** where the copy is written (a new file; any file there is replaced) */
  readonly to: string;
}

export interface BackupProgress {
  /** the file being copied (its `from`) */
  readonly file: string;
  /** bytes copied so far, of every file together */
  readonly copiedBytes: number;
  /** bytes to copy in all: the snapshots' sizes */
  readonly totalBytes: number;
}

export interface BackupOptions {
  /** called after each step of the copy */
  readonly onProgress?: (progress: BackupProgress) => void;
  /** pages copied per step (default 1000, 4 MB at SQLite's default page size); between steps the event loop runs */
  readonly pagesPerStep?: number;
  /** how long opening a source waits for another connection's lock, in ms (default 10000) */
  readonly busyTimeout?: number;
}

export interface CopiedDatabase {
  readonly from: string;
  readonly to: string;
  /** the copy's size */
  readonly bytes: number;
}

/**
 * Copies each `from` to its `to` with SQLite's online backup API, while other connections and
 * processes go on writing them: the snapshots are opened in the order of `copies` (a file whose
 * writes follow another's goes after it), all before the first page is copied. A failure is a StoreError naming the file; a partial `to` may be
 * left behind, for the caller to remove.
 */
export async function backupDatabases(
  copies: readonly BackupCopy[],
  options: BackupOptions = {},
): Promise<CopiedDatabase[]> {
  const pagesPerStep = options.pagesPerStep ?? 1000;
  const busyTimeout = options.busyTimeout ?? 10_000;
  const sources: Array<{ copy: BackupCopy; db: Database.Database; bytes: number }> = [];
  try {
    for (const copy of copies) {
      const label = labelOf(copy.from);
      checkHeader(copy.from, label);
      let db: Database.Database;
      try {
        db = new Database(copy.from, { fileMustExist: true, timeout: busyTimeout });
      } catch (error) {
        throw toStoreError(label, error);
      }
      sources.push({ copy, db, bytes: 0 });
    }
    // The snapshots, one after another without a pause: a read in each fixes what it sees.
    for (const source of sources) {
      try {
        // BEGIN alone takes no snapshot, nor does a pragma: the first read of a table does.
        source.db.exec('BEGIN');
        source.db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get();
        const pages = source.db.pragma('page_count', { simple: true }) as number;
        source.bytes = pages * (source.db.pragma('page_size', { simple: true }) as number);
      } catch (error) {
        throw toStoreError(labelOf(source.copy.from), error);
      }
    }
    const totalBytes = sources.reduce((sum, source) => sum + source.bytes, 0);
    let before = 0;
    const copied: CopiedDatabase[] = [];
    for (const source of sources) {
      const { from, to } = source.copy;
      const pageSize = source.db.pragma('page_size', { simple: true }) as number;
      try {
        await source.db.backup(to, {
          progress: ({ totalPages, remainingPages }) => {
            options.onProgress?.({
              file: from,
              copiedBytes: before + (totalPages - remainingPages) * pageSize,
              totalBytes,
            });
            return pagesPerStep;
          },
        });
      } catch (error) {
        throw toStoreError(labelOf(from), error);
      }
      before += source.bytes;
      // The driver asks for no further step after the last one: the end of each file is told here.
      options.onProgress?.({ file: from, copiedBytes: before, totalBytes });
      copied.push({ from, to, bytes: source.bytes });
    }
    return copied;
  } finally {
    for (const source of sources) {
      if (source.db.inTransaction) source.db.exec('COMMIT');
      source.db.close();
    }
  }
}

export interface VerifiedDatabase {
  /** `PRAGMA application_id`: Kindling's streak files carry APPLICATION_ID, the control plane's and the delivery queue's 0 */
  readonly applicationId: number;
  /** `PRAGMA user_version`: the streak file's last migration */
  readonly schemaVersion: number;
}

/**
 * Checks a copy before it is used: a SQLite file, not truncated, whose every page and index
 * `PRAGMA integrity_check` finds sound, and, when it is a Kindling streak file, of a schema this
 * version reads. Throws a StoreError naming the file and its first problems (the first ten that
 * SQLite reports); writes nothing to it.
 */
export function verifyDatabase(path: string): VerifiedDatabase {
  const label = labelOf(path);
  checkHeader(path, label);
  let db: Database.Database;
  try {
    // Read-write, though it only reads: a read-only connection leaves the -wal and -shm files it
    // made behind, where the last read-write one removes them as it closes.
    db = new Database(path, { fileMustExist: true });
  } catch (error) {
    throw toStoreError(label, error);
  }
  try {
    const problems = db.pragma('integrity_check(10)', { simple: false }) as Array<{ integrity_check: string }>;
    const found = problems.map((row) => row.integrity_check).filter((text) => text !== 'ok');
    if (found.length > 0) throw storeError(label, `fails its integrity check: ${found.join('; ')}`, undefined, true);
    const identity = readIdentity(db);
    if (identity.applicationId === APPLICATION_ID) checkIdentity(identity, label, readMigrations().length);
    return { applicationId: identity.applicationId, schemaVersion: identity.version };
  } catch (error) {
    throw toStoreError(label, error);
  } finally {
    db.close();
  }
}
