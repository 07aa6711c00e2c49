import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

const answer = (json: number, gzip: number | null = null) => ({
  json: Buffer.alloc(json, 1),
  gzip: gzip === null ? null : Buffer.alloc(gzip, 2),
  stamp: { version: 1, zone: 'UTC', day: 0 },
});

describe('ReadCache', () => {
  it('keeps answers until their bytes exceed the bound, dropping the least recently used first', () => {
    const cache = new ReadCache(100);
    cache.set('a', answer(40));
    cache.set('b', answer(40));
    expect(cache.get('a')?.json.length).toBe(40); // a is now the most recently used
    cache.set('c', answer(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.json.length).toBe(40);
    expect(cache.get('c')?.json.length).toBe(40);
    expect(cache.size).toBe(2);
  });

  it('never keeps an answer larger than the bound, and replaces an answer under the same key', () => {
    const cache = new ReadCache(10);
    cache.set('big', answer(11));
    expect(cache.get('big')).toBeUndefined();
    cache.set('k', answer(5));
    cache.set('k', answer(6));
    cache.set('j', answer(4));
    expect(cache.get('k')?.json.length).toBe(6);
    expect(cache.get('j')?.json.length).toBe(4);
  });

  it('counts the gzip form of an answer against the bound once it is added', () => {
    const cache = new ReadCache(100);
    cache.set('a', answer(40));
    cache.set('b', answer(40));
    expect(cache.heldBytes).toBe(80);
    cache.set('b', answer(40, 10));
    expect(cache.heldBytes).toBe(90);
    expect(cache.get('b')?.gzip?.length).toBe(10);
    // 'a' is the least recently used: a third answer pushes it out, not the one just read
    cache.set('c', answer(15));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.heldBytes).toBe(65);
  });

  it('refuses an answer whose two forms together exceed the bound', () => {
    const cache = new ReadCache(50);
    cache.set('a', answer(40, 11));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.heldBytes).toBe(0);
  });
});
