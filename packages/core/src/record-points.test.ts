import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type PointsSystemRules, type PointsTrigger } from '@kindling/core';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const HOUR = 3_600_000;

function trigger(id: string, more: Partial<PointsTrigger>): PointsTrigger {
  return {
    id,
    type: 'metric',
    metric: 'lessons',
    threshold: 1,
    points: 10,
    status: 'active',
    activatedAt: T0,
    ...more,
  } as PointsTrigger;
}

function system(triggers: PointsTrigger[], more: Partial<PointsSystemRules> = {}): PointsSystemRules {
  return {
    key: 'xp',
    name: 'XP',
    description: null,
    badgeUrl: null,
    maxPoints: null,
    status: 'active',
    triggers,
    levels: [],
    boosts: [],
    ...more,
  };
}

function engineWith(points: PointsSystemRules[], store = memoryStore()) {
  let now = T0 + HOUR;
  const engine = createEngine({
    store,
    clock: () => now,
    streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    achievements: [{ key: 'first', name: 'First lesson', trigger: 'metric', metric: 'lessons', threshold: 1 }],
    points,
  });
  return { engine, store, advance: (ms: number) => (now += ms) };
}

describe('an event with points systems', () => {
  it('answers each system it moved with the total, what it added and the awards, and keeps the total', async () => {
    const { engine } = engineWith([system([trigger('every-3', { threshold: 3, points: 10 })])]);
    const first = await engine.record({ userId: 'ana', metric: 'lessons', value: 2 });
    expect(first.points).toEqual({});
    const second = await engine.record({ userId: 'ana', metric: 'lessons', value: 5 });
    expect(second.points).toEqual({
      xp: { total: 20, added: 20, awards: [{ id: '1', trigger: 'every-3', awarded: 20, at: T0 + HOUR, total: 20 }] },
    });
    const third = await engine.record({ userId: 'ana', metric: 'lessons', value: 2 });
    expect(third.points.xp?.total).toBe(30);
  });

  it('pays creation, metric, achievement and streak triggers of one event in that order (S31)', async () => {
    const { engine } = engineWith([
      system([
        trigger('streak', { type: 'streak', streak: 'daily', length: 1, points: 1000 } as Partial<PointsTrigger>),
        trigger('achieved', { type: 'achievement', achievement: 'first', points: 100 } as Partial<PointsTrigger>),
        trigger('lesson', { points: 10 }),
        trigger('welcome', { type: 'user_creation', points: 1 } as Partial<PointsTrigger>),
      ]),
    ]);
    const answer = await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    expect(answer.points.xp?.awards.map((award) => [award.trigger, award.total])).toEqual([
      ['welcome', 1],
      ['lesson', 11],
      ['achieved', 111],
      ['streak', 1111],
    ]);
    expect(answer.points.xp?.added).toBe(1111);
    // the same day again: no creation, no new achievement, no new extension
    const again = await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    expect(again.points.xp?.awards.map((award) => award.trigger)).toEqual(['lesson']);
  });

  it('answers `level` only when the event changed it (S34)', async () => {
    const levels = [
      { id: 'l1', key: 'bronze', points: 10, createdAt: T0 },
      { id: 'l2', key: 'silver', points: 30, createdAt: T0 },
    ];
    const { engine } = engineWith([system([trigger('lesson', { points: 10 })], { levels })]);
    const first = await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    expect(first.points.xp?.level).toEqual(levels[0]);
    const second = await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    expect(second.points.xp !== undefined && 'level' in second.points.xp).toBe(false);
  });

  it('refuses the whole event when a blocking deduction would go below zero, storing nothing (S31)', async () => {
    const spend = trigger('spend', { metric: 'plays', points: -5, blockIfOutOfPoints: true });
    const { engine, store } = engineWith([system([trigger('lesson', { points: 3 }), spend])]);
    await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    const before = await store.load('ana');
    const refused = await engine.record({ userId: 'ana', metric: 'plays', value: 1, idempotencyKey: 'k1' });
    expect(refused.refused).toEqual({ system: 'xp', trigger: 'spend', total: 3, points: -5 });
    expect({ total: refused.total, changes: refused.changes, points: refused.points }).toEqual({
      total: 0,
      changes: [],
      points: {},
    });
    expect(await store.load('ana')).toEqual(before);
    // the key was not kept: once there are points enough, the same key records the event
    await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    const paid = await engine.record({ userId: 'ana', metric: 'plays', value: 1, idempotencyKey: 'k1' });
    expect({ replayed: paid.replayed, refused: paid.refused, total: paid.points.xp?.total }).toEqual({
      replayed: false,
      refused: undefined,
      total: 1,
    });
  });

  it('answers a repeated idempotency key with the first answer’s points and awards nothing more', async () => {
    const { engine, store } = engineWith([system([trigger('lesson', { points: 10 })])]);
    const first = await engine.record({ userId: 'ana', metric: 'lessons', value: 1, idempotencyKey: 'once' });
    const again = await engine.record({ userId: 'ana', metric: 'lessons', value: 1, idempotencyKey: 'once' });
    expect(again.replayed).toBe(true);
    expect(again.points).toEqual(first.points);
    expect((await store.load('ana'))?.points?.xp?.total).toBe(10);
  });

  it('keeps no points state, and answers an empty map, without points systems', async () => {
    const { engine, store } = engineWith([]);
    const answer = await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    expect(answer.points).toEqual({});
    expect(await store.load('ana')).not.toHaveProperty('points');
  });

  it('refuses a configuration that gives one system key twice', () => {
    expect(() => engineWith([system([]), system([])])).toThrow('points system "xp" is given twice');
  });
});

