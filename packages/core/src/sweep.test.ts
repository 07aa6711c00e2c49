import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type PointsSystemRules } from '@kindling/core';

const at = (iso: string) => Date.parse(iso);

describe('settleDue', () => {
  it('tells how many users the index found due, up to its limit, beside those whose streaks moved', async () => {
    const engine = createEngine({
      store: memoryStore(),
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      clock: () => 0,
    });
    for (const userId of ['ann', 'bob', 'cy'])
      await engine.record({ userId, metric: 'lessons', value: 1, at: at('2026-03-01T09:00:00Z'), tz: 'UTC' });
    // the 2nd was missed by all three: each streak lost, found a batch of two at a time
    const first = await engine.settleDue({ at: at('2026-03-04T10:00:00Z'), limit: 2 });
    expect(first).toEqual({ due: 2, users: 2, changes: 2, more: true });
    expect(await engine.settleDue({ at: at('2026-03-04T10:00:00Z'), limit: 2 })).toEqual({
      due: 1,
      users: 1,
      changes: 1,
      more: false,
    });
    expect(await engine.settleDue({ at: at('2026-03-04T10:00:00Z') })).toEqual({
      due: 0,
      users: 0,
      changes: 0,
      more: false,
    });
  });
});

describe('nextDueAt', () => {
  const lessons = [{ metric: 'lessons', threshold: 1 }];
  const engineWith = (rule: Record<string, unknown>) =>
    createEngine({
      store: memoryStore(),
      streaks: [{ key: 'default', frequency: 'daily', conditions: lessons, ...rule }],
      clock: () => 0,
    });

  it('answers the first expiry of the index, and until when nobody is due before it', async () => {
    const engine = engineWith({});
    const until = at('2026-03-10T00:00:00Z');
    expect(await engine.nextDueAt({ at: at('2026-03-01T10:00:00Z'), until })).toBe(until);
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: at('2026-03-01T09:00:00Z'), tz: 'UTC' });
    await engine.record({ userId: 'bob', metric: 'lessons', value: 1, at: at('2026-03-02T09:00:00Z'), tz: 'UTC' });
    // ann's streak is lost as the 3rd begins, unless an event comes
    expect(await engine.nextDueAt({ at: at('2026-03-02T10:00:00Z'), until })).toBe(at('2026-03-03T00:00:00Z'));
    expect(await engine.nextDueAt({ at: at('2026-03-02T10:00:00Z'), until: at('2026-03-02T12:00:00Z') })).toBe(
      at('2026-03-02T12:00:00Z'),
    );
    // once past it, it is due now; settled, the next one is bob's
    expect(await engine.nextDueAt({ at: at('2026-03-03T10:00:00Z'), until })).toBe(at('2026-03-03T10:00:00Z'));
    await engine.settleDue({ at: at('2026-03-03T10:00:00Z') });
    expect(await engine.nextDueAt({ at: at('2026-03-03T10:00:00Z'), until })).toBe(at('2026-03-04T00:00:00Z'));
  });

  it('answers a reminder remindBefore ahead of the expiry, and the expiry once it was sent', async () => {
    const engine = engineWith({ remindBefore: '4h' });
    const until = at('2026-03-10T00:00:00Z');
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: at('2026-03-01T09:00:00Z'), tz: 'UTC' });
    expect(await engine.nextDueAt({ at: at('2026-03-02T10:00:00Z'), until })).toBe(at('2026-03-02T20:00:00Z'));
    expect((await engine.settleDue({ at: at('2026-03-02T20:00:00Z') })).changes).toBe(1);
    expect(await engine.nextDueAt({ at: at('2026-03-02T20:00:00Z'), until })).toBe(at('2026-03-03T00:00:00Z'));
  });

  it('answers now while someone earns a freeze before until, the index telling who, not when', async () => {
    const engine = engineWith({ freezes: { initial: 0, max: 3, earn: { every: 2, amount: 1 } } });
    for (const day of ['2026-03-01', '2026-03-02'])
      await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: at(`${day}T09:00:00Z`), tz: 'UTC' });
    // the 2nd day met earns a freeze as the 3rd begins, a day before the streak expires
    const now = at('2026-03-02T10:00:00Z');
    expect(await engine.nextDueAt({ at: now, until: at('2026-03-02T12:00:00Z') })).toBe(at('2026-03-02T12:00:00Z'));
    expect(await engine.nextDueAt({ at: now, until: at('2026-03-10T00:00:00Z') })).toBe(now);
    expect((await engine.settleDue({ at: at('2026-03-03T00:00:00Z') })).changes).toBe(1);
  });
});

