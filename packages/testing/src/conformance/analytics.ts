/**
 * Analytics on a given store: active streaks, average, top lists, histogram and the expiring list,
 * kept as events arrive.
 */
import { createEngine, type Store } from '@kindling/core';
import { NEVER, type IndexEntry } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);

/** Writes `index` (and the lines it says they replace) as the user's next version, nothing else changed. */
async function putLines(
  s: Store,
  userId: string,
  index: IndexEntry[],
  indexBefore?: Array<IndexEntry | undefined>,
): Promise<void> {
  await s.update(userId, ({ user }) => ({
    result: null,
    write: {
      user: { ...(user ?? newUser(userId, 0)), version: (user?.version ?? 0) + 1 },
      history: [],
      rollups: [],
      index,
      ...(indexBefore === undefined ? {} : { indexBefore }),
    },
  }));
}

export function analyticsCases(store: () => Store): void {
  it('counts active streaks at an instant, their average, the longest current and ever, and a histogram', async () => {
    const engine = createEngine({
      store: store(),
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      clock: () => at('2026-02-10T12:00:00Z'),
    });
    const runs: Record<string, string[]> = {
      ann: ['2026-02-07', '2026-02-08', '2026-02-09', '2026-02-10'],
      bob: ['2026-02-09', '2026-02-10'],
      cid: ['2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05'],
      dee: ['2026-02-10'],
    };
    for (const [userId, days] of Object.entries(runs)) {
      for (const day of days)
        await engine.record({ userId, metric: 'lessons', value: 1, at: at(`${day}T09:00:00Z`), tz: 'UTC' });
    }
    const stats = await engine.stats({ top: 2 });
    expect(stats).toMatchObject({
      streak: 'default',
      activeStreaks: 3,
      averageLength: (4 + 2 + 1) / 3,
      topCurrent: [
        { userId: 'ann', length: 4 },
        { userId: 'bob', length: 2 },
      ],
      topLongest: [
        { userId: 'cid', longest: 5 },
        { userId: 'ann', longest: 4 },
      ],
      lengths: [
        { length: 1, users: 1 },
        { length: 2, users: 1 },
        { length: 4, users: 1 },
      ],
    });
    expect(stats.histogram.find((b) => b.from === 3)?.users).toBe(1);
    // Two days later nobody has extended: every streak is lost (no freezes).
    expect((await engine.stats({ at: at('2026-02-12T12:00:00Z') })).activeStreaks).toBe(0);
    // Whose streak expires before the end of the 11th (UTC)?
    const expiring = await engine.expiring({ before: at('2026-02-12T00:00:01Z') });
    expect(expiring.map((row) => row.userId)).toEqual(['ann', 'bob', 'dee']);
    expect(expiring[0]).toEqual({ userId: 'ann', length: 4, expiresAt: '2026-02-12T00:00:00.000Z' });
  });

  it('finds the users whose next freeze is earned before an instant, soonest first, as their lines say', async () => {
    const s = store();
    const line = (earnsAt: number | undefined, streak = 'default'): IndexEntry => ({
      streak,
      length: 1,
      longest: 1,
      deadAt: 500,
      expiresAt: 400,
      ...(earnsAt === undefined ? {} : { earnsAt }),
    });
    const put = (userId: string, ...index: IndexEntry[]) => putLines(s, userId, index);
    await put('ann', line(300));
    await put('bob', line(100));
    await put('cid', line(100));
    await put('dee', line(NEVER));
    await put('eve', line(undefined));
    await put('fay', line(200, 'other'));
    // before is exclusive; ties by user id; NEVER and absent are never due; another rule's lines are apart
    expect(await s.earning('default', 300, 10)).toEqual(['bob', 'cid']);
    expect(await s.earning('default', 301, 10)).toEqual(['bob', 'cid', 'ann']);
    expect(await s.earning('default', NEVER + 1, 2)).toEqual(['bob', 'cid']);
    expect(await s.earning('other', 1000, 10)).toEqual(['fay']);
    // a line written again moves: later, then never
    await put('bob', line(700));
    await put('cid', line(NEVER));
    expect(await s.earning('default', 1000, 10)).toEqual(['ann', 'bob']);
    expect(await s.earning('default', 1000, 0)).toEqual([]);
  });

  it('holds the lines a write gives, whatever line the write says each replaces (UserWrite.indexBefore)', async () => {
    const s = store();
    const put = (userId: string, index: IndexEntry[], indexBefore?: Array<IndexEntry | undefined>) =>
      putLines(s, userId, index, indexBefore);
    const kept: IndexEntry = { streak: 'default', length: 3, longest: 5, deadAt: 500, expiresAt: 400, earnsAt: 300 };
    const next: IndexEntry = { streak: 'default', length: 4, longest: 7, deadAt: 600, expiresAt: 450, earnsAt: 320 };
    // a line kept from before a change of the rules: the hint agrees with the new line where the store's does not
    const wrong: IndexEntry = { ...kept, longest: 7, earnsAt: 320 };
    await put('ann', [kept]);
    await put('ann', [next], [wrong]);
    // the hint right, and a hint for a line the store does not hold yet
    await put('bob', [kept]);
    await put('bob', [next], [kept]);
    await put('cid', [next], [kept]);
    for (const userId of ['ann', 'bob', 'cid']) {
      const stats = await s.stats('default', 550, 10);
      expect(stats.topCurrent.find((row) => row.userId === userId)?.length).toBe(4);
      expect(stats.topLongest.find((row) => row.userId === userId)?.longest).toBe(7);
    }
    expect(await s.expiring('default', 0, 1000, 10)).toEqual(
      ['ann', 'bob', 'cid'].map((userId) => ({ userId, length: 4, expiresAt: 450 })),
    );
    expect(await s.earning('default', 321, 10)).toEqual(['ann', 'bob', 'cid']);
    expect(await s.earning('default', 320, 10)).toEqual([]);
  });

  it('wakes a user for an earned freeze at the local day start it is earned, without an event', async () => {
    let now = at('2026-03-02T12:00:00Z');
    const engine = createEngine({
      store: store(),
      streaks: [
        {
          key: 'default',
          frequency: 'weekly',
          conditions: [{ metric: 'lessons', threshold: 1 }],
          freezes: { max: 3, earn: { every: 2, amount: 1 } },
        },
      ],
      clock: () => now,
      outbox: true,
    });
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1, tz: 'Asia/Tokyo' });
    // Tokyo's 2026-03-04 starts at 2026-03-03T15:00Z: not due a minute before, due at it
    now = at('2026-03-03T14:59:00Z');
    expect(await engine.settleDue()).toMatchObject({ users: 0, changes: 0 });
    now = at('2026-03-03T15:00:00Z');
    expect(await engine.settleDue()).toMatchObject({ users: 1, changes: 1 });
    now = at('2026-03-03T15:01:00Z');
    expect(await engine.settleDue()).toMatchObject({ users: 0, changes: 0 });
  });
}
