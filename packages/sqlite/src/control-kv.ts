/**
 * A service's control plane (`ControlKV` of @kindling/core) on a SQLite file of its own: five small
 * tables, opened as the store's files are (open.ts: the header checked, the busy timeout set before
 * the first statement, WAL with the busy retry), so that the CLI and a running server can share the
 * file. Every SQLite failure (the disk full, the file locked, read-only or damaged) is a StoreError.
 */
import { ownRecord, type ControlKV } from '@kindling/core/adapter';
import { labelOf, toStoreError } from './errors.js';
import { fileIdentityCheck, openSqlite, useWriteAheadLog } from './open.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS control_docs (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS control_counters (key TEXT NOT NULL, field TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (key, field)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS control_fields (key TEXT NOT NULL, field TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (key, field)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS control_expiry (key TEXT PRIMARY KEY, at REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS control_doc_expiry (key TEXT PRIMARY KEY, at REAL NOT NULL) WITHOUT ROWID;
`;

export interface SqliteControlKVOptions {
  /** how long a statement waits for another connection's lock, opening included, in ms; default 10000 */
  readonly busyTimeout?: number;
}

/** The control plane on the SQLite file at `path` (created if needed). */
export function sqliteControlKV(path: string, options: SqliteControlKVOptions = {}): ControlKV {
  const label = labelOf(path);
  const busyTimeout = options.busyTimeout ?? 10_000;
  const db = openSqlite(path, label, busyTimeout, (db) => {
    useWriteAheadLog(db, label, busyTimeout);
    db.exec(SCHEMA);
  });
  const sql = {
    get: db.prepare<[string, string, number], { value: string }>(
      'SELECT value FROM control_docs WHERE key = ? AND NOT EXISTS (SELECT 1 FROM control_doc_expiry WHERE key = ? AND at <= ?)',
    ),
    docExpire: db.prepare(
      'INSERT INTO control_doc_expiry (key, at) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET at = excluded.at',
    ),
    docKeep: db.prepare('DELETE FROM control_doc_expiry WHERE key = ?'),
    dropExpiredDoc: db.prepare(
      'DELETE FROM control_docs WHERE key = ? AND EXISTS (SELECT 1 FROM control_doc_expiry WHERE key = ? AND at <= ?)',
    ),
    dropExpiredDocs: db.prepare(
      'DELETE FROM control_docs WHERE key IN (SELECT key FROM control_doc_expiry WHERE at <= ?)',
    ),
    dropDocExpiries: db.prepare('DELETE FROM control_doc_expiry WHERE at <= ?'),
    put: db.prepare(
      'INSERT INTO control_docs (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    insert: db.prepare('INSERT INTO control_docs (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING'),
    replace: db.prepare('UPDATE control_docs SET value = ? WHERE key = ? AND value = ?'),
    remove: db.prepare('DELETE FROM control_docs WHERE key = ?'),
    // a key is one name whatever it holds, as on Redis: its fields and counters go with it
    removeFields: db.prepare('DELETE FROM control_fields WHERE key = ?'),
    removeField: db.prepare('DELETE FROM control_fields WHERE key = ? AND field = ?'),
    removeCounters: db.prepare('DELETE FROM control_counters WHERE key = ?'),
    removeExpiry: db.prepare('DELETE FROM control_expiry WHERE key = ?'),
    add: db.prepare<[string, string, number], { value: number }>(
      'INSERT INTO control_counters (key, field, value) VALUES (?, ?, ?) ON CONFLICT (key, field) DO UPDATE SET value = value + excluded.value RETURNING value',
    ),
    counters: db.prepare<[string, string, number], { field: string; value: number }>(
      'SELECT field, value FROM control_counters WHERE key = ? AND NOT EXISTS (SELECT 1 FROM control_expiry WHERE key = ? AND at <= ?)',
    ),
    dropExpiredCounters: db.prepare(
      'DELETE FROM control_counters WHERE key IN (SELECT key FROM control_expiry WHERE at <= ?)',
    ),
    dropExpired: db.prepare('DELETE FROM control_expiry WHERE at <= ?'),
    expire: db.prepare(
      'INSERT INTO control_expiry (key, at) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET at = excluded.at',
    ),
    setField: db.prepare(
      'INSERT INTO control_fields (key, field, value) VALUES (?, ?, ?) ON CONFLICT (key, field) DO UPDATE SET value = excluded.value',
    ),
    fields: db.prepare<[string], { field: string; value: string }>(
      'SELECT field, value FROM control_fields WHERE key = ?',
    ),
    field: db.prepare<[string, string], { value: string }>(
      'SELECT value FROM control_fields WHERE key = ? AND field = ?',
    ),
  };
  const addAll = db.transaction(
    (key: string, increments: Readonly<Record<string, number>>, expireMs: number | undefined) => {
      // Records past their time are dropped here, at the next addition of any record that expires.
      const now = Date.now();
      sql.dropExpiredCounters.run(now);
      sql.dropExpired.run(now);
      const after = Object.fromEntries(
        Object.entries(increments).map(([field, n]) => [
          field,
          (sql.add.get(key, field, n) as { value: number }).value,
        ]),
      );
      if (expireMs !== undefined) sql.expire.run(key, now + expireMs);
      return after;
    },
  );
  /** The time to live of document `key` just written, as `put` and `swap` set it. */
  const setExpiry = (key: string, expireMs: number | undefined): void => {
    if (expireMs === undefined) {
      sql.docKeep.run(key);
      return;
    }
    // Documents past their time are dropped here, at the next write of any document that expires.
    const now = Date.now();
    sql.dropExpiredDocs.run(now);
    sql.dropDocExpiries.run(now);
    sql.docExpire.run(key, now + expireMs);
  };
  const putOne = db.transaction((key: string, value: string, expireMs: number | undefined) => {
    sql.put.run(key, value);
    setExpiry(key, expireMs);
  });
  /** A document past its time is gone before a swap or a removal sees it. */
  const dropIfExpired = (key: string): void => {
    if (sql.dropExpiredDoc.run(key, key, Date.now()).changes > 0) sql.docKeep.run(key);
  };
  const swapOne = db.transaction((key: string, expected: string | null, next: string, expireMs: number | undefined) => {
    dropIfExpired(key);
    const written =
      (expected === null ? sql.insert.run(key, next) : sql.replace.run(next, key, expected)).changes === 1;
    if (written) setExpiry(key, expireMs);
    return written;
  });
  const removeOne = db.transaction((key: string) => {
    sql.remove.run(key);
    sql.docKeep.run(key);
    sql.removeFields.run(key);
    sql.removeCounters.run(key);
    sql.removeExpiry.run(key);
  });
  const removeSome = db.transaction((key: string, fields: readonly string[]) => {
    for (const field of fields) sql.removeField.run(key, field);
  });
  const setAll = db.transaction((key: string, fields: Readonly<Record<string, string>>) => {
    for (const [field, value] of Object.entries(fields)) sql.setField.run(key, field, value);
  });

  const checkFile = fileIdentityCheck(path, label);
  /** `work`, its failure a StoreError naming the file; first, that the file is still the one opened (but on closing). */
  const run = <T>(work: () => T, check = true): Promise<T> => {
    try {
      if (check) checkFile();
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(toStoreError(label, error));
    }
  };
  return {
    get: (key) => run(() => sql.get.get(key, key, Date.now())?.value ?? null),
    put: (key, value, expireMs) => run(() => putOne.immediate(key, value, expireMs)),
    swap: (key, expected, next, expireMs) => run(() => swapOne.immediate(key, expected, next, expireMs)),
    remove: (key) => run(() => removeOne.immediate(key)),
    addCounters: (key, increments, expireMs) => run(() => addAll.immediate(key, increments, expireMs)),
    readCounters: (key) =>
      run(() => ownRecord(sql.counters.all(key, key, Date.now()).map((row) => [row.field, row.value] as const))),
    setFields: (key, fields) => run(() => setAll.immediate(key, fields)),
    removeFields: (key, fields) => run(() => removeSome.immediate(key, fields)),
    readFields: (key) => run(() => ownRecord(sql.fields.all(key).map((row) => [row.field, row.value] as const))),
    readField: (key, field) => run(() => sql.field.get(key, field)?.value ?? null),
    probe: () =>
      run(() => {
        checkFile('now');
        db.pragma('data_version', { simple: true });
      }, false),
    close: () => run(() => void db.close(), false),
  };
}