describe('a rebuild with streak triggers (S30)', () => {
  it('counts the merged run as paid, so a late event that joins two runs pays no multiple twice', async () => {
    const { engine, store } = engineWith([
      system([
        trigger('every-2', { type: 'streak', streak: 'daily', length: 2, points: 10 } as Partial<PointsTrigger>),
      ]),
    ]);
    const day = (d: number) => T0 + d * 24 * HOUR + 9 * HOUR;
    const on = async (d: number, at = day(d)) =>
      (await engine.record({ userId: 'ana', metric: 'lessons', value: 1, at })).points.xp?.added ?? 0;
    // days 0, 1: a run of 2 pays once; day 2 missed; day 3 starts a run of its own
    expect([await on(0), await on(1), await on(3)]).toEqual([0, 10, 0]);
    // day 2 arrives late: the rebuild joins the runs into one of 4, and pays nothing (S30)
    expect(await on(2, day(2))).toBe(0);
    // the progress kept names the joined run with both of its multiples paid
    const stored = await store.load('ana');
    expect(stored?.points?.xp?.progress['every-2']).toMatchObject({
      run: stored?.streaks.daily?.started,
      reached: 2,
    });
    // the next extension makes 5: no new multiple; 6 pays the third one
    expect([await on(4), await on(5)]).toEqual([0, 10]);
    const view = await engine.points('ana', 'xp', { at: day(5) + HOUR });
    expect(view?.total).toBe(20);
  });
});

describe('identify with points systems', () => {
  it('pays the user-creation triggers of a user it makes, once', async () => {
    const { engine, store } = engineWith([
      system([trigger('welcome', { type: 'user_creation', points: 5 } as Partial<PointsTrigger>)]),
    ]);
    await engine.identify('ana', { name: 'Ana' }, { mode: 'create' });
    expect((await engine.points('ana', 'xp'))?.total).toBe(5);
    await engine.identify('ana', { name: 'Ana B' }, { mode: 'update' });
    expect((await store.load('ana'))?.points?.xp?.awards.map((award) => award.trigger)).toEqual(['welcome']);
  });

  it('makes the user even when a blocking deduction would go below zero: the deduction takes what there is', async () => {
    const { engine } = engineWith([
      system([
        trigger('welcome', { type: 'user_creation', points: 5 } as Partial<PointsTrigger>),
        trigger('toll', { type: 'user_creation', points: -50, blockIfOutOfPoints: true } as Partial<PointsTrigger>),
      ]),
    ]);
    const made = await engine.identify('ana', { name: 'Ana' }, { mode: 'create' });
    expect(made.created).toBe(true);
    const read = await engine.points('ana', 'xp');
    expect(read?.awards.map((award) => [award.trigger, award.awarded, award.total])).toEqual([
      ['toll', -5, 0],
      ['welcome', 5, 5],
    ]);
  });
});
