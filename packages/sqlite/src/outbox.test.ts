/**
 * The SQLite store's outbox beyond the conformance suite: accounts kept apart, positions that name
 * nothing ignored, the read limit, positions never given twice, news committed once through a batch
 * that starts over, no row for a write without news, and the query plans.
 */
import { StoreError, type Store } from '@kindling/core';
import type { HistoryEntry, OutboxEntry, UserWrite } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { planOf } from '../test/query-plan.js';
import { useTempFiles } from '../test/temp.js';
import { prepareStatements } from './statements.js';

const files = useTempFiles();

const news = (userId: string, version: number, n = 1): OutboxEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${userId}-${version}-${i}`,
    userId,
    at: version * 1000,
    version,
    change: {
      type: 'streak.started',
      streak: 'default',
      length: 1,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-01',
    },
    streak: null,
    user: { email: null, tz: 'UTC', firstSeenAt: 0 },
  }));

/** The user's next version written, with `outbox` if given. */
function writeNext(store: Store, userId: string, outbox?: OutboxEntry[], history: HistoryEntry[] = []) {
  return store.update(userId, ({ user }) => {
    const version = (user?.version ?? 0) + 1;
    const write: UserWrite = {
      user: { ...(user ?? newUser(userId, 0)), version },
      history,
      rollups: [],
      index: [],
      ...(outbox === undefined ? {} : { outbox: outbox.map((entry) => ({ ...entry, version })) }),
    };
    return { result: null, write };
  });
}

describe('sqliteStore outbox', () => {
  it("keeps each account's outbox apart: one account neither reads nor removes another's entries", async () => {
    const a = files.open('a.db', { account: 'a' });
    const b = files.open('a.db', { account: 'b' });
    await writeNext(a, 'ann', news('ann', 1));
    await writeNext(b, 'ann', news('ann', 1, 2));
    const [ofA] = await a.readOutbox(10);
    expect((await b.readOutbox(10)).map((r) => r.entry.id)).toEqual(['ann-1-0', 'ann-1-1']);
    await b.removeOutbox([ofA!.position]);
    expect(await a.readOutbox(10)).toEqual([ofA]);
    expect(await b.readOutbox(10)).toHaveLength(2);
  });

  it('ignores positions that name no entry, whatever they hold, and removes the others named with them', async () => {
    const store = files.open('a.db');
    await writeNext(store, 'ann', news('ann', 1, 3));
    const [first, second, third] = await store.readOutbox(10);
    await store.removeOutbox([
      '',
      'x',
      '-1',
      '0',
      '1.5',
      ' 1',
      '1e3',
      '99999999999999999999',
      '1; DROP TABLE outbox',
      second!.position,
    ]);
    expect(await store.readOutbox(10)).toEqual([first, third]);
    await store.removeOutbox([]);
    expect(await store.readOutbox(10)).toHaveLength(2);
  });

  it('hands out at most `limit` entries, and refuses a limit that is not a whole number from 1 to 1000', async () => {
    const store = files.open('a.db');
    await writeNext(store, 'ann', news('ann', 1, 5));
    expect((await store.readOutbox(2)).map((r) => r.entry.id)).toEqual(['ann-1-0', 'ann-1-1']);
    for (const limit of [0, -1, 1.5, 1001, Number.NaN, Number.POSITIVE_INFINITY])
      await expect(store.readOutbox(limit), String(limit)).rejects.toThrow(
        /limit must be a whole number from 1 to 1000/,
      );
    expect(await store.readOutbox(1000)).toHaveLength(5);
  });

  it('gives no position twice, even once every entry was removed and the file reopened', async () => {
    const store = files.open('a.db');
    await writeNext(store, 'ann', news('ann', 1, 2));
    const first = await store.readOutbox(10);
    await store.removeOutbox(first.map((r) => r.position));
    await store.close();
    const again = files.open('a.db');
    await writeNext(again, 'ann', news('ann', 2));
    const [next] = await again.readOutbox(10);
    expect(first.map((r) => r.position)).not.toContain(next!.position);
    // a late remove of the old positions leaves the new entry
    await again.removeOutbox(first.map((r) => r.position));
    expect(await again.readOutbox(10)).toEqual([next]);
  });

  it("commits each update's news once, in call order, when a batch starts over after an update the schema refused halfway", async () => {
    const store = files.open('a.db');
    const broken = { streak: 'default', period: 3, length: 2, heldBy: null } as unknown as HistoryEntry;
    const calls = Array.from({ length: 30 }, (_, i) =>
      writeNext(store, `u${i % 10}`, [{ ...news(`u${i % 10}`, 0)[0]!, id: `call${i}` }], i === 14 ? [broken] : []),
    );
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status === 'rejected')).toEqual(Array.from({ length: 30 }, (_, i) => i === 14));
    expect((settled[14] as PromiseRejectedResult).reason).toBeInstanceOf(StoreError);
    const ids = (await store.readOutbox(100)).map((r) => r.entry.id);
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => `call${i}`).filter((id) => id !== 'call14'));
  });

  it('writes no outbox row for a write without news', async () => {
    const store = files.open('a.db');
    for (let i = 0; i < 3; i++) await writeNext(store, 'ann');
    await writeNext(store, 'bob', []);
    await store.close();
    const db = new Database(files.path('a.db'));
    try {
      // AUTOINCREMENT counts every row ever inserted in sqlite_sequence: none was
      expect(db.prepare("SELECT count(*) FROM sqlite_sequence WHERE name = 'outbox'").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });

  it('fails with a StoreError naming the file once closed', async () => {
    const store = files.open('a.db');
    await store.close();
    await expect(store.readOutbox(10)).rejects.toThrow(/a\.db.*closed/);
    await expect(store.removeOutbox(['1'])).rejects.toThrow(/a\.db.*closed/);
  });

  it('reads and removes through the outbox index and primary key, never a scan of every entry', async () => {
    const store = files.open('a.db');
    await writeNext(store, 'ann', news('ann', 1, 3));
    await store.close();
    const db = new Database(files.path('a.db'));
    try {
      db.exec('ANALYZE');
      const sql = prepareStatements(db);
      const plan = (statement: { source: string }, ...params: unknown[]) => planOf(db, statement.source, params);
      expect(plan(sql.outbox, 'default', 10)).toEqual(['SEARCH outbox USING INDEX outbox_by_account (account=?)']);
      expect(plan(sql.removeOutbox, 'default', 1)).toEqual(['SEARCH outbox USING INTEGER PRIMARY KEY (rowid=?)']);
    } finally {
      db.close();
    }
  });
});
