/**
 * Migration 012 on a file of the version before it: every idempotency record kept takes the
 * migration's instant, so each repeat is still answered for one retention after the upgrade, and the
 * records age out from there (found by the new index, not at once).
 */
import { createEngine, type Store } from '@kindling/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { sqliteStore } from './store.js';

const files = useTempFiles();
const HOUR = 3_600_000;
const engineOn = (store: Store, now: number) =>
  createEngine({
    store,
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    metrics: ['lessons'],
    clock: () => now,
    idempotencyRetentionMs: 24 * HOUR,
  });
const event = (userId: string, key: string) => ({
  userId,
  metric: 'lessons',
  value: 1,
  tz: 'UTC',
  idempotencyKey: key,
});

describe('migration 012: idempotency records with the instant they were recorded', () => {
  it('gives the rows of a version-11 file the migration’s instant: answered for a retention after it, then removed', async () => {
    const path = files.path('eleven.db');
    // recorded a year ago by the clock, under version 11
    const yearAgo = Date.now() - 365 * 24 * HOUR;
    const store = sqliteStore({ path });
    const first = await engineOn(store, yearAgo).record(event('ann', 'k-1'));
    await engineOn(store, yearAgo).record(event('bob', 'k-1'));
    await store.close();
    const db = new Database(path);
    db.exec(`
      DROP INDEX idempotency_by_instant;
      ALTER TABLE idempotency DROP COLUMN recorded_at;
      DROP TABLE points_index;
      DROP TABLE board_entries; PRAGMA user_version = 11;
    `);
    db.close();

    const opened = Math.floor(Date.now() / 1000) * 1000;
    const again = sqliteStore({ path });
    const migrated = Date.now();
    const engine = engineOn(again, migrated);
    expect(await engine.record(event('ann', 'k-1'))).toEqual({ ...first, replayed: true });
    const view = new Database(path, { readonly: true });
    const instants = view.prepare('SELECT recorded_at FROM idempotency').pluck().all() as number[];
    expect(view.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'idempotency_by_instant'").pluck().get()).toBe(
      1,
    );
    view.close();
    expect(instants).toHaveLength(2);
    for (const instant of instants) {
      expect(instant).toBeGreaterThanOrEqual(opened);
      expect(instant).toBeLessThanOrEqual(migrated);
    }
    expect(await again.forgetIdempotency(opened, 100)).toEqual({ removed: 0, more: false });
    // a retention after the upgrade, the key is recorded anew
    expect((await engineOn(again, migrated + 24 * HOUR).record(event('bob', 'k-1'))).replayed).toBe(false);
    expect(await again.forgetIdempotency(migrated + 1, 100)).toEqual({ removed: 1, more: false });
    await again.close();
  });
});
