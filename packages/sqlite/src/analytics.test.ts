import Database from 'better-sqlite3';
import { NEVER, type IndexEntry } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { describe, expect, it } from 'vitest';
import { planOf } from '../test/query-plan.js';
import { useTempFiles } from '../test/temp.js';
import { prepareStatements } from './statements.js';

const files = useTempFiles();

/** A hand-made index line: `dead` is deadAt, `expires` expiresAt. */
const line = (length: number, longest: number, dead: number, expires: number, streak = 'default'): IndexEntry => ({
  streak,
  length,
  longest,
  deadAt: dead,
  expiresAt: expires,
});

async function storeWith(lines: Record<string, IndexEntry[]>) {
  const store = files.open('a.db');
  for (const [userId, entries] of Object.entries(lines)) {
    await store.update(userId, () => ({
      result: null,
      write: { user: { ...newUser(userId, 0), version: 1 }, history: [], rollups: [], index: entries },
    }));
  }
  return store;
}

describe('sqliteStore stats', () => {
  it('counts the streaks alive at an instant, their lengths, and the top lists from the index', async () => {
    const store = await storeWith({
      ann: [line(4, 4, 500, 400), line(9, 9, NEVER, 300, 'weekly')],
      bob: [line(2, 7, 500, 450)],
      cid: [line(5, 5, 150, 100)], // dies at 150
      dee: [line(2, 2, NEVER, 420)], // kept alive forever by earnings
      eve: [line(0, 8, 0, 0)], // lost; longest stays
      fay: [line(4, 4, 600, 500)],
    });
    expect(await store.stats('default', 100, 3)).toEqual({
      active: 5,
      lengthSum: 4 + 2 + 5 + 2 + 4,
      lengths: [
        { length: 2, users: 2 },
        { length: 4, users: 2 },
        { length: 5, users: 1 },
      ],
      topCurrent: [
        { userId: 'cid', length: 5 },
        { userId: 'ann', length: 4 },
        { userId: 'fay', length: 4 },
      ],
      topLongest: [
        { userId: 'eve', longest: 8 },
        { userId: 'bob', longest: 7 },
        { userId: 'cid', longest: 5 },
      ],
    });
    // At 150 cid's streak is dead (deadAt > at is alive); at 500 only fay's and dee's are left.
    expect((await store.stats('default', 150, 10)).topCurrent.map((row) => row.userId)).toEqual([
      'ann',
      'fay',
      'bob',
      'dee',
    ]);
    expect(await store.stats('default', 500, 1)).toMatchObject({
      active: 2,
      lengthSum: 6,
      topCurrent: [{ userId: 'fay', length: 4 }],
    });
    expect(await store.stats('weekly', 0, 5)).toMatchObject({ active: 1, topLongest: [{ userId: 'ann', longest: 9 }] });
    expect(await store.stats('none', 0, 5)).toEqual({
      active: 0,
      lengthSum: 0,
      lengths: [],
      topCurrent: [],
      topLongest: [],
    });
  });

  it('replaces a user’s line of a rule with each write, leaving their other rules alone', async () => {
    const store = await storeWith({ ann: [line(3, 3, 500, 400), line(1, 1, 500, 400, 'weekly')] });
    await store.update('ann', () => ({
      result: null,
      write: { user: { ...newUser('ann', 0), version: 2 }, history: [], rollups: [], index: [line(0, 3, 0, 0)] },
    }));
    expect(await store.stats('default', 0, 5)).toMatchObject({
      active: 0,
      topLongest: [{ userId: 'ann', longest: 3 }],
    });
    expect((await store.stats('weekly', 0, 5)).active).toBe(1);
  });
});

describe('sqliteStore expiring', () => {
  it('lists live streaks expiring before an instant, soonest first, ties by user id, at most `limit`', async () => {
    const store = await storeWith({
      ann: [line(4, 4, 500, 400)],
      bob: [line(2, 2, 500, 300)],
      cid: [line(5, 5, 150, 100)], // dead at 200
      dee: [line(1, 1, NEVER, 300)],
      eve: [line(0, 8, 0, 0)],
      fay: [line(3, 3, 900, 800)], // expires after `before`
    });
    expect(await store.expiring('default', 200, 500, 10)).toEqual([
      { userId: 'bob', length: 2, expiresAt: 300 },
      { userId: 'dee', length: 1, expiresAt: 300 },
      { userId: 'ann', length: 4, expiresAt: 400 },
    ]);
    expect((await store.expiring('default', 0, 500, 2)).map((row) => row.userId)).toEqual(['cid', 'bob']);
    expect(await store.expiring('default', 200, 300, 10)).toEqual([]);
    // a page after the last line of the one before
    const pageAfter = (expiresAt: number, userId: string) =>
      store.expiring('default', 200, 500, 10, { expiresAt, userId }).then((rows) => rows.map((row) => row.userId));
    expect(await pageAfter(300, 'bob')).toEqual(['dee', 'ann']);
    expect(await pageAfter(300, 'dee')).toEqual(['ann']);
    expect(await pageAfter(299, 'zed')).toEqual(['bob', 'dee', 'ann']);
    expect(await pageAfter(400, 'ann')).toEqual([]);
  });
});

describe('query plans', () => {
  it('reads every analytics, history and user query through a primary key or index range, never a scan of all rows', async () => {
    const store = await storeWith({ ann: [line(4, 4, 500, 400)] });
    await store.close();
    const db = new Database(files.path('a.db'));
    try {
      db.exec('ANALYZE'); // with statistics too, the planner must still pick a range
      const sql = prepareStatements(db);
      const key = Buffer.from('ann');
      const plans = {
        lengths: [sql.lengths, ['default', 'default', 0]],
        topCurrent: [sql.topCurrent, ['default', 'default', 0, 10]],
        topLongest: [sql.topLongest, ['default', 'default', 10]],
        expiring: [sql.expiring, ['default', 'default', 0, 100, 10]],
        expiringAfter: [sql.expiringAfter, ['default', 'default', 0, 100, 50, key, 10]],
        history: [sql.history, ['default', key, 'default', 0, 10]],
        users: [sql.usersAfter, ['default', key, 10]],
        journal: [sql.journal, ['default', key]],
        rollups: [sql.rollups, ['default', key]],
        user: [sql.loadUser, ['default', key]],
        openRollups: [sql.openRollups, ['default', key]],
      } as const;
      for (const [name, [statement, params]] of Object.entries(plans)) {
        const reads = planOf(db, statement.source, params).filter((detail) => !detail.startsWith('USE TEMP B-TREE'));
        expect(reads.length, name).toBeGreaterThan(0);
        for (const detail of reads)
          expect(detail, name).toMatch(/^SEARCH \w+ USING (COVERING INDEX|INDEX|PRIMARY KEY) .*\(account=\? AND/);
      }
    } finally {
      db.close();
    }
  });
});
