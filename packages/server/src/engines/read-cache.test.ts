import { describe, expect, it } from 'vitest';
import { timesABareMap } from '../../../core/test/bounded-map-cost.js';
import { ReadCache, shelfNamer } from './read-cache.js';

const answer = (json: number, gzip: number | null = null) => ({
  json: Buffer.alloc(json, 1),
  gzip: gzip === null ? null : Buffer.alloc(gzip, 2),
  stamp: { version: 1, zone: 'UTC', day: 0, erasures: 0 },
});

const SHELF = 'account\u00003\u0000366';

describe('ReadCache', () => {
  it('keeps answers until their bytes exceed the bound, dropping the least recently used first', () => {
    const cache = new ReadCache(100);
    cache.set(SHELF, 'a', answer(40));
    cache.set(SHELF, 'b', answer(40));
    expect(cache.get(SHELF, 'a')?.json.length).toBe(40); // a is now the most recently used
    cache.set(SHELF, 'c', answer(40));
    expect(cache.get(SHELF, 'b')).toBeUndefined();
    expect(cache.get(SHELF, 'a')?.json.length).toBe(40);
    expect(cache.get(SHELF, 'c')?.json.length).toBe(40);
    expect(cache.size).toBe(2);
  });

  it('never keeps an answer larger than the bound, and replaces an answer to the same question about the same user', () => {
    const cache = new ReadCache(10);
    cache.set(SHELF, 'big', answer(11));
    expect(cache.get(SHELF, 'big')).toBeUndefined();
    cache.set(SHELF, 'k', answer(5));
    cache.set(SHELF, 'k', answer(6));
    cache.set(SHELF, 'j', answer(4));
    expect(cache.get(SHELF, 'k')?.json.length).toBe(6);
    expect(cache.get(SHELF, 'j')?.json.length).toBe(4);
  });

  it('counts the gzip form of an answer against the bound once it is added', () => {
    const cache = new ReadCache(100);
    cache.set(SHELF, 'a', answer(40));
    cache.set(SHELF, 'b', answer(40));
    expect(cache.heldBytes).toBe(80);
    cache.set(SHELF, 'b', answer(40, 10));
    expect(cache.heldBytes).toBe(90);
    expect(cache.get(SHELF, 'b')?.gzip?.length).toBe(10);
    // 'a' is the least recently used: a third answer pushes it out, not the one just read
    cache.set(SHELF, 'c', answer(15));
    expect(cache.get(SHELF, 'a')).toBeUndefined();
    expect(cache.heldBytes).toBe(65);
  });

  it('refuses an answer whose two forms together exceed the bound', () => {
    const cache = new ReadCache(50);
    cache.set(SHELF, 'a', answer(40, 11));
    expect(cache.get(SHELF, 'a')).toBeUndefined();
    expect(cache.heldBytes).toBe(0);
  });

  it('keeps the answers to different questions about one user apart, each counted and dropped on its own', () => {
    const cache = new ReadCache(100);
    const other = 'account\u00004\u0000366';
    cache.set(SHELF, 'ada', answer(40));
    cache.set(other, 'ada', answer(30));
    expect(cache.size).toBe(2);
    expect(cache.heldBytes).toBe(70);
    cache.set(other, 'bob', answer(40));
    // the oldest, never read, goes out: only that question's answer about ada
    expect(cache.get(SHELF, 'ada')).toBeUndefined();
    expect(cache.get(other, 'ada')?.json.length).toBe(30);
    expect(cache.get(other, 'bob')?.json.length).toBe(40);
    expect(cache.heldBytes).toBe(70);
    // a shelf emptied by the clock takes answers again
    cache.set(SHELF, 'ada', answer(20));
    expect(cache.get(SHELF, 'ada')?.json.length).toBe(20);
    expect(cache.size).toBe(3);
  });
});

describe('shelfNamer', () => {
  it('makes a name once per owner and question, and anew for another owner', () => {
    let made = 0;
    const nameOf = shelfNamer((owner: { version: number }, periods: number) => {
      made += 1;
      return `${owner.version}\u0000${periods}`;
    });
    const first = { version: 1 };
    expect(nameOf(first, 7)).toBe('1\u00007');
    expect(nameOf(first, 7)).toBe('1\u00007');
    expect(nameOf(first, 366)).toBe('1\u0000366');
    expect(made).toBe(2);
    // a new configuration is a new runtime: its names are its own, never the old one's
    expect(nameOf({ version: 2 }, 7)).toBe('2\u00007');
    expect(made).toBe(3);
  });

  // Looking for the answer to drop began a walk of the slots from their start, over every slot
  // deleted since V8 last rebuilt the set: once full, each kept answer cost many times the rest.
  it('keeps an answer on a full cache at a small multiple of a bare Map’s set and delete', () => {
    const kept = answer(100);
    const ratio = timesABareMap(10_000, 100_000, (ids) => {
      const cache = new ReadCache(10_000 * 100);
      for (const id of ids) cache.set(SHELF, id, kept);
      expect(cache.size).toBe(10_000);
    });
    expect(ratio).toBeLessThan(8);
  });
});
