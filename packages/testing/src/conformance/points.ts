/**
 * Points on a given store (S21, S27..S36): a user's points state is committed with the event that
 * paid it and read back whole, its days of changes with it (after a reopening too); concurrent events of one user, through two
 * engines, pay each multiple of a metric trigger exactly once and leave a total that is the sum of
 * the awards; a refused event leaves nothing behind. Each store's own tests run it across
 * processes (packages/sqlite, packages/redis: concurrency).
 */
import { createEngine, type PointsSystemRules, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const T0 = Date.parse('2026-05-01T00:00:00Z');

/** XP: 1 point for every 3 lessons; gems: 5 on creation, 2 taken by each play, refused below zero. */
const SYSTEMS: PointsSystemRules[] = [
  {
    key: 'xp',
    name: 'XP',
    description: null,
    badgeUrl: null,
    maxPoints: null,
    status: 'active',
    triggers: [
      { id: 'every-3', type: 'metric', metric: 'lessons', threshold: 3, points: 1, status: 'active', activatedAt: T0 },
    ],
    levels: [{ id: 'ten', key: 'ten', points: 10, createdAt: T0 }],
    boosts: [],
  },
  {
    key: 'gems',
    name: 'Gems',
    description: null,
    badgeUrl: null,
    maxPoints: null,
    status: 'active',
    triggers: [
      { id: 'welcome', type: 'user_creation', points: 5, status: 'active', activatedAt: T0 },
      {
        id: 'play',
        type: 'metric',
        metric: 'plays',
        threshold: 1,
        points: -2,
        status: 'active',
        activatedAt: T0,
        blockIfOutOfPoints: true,
      },
    ],
    levels: [],
    boosts: [],
  },
];

function engineOn(store: Store) {
  return createEngine({ store, clock: () => T0 + 3_600_000, points: SYSTEMS, metrics: ['lessons', 'plays'] });
}

export function pointsCases(store: () => Store, reopen: ((store: Store) => Promise<Store>) | undefined): void {
  it('S21: concurrent events of one user through two engines pay each multiple once, the total the sum of the awards', async () => {
    const first = engineOn(store());
    const other = engineOn(store());
    await first.record({ userId: 'ada', metric: 'lessons', value: 1 });
    const answers = await Promise.all(
      Array.from({ length: 59 }, (_, i) =>
        (i % 2 === 0 ? first : other).record({ userId: 'ada', metric: 'lessons', value: 1 }),
      ),
    );
    const paid = answers.flatMap((answer) => answer.points.xp?.awards ?? []);
    // 60 lessons: 20 multiples of 3, each paid by exactly one event, as one point
    expect(paid.map((award) => award.total).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(paid.map((award) => award.id)).size).toBe(20);
    const read = await other.points('ada', 'xp');
    expect({ total: read?.total, level: read?.level?.key, kept: read?.awards.length }).toEqual({
      total: 20,
      level: 'ten',
      kept: 10,
    });
  });

  it('keeps a user’s points state whole, after a reopening too, and stores nothing of a refused event', async () => {
    const engine = engineOn(store());
    await engine.record({ userId: 'bo', metric: 'plays', value: 1, idempotencyKey: 'p1' });
    await engine.record({ userId: 'bo', metric: 'plays', value: 1, idempotencyKey: 'p2' });
    const before = await engine.store.load('bo');
    expect(before?.points?.gems?.total).toBe(1);
    // S36: the day's change is kept with the state, for the event summary
    const range = { aggregation: 'daily', from: '2026-05-01', to: '2026-05-02' } as const;
    const days = [
      { date: '2026-05-01', total: 1, change: 1 },
      { date: '2026-05-02', total: 1, change: 0 },
    ];
    expect(await engine.pointsEventSummary('bo', 'gems', range)).toEqual(days);
    const refused = await engine.record({ userId: 'bo', metric: 'plays', value: 1, idempotencyKey: 'p3' });
    expect(refused.refused).toEqual({ system: 'gems', trigger: 'play', total: 1, points: -2 });
    expect(await engine.store.load('bo')).toEqual(before);
    if (reopen !== undefined) {
      const again = await reopen(store());
      expect(await again.load('bo')).toEqual(before);
      expect(await engineOn(again).pointsEventSummary('bo', 'gems', range)).toEqual(days);
      await again.close();
    }
  });
}
