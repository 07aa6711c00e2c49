/**
 * Migration 009 on a file of the version before it: every kept answer of an idempotency key moved
 * to the table with rowids, each repeat still answered as first recorded, in every account.
 */
import { createEngine, type Store } from '@kindling/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { readMigrations } from './migrate.js';
import { sqliteStore } from './store.js';

const files = useTempFiles();

const at = (iso: string) => Date.parse(iso);
const engineOn = (store: Store) =>
  createEngine({
    store,
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    metrics: ['lessons'],
  });
const event = (userId: string, key: string, day: string) => ({
  userId,
  metric: 'lessons',
  value: 1,
  at: at(`2026-03-${day}T09:00:00Z`),
  tz: 'UTC',
  idempotencyKey: key,
});

/** The keyed events of each account: user, key, day of March. */
const KEYED = [
  ['ann', 'k-1', '01'],
  ['ann', 'k-2', '02'],
  ['bob', 'k-1', '02'],
] as const;

describe('migration 009: kept answers in a table with rowids', () => {
  it('keeps every answer of a version-8 file and answers each repeat with it', async () => {
    const path = files.path('eight.db');
    const first: Record<string, unknown> = {};
    for (const account of ['default', 'other']) {
      const store = sqliteStore({ path, account });
      const engine = engineOn(store);
      for (const [userId, key, day] of KEYED)
        first[`${account}/${userId}/${key}`] = await engine.record(event(userId, key, day));
      await store.close();
    }
    // back to the table of versions 1 to 8, and the version before this migration
    const db = new Database(path);
    db.exec(`
      CREATE TABLE idempotency_old (
        account TEXT NOT NULL, user_id BLOB NOT NULL, metric TEXT NOT NULL, key BLOB NOT NULL, response TEXT NOT NULL,
        PRIMARY KEY (account, user_id, metric, key),
        FOREIGN KEY (account, user_id) REFERENCES users (account, user_id) ON DELETE CASCADE
      ) WITHOUT ROWID;
      INSERT INTO idempotency_old SELECT account, user_id, metric, key, response FROM idempotency;
      DROP TABLE idempotency;
      ALTER TABLE idempotency_old RENAME TO idempotency;
      DROP TABLE points_index;
      DROP TABLE board_entries; PRAGMA user_version = 8;
    `);
    expect(db.prepare('SELECT count(*) FROM idempotency').pluck().get()).toBe(6);
    db.close();

    for (const account of ['default', 'other']) {
      const store = sqliteStore({ path, account });
      const engine = engineOn(store);
      // each repeated days later
      for (const [userId, key] of KEYED)
        expect(await engine.record(event(userId, key, '05'))).toEqual({
          ...(first[`${account}/${userId}/${key}`] as object),
          replayed: true,
        });
      expect((await engine.record(event('ann', 'k-3', '05'))).replayed).toBe(false);
      expect((await engine.record(event('ann', 'k-3', '06'))).replayed).toBe(true);
      await store.close();
    }
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(readMigrations().length);
    expect(after.prepare("SELECT sql FROM sqlite_master WHERE name = 'idempotency'").pluck().get()).not.toMatch(
      /WITHOUT ROWID/,
    );
    expect(after.prepare('SELECT count(*) FROM idempotency').pluck().get()).toBe(8);
    after.close();
  });
});
