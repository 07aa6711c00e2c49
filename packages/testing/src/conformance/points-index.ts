/**
 * A store's points index (S37, S34, S33): the lines each write carries give the counts of users per
 * range of totals and the largest total (what the summary and the level summary read), each user
 * counted once as their line is replaced, gone with an erased user; and the users due for their
 * time triggers, soonest first, ties by user id, at most the limit asked. Run on every store.
 */
import { createEngine, type PointsSystemRules, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const T0 = Date.parse('2026-05-01T00:00:00Z');
const HOUR = 3_600_000;

/** XP: 7 points a lesson, levels at 0 and 10 (and a later one at 10 too); energy: 1 at each local midnight, at most 5. */
const SYSTEMS: PointsSystemRules[] = [
  {
    key: 'xp',
    name: 'XP',
    description: null,
    badgeUrl: null,
    maxPoints: null,
    status: 'active',
    triggers: [
      { id: 'lesson', type: 'metric', metric: 'lessons', threshold: 1, points: 7, status: 'active', activatedAt: T0 },
      { id: 'slip', type: 'metric', metric: 'slips', threshold: 1, points: -100, status: 'active', activatedAt: T0 },
      { id: 'badge', type: 'achievement', achievement: 'onboarded', points: 50, status: 'active', activatedAt: T0 },
    ],
    levels: [
      { id: 'rookie', key: 'rookie', points: 0, createdAt: T0 },
      { id: 'early-ten', key: 'early-ten', points: 10, createdAt: T0 },
      { id: 'ten', key: 'ten', points: 10, createdAt: T0 + 1 },
      { id: 'hundred', key: 'hundred', points: 100, createdAt: T0 },
    ],
    boosts: [],
  },
  {
    key: 'energy',
    name: 'Energy',
    description: null,
    badgeUrl: null,
    maxPoints: 5,
    status: 'active',
    triggers: [{ id: 'refill', type: 'time', unit: 'day', interval: 1, points: 1, status: 'active', activatedAt: T0 }],
    levels: [],
    boosts: [],
  },
];

function engineOn(store: Store) {
  return createEngine({
    store,
    clock: () => T0 + HOUR,
    points: SYSTEMS,
    metrics: ['lessons', 'slips', 'plays'],
    achievements: [{ key: 'onboarded', name: 'Onboarded', trigger: 'api' }],
  });
}

/** `lessons` lessons for `userId`, one event each. */
async function lessons(engine: ReturnType<typeof engineOn>, userId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await engine.record({ userId, metric: 'lessons', value: 1 });
}

export function pointsIndexCases(store: () => Store): void {
  it('S37: counts the users with a change per range of totals and knows the largest total', async () => {
    const engine = engineOn(store());
    await lessons(engine, 'ada', 1); // 7
    await lessons(engine, 'bo', 2); // 14
    await lessons(engine, 'cy', 15); // 105
    await engine.record({ userId: 'di', metric: 'plays', value: 1 }); // a line at 0, no change
    await lessons(engine, 'ed', 1);
    await engine.record({ userId: 'ed', metric: 'slips', value: 1 }); // down to 0, a change
    expect(await engine.store.pointsTotals('xp', [0, 1, 10, 100])).toEqual({ users: [1, 1, 1, 1], largest: 105 });
    expect(await engine.store.pointsTotals('xp', [])).toEqual({ users: [], largest: 105 });
    expect(await engine.store.pointsTotals('energy', [0])).toEqual({ users: [0], largest: 0 });
    expect(await engine.store.pointsTotals('nothing', [0, 1])).toEqual({ users: [0, 0], largest: 0 });
    const summary = await engine.pointsSummary('xp');
    expect(summary.length).toBe(11);
    expect(summary.slice(0, 3)).toEqual([
      { from: 0, to: 0, users: 2 },
      { from: 1, to: 100, users: 2 },
      { from: 101, to: 200, users: 1 },
    ]);
    expect(summary.reduce((sum, range) => sum + range.users, 0)).toBe(5);
    // S34: di holds no level; between the two levels at 10 the later one holds bo
    const levels = await engine.levelSummary('xp');
    expect(levels.map(({ level, users }) => [level.key, users])).toEqual([
      ['rookie', 2],
      ['early-ten', 0],
      ['ten', 1],
      ['hundred', 1],
    ]);
  });

  it('replaces a user’s line on each write: a user moves between ranges and is counted once', async () => {
    const engine = engineOn(store());
    await lessons(engine, 'ada', 1);
    expect(await engine.store.pointsTotals('xp', [1, 10])).toEqual({ users: [1, 0], largest: 7 });
    await lessons(engine, 'ada', 1);
    expect(await engine.store.pointsTotals('xp', [1, 10])).toEqual({ users: [0, 1], largest: 14 });
    await engine.record({ userId: 'ada', metric: 'slips', value: 1 });
    expect(await engine.store.pointsTotals('xp', [0, 1])).toEqual({ users: [1, 0], largest: 0 });
  });

  it('writes the lines of an achievement’s award and of a new user made by identify', async () => {
    const engine = engineOn(store());
    await engine.identify('ada', { tz: 'Asia/Tokyo' }, { mode: 'create' });
    expect(await engine.store.pointsDue(Number.MAX_SAFE_INTEGER, 10)).toEqual([
      { userId: 'ada', system: 'energy', dueAt: Date.parse('2026-05-01T15:00:00Z') },
    ]);
    await engine.completeAchievement('ada', 'onboarded');
    expect(await engine.store.pointsTotals('xp', [0, 50, 51])).toEqual({ users: [0, 1, 0], largest: 50 });
    expect((await engine.levelSummary('xp')).map(({ level, users }) => [level.key, users])).toEqual([
      ['rookie', 0],
      ['early-ten', 0],
      ['ten', 1],
      ['hundred', 0],
    ]);
  });

  it('S26: an erased user leaves no line: not counted, not due', async () => {
    const engine = engineOn(store());
    await lessons(engine, 'ada', 2);
    await lessons(engine, 'bo', 1);
    await engine.deleteUser('ada');
    expect(await engine.store.pointsTotals('xp', [1])).toEqual({ users: [1], largest: 7 });
    expect((await engine.store.pointsDue(Number.MAX_SAFE_INTEGER, 10)).map((row) => row.userId)).toEqual(['bo']);
  });

  it('S33: lists the users due for their time triggers, soonest first, ties by user id, at most the limit', async () => {
    const engine = engineOn(store());
    // the next local midnight after 01:00 UTC: New York's at 04:00 UTC, Tokyo's at 15:00, UTC's the day after
    await engine.record({ userId: 'utc-b', metric: 'plays', value: 1 });
    await engine.record({ userId: 'tokyo', metric: 'plays', value: 1, tz: 'Asia/Tokyo' });
    await engine.record({ userId: 'utc-a', metric: 'plays', value: 1 });
    await engine.record({ userId: 'new-york', metric: 'plays', value: 1, tz: 'America/New_York' });
    const all = await engine.store.pointsDue(Number.MAX_SAFE_INTEGER, 10);
    expect(all).toEqual([
      { userId: 'new-york', system: 'energy', dueAt: Date.parse('2026-05-01T04:00:00Z') },
      { userId: 'tokyo', system: 'energy', dueAt: Date.parse('2026-05-01T15:00:00Z') },
      { userId: 'utc-a', system: 'energy', dueAt: Date.parse('2026-05-02T00:00:00Z') },
      { userId: 'utc-b', system: 'energy', dueAt: Date.parse('2026-05-02T00:00:00Z') },
    ]);
    expect(await engine.store.pointsDue(Number.MAX_SAFE_INTEGER, 3)).toEqual(all.slice(0, 3));
    expect(await engine.store.pointsDue(Date.parse('2026-05-01T15:00:00Z'), 10)).toEqual(all.slice(0, 1));
    // a user moved to Tokyo is due at Tokyo's midnight
    await engine.identify('utc-b', { tz: 'Asia/Tokyo' }, { mode: 'update' });
    expect((await engine.store.pointsDue(Date.parse('2026-05-01T16:00:00Z'), 10)).map((row) => row.userId)).toEqual([
      'new-york',
      'tokyo',
      'utc-b',
    ]);
  });
}
