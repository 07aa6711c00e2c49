import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import { memoryStore } from '../memory-store.js';
import { board, day } from '../../test/leaderboard-examples.js';
import type { LeaderboardRules } from './leaderboard-types.js';

const T = Date.parse('2026-03-04T12:00:00Z');

/** An engine on `boards` whose users ann..eve record 1..5 lessons, a second apart, ann named. */
async function rankedEngine(boards: LeaderboardRules[]) {
  const clock = { now: T };
  const engine = createEngine({ store: memoryStore(), clock: () => clock.now, leaderboards: boards });
  const users = ['ann', 'bob', 'cy', 'dee', 'eve'];
  for (const [i, userId] of users.entries()) {
    clock.now = T + i * 1000;
    await engine.record({
      userId,
      metric: 'lessons',
      value: i + 1,
      profile: {
        ...(userId === 'ann' ? { name: 'Ann' } : {}),
        attributes: { plan: i % 2 === 0 ? 'pro' : 'free' },
      },
    });
  }
  return { engine, clock };
}

const order = (page: { rankings: ReadonlyArray<{ user: string; rank: number }> }) =>
  page.rankings.map((entry) => `${entry.rank}:${entry.user}`);

describe('a board read', () => {
  it('pages the run under way by value, with every user counted and each entry named as the profile holds it', async () => {
    const { engine } = await rankedEngine([board()]);
    const page = await engine.leaderboard('lessons-board', { limit: 3 });
    expect(page.run).toMatchObject({ start: day('2026-01-01') });
    expect(page.count).toBe(5);
    expect(order(page)).toEqual(['1:eve', '2:dee', '3:cy']);
    const last = await engine.leaderboard('lessons-board', { offset: 3, limit: 10 });
    expect(last.rankings.map((entry) => [entry.rank, entry.user, entry.value, entry.name])).toEqual([
      [4, 'bob', 2, null],
      [5, 'ann', 1, 'Ann'],
    ]);
  });

  it('shows no one past the visible cut, though it counts them', async () => {
    const { engine } = await rankedEngine([board({ maxParticipants: 2 })]);
    const page = await engine.leaderboard('lessons-board', { limit: 10 });
    expect([page.count, order(page)]).toEqual([5, ['1:eve', '2:dee']]);
    expect((await engine.leaderboard('lessons-board', { offset: 2 })).rankings).toEqual([]);
  });

  it('starts around a user with a negative offset, clamped at rank 1, and reads an empty page for a user not ranked', async () => {
    const { engine } = await rankedEngine([board()]);
    expect(order(await engine.leaderboard('lessons-board', { userId: 'bob', offset: -1, limit: 3 }))).toEqual([
      '3:cy',
      '4:bob',
      '5:ann',
    ]);
    expect(order(await engine.leaderboard('lessons-board', { userId: 'dee', offset: -5, limit: 2 }))).toEqual([
      '1:eve',
      '2:dee',
    ]);
    const nobody = await engine.leaderboard('lessons-board', { userId: 'nobody' });
    expect([nobody.count, nobody.rankings]).toEqual([5, []]);
  });

  it('reads the run holding the date asked for, and refuses a date in no run as an unknown leaderboard', async () => {
    const weekly = board({ repeat: { unit: 'day', interval: 7 }, start: day('2026-03-02') });
    const { engine, clock } = await rankedEngine([weekly]);
    clock.now = Date.parse('2026-03-10T12:00:00Z');
    // the week under way holds no one yet; the week before holds all five
    expect((await engine.leaderboard('lessons-board')).run.start).toBe(day('2026-03-09'));
    expect((await engine.leaderboard('lessons-board')).count).toBe(0);
    const past = await engine.leaderboard('lessons-board', { run: '2026-03-08' });
    expect([past.run.start, past.count]).toEqual([day('2026-03-02'), 5]);
    const before = engine.leaderboard('lessons-board', { run: '2026-03-01' });
    await expect(before).rejects.toBeInstanceOf(NotFoundError);
    await expect(before).rejects.toMatchObject({ code: 'UNKNOWN_LEADERBOARD' });
  });

  it('ranks each group of a board with breakdowns on its own, named by the reader’s pairs', async () => {
    const { engine } = await rankedEngine([board({ breakdown: ['plan'] })]);
    const pro = await engine.leaderboard('lessons-board', { userAttributes: [['plan', 'pro']] });
    expect(order(pro)).toEqual(['1:eve', '2:cy', '3:ann']);
    const free = await engine.leaderboard('lessons-board', { userAttributes: [['plan', 'free']] });
    expect(order(free)).toEqual(['1:dee', '2:bob']);
    await expect(engine.leaderboard('lessons-board')).rejects.toBeInstanceOf(InvalidInputError);
    await expect(engine.leaderboard('lessons-board', { userAttributes: [['tier', 'x']] })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it('refuses a key no board has', async () => {
    const { engine } = await rankedEngine([board()]);
    await expect(engine.leaderboard('nope')).rejects.toMatchObject({ code: 'UNKNOWN_LEADERBOARD' });
  });
});
