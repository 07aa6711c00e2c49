import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

const bytes = (n: number) => Buffer.alloc(n, 1);

describe('ReadCache', () => {
  it('keeps answers until their bytes exceed the bound, dropping the least recently used first', () => {
    const cache = new ReadCache(100);
    cache.set('a', bytes(40));
    cache.set('b', bytes(40));
    expect(cache.get('a')?.length).toBe(40); // a is now the most recently used
    cache.set('c', bytes(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.length).toBe(40);
    expect(cache.get('c')?.length).toBe(40);
    expect(cache.size).toBe(2);
  });

  it('never keeps an answer larger than the bound, and replaces an answer under the same key', () => {
    const cache = new ReadCache(10);
    cache.set('big', bytes(11));
    expect(cache.get('big')).toBeUndefined();
    cache.set('k', bytes(5));
    cache.set('k', bytes(6));
    cache.set('j', bytes(4));
    expect(cache.get('k')?.length).toBe(6);
    expect(cache.get('j')?.length).toBe(4);
  });
});
