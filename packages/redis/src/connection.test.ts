import { StoreError } from '@kindling/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Connection } from './connection.js';
import { redisStore } from './redis-store.js';
import { startRedis, type RunningRedis } from '../test/cluster.js';

let redis: RunningRedis;
let url: string;
const opened: Connection[] = [];
beforeAll(async () => {
  redis = await startRedis({ appendOnly: true });
  url = `redis://${redis.nodes[0]!.host}:${redis.nodes[0]!.port}`;
}, 30_000);
afterAll(async () => {
  redis.resume();
  await Promise.all(opened.map((connection) => connection.close()));
  await redis.stop();
});

function open(timeoutMs: number): Connection {
  const connection = connect({ url, timeoutMs });
  opened.push(connection);
  return connection;
}

/** How long `promise` took to settle, and how. */
async function timed(promise: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const start = Date.now();
  try {
    await promise;
    return { ms: Date.now() - start, error: null };
  } catch (error) {
    return { ms: Date.now() - start, error };
  }
}

describe('a Redis connection', () => {
  it('fails a command with a StoreError naming its key when Redis does not answer within the timeout, and answers again once Redis does', async () => {
    const connection = open(300);
    await connection.run(connection.client.set('k', 'v'), 'k');
    redis.pause();
    try {
      const { ms, error } = await timed(connection.run(connection.client.get('k'), 'k'));
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).message).toMatch(
        /^redis (did not answer within 300 ms on k|failed on k: Command timed out)/,
      );
      expect(ms).toBeLessThan(1000);
    } finally {
      redis.resume();
    }
    expect(await connection.run(connection.client.get('k'), 'k')).toBe('v');
  });

  it('fails with a StoreError, not a driver error, while Redis is gone, and reconnects by itself once it is back', async () => {
    const connection = open(1000);
    await connection.run(connection.client.set('gone', '1'), 'gone');
    await redis.kill();
    try {
      const { ms, error } = await timed(connection.run(connection.client.get('gone'), 'gone'));
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).message).toMatch(/^redis (failed|did not answer within 1000 ms) on gone/);
      expect(ms).toBeLessThan(1500);
    } finally {
      await redis.restart();
    }
    const back = Date.now();
    let value: string | null = null;
    while (value === null && Date.now() - back < 5000)
      value = await connection.run(connection.client.get('gone'), 'gone').catch(() => null);
    expect(value).toBe('1');
  });

  it('fails writes refused by Redis (out of memory) with a StoreError while reads go on', async () => {
    const connection = open(1000);
    await connection.run(connection.client.set('full', 'before'), 'full');
    await connection.client.config('SET', 'maxmemory', '1');
    try {
      await expect(connection.run(connection.client.set('full', 'after'), 'full')).rejects.toThrow(StoreError);
      await expect(connection.run(connection.client.set('full', 'after'), 'full')).rejects.toThrow(
        /redis failed on full: OOM/,
      );
      expect(await connection.run(connection.client.get('full'), 'full')).toBe('before');
    } finally {
      await connection.client.config('SET', 'maxmemory', '0');
    }
  });
});

describe('a Redis store whose Redis does not answer', () => {
  it("fails each of a user's queued updates within the timeout instead of adding their timeouts up", async () => {
    const store = redisStore({ url, timeoutMs: 300, keyPrefix: 'queue-test', account: 'acme' });
    const step = () => ({ result: 'ran' });
    await store.update('ann', step);
    redis.pause();
    try {
      const answers = await Promise.all([1, 2, 3, 4].map(() => timed(store.update('ann', step))));
      for (const { ms, error } of answers) {
        expect(error).toBeInstanceOf(StoreError);
        expect(ms).toBeLessThan(800);
      }
    } finally {
      redis.resume();
    }
    expect(await store.update('ann', step)).toBe('ran');
    await store.close();
  });
});

describe('a Redis that is not there', () => {
  it('fails commands naming its address and why it cannot be reached, never a password in the URL', async () => {
    const server = await import('node:net').then(({ createServer }) => createServer());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const connection = connect({ url: `redis://:secret-pass@127.0.0.1:${port}`, timeoutMs: 500 });
    opened.push(connection);
    const failure = await connection.run(connection.client.get('k'), 'k').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as Error).message).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}.*ECONNREFUSED`));
    expect((failure as Error).message).not.toMatch(/secret-pass/);
  });
});
