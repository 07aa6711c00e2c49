import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreError } from '@kindling/core';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../../redis/src/test-cluster.js';
import type { ControlKV } from './kv.js';
import { redisKV } from './redis-kv.js';
import { sqliteKV } from './sqlite-kv.js';

const dir = mkdtempSync(join(tmpdir(), 'kindling-kv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const makers: Array<[string, () => ControlKV]> = [
  ['SQLite', () => sqliteKV(join(dir, `control-${Math.random().toString(36).slice(2)}.db`))],
  ['Redis', () => redisKV({ url: 'redis://127.0.0.1:6379', prefix: `kindling-test:${process.pid}:${Math.random().toString(36).slice(2)}:` })],
];

describe.each(makers)('the control plane on %s', (_name, make) => {
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

  it('adds to counters, answering the values after, and keeps the last value of fields', async () => {
    const kv = make();
    expect(await kv.addCounters('c', { x: 1, y: 2.5 })).toEqual({ x: 1, y: 2.5 });
    expect(await kv.addCounters('c', { x: 2 })).toEqual({ x: 3 });
    expect(await kv.readCounters('c')).toEqual({ x: 3, y: 2.5 });
    expect(await kv.readCounters('none')).toEqual({});
    await kv.setFields('f', { a: '1', b: '2' });
    await kv.setFields('f', { a: '3' });
    expect(await kv.readFields('f')).toEqual({ a: '3', b: '2' });
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

  it('reads fields and counters as records without a prototype: a name like constructor is absent unless stored', async () => {
    const kv = make();
    await kv.setFields('f', { p: 'c' });
    await kv.addCounters('n', { p: 1 });
    const fields = await kv.readFields('f');
    const counters = await kv.readCounters('n');
    expect([fields.p, counters.p, fields.constructor, fields.toString, counters.constructor, fields.__proto__]).toEqual(['c', 1, undefined, undefined, undefined, undefined]);
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

describe('a control plane whose store fails', () => {
  it('fails with a StoreError within its timeout when Redis does not answer, and with a StoreError when Redis is gone', async () => {
    const redis = await startRedis();
    const node = redis.nodes[0]!;
    const kv = redisKV({ url: `redis://${node.host}:${node.port}`, timeoutMs: 300, prefix: 'kv-test:' });
    try {
      await kv.put('a', 'one');
      redis.pause();
      for (const call of [() => kv.get('a'), () => kv.swap('a', 'one', 'two'), () => kv.addCounters('c', { x: 1 }), () => kv.readFields('f')]) {
        const start = Date.now();
        await expect(call()).rejects.toThrow(StoreError);
        expect(Date.now() - start).toBeLessThan(1000);
      }
      redis.resume();
      // The swap that timed out was sent: Redis may have run it once it answered again.
      expect(['one', 'two']).toContain(await kv.get('a'));
      await redis.kill();
      await expect(kv.get('a')).rejects.toThrow(StoreError);
      await expect(kv.addCounters('c', { x: 1 })).rejects.toThrow(StoreError);
    } finally {
      redis.resume();
      await kv.close();
      await redis.stop();
    }
  });

  it('fails with a StoreError naming the file when the SQLite file is not a database or is closed', async () => {
    const path = join(dir, 'not-a-database.db');
    writeFileSync(path, 'this is not SQLite, and long enough to have a header of one hundred bytes........................................');
    expect(() => sqliteKV(path)).toThrow(StoreError);
    expect(() => sqliteKV(path)).toThrow(/not-a-database\.db.*not a SQLite database/);
    const kv = sqliteKV(join(dir, 'closed.db'));
    await kv.close();
    await expect(kv.get('a')).rejects.toThrow(StoreError);
    await expect(kv.put('a', 'one')).rejects.toThrow(/closed\.db.*closed/);
  });
});
