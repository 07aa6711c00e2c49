import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type Engine, type Store } from '@kindling/core';
import { LOOKED_AT_PER_PAGE } from './user-list.js';

const DAY = 86_400_000;
const start = Date.parse('2026-03-02T10:00:00Z');

function engineOn(store: Store, clock: () => number, threshold = 1): Engine {
  return createEngine({
    store,
    clock,
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold }] }],
  });
}

/** Every page of the listing, from the start. */
async function allPages(engine: Engine, options: { search?: string; limit?: number } = {}) {
  const pages = [];
  let after: string | null = null;
  do {
    const page = await engine.listUsers({ ...options, after });
    pages.push(page);
    after = page.next;
  } while (after !== null);
  return pages;
}

describe('listUsers', () => {
  it('shows a user made under the streak rules in force as events kept it, whatever the achievements (S6, S20)', async () => {
    const store = memoryStore();
    let now = start;
    const before = engineOn(store, () => now);
    for (const day of [0, 1]) {
      now = start + day * DAY;
      await before.record({ userId: 'neg', metric: 'lessons', value: 1, at: now });
      await before.record({ userId: 'neg', metric: 'lessons', value: -1, at: now + 60_000 });
    }
    const withAchievement = createEngine({
      store,
      clock: () => now,
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      achievements: [{ key: 'ten', name: 'Ten', trigger: 'metric', metric: 'lessons', threshold: 10 }],
    });
    const [row] = (await withAchievement.listUsers()).users;
    expect([row?.current, row?.longest]).toEqual([2, 2]);
    expect((await withAchievement.streak('neg')).length).toBe(2);
  });

  it('pages through every user once, in id order, with the streak now, the zone and the latest event', async () => {
    let now = start;
    const engine = engineOn(memoryStore(), () => now);
    const ids = Array.from({ length: 23 }, (_, i) => `u${String(i).padStart(2, '0')}`).reverse();
    for (const id of ids) await engine.record({ userId: id, metric: 'lessons', value: 1, email: `${id}@example.com` });
    now += DAY;
    await engine.record({ userId: 'u05', metric: 'lessons', value: 1, tz: 'Asia/Tokyo' });
    const pages = await allPages(engine, { limit: 10 });
    expect(pages.map((p) => p.users.length)).toEqual([10, 10, 3]);
    expect(pages.flatMap((p) => p.users.map((u) => u.id))).toEqual([...ids].sort());
    expect(pages[0]!.next).toBe('u09');
    expect(pages[0]!.users[5]).toEqual({
      id: 'u05',
      email: 'u05@example.com',
      tz: 'Asia/Tokyo',
      current: 2,
      longest: 2,
      lastActive: new Date(now).toISOString(),
    });
    expect(pages[0]!.users[4]).toMatchObject({
      current: 1,
      longest: 1,
      tz: null,
      lastActive: new Date(start).toISOString(),
    });
  });

  it('shows a streak lost since the last event as a read would: current 0, longest kept', async () => {
    let now = start;
    const engine = engineOn(memoryStore(), () => now);
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
    now += 3 * DAY;
    const { users } = await engine.listUsers();
    expect(users[0]).toMatchObject({ current: 0, longest: 1 });
  });

  it('shows 0 for both without a rule', async () => {
    const engine = createEngine({ store: memoryStore(), clock: () => start, metrics: ['lessons'] });
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
    expect((await engine.listUsers()).users[0]).toMatchObject({ id: 'ada', current: 0, longest: 0 });
  });

  it('answers an empty page with no next for an account without users, and after the last user', async () => {
    const engine = engineOn(memoryStore(), () => start);
    expect(await engine.listUsers()).toEqual({ users: [], next: null });
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
    expect(await engine.listUsers({ after: 'ada' })).toEqual({ users: [], next: null });
    expect((await engine.listUsers({ limit: 1 })).next).toBeNull();
  });

  it('writes nothing, even for a state kept under other rules, which it shows as rebuilt under these', async () => {
    const store = memoryStore();
    const before = engineOn(store, () => start, 1);
    await before.record({ userId: 'ada', metric: 'lessons', value: 1 });
    const after = engineOn(store, () => start, 2);
    const version = await store.version('ada');
    expect((await after.listUsers()).users[0]).toMatchObject({ current: 0, longest: 0 });
    expect(await store.version('ada')).toBe(version);
    expect((await before.listUsers()).users[0]).toMatchObject({ current: 1, longest: 1 });
  });

  describe('with a search', () => {
    async function seeded() {
      const engine = engineOn(memoryStore(), () => start);
      const users: Array<[string, string | null]> = [
        ['al', 'zed@example.com'],
        ['alice', null],
        ['alina', 'a@example.com'],
        ['bob', 'Bob.AL@Example.com'],
        ['cy', 'cy@example.com'],
        ['dee', 'hal@example.com'],
        ['Al', 'x@example.com'],
      ];
      for (const [id, email] of users) await engine.record({ userId: id, metric: 'lessons', value: 1, email });
      return engine;
    }

    it('lists the ids that start with it first, then the users whose email holds it, ignoring case', async () => {
      const engine = await seeded();
      const ids = (await allPages(engine, { search: 'al' })).flatMap((p) => p.users.map((u) => u.id));
      expect(ids).toEqual(['al', 'alice', 'alina', 'bob', 'dee']);
      const small = await allPages(engine, { search: 'al', limit: 2 });
      expect(small.flatMap((p) => p.users.map((u) => u.id))).toEqual(ids);
      expect(small[0]!.next).toBe('alice');
    });

    it('takes %, _, regular expression characters and __proto__ as the text they are', async () => {
      const engine = engineOn(memoryStore(), () => start);
      await engine.record({ userId: 'a%b', metric: 'lessons', value: 1, email: 'under_score@example.com' });
      await engine.record({ userId: '__proto__', metric: 'lessons', value: 1 });
      await engine.record({ userId: 'axb', metric: 'lessons', value: 1, email: 'underXscore@example.com' });
      const ids = async (search: string) => (await engine.listUsers({ search })).users.map((u) => u.id);
      expect(await ids('%')).toEqual([]);
      expect(await ids('a%')).toEqual(['a%b']);
      expect(await ids('_s')).toEqual(['a%b']);
      expect(await ids('__proto__')).toEqual(['__proto__']);
      expect(await ids('.*')).toEqual([]);
      expect(await ids('ÜNİCODE')).toEqual([]);
    });

    it(`looks at ${LOOKED_AT_PER_PAGE} users per call and goes on from where it stopped`, async () => {
      const engine = engineOn(memoryStore(), () => start);
      const count = LOOKED_AT_PER_PAGE + 500;
      for (let i = 0; i < count; i++) {
        const id = `u${String(i).padStart(5, '0')}`;
        await engine.record({
          userId: id,
          metric: 'lessons',
          value: 1,
          email: [999, 1999, 2499].includes(i) ? `${id}@find.me` : null,
        });
      }
      const first = await engine.listUsers({ search: 'FIND.me', limit: 100 });
      expect(first.users.map((u) => u.id)).toEqual(['u00999', 'u01999']);
      expect(first.next).toBe(`u${String(LOOKED_AT_PER_PAGE - 1).padStart(5, '0')}`);
      const second = await engine.listUsers({ search: 'FIND.me', limit: 100, after: first.next });
      expect(second).toEqual({ users: [expect.objectContaining({ id: 'u02499' })], next: null });
    });

    it('refuses a search that is empty or longer than 255 characters, a limit out of 1..100, naming the field', async () => {
      const engine = engineOn(memoryStore(), () => start);
      await expect(engine.listUsers({ search: '' })).rejects.toThrow(/search/);
      await expect(engine.listUsers({ search: 'x'.repeat(20_000) })).rejects.toThrow(/search/);
      for (const limit of [0, -1, 1e308, 101, 1.5]) await expect(engine.listUsers({ limit })).rejects.toThrow(/limit/);
      await expect(engine.listUsers({ after: 7 as unknown as string })).rejects.toThrow(/after/);
    });
  });
});
