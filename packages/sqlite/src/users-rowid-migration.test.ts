/**
 * Migration 014 on a file of the version before it: users' rows moved to a table with rowids, and
 * every row that refers to a user (held periods, rollups, answers of idempotency keys, index
 * lines) kept, in every account: the users read as before, and their repeats answered as first.
 */
import { createEngine, type Store } from '@kindling/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { readMigrations } from './migrate.js';
import { sqliteStore } from './store.js';

const files = useTempFiles();

const engineOn = (store: Store) =>
  createEngine({
    store,
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    metrics: ['lessons'],
  });
const event = (userId: string, day: string, key: string | null = null) => ({
  userId,
  metric: 'lessons',
  value: 1,
  at: Date.parse(`2026-03-${day}T09:00:00Z`),
  tz: 'UTC',
  idempotencyKey: key,
});

/** Rows of every table that refers to a user, by table. */
function childRows(db: Database.Database): Record<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE '%REFERENCES users%'")
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((table) => [table, db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number]),
  );
}

describe('migration 014: users in a table with rowids', () => {
  it('keeps every user and every row that refers to one, and answers as before', async () => {
    const path = files.path('thirteen.db');
    const first: Record<string, unknown> = {};
    for (const account of ['default', 'other']) {
      const store = sqliteStore({ path, account });
      const engine = engineOn(store);
      for (const userId of ['ann', 'bob', 'cy'])
        for (const day of ['01', '02', '04'])
          first[`${account}/${userId}/${day}`] = await engine.record(event(userId, day, `k-${day}`));
      await store.close();
    }
    // back to the WITHOUT ROWID table of versions 1 to 13
    const db = new Database(path);
    db.exec(`
      PRAGMA foreign_keys = OFF;
      CREATE TABLE users_old (
        account TEXT NOT NULL, user_id BLOB NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL, open_rollups TEXT,
        PRIMARY KEY (account, user_id)
      ) WITHOUT ROWID;
      INSERT INTO users_old SELECT account, user_id, version, state, open_rollups FROM users;
      DROP TABLE users;
      ALTER TABLE users_old RENAME TO users;
      DROP TABLE board_entries; PRAGMA user_version = 13;
    `);
    const children = childRows(db);
    expect(Object.keys(children).length).toBeGreaterThanOrEqual(3);
    expect(Object.values(children).every((rows) => rows > 0)).toBe(true);
    db.close();

    for (const account of ['default', 'other']) {
      const store = sqliteStore({ path, account });
      const engine = engineOn(store);
      expect(await store.users(null, 10)).toEqual(['ann', 'bob', 'cy']);
      for (const userId of ['ann', 'bob', 'cy']) {
        // a repeat answered as first recorded
        expect(await engine.record(event(userId, '05', 'k-02'))).toEqual({
          ...(first[`${account}/${userId}/02`] as object),
          replayed: true,
        });
        const streak = (await engine.record(event(userId, '05'))).streaks.default;
        expect(streak?.length).toBe(2);
        expect(streak?.longest).toBe(2);
      }
      await store.close();
    }
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(readMigrations().length);
    expect(after.prepare("SELECT sql FROM sqlite_schema WHERE name = 'users'").pluck().get()).not.toMatch(
      /WITHOUT ROWID/,
    );
    expect(after.prepare('SELECT count(*) FROM users').pluck().get()).toBe(6);
    const kept = childRows(after);
    for (const [table, rows] of Object.entries(children)) expect(kept[table]).toBeGreaterThanOrEqual(rows);
    expect(after.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    after.close();
  });
});
