import { StoreError } from '@kindling/core';
import { describeControlKVConformance } from '@kindling/testing/conformance';
import { describe, expect, it } from 'vitest';
import { redisControlKV } from './control-kv.js';
import { startRedis } from '../test/cluster.js';

describeControlKVConformance('Redis', () =>
  redisControlKV({
    url: 'redis://127.0.0.1:6379',
    prefix: `kindling-test:${process.pid}:${Math.random().toString(36).slice(2)}:`,
  }),
);

describe('the control plane on a Redis that fails', () => {
  it('fails with a StoreError within its timeout when Redis does not answer, and with a StoreError when Redis is gone', async () => {
    const redis = await startRedis();
    const node = redis.nodes[0]!;
    const kv = redisControlKV({ url: `redis://${node.host}:${node.port}`, timeoutMs: 300, prefix: 'kv-test:' });
    try {
      await kv.put('a', 'one');
      redis.pause();
      for (const call of [
        () => kv.get('a'),
        () => kv.swap('a', 'one', 'two'),
        () => kv.addCounters('c', { x: 1 }),
        () => kv.readFields('f'),
      ]) {
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
});
