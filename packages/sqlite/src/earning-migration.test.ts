/**
 * Migration 006 on a file of the version before it: every line gets an empty `earns_at` (never due
 * for an earning) and reads back as it was; the user's next write fills it, and the sweeper then
 * finds the user at the local day start of the next earning.
 */
import { createEngine, type Store } from '@kindling/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { readMigrations } from './migrate.js';
import { sqliteStore } from './store.js';

const files = useTempFiles();

const at = (iso: string) => Date.parse(iso);
const rule = {
  key: 'default',
  frequency: 'daily' as const,
  conditions: [{ metric: 'lessons', threshold: 1 }],
  freezes: { max: 5, earn: { every: 3, amount: 1 } },
};
const engineOn = (store: Store, now: () => number) =>
  createEngine({ store, streaks: [rule], metrics: ['lessons'], clock: now });

/** A file as version 5 left it: written by the store, then what 006 adds taken away. */
async function versionFiveFile(name: string): Promise<string> {
  const path = files.path(name);
  const store = sqliteStore({ path });
  const engine = engineOn(store, () => at('2026-03-01T09:00:00Z'));
  await engine.record({ userId: 'ann', metric: 'lessons', value: 1, tz: 'UTC' });
  await engine.record({ userId: 'bob', metric: 'lessons', value: 1, tz: 'UTC' });
  await store.close();
  const db = new Database(path);
  db.exec(
    'DROP TABLE points_index; DROP INDEX streak_index_earning; ALTER TABLE streak_index DROP COLUMN earns_at; DROP TABLE board_entries; PRAGMA user_version = 5;',
  );
  db.close();
  return path;
}

const columnsOf = (path: string) => {
  const db = new Database(path);
  try {
    return {
      version: db.pragma('user_version', { simple: true }),
      earnsAt: db.prepare('SELECT user_id, earns_at FROM streak_index ORDER BY user_id').raw().all(),
    };
  } finally {
    db.close();
  }
};

describe('migration 006: when users next earn a freeze', () => {
  it('gives the lines of a version 5 file no earning instant, and the next write of a user fills it', async () => {
    const path = await versionFiveFile('v5.db');
    const store = sqliteStore({ path });
    let now = at('2026-03-02T09:00:00Z');
    const engine = engineOn(store, () => now);
    try {
      // opened: migrated, nobody found for earnings (the lines were written before)
      expect(await store.earning('default', at('2030-01-01T00:00:00Z'), 10)).toEqual([]);
      expect(columnsOf(path).version).toBe(readMigrations().length);
      expect((await store.stats('default', now, 5)).active).toBe(2);
      // ann's next event writes her line anew: her next earning is 2026-03-04 (first seen on the 1st, every 3 days)
      await engine.record({ userId: 'ann', metric: 'lessons', value: 1, tz: 'UTC' });
      expect(await store.earning('default', at('2030-01-01T00:00:00Z'), 10)).toEqual(['ann']);
      expect(await store.earning('default', at('2026-03-04T00:00:00Z'), 10)).toEqual([]);
      expect(await store.earning('default', at('2026-03-04T00:00:01Z'), 10)).toEqual(['ann']);
      now = at('2026-03-04T00:00:30Z');
      const swept = await engine.settleDue();
      expect(swept.changes).toBeGreaterThanOrEqual(1);
      expect((await store.load('ann'))?.streaks.default?.freezes).toBe(1);
    } finally {
      await store.close();
    }
  });
});
