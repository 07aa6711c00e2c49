import { StoreError } from '@kindling/core';
import { describeControlKVConformance } from '@kindling/testing/conformance';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisControlKV } from './control-kv.js';
import { startRedis } from '../test/cluster.js';
import { deleteKeysUnder } from '../test/targets.js';

// Every control plane of the suite under one run prefix, so that what they wrote is removed after it.
const run = `kindling-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
let made = 0;
describeControlKVConformance('Redis', () =>
  redisControlKV({ url: 'redis://127.0.0.1:6379', prefix: `${run}${++made}:` }),
);
afterAll(async () => {
  const client = new Redis('redis://127.0.0.1:6379');
  try {
    await deleteKeysUnder(client, run);
  } finally {
    client.disconnect();
  }
});

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
