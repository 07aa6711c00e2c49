import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type PointsSystemRules, type PointsTrigger } from '@kindling/core';
import type { OutboxEntry } from '@kindling/core/adapter';

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

const LEVELS = [
  { id: 'bronze', key: 'bronze', points: 10, createdAt: T0 },
  { id: 'silver', key: 'silver', points: 30, createdAt: T0 },
];

function engineWith(points: PointsSystemRules[], store = memoryStore()) {
  let now = T0 + HOUR;
  const engine = createEngine({
    store,
    clock: () => now,
    outbox: true,
    streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    achievements: [
      { key: 'first', name: 'First lesson', trigger: 'metric', metric: 'lessons', threshold: 1 },
      { key: 'signed', name: 'Signed up', trigger: 'api' },
    ],
    points,
  });
  return { engine, store, advance: (ms: number) => (now += ms) };
}

/** The outbox's points news, taken out of it (as a relay does). */
async function takeNews(store: ReturnType<typeof memoryStore>): Promise<OutboxEntry[]> {
  const records = await store.readOutbox(100);
  await store.removeOutbox(records.map((r) => r.position));
  return records.map((r) => r.entry).filter((e) => e.change.type.startsWith('points.'));
}

describe('the outbox carries points news with the write that paid them (S38)', () => {
  it('an event that pays puts points.changed in the outbox, as its answer shows the system', async () => {
    const { engine, store } = engineWith([system([trigger('lesson', { points: 10 })])]);
    const answer = await engine.record({ userId: 'ana', metric: 'lessons', value: 2 });
    const news = await takeNews(store);
    expect(news.map((e) => e.change)).toEqual([
      { type: 'points.changed', system: 'xp', total: 20, added: 20, awards: answer.points.xp?.awards },
    ]);
    expect(news[0]?.streak).toBeNull();
    expect(news[0]?.at).toBe(T0 + HOUR);
  });

  it('a level crossed adds points.level_changed with the level before and after, and level in points.changed', async () => {
    const { engine, store } = engineWith([system([trigger('lesson', { points: 10 })], { levels: LEVELS })]);
    await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    const first = (await takeNews(store)).map((e) => e.change);
    expect(first).toEqual([
      expect.objectContaining({ type: 'points.changed', total: 10, level: LEVELS[0] }),
      { type: 'points.level_changed', system: 'xp', total: 10, previousLevel: null, newLevel: LEVELS[0] },
    ]);
    await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    const same = (await takeNews(store)).map((e) => e.change);
    expect(same).toHaveLength(1);
    expect(same[0]).not.toHaveProperty('level');
    await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    expect((await takeNews(store)).map((e) => e.change)[1]).toEqual({
      type: 'points.level_changed',
      system: 'xp',
      total: 30,
      previousLevel: LEVELS[0],
      newLevel: LEVELS[1],
    });
  });

  it('an event that pays nothing, a replay and a refused event put no points news in the outbox', async () => {
    const { engine, store } = engineWith([
      system([trigger('every-3', { threshold: 3 })]),
      system([trigger('spend', { points: -5, blockIfOutOfPoints: true })], { key: 'energy', name: 'Energy' }),
    ]);
    const refused = await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    expect(refused.refused).toBeDefined();
    expect(await takeNews(store)).toEqual([]);
    const { engine: other, store: otherStore } = engineWith([system([trigger('every-3', { threshold: 3 })])]);
    await other.record({ userId: 'ana', metric: 'lessons', value: 1, idempotencyKey: 'k' });
    expect(await takeNews(otherStore)).toEqual([]);
    await other.record({ userId: 'ana', metric: 'lessons', value: 3, idempotencyKey: 'k2' });
    expect(await takeNews(otherStore)).toHaveLength(1);
    await other.record({ userId: 'ana', metric: 'lessons', value: 3, idempotencyKey: 'k2' });
    expect(await takeNews(otherStore)).toEqual([]);
  });

  it('ingest, identify and an API completion put their points news in the outbox too', async () => {
    const { engine, store } = engineWith([
      system([
        trigger('welcome', { type: 'user_creation', points: 5 } as Partial<PointsTrigger>),
        trigger('signed', { type: 'achievement', achievement: 'signed', points: 7 } as Partial<PointsTrigger>),
        trigger('lesson', { points: 10 }),
      ]),
    ]);
    await engine.identify('ana', { name: 'Ana' }, { mode: 'create' });
    expect((await takeNews(store)).map((e) => e.change)).toEqual([
      expect.objectContaining({ type: 'points.changed', total: 5, added: 5 }),
    ]);
    await engine.completeAchievement('ana', 'signed');
    expect((await takeNews(store)).map((e) => e.change)).toEqual([
      expect.objectContaining({ type: 'points.changed', total: 12, added: 7 }),
    ]);
    await engine.ingest({ userId: 'ana', metric: 'lessons', value: 1 });
    expect((await takeNews(store)).map((e) => e.change)).toEqual([
      expect.objectContaining({ type: 'points.changed', total: 22, added: 10 }),
    ]);
  });

  it('time awards settled before an event are news of that event, oldest first, though its answer shows only its own', async () => {
    const { engine, store, advance } = engineWith([
      system([
        trigger('refill', { type: 'time', unit: 'hour', interval: 1, points: 1 } as Partial<PointsTrigger>),
        trigger('lesson', { points: 10 }),
      ]),
    ]);
    await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    await takeNews(store);
    advance(2 * HOUR + 1);
    const answer = await engine.record({ userId: 'ana', metric: 'lessons', value: 1 });
    expect(answer.points.xp?.awards.map((a) => a.trigger)).toEqual(['lesson']);
    const [news] = (await takeNews(store)).map((e) => e.change);
    expect(news).toMatchObject({ type: 'points.changed', total: 22, added: 12 });
    expect(news?.type === 'points.changed' ? news.awards.map((a) => a.trigger) : null).toEqual([
      'refill',
      'refill',
      'lesson',
    ]);
  });

  it('the same write makes the same ids in another process, after the streak changes of the write', async () => {
    const written: OutboxEntry[][] = [];
    for (let run = 0; run < 2; run++) {
      const { engine, store } = engineWith([system([trigger('lesson', { points: 10 })], { levels: LEVELS })]);
      await engine.record({ userId: 'ana', metric: 'lessons', value: 1, at: T0 + HOUR });
      written.push((await store.readOutbox(100)).map((r) => r.entry));
    }
    expect(written[0]?.map((e) => e.change.type)).toEqual([
      'streak.started',
      'achievement.completed',
      'points.changed',
      'points.level_changed',
    ]);
    expect(written[1]?.map((e) => e.id)).toEqual(written[0]?.map((e) => e.id));
    expect(new Set(written[0]?.map((e) => e.id)).size).toBe(4);
  });
});
