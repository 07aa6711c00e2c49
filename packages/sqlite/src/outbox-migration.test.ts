/**
 * Migration 005 on a file of the version before it: the outbox table added, empty, and every row the
 * file held read back as it was; the next change then commits its news.
 */
import { createEngine, type Store } from '@kindling/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { APPLICATION_ID, readMigrations } from './migrate.js';
import { sqliteStore } from './store.js';

const files = useTempFiles();

const at = (iso: string) => Date.parse(iso);
const lessons = { key: 'default', frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] };
const engineOn = (store: Store, outbox: boolean) =>
  createEngine({ store, streaks: [lessons], metrics: ['lessons'], outbox, clock: () => at('2026-03-04T12:00:00Z') });

/** Everything a store reads of the file's users, in each of its accounts. */
async function contents(path: string) {
  const seen: Record<string, unknown> = {};
  for (const account of ['default', 'other']) {
    const store = sqliteStore({ path, account });
    try {
      seen[account] = {
        users: await Promise.all(['ann', 'bob'].map((id) => store.load(id))),
        history: await store.history('ann', 'default', -1e7, 1e7),
        journal: await store.journal('ann'),
        stats: await store.stats('default', at('2026-03-03T12:00:00Z'), 5),
        activity: await store.activity('2026-03-01', '2026-03-31'),
      };
    } finally {
      await store.close();
    }
  }
  return seen;
}

/**
 * A file as the version before the outbox left it, and what the store read of it then: written by
 * the store with an engine that keeps no outbox, then its outbox table (and what 006 adds) dropped
 * and its version set back to 4.
 */
async function versionFourFile(name: string): Promise<{ path: string; before: unknown }> {
  const path = files.path(name);
  for (const account of ['default', 'other']) {
    const store = sqliteStore({ path, account });
    const engine = engineOn(store, false);
    for (const [userId, day] of [
      ['ann', '01'],
      ['ann', '02'],
      ['bob', '02'],
      ['ann', '03'],
    ] as const)
      await engine.record({ userId, metric: 'lessons', value: 1, at: at(`2026-03-${day}T09:00:00Z`), tz: 'UTC' });
    await store.close();
  }
  const before = await contents(path);
  const db = new Database(path);
  // what 006 adds, taken away too
  db.exec(
    'DROP TABLE points_index; DROP INDEX streak_index_earning; ALTER TABLE streak_index DROP COLUMN earns_at; DROP TABLE outbox; DROP TABLE board_entries; PRAGMA user_version = 4;',
  );
  db.close();
  return { path, before };
}

const tablesOf = (path: string) => {
  const db = new Database(path);
  try {
    return {
      version: db.pragma('user_version', { simple: true }),
      applicationId: db.pragma('application_id', { simple: true }),
      outbox: db.prepare("SELECT name FROM sqlite_schema WHERE tbl_name = 'outbox' ORDER BY name").pluck().all(),
    };
  } finally {
    db.close();
  }
};

describe('migration 005: the outbox', () => {
  it('gives a version 4 file an empty outbox and keeps everything it held', async () => {
    const { path, before } = await versionFourFile('v4.db');
    expect(tablesOf(path)).toEqual({ version: 4, applicationId: APPLICATION_ID, outbox: [] });
    const store = sqliteStore({ path });
    try {
      expect(await store.readOutbox(10)).toEqual([]);
    } finally {
      await store.close();
    }
    expect(tablesOf(path)).toEqual({
      version: readMigrations().length,
      applicationId: APPLICATION_ID,
      outbox: ['outbox', 'outbox_by_account'],
    });
    expect(await contents(path)).toEqual(before);
  });

  it("commits a migrated user's next change with its news", async () => {
    const { path } = await versionFourFile('v4.db');
    const store = sqliteStore({ path });
    try {
      await engineOn(store, true).record({
        userId: 'bob',
        metric: 'lessons',
        value: 1,
        at: at('2026-03-03T09:00:00Z'),
        tz: 'UTC',
      });
      const user = await store.load('bob');
      expect((await store.readOutbox(10)).map((r) => [r.entry.userId, r.entry.version, r.entry.change.type])).toEqual([
        ['bob', user?.version, 'streak.extended'],
      ]);
    } finally {
      await store.close();
    }
  });
});
