import { describe, expect, it } from 'vitest';
import { memoryStore } from '@kindling/core';
import type { StreakState, UserState } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';

function userWith(version: number): UserState {
  return { ...newUser('u', 0), version, totals: { lessons: version } };
}

/** A user at version 1 with one streak state, its period sums, a latest event and day-start eras. */
function userWithStreak(): UserState {
  const state: StreakState = {
    since: 10,
    day: 12,
    period: 12,
    progress: { lessons: 2, minutes: 30 },
    met: true,
    length: 3,
    longest: 4,
    started: 10,
    freezes: 1,
    earnedThrough: 12,
    lost: null,
    lastAt: 1_000,
    extendedAt: 900,
    pauses: [],
  };
  return {
    ...newUser('u', 0),
    lastEventAt: 1_000,
    version: 1,
    totals: { lessons: 2, minutes: 30 },
    streaks: { daily: state },
    rulesFingerprint: 'f',
    dayStarts: [{ from: 1, starts: [0] }],
  };
}

/** Changes everything a step may change in place of the state it is given (and adds what it may add). */
function changeEverything(user: UserState): void {
  user.version += 1;
  user.email = 'x@example.com';
  user.tz = 'Asia/Tokyo';
  user.lastEventAt = 2_000;
  user.totals.lessons = 99;
  user.totals.steps = 5;
  const state = user.streaks.daily as StreakState;
  state.progress.lessons = 99;
  state.progress.steps = 5;
  state.length = 50;
  state.day = 40;
  state.period = 40;
  state.met = false;
  state.freezes = 0;
  state.pauses = [{ id: 'p', start: 41, end: 42 }];
  user.streaks.weekly = { ...state, progress: {} };
  user.dayStarts = [
    { from: 1, starts: [0] },
    { from: 2, starts: [0, 240] },
  ];
  delete user.rulesFingerprint;
}

describe('memoryStore', () => {
  it('commits a step’s write and returns its result', async () => {
    const store = memoryStore();
    const result = await store.update('u', () => ({
      result: 'done',
      write: {
        user: userWith(1),
        history: [],
        rollups: [{ metric: 'lessons', dayStart: 0, day: 5, value: 2, lastAt: 10, version: 1 }],
        index: [],
      },
    }));
    expect(result).toBe('done');
    expect((await store.load('u'))?.totals).toEqual({ lessons: 1 });
    expect((await store.journal('u')).rollups).toEqual([
      { metric: 'lessons', dayStart: 0, day: 5, value: 2, lastAt: 10, version: 1 },
    ]);
  });

  it('leaves the committed state untouched when a step changes what it was given and then fails', async () => {
    const store = memoryStore();
    await store.update('u', () => ({
      result: null,
      write: { user: userWith(1), history: [], rollups: [], index: [] },
    }));
    await expect(
      store.update('u', ({ user }) => {
        (user as UserState).totals.lessons = 999;
        throw new Error('step failed');
      }),
    ).rejects.toThrow('step failed');
    expect((await store.load('u'))?.totals).toEqual({ lessons: 1 });
  });

  it('writes nothing for a step without a write', async () => {
    const store = memoryStore();
    expect(await store.update('u', () => ({ result: 42 }))).toBe(42);
    expect(await store.load('u')).toBeNull();
  });

  it('keeps history entries by (streak, period), the last write winning, and reads them by range', async () => {
    const store = memoryStore();
    const entry = (period: number, length: number) => ({ streak: 'default', period, length, heldBy: 'met' as const });
    await store.update('u', () => ({
      result: null,
      write: { user: userWith(1), history: [entry(1, 1), entry(2, 2), entry(5, 1)], rollups: [], index: [] },
    }));
    await store.update('u', () => ({
      result: null,
      write: { user: userWith(2), history: [entry(2, 7)], rollups: [], index: [] },
    }));
    const read = await store.history('u', 'default', 2, 5);
    expect(read.sort((a, b) => a.period - b.period)).toEqual([entry(2, 7), entry(5, 1)]);
    expect(await store.history('u', 'other', 0, 10)).toEqual([]);
  });

  describe('leaves the committed state exactly as it was, day sums included', () => {
    async function storeWithStreak() {
      const store = memoryStore();
      await store.update('u', () => ({
        result: null,
        write: {
          user: userWithStreak(),
          history: [],
          rollups: [{ metric: 'lessons', dayStart: 0, day: 12, value: 9e15, lastAt: 1_000, version: 1 }],
          index: [],
        },
      }));
      return store;
    }

    /** What the next step is handed, and what a read loads. */
    async function seen(store: ReturnType<typeof memoryStore>) {
      let handed: UserState | null = null;
      await store.update('u', ({ user }) => {
        handed = structuredClone(user);
        return { result: null };
      });
      return { handed, loaded: await store.load('u') };
    }

    it('when the store refuses the write (SUM_OUT_OF_RANGE) after the step changed the state in place', async () => {
      const store = await storeWithStreak();
      const before = await seen(store);
      await expect(
        store.update('u', ({ user }) => {
          changeEverything(user as UserState);
          return {
            result: null,
            write: {
              user: user as UserState,
              history: [],
              rollups: [{ metric: 'lessons', dayStart: 0, day: 12, value: 9e15, lastAt: 2_000, version: 2 }],
              index: [],
            },
          };
        }),
      ).rejects.toMatchObject({ code: 'SUM_OUT_OF_RANGE' });
      expect(await seen(store)).toEqual(before);
      expect(before.loaded).toEqual(userWithStreak());
      expect((await store.journal('u')).rollups).toEqual([
        { metric: 'lessons', dayStart: 0, day: 12, value: 9e15, lastAt: 1_000, version: 1 },
      ]);
    });

    it('when the step changes the state in place and then throws', async () => {
      const store = await storeWithStreak();
      await expect(
        store.update('u', ({ user }) => {
          changeEverything(user as UserState);
          throw new Error('step failed');
        }),
      ).rejects.toThrow('step failed');
      expect(await seen(store)).toEqual({ handed: userWithStreak(), loaded: userWithStreak() });
    });

    it('when the step changes the state in place and returns no write', async () => {
      const store = await storeWithStreak();
      await store.update('u', ({ user }) => {
        changeEverything(user as UserState);
        return { result: null };
      });
      expect(await seen(store)).toEqual({ handed: userWithStreak(), loaded: userWithStreak() });
    });
  });
});
