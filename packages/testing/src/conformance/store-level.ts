/**
 * What every store promises at the level of the Store interface: atomic steps, nothing written on
 * failure, users listed in order, and (where it persists) the same data after reopening.
 */
import { createEngine, type Store } from '@kindling/core';
import { newUser } from '@kindling/core/internal';
import { expect, it } from 'vitest';

export function storeLevelCases(store: () => Store, reopen: ((store: Store) => Promise<Store>) | undefined): void {
  it('writes nothing when a step fails or returns no write', async () => {
    const s = store();
    await s.update('u', () => ({
      result: null,
      write: { user: { ...newUser('u', 0), version: 1 }, history: [], rollups: [], index: [] },
    }));
    await expect(
      s.update('u', ({ user }) => {
        user!.totals.x = 5;
        throw new Error('step failed');
      }),
    ).rejects.toThrow('step failed');
    expect(await s.update('u', () => ({ result: 7 }))).toBe(7);
    expect((await s.load('u'))?.totals).toEqual({});
    expect((await s.load('u'))?.version).toBe(1);
  });

  it("tells a user's committed version without the state: 0 before any write, each commit after, unmoved by a failed step", async () => {
    const s = store();
    expect(await s.version('u')).toBe(0);
    await s.update('u', () => ({
      result: null,
      write: { user: { ...newUser('u', 0), version: 1 }, history: [], rollups: [], index: [] },
    }));
    expect(await s.version('u')).toBe(1);
    await s.update('u', ({ user }) => ({
      result: null,
      write: { user: { ...user!, version: 2 }, history: [], rollups: [], index: [] },
    }));
    expect(await s.version('u')).toBe(2);
    await expect(
      s.update('u', () => {
        throw new Error('step failed');
      }),
    ).rejects.toThrow('step failed');
    expect(await s.version('u')).toBe(2);
    expect(await s.version('someone else')).toBe(0);
    expect((await s.load('u'))?.version).toBe(2);
  });

  it('passes its probe, where it has one, while it works, and fails it with a StoreError once closed', async () => {
    const s = store();
    if (s.probe === undefined) return;
    await s.update('u', () => ({ result: null }));
    await expect(s.probe()).resolves.toBeUndefined();
    await s.close();
    await expect(s.probe()).rejects.toMatchObject({ code: 'STORE_ERROR' });
  });

  it('tells on the spot, where it can, the version it would answer (peekVersion)', async () => {
    const s = store();
    if (s.peekVersion === undefined) return;
    const agree = async (userId: string) => {
      const peeked = s.peekVersion?.(userId);
      // A store may decline to tell on the spot (undefined); when it tells, it tells what version() answers.
      if (peeked !== undefined) expect(peeked).toBe(await s.version(userId));
      return peeked;
    };
    await agree('u');
    await s.update('u', () => ({
      result: null,
      write: { user: { ...newUser('u', 0), version: 1 }, history: [], rollups: [], index: [] },
    }));
    await agree('u');
    await expect(
      s.update('u', () => {
        throw new Error('step failed');
      }),
    ).rejects.toThrow('step failed');
    await agree('u');
    await agree('someone else');
  });

  it('refuses a write whose version is not one above the version read, and keeps what was there', async () => {
    const s = store();
    await s.update('u', () => ({
      result: null,
      write: { user: { ...newUser('u', 0), version: 1 }, history: [], rollups: [], index: [] },
    }));
    await expect(
      s.update('u', ({ user }) => ({
        result: null,
        write: { user: { ...user!, version: 5 }, history: [], rollups: [], index: [] },
      })),
    ).rejects.toMatchObject({ code: 'STORE_ERROR' });
    expect((await s.load('u'))?.version).toBe(1);
  });

  it('refuses with SUM_OUT_OF_RANGE a day sum that would pass 2^53 − 1, open or already closed, and writes nothing', async () => {
    const s = store();
    const rollup = (day: number, value: number, version: number) => ({
      metric: 'x',
      dayStart: 0,
      day,
      value,
      lastAt: 0,
      version,
    });
    const write = (version: number, rollups: ReturnType<typeof rollup>[]) => ({
      result: null,
      write: { user: { ...newUser('u', 0), version }, history: [], rollups, index: [] },
    });
    await s.update('u', () => write(1, [rollup(20_000, 9e15, 1)]));
    // The same day again: the sum would be 1.8e16.
    await expect(s.update('u', () => write(2, [rollup(20_000, 9e15, 2)]))).rejects.toMatchObject({
      code: 'SUM_OUT_OF_RANGE',
    });
    expect(await s.version('u')).toBe(1);
    // Another day, then the first again, then another: a store may have moved the first day's sum aside by then.
    await s.update('u', () => write(2, [rollup(20_001, 1, 2)]));
    await s.update('u', () => write(3, [rollup(20_000, -1e15, 3)]));
    await s.update('u', () => write(4, [rollup(20_002, 1, 4)]));
    const before = await s.journal('u');
    await expect(s.update('u', () => write(5, [rollup(20_003, 1, 5), rollup(20_000, 2e15, 5)]))).rejects.toMatchObject({
      code: 'SUM_OUT_OF_RANGE',
    });
    expect(await s.version('u')).toBe(4);
    expect(await s.journal('u')).toEqual(before);
    expect(before.rollups.find((r) => r.day === 20_000)?.value).toBe(8e15);
    // Within the bound it adds up.
    await s.update('u', () => write(5, [rollup(20_000, 1e15, 5)]));
    expect((await s.journal('u')).rollups.find((r) => r.day === 20_000)?.value).toBe(9e15);
  });

  it('refuses to keep a total or a period sum that is not a finite number, and writes nothing', async () => {
    const s = store();
    await s.update('u', () => ({
      result: null,
      write: { user: { ...newUser('u', 0), version: 1, totals: { x: 1 } }, history: [], rollups: [], index: [] },
    }));
    for (const bad of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN]) {
      await expect(
        s.update('u', ({ user }) => ({
          result: null,
          write: { user: { ...user!, version: 2, totals: { x: bad } }, history: [], rollups: [], index: [] },
        })),
      ).rejects.toMatchObject({ code: 'STORE_ERROR' });
    }
    expect((await s.load('u'))?.totals).toEqual({ x: 1 });
    expect(await s.version('u')).toBe(1);
  });

  it('lists users in ascending order, page by page, and counts them', async () => {
    const s = store();
    const ids = ['b', 'a', 'c', 'ab', 'Z', 'é'];
    for (const id of ids)
      await s.update(id, () => ({
        result: null,
        write: { user: { ...newUser(id, 0), version: 1 }, history: [], rollups: [], index: [] },
      }));
    const sorted = [...ids].sort();
    expect(await s.users(null, 3)).toEqual(sorted.slice(0, 3));
    expect(await s.users(sorted[2]!, 10)).toEqual(sorted.slice(3));
    // no user has the empty id: after it, the list starts at the first
    expect(await s.users('', 10)).toEqual(sorted);
    expect(await s.countUsers()).toBe(ids.length);
  });

  it('keeps every user id its own, code unit for code unit, and lists them in UTF-16 order', async () => {
    const s = store();
    // ids a store that re-encodes (lone surrogates to U+FFFD), stops at NUL, cuts at a length or
    // compares bytes instead of UTF-16 code units would merge or misorder
    const long = 'x'.repeat(255);
    const ids = [
      '\uD800',
      '\uDBFF',
      '\uFFFD',
      'a',
      'a\u0000b',
      'a\u0000c',
      `${long}1`,
      `${long}2`,
      '\uFF5E',
      '\u{1F600}',
      'é',
      'e\u0301',
    ];
    for (const [i, id] of ids.entries())
      await s.update(id, () => ({
        result: null,
        write: { user: { ...newUser(id, 0), version: 1, totals: { n: i } }, history: [], rollups: [], index: [] },
      }));
    for (const [i, id] of ids.entries()) {
      const user = await s.load(id);
      expect(user?.id).toBe(id);
      expect(user?.totals).toEqual({ n: i });
    }
    const inUtf16Order = [...ids].sort();
    expect(await s.users(null, 100)).toEqual(inUtf16Order);
    expect(await s.countUsers()).toBe(ids.length);
  });

  it("lists the engine's users a page at a time and finds them by id prefix, then by email", async () => {
    const engine = createEngine({
      store: store(),
      clock: () => 0,
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    });
    const users: Array<[string, string | null]> = [
      ['bo', 'x@example.com'],
      ['al', 'Bob@Example.com'],
      ['bob', null],
      ['Bo', null],
      ['cy', 'cy@example.com'],
    ];
    for (const [userId, email] of users) await engine.record({ userId, metric: 'lessons', value: 1, email });
    const first = await engine.listUsers({ limit: 3 });
    expect(first.users.map((u) => u.id)).toEqual(['Bo', 'al', 'bo']);
    expect(first.users[1]).toEqual({
      id: 'al',
      email: 'Bob@Example.com',
      tz: null,
      current: 1,
      longest: 1,
      lastActive: '1970-01-01T00:00:00.000Z',
    });
    expect(await engine.listUsers({ limit: 3, after: first.next })).toMatchObject({
      users: [{ id: 'bob' }, { id: 'cy' }],
      next: null,
    });
    const found = await engine.listUsers({ search: 'bo', limit: 2 });
    expect(found.users.map((u) => u.id)).toEqual(['bo', 'bob']);
    expect((await engine.listUsers({ search: 'bo', after: found.next })).users.map((u) => u.id)).toEqual(['al']);
  });

  if (reopen !== undefined) {
    it('finds exactly what was committed after reopening', async () => {
      const s = store();
      const engine = createEngine({
        store: s,
        streaks: [
          {
            key: 'default',
            frequency: 'daily',
            conditions: [{ metric: 'lessons', threshold: 1 }],
            freezes: { initial: 1 },
          },
        ],
        clock: () => 0,
      });
      for (const day of ['2026-03-01', '2026-03-02', '2026-03-04']) {
        await engine.record({
          userId: 'u',
          metric: 'lessons',
          value: 1,
          at: Date.parse(`${day}T12:00:00Z`),
          tz: 'Asia/Tokyo',
          idempotencyKey: day,
        });
      }
      const before = {
        user: await s.load('u'),
        history: await s.history('u', 'default', 0, 1e6),
        journal: await s.journal('u'),
      };
      const again = await reopen(s);
      const after = {
        user: await again.load('u'),
        history: await again.history('u', 'default', 0, 1e6),
        journal: await again.journal('u'),
      };
      expect(after).toEqual(before);
      const replay = await createEngine({
        store: again,
        streaks: [
          {
            key: 'default',
            frequency: 'daily',
            conditions: [{ metric: 'lessons', threshold: 1 }],
            freezes: { initial: 1 },
          },
        ],
        clock: () => 0,
      }).record({
        userId: 'u',
        metric: 'lessons',
        value: 1,
        at: Date.parse('2026-03-05T12:00:00Z'),
        idempotencyKey: '2026-03-04',
      });
      expect(replay).toMatchObject({ replayed: true, currentStreak: { length: 3 } });
      await again.close();
    });
  }
}
