/**
 * A store's leaderboard rankings (S44..S46): the lines each write carries rank the participants of
 * each run-group by value, then by who reached it first, then by user id; a user's line is
 * replaced on each write and counted once; a streak lost and a move to another group take the user
 * off the old run-group; runs and groups rank apart; an erased user leaves no entry, and their id
 * is ranked again when it comes back; the standings kept in the user's state survive reopening the
 * store; and concurrent writes of many users, and of one user, end in exact values. Run on every
 * store.
 */
import { createEngine, type LeaderboardRules, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const START = Date.parse('2026-05-04T00:00:00Z'); // a Monday
const DAY = 86_400_000;
const RUN = Math.floor(START / DAY);

function board(more: Partial<LeaderboardRules>): LeaderboardRules {
  return {
    id: 'board',
    key: 'lessons',
    rankBy: { kind: 'metric', metric: 'lessons' },
    status: 'active',
    activatedAt: START,
    start: RUN,
    end: null,
    repeat: null,
    window: null,
    breakdown: [],
    maxParticipants: 1000,
    ...more,
  };
}

const BOARDS: LeaderboardRules[] = [
  board({}),
  board({ id: 'weekly', key: 'weekly', repeat: { unit: 'day', interval: 7 } }),
  board({ id: 'by-country', key: 'by-country', breakdown: ['country'] }),
  board({ id: 'streaks', key: 'streaks', rankBy: { kind: 'streak', streak: 'daily' } }),
];

function engineOn(store: Store, clock: { now: number }) {
  return createEngine({
    store,
    clock: () => clock.now,
    streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    leaderboards: BOARDS,
  });
}

type Boards = Required<Pick<Store, 'boardPlace' | 'boardCount' | 'boardPage'>>;

function ranked(store: Store): Boards {
  if (store.boardPlace === undefined || store.boardCount === undefined || store.boardPage === undefined)
    throw new Error('this store keeps no rankings: Store.boardPlace, boardCount and boardPage are missing');
  return store as Boards;
}

async function order(store: Store, key: string, run = RUN, group = ''): Promise<Array<[string, number]>> {
  return (await ranked(store).boardPage(key, run, group, 0, 100)).map((e) => [e.user, e.value]);
}

export function leaderboardCases(store: () => Store, reopen?: (store: Store) => Promise<Store>): void {
  it('S45: ranks by value, then by who reached it first, then by user id, and places any value among the others', async () => {
    const clock = { now: START + 10 * 3_600_000 };
    const engine = engineOn(store(), clock);
    await engine.record({ userId: 'cy', metric: 'lessons', value: 5 });
    clock.now += 1000;
    await engine.record({ userId: 'ann', metric: 'lessons', value: 5 });
    await engine.record({ userId: 'bob', metric: 'lessons', value: 5 });
    await engine.record({ userId: 'dee', metric: 'lessons', value: 7.5 });
    await engine.record({ userId: 'eve', metric: 'lessons', value: -2 });
    const s = ranked(engine.store);
    expect(await order(engine.store, 'lessons')).toEqual([
      ['dee', 7.5],
      ['cy', 5],
      ['ann', 5],
      ['bob', 5],
      ['eve', -2],
    ]);
    expect(await s.boardCount('lessons', RUN, '')).toBe(5);
    expect((await s.boardPage('lessons', RUN, '', 1, 2)).map((e) => e.user)).toEqual(['cy', 'ann']);
    expect(await s.boardPage('lessons', RUN, '', 5, 2)).toEqual([]);
    const [ann] = await s.boardPage('lessons', RUN, '', 2, 1);
    expect(ann).toEqual({ user: 'ann', value: 5, reachedAt: clock.now });
    // a user's own entry is their rank; another value is placed among the others
    expect(await s.boardPlace('lessons', RUN, '', ann ?? { user: 'ann', value: 0, reachedAt: 0 })).toBe(3);
    expect(await s.boardPlace('lessons', RUN, '', { user: 'ann', value: 100, reachedAt: 0 })).toBe(1);
    expect(await s.boardPlace('lessons', RUN, '', { user: 'ann', value: -5, reachedAt: 0 })).toBe(5);
    expect(await s.boardPlace('lessons', RUN, '', { user: 'zed', value: 5, reachedAt: clock.now })).toBe(5);
    expect(await s.boardPlace('nothing', RUN, '', { user: 'zed', value: 5, reachedAt: 0 })).toBe(1);
    expect(await s.boardCount('nothing', RUN, '')).toBe(0);
  });

  it('replaces a user’s entry on each write, and the event answers the rank before and after', async () => {
    const clock = { now: START + 10 * 3_600_000 };
    const engine = engineOn(store(), clock);
    await engine.record({ userId: 'ann', metric: 'lessons', value: 3 });
    await engine.record({ userId: 'bob', metric: 'lessons', value: 2 });
    clock.now += 1000;
    const answer = await engine.record({ userId: 'bob', metric: 'lessons', value: 2 });
    expect(answer.leaderboards?.lessons).toMatchObject({ previousValue: 2, value: 4, previousRank: 2, rank: 1 });
    expect(await order(engine.store, 'lessons')).toEqual([
      ['bob', 4],
      ['ann', 3],
    ]);
  });

  it('S41, S44: ranks each run and each group apart, and moves a user to their new group', async () => {
    const clock = { now: START + 10 * 3_600_000 };
    const engine = engineOn(store(), clock);
    await engine.record({ userId: 'ann', metric: 'lessons', value: 3, profile: { attributes: { country: 'NZ' } } });
    await engine.record({ userId: 'bob', metric: 'lessons', value: 2, profile: { attributes: { country: 'AU' } } });
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: START + 8 * DAY + 3_600_000 });
    expect(await order(engine.store, 'weekly')).toEqual([
      ['ann', 3],
      ['bob', 2],
    ]);
    expect(await order(engine.store, 'weekly', RUN + 7)).toEqual([['ann', 1]]);
    expect(await order(engine.store, 'by-country', RUN, '["NZ"]')).toEqual([['ann', 4]]);
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1, profile: { attributes: { country: 'AU' } } });
    expect(await order(engine.store, 'by-country', RUN, '["NZ"]')).toEqual([]);
    expect(await order(engine.store, 'by-country', RUN, '["AU"]')).toEqual([
      ['ann', 5],
      ['bob', 2],
    ]);
  });

  it('S44: takes a user whose streak was lost off a streak board', async () => {
    const clock = { now: START + 10 * 3_600_000 };
    const engine = engineOn(store(), clock);
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1 });
    await engine.record({ userId: 'bob', metric: 'lessons', value: 1 });
    clock.now += DAY;
    await engine.record({ userId: 'bob', metric: 'lessons', value: 1 });
    expect(await order(engine.store, 'streaks')).toEqual([
      ['bob', 2],
      ['ann', 1],
    ]);
    clock.now += 2 * DAY;
    await engine.settleDue({ at: clock.now });
    expect(await order(engine.store, 'streaks')).toEqual([]);
  });

  it('S26: an erased user leaves no entry, and their id is ranked again when it comes back', async () => {
    const clock = { now: START + 10 * 3_600_000 };
    const engine = engineOn(store(), clock);
    await engine.record({ userId: 'ann', metric: 'lessons', value: 3 });
    await engine.record({ userId: 'bob', metric: 'lessons', value: 2 });
    await engine.deleteUser('ann');
    expect(await order(engine.store, 'lessons')).toEqual([['bob', 2]]);
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1 });
    expect(await order(engine.store, 'lessons')).toEqual([
      ['bob', 2],
      ['ann', 1],
    ]);
  });

  it('keeps the standings in the user’s state, read back as written', async () => {
    const clock = { now: START + 10 * 3_600_000 };
    let current = store();
    const engine = engineOn(current, clock);
    await engine.record({ userId: 'ann', metric: 'lessons', value: 3, profile: { attributes: { country: 'NZ' } } });
    if (reopen !== undefined) current = await reopen(current);
    const again = engineOn(current, clock);
    clock.now += 1000;
    const answer = await again.record({ userId: 'ann', metric: 'lessons', value: 2 });
    expect(answer.leaderboards?.lessons).toMatchObject({ previousValue: 3, value: 5, rank: 1 });
    expect(answer.leaderboards?.['by-country']).toMatchObject({
      previousValue: 3,
      value: 5,
      group: [{ key: 'country', value: 'NZ' }],
    });
    expect((await current.load('ann'))?.boards?.lessons).toEqual([
      { run: RUN, group: '', value: 5, reachedAt: clock.now, day: RUN },
    ]);
  });

  it('counts exactly under concurrent writes of many users and of one user', async () => {
    const clock = { now: START + 10 * 3_600_000 };
    const engine = engineOn(store(), clock);
    const users = Array.from({ length: 40 }, (_, i) => `u${String(i).padStart(2, '0')}`);
    await Promise.all(users.map((userId, i) => engine.record({ userId, metric: 'lessons', value: i + 1 })));
    await Promise.all(Array.from({ length: 20 }, () => engine.record({ userId: 'u00', metric: 'lessons', value: 1 })));
    const all = await order(engine.store, 'lessons');
    expect(all.length).toBe(40);
    expect(all.find(([user]) => user === 'u00')).toEqual(['u00', 21]);
    expect(all[0]).toEqual(['u39', 40]);
    expect(await ranked(engine.store).boardCount('lessons', RUN, '')).toBe(40);
  });
}
