import { describe, expect, it } from 'vitest';
import { memoryStore, newUser, type UserState } from '@kindling/core';

function userWith(version: number): UserState {
  return { ...newUser('u', 0), version, totals: { lessons: version } };
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
});
