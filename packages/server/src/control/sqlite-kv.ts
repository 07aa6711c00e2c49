/**
 * The control plane on a SQLite file (better-sqlite3): four small tables, WAL, a busy timeout so
 * that the CLI and a running server can share the file. Every SQLite failure (the disk full, the
 * file locked, read-only or damaged) is a StoreError, by the converter of @kindling/sqlite.
 */
import { sqliteLabel, toSqliteStoreError } from '@kindling/sqlite';
import Database from 'better-sqlite3';
import { ownRecord, type ControlKV } from './kv.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS control_docs (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS control_counters (key TEXT NOT NULL, field TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (key, field)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS control_fields (key TEXT NOT NULL, field TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (key, field)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS control_expiry (key TEXT PRIMARY KEY, at REAL NOT NULL) WITHOUT ROWID;
`;

export function sqliteKV(path: string): ControlKV {
  const label = sqliteLabel(path);
  let db: Database.Database;
  try {
    db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 10000');
    db.exec(SCHEMA);
  } catch (error) {
    throw toSqliteStoreError(label, error);
  }
  const sql = {
    get: db.prepare<[string], { value: string }>('SELECT value FROM control_docs WHERE key = ?'),
    put: db.prepare('INSERT INTO control_docs (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
    insert: db.prepare('INSERT INTO control_docs (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING'),
    replace: db.prepare('UPDATE control_docs SET value = ? WHERE key = ? AND value = ?'),
    remove: db.prepare('DELETE FROM control_docs WHERE key = ?'),
    add: db.prepare<[string, string, number], { value: number }>(
      'INSERT INTO control_counters (key, field, value) VALUES (?, ?, ?) ON CONFLICT (key, field) DO UPDATE SET value = value + excluded.value RETURNING value',
    ),
    counters: db.prepare<[string, string, number], { field: string; value: number }>(
      'SELECT field, value FROM control_counters WHERE key = ? AND NOT EXISTS (SELECT 1 FROM control_expiry WHERE key = ? AND at <= ?)',
    ),
    dropExpiredCounters: db.prepare('DELETE FROM control_counters WHERE key IN (SELECT key FROM control_expiry WHERE at <= ?)'),
    dropExpired: db.prepare('DELETE FROM control_expiry WHERE at <= ?'),
    expire: db.prepare('INSERT INTO control_expiry (key, at) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET at = excluded.at'),
    setField: db.prepare(
      'INSERT INTO control_fields (key, field, value) VALUES (?, ?, ?) ON CONFLICT (key, field) DO UPDATE SET value = excluded.value',
    ),
    fields: db.prepare<[string], { field: string; value: string }>('SELECT field, value FROM control_fields WHERE key = ?'),
  };
  const addAll = db.transaction((key: string, increments: Readonly<Record<string, number>>, expireMs: number | undefined) => {
    // Records past their time are dropped here, at the next addition of any record that expires.
    const now = Date.now();
    sql.dropExpiredCounters.run(now);
    sql.dropExpired.run(now);
    const after = Object.fromEntries(Object.entries(increments).map(([field, n]) => [field, (sql.add.get(key, field, n) as { value: number }).value]));
    if (expireMs !== undefined) sql.expire.run(key, now + expireMs);
    return after;
  });
  const setAll = db.transaction((key: string, fields: Readonly<Record<string, string>>) => {
    for (const [field, value] of Object.entries(fields)) sql.setField.run(key, field, value);
  });

  const run = <T>(work: () => T): Promise<T> => {
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(toSqliteStoreError(label, error));
    }
  };
  return {
    get: (key) => run(() => sql.get.get(key)?.value ?? null),
    put: (key, value) => run(() => void sql.put.run(key, value)),
    swap: (key, expected, next) => run(() => (expected === null ? sql.insert.run(key, next) : sql.replace.run(next, key, expected)).changes === 1),
    remove: (key) => run(() => void sql.remove.run(key)),
    addCounters: (key, increments, expireMs) => run(() => addAll.immediate(key, increments, expireMs)),
    readCounters: (key) => run(() => ownRecord(sql.counters.all(key, key, Date.now()).map((row) => [row.field, row.value] as const))),
    setFields: (key, fields) => run(() => setAll.immediate(key, fields)),
    readFields: (key) => run(() => ownRecord(sql.fields.all(key).map((row) => [row.field, row.value] as const))),
    close: () => run(() => void db.close()),
  };
}
