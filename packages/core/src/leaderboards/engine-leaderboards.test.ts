import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine.js';
import { memoryStore } from '../memory-store.js';
import { board, day } from '../../test/leaderboard-examples.js';
import { metricTrigger, pointsSystem } from '../../test/points-examples.js';
import type { LeaderboardRules } from './leaderboard-types.js';

const T = Date.parse('2026-03-04T12:00:00Z');

function engineWith(boards: LeaderboardRules[], clock: { now: number }) {
  return createEngine({
    store: memoryStore(),
    clock: () => clock.now,
    streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    points: [pointsSystem([metricTrigger(10, 1)])],
    leaderboards: boards,
  });
}

describe('an engine with leaderboards', () => {
  it('answers each board the event moved: values, ranks before and after, the threshold', async () => {
    const clock = { now: T };
    const engine = engineWith([board({ maxParticipants: 2 })], clock);
    const ann = await engine.record({ userId: 'ann', metric: 'lessons', value: 3 });
    expect(ann.leaderboards?.['lessons-board']).toEqual({
      run: { start: '2026-01-01', end: null },
      group: [],
      previousValue: null,
      value: 3,
      previousReachedAt: null,
      reachedAt: T,
      previousRank: null,
      rank: 1,
      threshold: 0,
    });
    clock.now += 1000;
    await engine.record({ userId: 'bob', metric: 'lessons', value: 3 });
    clock.now += 1000;
    const cy = await engine.record({ userId: 'cy', metric: 'lessons', value: 2 });
    // the board is full (2): cy ranks 3rd, beyond the cut, and needs 4 to enter
    expect(cy.leaderboards?.['lessons-board']).toMatchObject({ rank: null, threshold: 4 });
    clock.now += 1000;
    const bob = await engine.record({ userId: 'bob', metric: 'lessons', value: 1 });
    expect(bob.leaderboards?.['lessons-board']).toMatchObject({ previousValue: 3, value: 4, previousRank: 2, rank: 1 });
  });

  it('answers a replay with the values it recorded, ranked as the board stands now', async () => {
    const clock = { now: T };
    const engine = engineWith([board()], clock);
    const first = await engine.record({ userId: 'ann', metric: 'lessons', value: 3, idempotencyKey: 'k' });
    clock.now += 1000;
    await engine.record({ userId: 'bob', metric: 'lessons', value: 5 });
    const again = await engine.record({ userId: 'ann', metric: 'lessons', value: 3, idempotencyKey: 'k' });
    expect(again.replayed).toBe(true);
    expect(first.leaderboards?.['lessons-board']?.rank).toBe(1);
    expect(again.leaderboards?.['lessons-board']).toMatchObject({ value: 3, rank: 2 });
  });

  it('ranks points awards on a points board and streak lengths on a streak board', async () => {
    const clock = { now: T };
    const engine = engineWith(
      [
        board({ key: 'xp-board', rankBy: { kind: 'points', system: 'xp' } }),
        board({ key: 'streaks', rankBy: { kind: 'streak', streak: 'daily' } }),
      ],
      clock,
    );
    const answer = await engine.record({ userId: 'ann', metric: 'lessons', value: 2 });
    expect(answer.leaderboards?.['xp-board']).toMatchObject({ value: 20, rank: 1 });
    expect(answer.leaderboards?.streaks).toMatchObject({ value: 1, rank: 1 });
    clock.now += 86_400_000;
    const next = await engine.record({ userId: 'ann', metric: 'lessons', value: 1 });
    expect(next.leaderboards?.streaks).toMatchObject({ previousValue: 1, value: 2 });
  });

  it('counts nothing on a board whose run has not begun, and lists no board then', async () => {
    const clock = { now: T };
    const engine = engineWith([board({ start: day('2026-04-01') })], clock);
    const answer = await engine.record({ userId: 'ann', metric: 'lessons', value: 3 });
    expect(answer.leaderboards).toEqual({});
  });

  it('is refused on a store that keeps no rankings, and for a board ranking by what it does not have', () => {
    const bare = { ...memoryStore(), boardPlace: undefined };
    expect(() => createEngine({ store: bare, leaderboards: [board()] })).toThrow(/keeps rankings/);
    expect(() =>
      createEngine({ store: memoryStore(), leaderboards: [board({ rankBy: { kind: 'points', system: 'gems' } })] }),
    ).toThrow(/points system "gems"/);
  });
});

describe('an engine’s other steps on leaderboards', () => {
  it('takes a user whose streak a sweep found lost off a streak board', async () => {
    const clock = { now: T };
    const store = memoryStore();
    const engine = createEngine({
      store,
      clock: () => clock.now,
      streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      leaderboards: [board({ key: 'streaks', rankBy: { kind: 'streak', streak: 'daily' } })],
    });
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1 });
    await engine.record({ userId: 'bob', metric: 'lessons', value: 1 });
    expect(await store.boardCount?.('streaks', day('2026-01-01'), '')).toBe(2);
    clock.now = Date.parse('2026-03-06T12:00:00Z');
    await engine.record({ userId: 'bob', metric: 'lessons', value: 1 });
    const sweep = await engine.settleDue({ at: clock.now });
    expect(sweep.users).toBeGreaterThanOrEqual(1);
    expect((await store.boardPage?.('streaks', day('2026-01-01'), '', 0, 10))?.map((e) => [e.user, e.value])).toEqual([
      ['bob', 1],
    ]);
  });

  it('counts the points an achievement’s completion paid on the system’s board', async () => {
    const clock = { now: T };
    const store = memoryStore();
    const engine = createEngine({
      store,
      clock: () => clock.now,
      metrics: ['lessons'],
      achievements: [{ key: 'onboarded', name: 'Onboarded', trigger: 'api' }],
      points: [
        pointsSystem([
          { id: 't-a', type: 'achievement', achievement: 'onboarded', points: 50, status: 'active', activatedAt: 0 },
        ]),
      ],
      leaderboards: [board({ key: 'xp-board', rankBy: { kind: 'points', system: 'xp' } })],
    });
    await engine.completeAchievement('ann', 'onboarded');
    expect(await store.boardPage?.('xp-board', day('2026-01-01'), '', 0, 10)).toEqual([
      { user: 'ann', value: 50, reachedAt: T },
    ]);
  });

  it('forgets an erased user’s entries', async () => {
    const engine = engineWith([board()], { now: T });
    await engine.record({ userId: 'ann', metric: 'lessons', value: 3 });
    expect(await engine.store.boardCount?.('lessons-board', day('2026-01-01'), '')).toBe(1);
    await engine.deleteUser('ann');
    expect(await engine.store.boardCount?.('lessons-board', day('2026-01-01'), '')).toBe(0);
    // the id comes back at version 1, and is ranked again
    await engine.record({ userId: 'ann', metric: 'lessons', value: 2 });
    expect(await engine.store.boardCount?.('lessons-board', day('2026-01-01'), '')).toBe(1);
  });
});