describe('settleDue with a points system of time triggers (S33)', () => {
  const T0 = at('2026-03-01T00:00:00Z');
  const HOUR = 3_600_000;
  const energy: PointsSystemRules = {
    key: 'energy',
    name: 'Energy',
    description: null,
    badgeUrl: null,
    maxPoints: 5,
    status: 'active',
    triggers: [
      { id: 'refill', type: 'time', unit: 'hour', interval: 1, points: 1, status: 'active', activatedAt: T0 },
      { id: 'play', type: 'metric', metric: 'plays', threshold: 1, points: -1, status: 'active', activatedAt: T0 },
    ],
    levels: [],
    boosts: [],
  };
  const engineOn = (store = memoryStore()) => ({
    store,
    engine: createEngine({ store, clock: () => T0, points: [energy] }),
  });

  it('pays a user who never comes back each boundary, dated there, once, as a read would show them', async () => {
    const { store, engine } = engineOn();
    await engine.record({ userId: 'ana', metric: 'plays', value: 0, at: T0 + 10 * 60_000 });
    expect(await engine.nextDueAt({ at: T0 + 20 * 60_000, until: T0 + 24 * HOUR })).toBe(T0 + HOUR);
    const when = T0 + 3 * HOUR + 30 * 60_000;
    const lazy = await engine.points('ana', 'energy', { at: when });
    expect(await engine.settleDue({ at: when })).toEqual({ due: 1, users: 1, changes: 0, more: false });
    const stored = (await store.load('ana'))?.points?.energy;
    expect(stored?.awards).toEqual(lazy?.awards);
    expect(stored?.awards.map((award) => award.at)).toEqual([T0 + 3 * HOUR, T0 + 2 * HOUR, T0 + HOUR]);
    // settled: nothing due again before the next boundary, which the sweeper is told
    expect(await engine.settleDue({ at: when })).toEqual({ due: 0, users: 0, changes: 0, more: false });
    expect(await engine.nextDueAt({ at: when, until: T0 + 24 * HOUR })).toBe(T0 + 4 * HOUR);
    // an event after pays nothing twice: its deduction meets the settled total
    const played = await engine.record({ userId: 'ana', metric: 'plays', value: 1, at: when + 60_000 });
    expect(played.points.energy?.total).toBe(2);
  });

  it('pays the users seen before a time trigger was added, once every user was rebuilt under it', async () => {
    const store = memoryStore();
    const before = createEngine({ store, clock: () => T0, metrics: ['plays'], points: [] });
    const withoutTime = { ...energy, triggers: energy.triggers.filter((trigger) => trigger.type !== 'time') };
    const played = createEngine({ store, clock: () => T0, points: [withoutTime] });
    // one user seen before any points system, one who played under the system without its refill
    await before.record({ userId: 'ana', metric: 'plays', value: 0, at: T0 + 10 * 60_000 });
    await played.record({ userId: 'bob', metric: 'plays', value: 0, at: T0 + 20 * 60_000 });
    // the refill added at 01:30: its boundaries fall at 02:30, 03:30, ...
    const refill = { ...energy, triggers: energy.triggers.map((t) => ({ ...t, activatedAt: T0 + 90 * 60_000 })) };
    const after = createEngine({ store, clock: () => T0 + 2 * HOUR, points: [refill] });
    expect(await after.rebuildAll({ at: T0 + 2 * HOUR })).toEqual({ users: 2 });
    const when = T0 + 4 * HOUR;
    expect(await after.settleDue({ at: when })).toMatchObject({ due: 2, users: 2 });
    for (const userId of ['ana', 'bob']) {
      const stored = (await store.load(userId))?.points?.energy;
      expect(stored?.awards.map((award) => award.at)).toEqual([T0 + 3.5 * HOUR, T0 + 2.5 * HOUR]);
      expect(stored?.total).toBe(2);
    }
  });

  it('puts the news of what it paid in the outbox, in the same write (S38)', async () => {
    const store = memoryStore();
    const engine = createEngine({ store, clock: () => T0, points: [energy], outbox: true });
    await engine.record({ userId: 'ana', metric: 'plays', value: 0, at: T0 + 10 * 60_000 });
    await store.removeOutbox((await store.readOutbox(100)).map((record) => record.position));
    await engine.settleDue({ at: T0 + 2 * HOUR + 60_000 });
    const news = (await store.readOutbox(100)).map(({ entry }) => entry.change);
    expect(news).toMatchObject([{ type: 'points.changed', system: 'energy', total: 2, added: 2 }]);
  });

  it('moves a capped user past boundaries that pay nothing, so the due list reaches the users behind', async () => {
    const { store, engine } = engineOn();
    for (const userId of ['ana', 'bob'])
      await engine.record({ userId, metric: 'plays', value: 0, at: T0 + 10 * 60_000 });
    await engine.settleDue({ at: T0 + 6 * HOUR });
    expect((await store.load('ana'))?.points?.energy?.awards).toHaveLength(5);
    // both at the cap: each boundary pays nothing, yet each user leaves the due list once settled
    expect(await engine.settleDue({ at: T0 + 9 * HOUR, limit: 1 })).toMatchObject({ due: 1, more: true });
    expect(await engine.settleDue({ at: T0 + 9 * HOUR, limit: 1 })).toMatchObject({ due: 1, more: true });
    expect(await engine.settleDue({ at: T0 + 9 * HOUR, limit: 1 })).toMatchObject({ due: 0 });
    expect((await store.load('ana'))?.points?.energy?.awards).toHaveLength(5);
    expect((await store.load('ana'))?.points?.energy?.total).toBe(5);
  });
});
