/**
 * Migration 010 on a file of the version before it: the analytics index is copied into a table
 * without the foreign key to users and with an index by user, reads back as it was, and a user's
 * erasure (S26) then finds the user's lines by that index.
 */
import { createEngine, type Store } from '@kindling/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { planOf } from '../test/query-plan.js';
import { useTempFiles } from '../test/temp.js';
import { readMigrations } from './migrate.js';
import { sqliteStore } from './store.js';

const files = useTempFiles();

const at = (iso: string) => Date.parse(iso);
const rules = [
  { key: 'default', frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] },
  { key: 'weekly', frequency: 'weekly' as const, conditions: [{ metric: 'lessons', threshold: 1 }] },
];
const NOW = at('2026-03-03T12:00:00Z');
const engineOn = (store: Store) => createEngine({ store, streaks: rules, metrics: ['lessons'], clock: () => NOW });

/** A file as version 9 left it: written by the store, then its analytics index put back as 001 and 006 made it, and 012's instants of idempotency records taken out. */
async function versionNineFile(name: string): Promise<string> {
  const path = files.path(name);
  const store = sqliteStore({ path });
  const engine = engineOn(store);
  for (const userId of ['ann', 'bob', 'cat'])
    for (const day of ['01', '02', '03'])
      await engine.record({ userId, metric: 'lessons', value: 1, tz: 'UTC', at: at(`2026-03-${day}T09:00:00Z`) });
  await store.close();
  const db = new Database(path);
  db.exec(`
    CREATE TABLE old_index (
      account TEXT NOT NULL, streak TEXT NOT NULL, user_id BLOB NOT NULL, length INTEGER NOT NULL,
      longest INTEGER NOT NULL, dead_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, earns_at REAL,
      PRIMARY KEY (account, streak, user_id),
      FOREIGN KEY (account, user_id) REFERENCES users (account, user_id) ON DELETE CASCADE
    ) WITHOUT ROWID;
    INSERT INTO old_index SELECT account, streak, user_id, length, longest, dead_at, expires_at, earns_at FROM streak_index;
    DROP TABLE streak_index;
    ALTER TABLE old_index RENAME TO streak_index;
    CREATE INDEX streak_index_current ON streak_index (account, streak, length DESC, user_id, dead_at) WHERE length > 0;
    CREATE INDEX streak_index_longest ON streak_index (account, streak, longest DESC, user_id) WHERE longest > 0;
    CREATE INDEX streak_index_expiring ON streak_index (account, streak, expires_at, user_id, dead_at, length) WHERE length > 0;
    CREATE INDEX streak_index_earning ON streak_index (account, streak, earns_at, user_id) WHERE earns_at IS NOT NULL;
    DROP INDEX idempotency_by_instant;
    ALTER TABLE idempotency DROP COLUMN recorded_at;
    DROP TABLE points_index;
    DROP TABLE board_entries; PRAGMA user_version = 9;
  `);
  db.close();
  return path;
}

describe('migration 010: the analytics index by user', () => {
  it('keeps every line of a version 9 file, and an erasure then takes a user’s lines through the new index', async () => {
    const path = await versionNineFile('v9.db');
    const before = new Database(path, { readonly: true });
    const lines = () => before.prepare('SELECT * FROM streak_index ORDER BY streak, user_id').raw().all();
    const old = lines();
    expect(old).toHaveLength(6);
    before.close();

    const store = sqliteStore({ path });
    try {
      const stats = await store.stats('default', NOW, 10);
      expect(stats.topLongest.map((t) => t.userId)).toEqual(['ann', 'bob', 'cat']);
      const db = new Database(path, { readonly: true });
      try {
        expect(db.pragma('user_version', { simple: true })).toBe(readMigrations().length);
        expect(db.prepare('SELECT * FROM streak_index ORDER BY streak, user_id').raw().all()).toEqual(old);
        expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'streak_index'").pluck().get()).not.toMatch(
          /REFERENCES/,
        );
        expect(
          planOf(db, 'DELETE FROM streak_index INDEXED BY streak_index_by_user WHERE account = ? AND user_id = ?'),
        ).toEqual([expect.stringContaining('streak_index_by_user')]);
        // the user's row goes without a look at the analytics index, which no key ties to it now
        expect(planOf(db, 'DELETE FROM users WHERE account = ? AND user_id = ?').join(' ')).not.toMatch(/streak_index/);
      } finally {
        db.close();
      }
      expect(await store.deleteUser('bob')).toBe(true);
      for (const rule of ['default', 'weekly'])
        expect((await store.stats(rule, NOW, 10)).topLongest.map((t) => t.userId)).toEqual(['ann', 'cat']);
    } finally {
      await store.close();
    }
  });
});
