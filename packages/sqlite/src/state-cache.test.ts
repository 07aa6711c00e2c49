import { newUser, type UserState } from '@kindling/core';
import { describe, expect, it } from 'vitest';
import { StateCache, type KeptUser } from './state-cache.js';

const user = (id: string, lessons = 1): UserState => ({ ...newUser(id, 0), version: 1, totals: { lessons } });
const state = (id: string, lessons = 1): KeptUser => ({ user: user(id, lessons), open: [] });

describe('StateCache', () => {
  it('hands a kept state over once: a second take finds nothing until it is kept again', () => {
    const cache = new StateCache(10);
    const kept = state('a');
    cache.keep('a', kept);
    expect(cache.take('a')).toBe(kept);
    expect(cache.take('a')).toBeUndefined();
  });

  it('shows a kept state to peek and leaves it in place', () => {
    const cache = new StateCache(10);
    const kept = state('a');
    cache.keep('a', kept);
    expect(cache.peek('a')).toBe(kept);
    expect(cache.peek('a')).toBe(kept);
    expect(cache.take('a')).toBe(kept);
    expect(cache.peek('a')).toBeUndefined();
  });

  it('keeps at most max users, dropping the one used longest ago', () => {
    const cache = new StateCache(2);
    cache.keep('a', state('a'));
    cache.keep('b', state('b'));
    cache.keep('a', cache.take('a') as KeptUser); // a is used again: b is now the oldest
    cache.keep('c', state('c'));
    expect(cache.size).toBe(2);
    expect(cache.take('b')).toBeUndefined();
    expect(cache.take('a')).toBeDefined();
    expect(cache.take('c')).toBeDefined();
  });

  it('forgets everything when the data version changes, and nothing while it stays', () => {
    const cache = new StateCache(10);
    cache.check(1);
    cache.keep('a', state('a'));
    cache.check(1);
    expect(cache.size).toBe(1);
    cache.check(2);
    expect(cache.take('a')).toBeUndefined();
  });

  it('keeps no state whose sums JSON would not write back (Infinity), and none at all with max 0', () => {
    const cache = new StateCache(10);
    cache.keep('a', state('a', Number.POSITIVE_INFINITY));
    const progress = user('b');
    progress.streaks.default = {
      progress: { lessons: Number.NEGATIVE_INFINITY },
    } as unknown as UserState['streaks'][string];
    cache.keep('b', { user: progress, open: [] });
    expect(cache.size).toBe(0);
    const none = new StateCache(0);
    none.keep('a', state('a'));
    expect(none.size).toBe(0);
  });
});
