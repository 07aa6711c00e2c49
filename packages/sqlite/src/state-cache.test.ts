import type { UserState } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { describe, expect, it } from 'vitest';
import { timesABareMap } from '../../core/test/bounded-map-cost.js';
import { StateCache, type KeptUser } from './state-cache.js';

const user = (id: string, lessons = 1): UserState => ({ ...newUser(id, 0), version: 1, totals: { lessons } });
const state = (id: string, lessons = 1): KeptUser => ({ user: user(id, lessons), open: [] });

/** Keeps a and b, uses a again, then keeps c, each of `characters`: b is then the one used longest ago. */
function keepABAgainAThenC(cache: StateCache, characters: number): void {
  cache.keep('a', state('a'), characters);
  cache.keep('b', state('b'), characters);
  cache.keep('a', cache.take('a') as KeptUser, characters);
  cache.keep('c', state('c'), characters);
}

describe('StateCache', () => {
  it('hands a kept state over once: a second take finds nothing until it is kept again', () => {
    const cache = new StateCache(10);
    const kept = state('a');
    cache.keep('a', kept, 100);
    expect(cache.take('a')).toBe(kept);
    expect(cache.take('a')).toBeUndefined();
  });

  it('tells a kept state’s version and leaves the state in place', () => {
    const cache = new StateCache(10);
    const kept = state('a');
    cache.keep('a', kept, 100);
    expect(cache.version('a')).toBe(1);
    expect(cache.version('a')).toBe(1);
    expect(cache.take('a')).toBe(kept);
    expect(cache.version('a')).toBeUndefined();
  });

  it('tells a version noted from the file until an update takes the user, a kept state winning over it', () => {
    const cache = new StateCache(10);
    cache.noteVersion('a', 3);
    expect(cache.version('a')).toBe(3);
    expect(cache.take('a')).toBeUndefined();
    expect(cache.version('a')).toBeUndefined();
    cache.noteVersion('b', 0);
    cache.keep('b', state('b'), 100);
    expect(cache.version('b')).toBe(1);
  });

  it('forgets noted versions with the states: on a new data version and on clear, and notes none when it keeps none', () => {
    const cache = new StateCache(10);
    cache.check(1);
    cache.noteVersion('a', 3);
    cache.check(1);
    expect(cache.version('a')).toBe(3);
    cache.check(2);
    expect(cache.version('a')).toBeUndefined();
    cache.noteVersion('a', 3);
    cache.clear();
    expect(cache.version('a')).toBeUndefined();
    const none = new StateCache(0);
    none.noteVersion('a', 3);
    expect(none.version('a')).toBeUndefined();
  });

  it('notes at most max versions, dropping the oldest', () => {
    const cache = new StateCache(2);
    cache.noteVersion('a', 1);
    cache.noteVersion('b', 2);
    cache.noteVersion('c', 3);
    expect([cache.version('a'), cache.version('b'), cache.version('c')]).toEqual([undefined, 2, 3]);
  });

  it('keeps at most max users, dropping the one used longest ago', () => {
    const cache = new StateCache(2);
    keepABAgainAThenC(cache, 100);
    expect(cache.size).toBe(2);
    expect(cache.take('b')).toBeUndefined();
    expect(cache.take('a')).toBeDefined();
    expect(cache.take('c')).toBeDefined();
  });

  it('keeps at most maxCharacters of row text in all, dropping the users used longest ago, and never one row longer', () => {
    const cache = new StateCache(10, 1000);
    keepABAgainAThenC(cache, 400);
    expect(cache.size).toBe(2);
    expect(cache.take('b')).toBeUndefined();
    expect(cache.take('a')).toBeDefined();
    cache.keep('a', state('a'), 400);
    // a row longer than the whole bound is read from the file each time, and drops nothing kept
    cache.keep('big', state('big'), 1001);
    expect(cache.take('big')).toBeUndefined();
    expect(cache.size).toBe(2);
    // what was taken or forgotten no longer counts
    cache.clear();
    cache.keep('d', state('d'), 1000);
    expect(cache.take('d')).toBeDefined();
  });

  it('forgets everything when the data version changes, and nothing while it stays', () => {
    const cache = new StateCache(10);
    cache.check(1);
    cache.keep('a', state('a'), 100);
    cache.check(1);
    expect(cache.size).toBe(1);
    cache.check(2);
    expect(cache.take('a')).toBeUndefined();
  });

  it('keeps no state whose sums JSON would not write back (Infinity), and none at all with max 0', () => {
    const cache = new StateCache(10);
    cache.keep('a', state('a', Number.POSITIVE_INFINITY), 100);
    const progress = user('b');
    progress.streaks.default = {
      progress: { lessons: Number.NEGATIVE_INFINITY },
    } as unknown as UserState['streaks'][string];
    cache.keep('b', { user: progress, open: [] }, 100);
    expect(cache.size).toBe(0);
    const none = new StateCache(0);
    none.keep('a', state('a'), 100);
    expect(none.size).toBe(0);
  });

  // Dropping the one used longest ago began a walk of the map from its start, over every entry
  // deleted since V8 last rebuilt it: at the default 10,000 users a keep cost about 5 µs (in every
  // event and settlement), some 20 times what a Map’s own set and delete cost.
  it('keeps a state on a full cache at a small multiple of a bare Map’s set and delete', () => {
    const kept = state('a');
    const keep = (cache: StateCache, id: string) => {
      cache.keep(id, kept, 100);
      // an update takes its user out and keeps what it commits: entries leave from the middle too
      if (id.endsWith('7')) cache.keep(id, cache.take(id) as KeptUser, 100);
    };
    const ratio = timesABareMap(10_000, 100_000, (ids) => {
      const cache = new StateCache(10_000);
      for (const id of ids) keep(cache, id);
    });
    expect(ratio).toBeLessThan(8);
  });

  it('notes a version on a full cache at a small multiple of a bare Map’s set and delete', () => {
    const ratio = timesABareMap(10_000, 100_000, (ids) => {
      const cache = new StateCache(10_000);
      for (const id of ids) cache.noteVersion(id, 1);
    });
    expect(ratio).toBeLessThan(8);
  });
});
