/**
 * Erasing a user on a given store (S26): after `deleteUser`, every read of that user finds nothing
 * (state, held periods, journal, a rebuild, the user list, each rule's index, the outbox, an
 * idempotency key sent again), the other users read as before, and the activity counters keep
 * their totals. Events racing the erasure leave a whole user or none.
 */
import { createEngine, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);
const daily = {
  key: 'default',
  frequency: 'daily' as const,
  conditions: [{ metric: 'lessons', threshold: 1 }],
  freezes: { initial: 1, max: 10, earn: { every: 2, amount: 1 } },
  restoreWindow: 3,
};
const weekly = { key: 'weekly', frequency: 'weekly' as const, conditions: [{ metric: 'lessons', threshold: 1 }] };
const NOW = at('2026-03-06T12:00:00Z');

export function erasureCases(store: () => Store): void {
  const engineOn = (s: Store) =>
    createEngine({
      store: s,
      streaks: [daily, weekly],
      achievements: [{ key: 'hello', name: 'Hello', trigger: 'api' }],
      metrics: ['lessons'],
      outbox: true,
      clock: () => NOW,
    });
  const record = (engine: ReturnType<typeof engineOn>, userId: string, iso: string, extra: object = {}) =>
    engine.record({ userId, metric: 'lessons', value: 1, at: at(iso), tz: 'UTC', ...extra });

  /** ann with everything a store keeps of a user; bob beside her. */
  async function twoUsers(engine: ReturnType<typeof engineOn>): Promise<void> {
    for (const userId of ['ann', 'bob']) {
      await record(engine, userId, '2026-03-01T09:00:00Z', { idempotencyKey: 'k1' });
      await record(engine, userId, '2026-03-02T09:00:00Z');
      await record(engine, userId, '2026-03-03T09:00:00Z', { tz: 'Europe/Paris' });
      await engine.grantFreezes(userId, 1, { at: at('2026-03-03T10:00:00Z') });
      await engine.completeAchievement(userId, 'hello', { at: at('2026-03-03T11:00:00Z') });
      await record(engine, userId, '2026-03-05T09:00:00Z', { tz: 'Europe/Paris' });
    }
  }

  /** Everything the store tells of one user. */
  async function readsOf(s: Store, userId: string) {
    const journal = await s.journal(userId);
    return {
      user: await s.load(userId),
      version: await s.version(userId),
      daily: await s.history(userId, 'default', -1_000_000, 1_000_000),
      weekly: await s.history(userId, 'weekly', -1_000_000, 1_000_000),
      journal,
    };
  }

  it('finds nothing of an erased user afterwards, in any read, and the other user as before (S26)', async () => {
    const s = store();
    const engine = engineOn(s);
    await twoUsers(engine);
    const bobBefore = await readsOf(s, 'bob');
    const annBefore = await readsOf(s, 'ann');
    // the case sees what it then sees gone
    expect(annBefore.user).not.toBeNull();
    expect(annBefore.daily.length).toBeGreaterThan(0);
    expect(annBefore.journal.rollups.length).toBeGreaterThan(0);
    expect(annBefore.journal.zoneChanges.length).toBeGreaterThan(0);
    expect(annBefore.journal.actions.length).toBeGreaterThan(0);
    const bobStreak = await engine.streak('bob');

    expect(await s.deleteUser('ann')).toBe(true);

    expect(await readsOf(s, 'ann')).toEqual({
      user: null,
      version: 0,
      daily: [],
      weekly: [],
      journal: { rollups: [], zoneChanges: [], actions: [] },
    });
    expect(s.peekVersion?.('ann') ?? 0).toBe(0);
    expect(await engine.user('ann')).toBeNull();
    expect((await engine.streak('ann')).length).toBe(0);
    expect(await readsOf(s, 'bob')).toEqual(bobBefore);
    expect(await engine.streak('bob')).toEqual(bobStreak);
    expect(await s.users(null, 10)).toEqual(['bob']);
    expect(await s.countUsers()).toBe(1);
  });

  it("takes an erased user's line out of every rule's index, and keeps the other users' (S26)", async () => {
    const s = store();
    const engine = engineOn(s);
    await twoUsers(engine);
    const statsAt = at('2026-03-05T12:00:00Z');
    for (const rule of ['default', 'weekly']) {
      const before = await s.stats(rule, statsAt, 10);
      expect(before.active).toBe(2);
      expect(before.topLongest.map((t) => t.userId)).toEqual(['ann', 'bob']);
    }
    expect((await s.expiring('default', statsAt, at('2026-04-01T00:00:00Z'), 10)).map((r) => r.userId)).toEqual([
      'ann',
      'bob',
    ]);
    expect(await s.earning('default', at('2027-01-01T00:00:00Z'), 10)).toEqual(['ann', 'bob']);

    await s.deleteUser('ann');

    for (const rule of ['default', 'weekly']) {
      const after = await s.stats(rule, statsAt, 10);
      expect(after.active).toBe(1);
      expect(after.lengths.reduce((sum, l) => sum + l.users, 0)).toBe(1);
      expect(after.topCurrent.map((t) => t.userId)).toEqual(['bob']);
      expect(after.topLongest.map((t) => t.userId)).toEqual(['bob']);
    }
    expect((await s.expiring('default', statsAt, at('2026-04-01T00:00:00Z'), 10)).map((r) => r.userId)).toEqual([
      'bob',
    ]);
    expect(await s.earning('default', at('2027-01-01T00:00:00Z'), 10)).toEqual(['bob']);
    // an earlier instant than any query before: nothing of ann comes back from the retired lines either
    const earlier = await s.stats('default', at('2026-03-01T12:00:00Z'), 10);
    expect(earlier.topLongest.map((t) => t.userId)).toEqual(['bob']);
  });

  it("takes an erased user's outbox entries away, keeps the others', and the activity counts as they were (S26)", async () => {
    const s = store();
    const engine = engineOn(s);
    await twoUsers(engine);
    const activity = await s.activity('2026-01-01', '2026-12-31');
    expect(activity.days.length).toBeGreaterThan(0);
    const bobEntries = (await s.readOutbox(1000)).filter((r) => r.entry.userId === 'bob').map((r) => r.entry);
    expect(bobEntries.length).toBeGreaterThan(0);

    await s.deleteUser('ann');

    expect((await s.readOutbox(1000)).map((r) => r.entry)).toEqual(bobEntries);
    expect(await s.activity('2026-01-01', '2026-12-31')).toEqual(activity);
  });

  it('makes a new user of an erased one at their next event: a key sent before is new, the journal starts again (S26)', async () => {
    const s = store();
    const engine = engineOn(s);
    await twoUsers(engine);
    const bob = (await s.stats('default', NOW, 10)).topLongest.find((t) => t.userId === 'bob');
    expect(bob?.longest).toBeGreaterThan(1);
    await s.deleteUser('ann');
    const again = await record(engine, 'ann', '2026-03-06T09:00:00Z', { idempotencyKey: 'k1' });
    expect(again.replayed).toBe(false);
    expect(again.changes.map((c) => c.type)).toContain('streak.started');
    expect((await s.load('ann'))?.version).toBe(1);
    expect((await s.journal('ann')).rollups).toHaveLength(1);
    // the zone of a new user, not the change to Paris of the erased one
    expect((await s.journal('ann')).zoneChanges).toEqual([expect.objectContaining({ from: null, to: 'UTC' })]);
    expect((await engine.rebuild('ann', { at: NOW })).streaks.default).toEqual({ length: 1, longest: 1 });
    expect(await s.users(null, 10)).toEqual(['ann', 'bob']);
    const stats = await s.stats('default', NOW, 10);
    expect(stats.topLongest).toEqual([bob, { userId: 'ann', longest: 1 }]);
    // the news of the new user's first event (a start of each rule), none of the erased one's
    expect((await s.readOutbox(1000)).filter((r) => r.entry.userId === 'ann').map((r) => r.entry.version)).toEqual([
      1, 1,
    ]);
  });

  it('holds no read stamp of an erased user for a new user of the id at the same version, on the same day (S26)', async () => {
    const s = store();
    const engine = engineOn(s);
    await record(engine, 'ann', '2026-03-05T09:00:00Z');
    await record(engine, 'ann', '2026-03-06T09:00:00Z');
    await record(engine, 'bob', '2026-03-06T09:00:00Z');
    const stamp = await engine.readStamp('ann');
    const bobs = await engine.readStamp('bob');
    expect(stamp).not.toBeNull();
    expect(await engine.isCurrent('ann', stamp!)).toBe(true);
    const before = await s.erasures?.('ann');
    expect(await s.deleteUser('ann')).toBe(true);
    // a new ann at the version, zone and day the stamp names
    await record(engine, 'ann', '2026-03-06T09:00:00Z');
    await record(engine, 'ann', '2026-03-06T10:00:00Z');
    expect(await s.version('ann')).toBe(stamp!.version);
    expect(await engine.isCurrent('ann', stamp!)).toBe(false);
    expect(engine.isCurrentSync('ann', stamp!)).not.toBe(true);
    expect(await s.erasures?.('ann')).toBeGreaterThan(before ?? 0);
    // a second erasure of no one counts nothing
    const counted = await s.erasures?.('ann');
    expect(await s.deleteUser('nobody')).toBe(false);
    expect(await s.erasures?.('ann')).toBe(counted);
    // and a stamp taken now holds as long as nothing changes
    const fresh = await engine.readStamp('ann');
    expect(await engine.isCurrent('ann', fresh!)).toBe(true);
    expect(bobs).not.toBeNull();
  });

  it('answers false for a user it does not hold, and a second erasure of the same user, changing nothing', async () => {
    const s = store();
    const engine = engineOn(s);
    await record(engine, 'bob', '2026-03-01T09:00:00Z');
    expect(await s.deleteUser('nobody')).toBe(false);
    expect(await s.deleteUser('bob')).toBe(true);
    expect(await s.deleteUser('bob')).toBe(false);
    expect(await s.countUsers()).toBe(0);
  });

  it('forgets the activity counts when asked, once every user is erased: nothing of the namespace is left', async () => {
    const s = store();
    const engine = engineOn(s);
    await twoUsers(engine);
    expect((await s.activity('2026-01-01', '2026-12-31')).days.length).toBeGreaterThan(0);
    for (const userId of await s.users(null, 10)) await s.deleteUser(userId);
    await s.clearAccount();
    expect(await s.activity('2026-01-01', '2026-12-31')).toEqual({ days: [], metrics: [], achievements: [] });
    expect(await s.readOutbox(1000)).toEqual([]);
    expect(await s.countUsers()).toBe(0);
    // and counts again what comes after
    await record(engine, 'cat', '2026-03-06T09:00:00Z');
    expect((await s.activity('2026-03-06', '2026-03-06')).days).toEqual([
      expect.objectContaining({ day: '2026-03-06', events: 1 }),
    ]);
  });

  it('leaves a whole user or none when events race the erasure (S21, S26)', async () => {
    const s = store();
    const engine = engineOn(s);
    for (let round = 0; round < 5; round++) {
      const userId = `race-${round}`;
      await record(engine, userId, '2026-03-01T09:00:00Z');
      await Promise.all([
        record(engine, userId, '2026-03-02T09:00:00Z'),
        s.deleteUser(userId),
        record(engine, userId, '2026-03-03T09:00:00Z', { idempotencyKey: `k${round}` }),
        round % 2 === 0 ? s.deleteUser(userId) : record(engine, userId, '2026-03-04T09:00:00Z'),
      ]);
      const user = await s.load(userId);
      const journal = await s.journal(userId);
      const listed = (await s.users(null, 100)).includes(userId);
      const lined = (await s.stats('default', at('2026-03-01T00:00:00Z'), 100)).topLongest.some(
        (t) => t.userId === userId,
      );
      if (user === null) {
        expect({ journal: journal.rollups.length, listed, lined }).toEqual({ journal: 0, listed: false, lined: false });
      } else {
        // what is kept is one user, made of the events after the erasure: its journal counts each once
        expect({ listed, lined }).toEqual({ listed: true, lined: true });
        const events = journal.rollups.reduce((sum, r) => sum + r.value, 0);
        expect(user.totals.lessons).toBe(events);
        expect(user.version).toBeGreaterThanOrEqual(1);
      }
    }
  });
}
