/**
 * The outbox on a given store: news of every change is committed in the same step as the change
 * (an event's, a settlement's, an owner's action's) or not at all, handed out oldest first with
 * each user's in commit order, with the instant the change happened, and kept until removed.
 */
import { createEngine, type Store } from '@kindling/core';
import type { OutboxRecord } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);
const lessons = {
  key: 'default',
  frequency: 'daily' as const,
  conditions: [{ metric: 'lessons', threshold: 1 }],
  freezes: { initial: 1, max: 3 },
  restoreWindow: 3,
};
const summary = (records: OutboxRecord[]) =>
  records.map(({ entry }) => [entry.userId, entry.change.type, new Date(entry.at).toISOString()]);

export function outboxCases(store: () => Store, reopen: ((store: Store) => Promise<Store>) | undefined): void {
  const engineOn = (s: Store, outbox = true) =>
    createEngine({
      store: s,
      streaks: [lessons],
      achievements: [{ key: 'hello', name: 'Hello', trigger: 'api' }],
      metrics: ['lessons'],
      outbox,
    });
  const record = (engine: ReturnType<typeof engineOn>, userId: string, iso: string, value = 1) =>
    engine.record({ userId, metric: 'lessons', value, at: at(iso), tz: 'UTC' });

  it("commits an event's news with it: each change with its instant, the version written and the streak after", async () => {
    const engine = engineOn(store());
    await record(engine, 'ann', '2026-03-01T09:00:00Z');
    await record(engine, 'ann', '2026-03-02T10:00:00Z');
    const records = await store().readOutbox(10);
    expect(summary(records)).toEqual([
      ['ann', 'streak.started', '2026-03-01T09:00:00.000Z'],
      ['ann', 'streak.extended', '2026-03-02T10:00:00.000Z'],
    ]);
    const [first, second] = records.map((r) => r.entry);
    expect(first?.version).toBe(1);
    expect(second?.version).toBe(2);
    expect(second?.change).toEqual({
      type: 'streak.extended',
      streak: 'default',
      length: 2,
      periodStart: '2026-03-02',
      periodEnd: '2026-03-02',
    });
    expect(second?.streak).toMatchObject({ key: 'default', length: 2, freezes: 1, expires: '2026-03-03' });
    expect(second?.user).toEqual({ email: null, tz: 'UTC', firstSeenAt: at('2026-03-01T09:00:00Z') });
    expect(new Set(records.map((r) => r.entry.id)).size).toBe(2);
    for (const r of records)
      expect(r.entry.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('dates what an event settles on its way by the local day that sealed it, not by the event', async () => {
    const engine = engineOn(store());
    await record(engine, 'bob', '2026-03-01T09:00:00Z');
    // the 2nd and 3rd pass: the freeze holds the 2nd, the 3rd loses the streak, the 5th starts again
    await record(engine, 'bob', '2026-03-05T08:00:00Z');
    expect(summary((await store().readOutbox(10)).slice(1))).toEqual([
      ['bob', 'freeze.consumed', '2026-03-03T00:00:00.000Z'],
      ['bob', 'streak.lost', '2026-03-04T00:00:00.000Z'],
      ['bob', 'streak.started', '2026-03-05T08:00:00.000Z'],
    ]);
  });

  it('commits a settlement with its news once, however often the sweep runs', async () => {
    const engine = engineOn(store());
    await record(engine, 'cat', '2026-03-01T09:00:00Z');
    await store().removeOutbox((await store().readOutbox(10)).map((r) => r.position));
    await engine.settleDue({ at: at('2026-03-04T12:00:00Z') });
    await engine.settleDue({ at: at('2026-03-04T12:00:00Z') });
    await engine.settle('cat', { at: at('2026-03-04T13:00:00Z') });
    expect(summary(await store().readOutbox(10))).toEqual([
      ['cat', 'freeze.consumed', '2026-03-03T00:00:00.000Z'],
      ['cat', 'streak.lost', '2026-03-04T00:00:00.000Z'],
    ]);
    // the next event finds it settled: only its own news
    await record(engine, 'cat', '2026-03-04T14:00:00Z');
    expect(summary(await store().readOutbox(10)).slice(2)).toEqual([
      ['cat', 'streak.started', '2026-03-04T14:00:00.000Z'],
    ]);
  });

  it("commits the news of an owner's actions: a restore, an achievement, and what advancing to them settled", async () => {
    const engine = engineOn(store());
    await record(engine, 'dan', '2026-03-01T09:00:00Z');
    await record(engine, 'dan', '2026-03-02T09:00:00Z');
    await store().removeOutbox((await store().readOutbox(10)).map((r) => r.position));
    await engine.restore('dan', { at: at('2026-03-05T12:00:00Z') });
    await engine.completeAchievement('dan', 'hello', { at: at('2026-03-05T12:30:00Z') });
    const records = await store().readOutbox(10);
    expect(summary(records)).toEqual([
      ['dan', 'freeze.consumed', '2026-03-04T00:00:00.000Z'],
      ['dan', 'streak.lost', '2026-03-05T00:00:00.000Z'],
      ['dan', 'streak.restored', '2026-03-05T12:00:00.000Z'],
      ['dan', 'achievement.completed', '2026-03-05T12:30:00.000Z'],
    ]);
    expect(records[3]?.entry.streak).toBeNull();
    expect(records[2]?.entry.streak).toMatchObject({ length: 2 });
  });

  it('commits no news for a write the store refuses, and none from an engine without the outbox', async () => {
    const engine = engineOn(store());
    await record(engine, 'eve', '2026-03-01T09:00:00Z');
    const [committed] = await store().readOutbox(10);
    const news = [{ ...committed!.entry, id: 'refused', version: 2 }];
    // a write one version too far is refused: its news with it
    await expect(
      store().update('eve', ({ user }) => ({
        result: null,
        write: {
          user: { ...(user ?? newUser('eve', 0)), version: 3 },
          history: [],
          rollups: [],
          index: [],
          outbox: news,
        },
      })),
    ).rejects.toThrow();
    // and a step that fails after making its write writes none of it
    await expect(
      store().update('eve', ({ user }) => {
        const write = { user: { ...user!, version: 2 }, history: [], rollups: [], index: [], outbox: news };
        if (write.outbox.length > 0) throw new Error('step failed');
        return { result: null, write };
      }),
    ).rejects.toThrow('step failed');
    await record(engineOn(store(), false), 'eve', '2026-03-02T09:00:00Z');
    expect(summary(await store().readOutbox(10))).toEqual([['eve', 'streak.started', '2026-03-01T09:00:00.000Z']]);
  });

  it("hands entries out oldest first, each user's in commit order, keeps them until removed, and removes only those named", async () => {
    const engine = engineOn(store());
    const users = ['u3', 'u1', 'u2'];
    for (const day of ['01', '02', '03']) for (const u of users) await record(engine, u, `2026-03-${day}T09:00:00Z`);
    const all = await store().readOutbox(100);
    expect(all).toHaveLength(9);
    for (const u of users) {
      const versions = all.filter((r) => r.entry.userId === u).map((r) => r.entry.version);
      expect(versions).toEqual([1, 2, 3]);
    }
    expect(all.map((r) => r.entry.userId)).toEqual(['u3', 'u1', 'u2', 'u3', 'u1', 'u2', 'u3', 'u1', 'u2']);
    // read again: the same entries, the same ids
    expect((await store().readOutbox(4)).map((r) => r.entry.id)).toEqual(all.slice(0, 4).map((r) => r.entry.id));
    await store().removeOutbox([all[1]!.position, all[4]!.position]);
    await store().removeOutbox([all[1]!.position]); // gone already: nothing happens
    const left = await store().readOutbox(100);
    expect(left.map((r) => r.entry.id)).toEqual(all.filter((_, i) => i !== 1 && i !== 4).map((r) => r.entry.id));
    // positions it never gave are ignored, whatever they hold
    await store().removeOutbox(['', 'x', '__proto__', '-1', '1e0', ' 1', '99999999999999999999']);
    expect(await store().readOutbox(100)).toEqual(left);
    await store().removeOutbox(left.map((r) => r.position));
    expect(await store().readOutbox(100)).toEqual([]);
    // a limit that is not a whole number from 1 to 1000 is refused
    for (const limit of [0, -1, 1.5, 1001, Number.NaN]) await expect(store().readOutbox(limit)).rejects.toThrow();
  });

  it('keeps the outbox through a reopen', async () => {
    if (reopen === undefined) return;
    const engine = engineOn(store());
    await record(engine, 'fay', '2026-03-01T09:00:00Z');
    const before = await store().readOutbox(10);
    const again = await reopen(store());
    try {
      expect(await again.readOutbox(10)).toEqual(before);
    } finally {
      await again.close();
    }
  });
}
