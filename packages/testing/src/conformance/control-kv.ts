/**
 * describeControlKVConformance: the cases every `ControlKV` implementation (a control plane's
 * storage: documents swapped by compare-and-set, counters, fields) passes, run by each adapter.
 */
import type { ControlKV } from '@kindling/core/adapter';
import { describe, expect, it } from 'vitest';

export function describeControlKVConformance(name: string, make: () => ControlKV): void {
  describe(`ControlKV conformance: ${name}`, () => {
    it('keeps documents and swaps them only from the expected value', async () => {
      const kv = make();
      expect(await kv.get('a')).toBeNull();
      expect(await kv.swap('a', null, 'one')).toBe(true);
      expect(await kv.swap('a', null, 'two')).toBe(false);
      expect(await kv.swap('a', 'zero', 'two')).toBe(false);
      expect(await kv.swap('a', 'one', 'two')).toBe(true);
      expect(await kv.get('a')).toBe('two');
      await kv.put('a', 'three');
      expect(await kv.get('a')).toBe('three');
      await kv.remove('a');
      expect(await kv.get('a')).toBeNull();
      await kv.close();
    });

    it('removes the fields named of a record of fields, and keeps the others', async () => {
      const kv = make();
      await kv.setFields('f', { p1: 'ann', p2: 'bob', p3: 'ann' });
      await kv.removeFields('f', ['p1', 'p3', 'never']);
      await kv.removeFields('f', []);
      await kv.removeFields('nothing here', ['p1']);
      expect(await kv.readFields('f')).toEqual({ p2: 'bob' });
      await kv.close();
    });

    it('removes a key whatever it holds: a document, fields or counters', async () => {
      const kv = make();
      await kv.setFields('f', { p1: 'ann' });
      await kv.addCounters('c', { n: 2 });
      await kv.put('d', 'doc');
      for (const key of ['f', 'c', 'd', 'never']) await kv.remove(key);
      expect(await kv.readFields('f')).toEqual({});
      expect(await kv.readField('f', 'p1')).toBeNull();
      expect(await kv.readCounters('c')).toEqual({});
      expect(await kv.get('d')).toBeNull();
      await kv.close();
    });

    it('adds to counters, answering the values after, and keeps the last value of fields', async () => {
      const kv = make();
      expect(await kv.addCounters('c', { x: 1, y: 2.5 })).toEqual({ x: 1, y: 2.5 });
      expect(await kv.addCounters('c', { x: 2 })).toEqual({ x: 3 });
      expect(await kv.readCounters('c')).toEqual({ x: 3, y: 2.5 });
      expect(await kv.readCounters('none')).toEqual({});
      await kv.setFields('f', { a: '1', b: '2' });
      await kv.setFields('f', { a: '3' });
      expect(await kv.readFields('f')).toEqual({ a: '3', b: '2' });
      expect([await kv.readField('f', 'a'), await kv.readField('f', 'c'), await kv.readField('none', 'a')]).toEqual([
        '3',
        null,
        null,
      ]);
      expect(await kv.readField('f', 'constructor')).toBeNull();
      await kv.close();
    });

    it('drops a record of counters once its time has passed since the last addition', async () => {
      const kv = make();
      expect(await kv.addCounters('window', { a: 1 }, 60)).toEqual({ a: 1 });
      expect(await kv.addCounters('window', { a: 1 }, 60)).toEqual({ a: 2 });
      expect(await kv.addCounters('kept', { a: 1 })).toEqual({ a: 1 });
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await kv.readCounters('window')).toEqual({});
      expect(await kv.addCounters('window', { a: 1 }, 60_000)).toEqual({ a: 1 });
      expect(await kv.readCounters('kept')).toEqual({ a: 1 });
      await kv.close();
    });

    it('drops a document put with a time to live once that time has passed, and keeps one put again without', async () => {
      const kv = make();
      await kv.put('session', 'short', 60);
      await kv.put('renewed', 'short', 60);
      await kv.put('renewed', 'kept');
      await kv.put('plain', 'kept');
      expect(await kv.get('session')).toBe('short');
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await kv.get('session')).toBeNull();
      expect(await kv.get('renewed')).toBe('kept');
      expect(await kv.get('plain')).toBe('kept');
      // gone, not only hidden: it can be made again from nothing
      expect(await kv.swap('session', null, 'again')).toBe(true);
      expect(await kv.get('session')).toBe('again');
      await kv.close();
    });

    it('drops a document swapped with a time to live once that time has passed, and keeps one swapped again without', async () => {
      const kv = make();
      expect(await kv.swap('window', null, 'open', 60)).toBe(true);
      expect(await kv.swap('kept', null, 'open', 60)).toBe(true);
      expect(await kv.swap('kept', 'open', 'held')).toBe(true);
      await kv.put('put', 'short', 60);
      expect(await kv.swap('put', 'short', 'swapped')).toBe(true);
      expect(await kv.get('window')).toBe('open');
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await kv.get('window')).toBeNull();
      expect(await kv.get('kept')).toBe('held');
      expect(await kv.get('put')).toBe('swapped');
      // gone, not only hidden: a swap from it as it was fails, one from nothing succeeds
      expect(await kv.swap('window', 'open', 'late')).toBe(false);
      expect(await kv.swap('window', null, 'anew')).toBe(true);
      await kv.close();
    });

    it('reads fields and counters as records without a prototype: a name like constructor is absent unless stored', async () => {
      const kv = make();
      await kv.setFields('f', { p: 'c' });
      await kv.addCounters('n', { p: 1 });
      const fields = await kv.readFields('f');
      const counters = await kv.readCounters('n');
      expect([
        fields.p,
        counters.p,
        fields.constructor,
        fields.toString,
        counters.constructor,
        // biome-ignore lint/suspicious/noProto: the test reads the key an attacker would write
        fields.__proto__,
      ]).toEqual(['c', 1, undefined, undefined, undefined, undefined]);
      await kv.close();
    });

    it('lets only one of many concurrent swaps from the same value win', async () => {
      const kv = make();
      await kv.put('race', 'v0');
      const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.swap('race', 'v0', `v${i + 1}`)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      await kv.close();
    });
  });
}
