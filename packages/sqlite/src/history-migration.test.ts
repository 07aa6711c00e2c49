import Database from 'better-sqlite3';
import { StoreError } from '@kindling/core';
import type { HeldBy, HistoryEntry } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { blockOf, groupByBlock, setEntries } from './history-blocks.js';
import { APPLICATION_ID, migrate, readMigrations } from './migrate.js';
import { encodeKey } from './rows.js';
import { sqliteStore } from './store.js';

const files = useTempFiles();

const HELD_BY: HeldBy[] = ['met', 'freeze', 'pause', 'excused', 'restore'];

interface OldRow {
  account: string;
  userId: string;
  entry: HistoryEntry;
}

/** A file at schema version 1 (001 only) holding `rows` in the old one-row-per-period history table. */
function versionOneFile(name: string, rows: readonly OldRow[]): string {
  const path = files.path(name);
  const db = new Database(path);
  expect(migrate(db, name, readMigrations().slice(0, 1))).toBe(1);
  const saveUser = db.prepare('INSERT OR IGNORE INTO users (account, user_id, version, state) VALUES (?, ?, 1, ?)');
  const saveRow = db.prepare(
    'INSERT INTO history (account, user_id, streak, period, length, held_by) VALUES (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const { account, userId, entry } of rows) {
      saveUser.run(account, encodeKey(userId), JSON.stringify({ ...newUser(userId, 0), version: 1 }));
      saveRow.run(account, encodeKey(userId), entry.streak, entry.period, entry.length, entry.heldBy);
    }
  })();
  db.close();
  return path;
}

/** Two accounts, rules daily and weekly, periods on both sides of 0 and of block edges, every heldBy. */
function oldRows(): OldRow[] {
  const rows: OldRow[] = [];
  // A heavy user: 1,826 consecutive days (5 years), a run of lengths with gaps every 40 days.
  for (let i = 0; i < 1826; i++) {
    if (i % 40 === 39) continue;
    rows.push({
      account: 'default',
      userId: 'heavy',
      entry: { streak: 'daily', period: 18_628 + i, length: (i % 40) + 1, heldBy: HELD_BY[i % 5]! },
    });
  }
  for (const period of [-129, -128, -127, -1, 0, 1, 127, 128, 255, 256]) {
    rows.push({
      account: 'default',
      userId: 'edges',
      entry: { streak: 'daily', period, length: Math.abs(period) + 1, heldBy: 'met' },
    });
    rows.push({
      account: 'default',
      userId: 'edges',
      entry: { streak: 'weekly', period, length: 1, heldBy: 'freeze' },
    });
  }
  rows.push({
    account: 'other',
    userId: 'edges',
    entry: { streak: 'daily', period: 5, length: 536_870_911, heldBy: 'restore' },
  });
  rows.push({
    account: 'default',
    userId: 'old',
    entry: { streak: 'daily', period: -354_285, length: 3_000_000, heldBy: 'excused' },
  });
  return rows;
}

async function historyOf(
  path: string,
  account: string,
  userId: string,
  streak: string,
  from = -1e7,
  to = 1e7,
): Promise<HistoryEntry[]> {
  const store = sqliteStore({ path, account });
  try {
    return await store.history(userId, streak, from, to);
  } finally {
    await store.close();
  }
}

const expected = (rows: readonly OldRow[], account: string, userId: string, streak: string, from = -1e7, to = 1e7) =>
  rows
    .filter(
      (row) =>
        row.account === account &&
        row.userId === userId &&
        row.entry.streak === streak &&
        row.entry.period >= from &&
        row.entry.period <= to,
    )
    .map((row) => row.entry)
    .sort((a, b) => a.period - b.period);

describe('migration 002: held periods from one row per period into blocks', () => {
  it('reads back every held period of a version 1 file after opening it, and drops the old table', async () => {
    const rows = oldRows();
    const path = versionOneFile('v1.db', rows);
    for (const [account, userId, streak] of [
      ['default', 'heavy', 'daily'],
      ['default', 'edges', 'daily'],
      ['default', 'edges', 'weekly'],
      ['other', 'edges', 'daily'],
      ['default', 'old', 'daily'],
    ] as const) {
      expect(await historyOf(path, account, userId, streak), `${account}/${userId}/${streak}`).toEqual(
        expected(rows, account, userId, streak),
      );
    }
    expect(await historyOf(path, 'default', 'heavy', 'daily', 20_089, 20_454)).toEqual(
      expected(rows, 'default', 'heavy', 'daily', 20_089, 20_454),
    );
    expect(await historyOf(path, 'other', 'edges', 'weekly')).toEqual([]);
    const db = new Database(path);
    expect([db.pragma('application_id', { simple: true }), db.pragma('user_version', { simple: true })]).toEqual([
      APPLICATION_ID,
      readMigrations().length,
    ]); // and on through the migrations after 002
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'history'").all()).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM history_blocks').pluck().get()).toBe(
      new Set(rows.map((r) => `${r.account}/${r.userId}/${r.entry.streak}/${blockOf(r.entry.period)}`)).size,
    );
    db.close();
  });

  it('writes each block byte for byte as the store’s codec does', async () => {
    const rows = oldRows().filter(
      (row) => row.account === 'default' && row.userId === 'edges' && row.entry.streak === 'daily',
    );
    const path = versionOneFile('v1.db', rows);
    await sqliteStore({ path }).close();
    const db = new Database(path);
    const stored = db.prepare('SELECT block, data FROM history_blocks ORDER BY block').all() as Array<{
      block: number;
      data: Buffer;
    }>;
    db.close();
    const blocks = groupByBlock(rows.map((row) => row.entry)).get('daily')!;
    expect(stored).toEqual(
      [...blocks.keys()]
        .sort((a, b) => a - b)
        .map((block) => ({ block, data: setEntries(undefined, block, blocks.get(block)!) })),
    );
  });

  it('keeps writing and reading a migrated file through the store: a new period joins its block', async () => {
    const rows = oldRows().filter((row) => row.userId === 'heavy');
    const path = versionOneFile('v1.db', rows);
    const store = sqliteStore({ path });
    const added: HistoryEntry = { streak: 'daily', period: 18_628 + 39, length: 40, heldBy: 'met' };
    await store.update('heavy', ({ user }) => ({
      result: null,
      write: { user: { ...user!, version: 2 }, history: [added], rollups: [], index: [] },
    }));
    expect(await store.history('heavy', 'daily', 18_628, 18_700)).toEqual(
      [...expected(rows, 'default', 'heavy', 'daily', 18_628, 18_700), added].sort((a, b) => a.period - b.period),
    );
    await store.close();
  });

  it('fails whole on a row that no block can hold, leaving the file at version 1 with its rows', async () => {
    const rows = [
      ...oldRows().slice(0, 10),
      { account: 'default', userId: 'odd', entry: { streak: 'daily', period: 3, length: 1, heldBy: 'luck' as HeldBy } },
    ];
    const path = versionOneFile('v1.db', rows);
    let failure: unknown;
    try {
      sqliteStore({ path });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as Error).message).toMatch(
      /v1\.db.*002_history_blocks\.sql failed and was rolled back; the schema stays at version 1/,
    );
    const db = new Database(path);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare('SELECT count(*) FROM history').pluck().get()).toBe(rows.length);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'history_blocks'").all()).toEqual([]);
    db.close();
  });
});
