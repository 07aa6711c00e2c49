/**
 * Migration 013 on a file of the version before it: the users' points states are kept as they
 * were and have no line in the new points index (the states are encoded, out of SQL's reach), so
 * the summaries count none of them; a rebuild of a user writes every line of theirs, as a write that
 * moves a line writes that one.
 */
import { createEngine, type PointsSystemRules, type Store } from '@kindling/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { readMigrations } from './migrate.js';
import { sqliteStore } from './store.js';

const files = useTempFiles();

const T0 = Date.parse('2026-03-01T09:00:00Z');
const XP: PointsSystemRules = {
  key: 'xp',
  name: 'XP',
  description: null,
  badgeUrl: null,
  maxPoints: null,
  status: 'active',
  triggers: [
    { id: 'lesson', type: 'metric', metric: 'lessons', threshold: 1, points: 5, status: 'active', activatedAt: T0 },
  ],
  levels: [],
  boosts: [],
};
const engineOn = (store: Store) => createEngine({ store, points: [XP], metrics: ['lessons'], clock: () => T0 });

/** A file as version 12 left it: written by the store, then the points index taken away. */
async function versionTwelveFile(name: string): Promise<string> {
  const path = files.path(name);
  const store = sqliteStore({ path });
  const engine = engineOn(store);
  await engine.record({ userId: 'ann', metric: 'lessons', value: 1 });
  await engine.record({ userId: 'bob', metric: 'lessons', value: 1 });
  await engine.record({ userId: 'bob', metric: 'lessons', value: 1 });
  await store.close();
  const db = new Database(path);
  db.exec('DROP TABLE points_index; DROP TABLE board_entries; PRAGMA user_version = 12;');
  db.close();
  return path;
}

describe('migration 013: the points index', () => {
  it('keeps the states of a version 12 file, lines none of them, and a rebuild of a user lines theirs', async () => {
    const path = await versionTwelveFile('twelve.db');
    const store = sqliteStore({ path });
    const engine = engineOn(store);
    try {
      expect((await store.load('bob'))?.points?.xp?.total).toBe(10);
      const db = new Database(path, { readonly: true });
      expect(db.pragma('user_version', { simple: true })).toBe(readMigrations().length);
      db.close();
      expect(await store.pointsTotals('xp', [1])).toEqual({ users: [0], largest: 0 });
      await engine.rebuild('bob');
      expect(await store.pointsTotals('xp', [1, 6])).toEqual({ users: [0, 1], largest: 10 });
      await engine.record({ userId: 'ann', metric: 'lessons', value: 1 });
      expect(await store.pointsTotals('xp', [1, 6])).toEqual({ users: [0, 2], largest: 10 });
      expect((await engine.pointsSummary('xp')).slice(0, 2)).toEqual([
        { from: 0, to: 0, users: 0 },
        { from: 1, to: 1, users: 0 },
      ]);
    } finally {
      await store.close();
    }
  });
});
