import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connectRedis } from '@kindling/redis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRedis } from '../../../redis/test/cluster.js';
import { startTestServer, type TestServer } from '../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(() => t.close());

describe('health', () => {
  it('answers /healthz and /readyz without a key while the store answers', async () => {
    expect(await t.call('GET', '/healthz', { key: null })).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await t.call('GET', '/readyz', { key: null })).toMatchObject({
      status: 200,
      body: { status: 'ready', store: 'sqlite' },
    });
  });

  it('answers /readyz with 503 NOT_READY while the server is stopping', async () => {
    t.server.ctx.ready = false;
    const res = await t.call('GET', '/readyz', { key: null });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('NOT_READY');
    expect((await t.call('GET', '/healthz', { key: null })).status).toBe(200);
  });
});

describe('readiness of a server whose SQLite files are taken away', () => {
  for (const file of ['kindling.db', 'deliveries.db', 'control.db'])
    it(`answers /readyz 503 once ${file} is deleted under it, as its writes are refused`, async () => {
      let now = Date.parse('2026-03-02T10:00:00Z');
      const r = await startTestServer({ clock: () => now });
      try {
        expect((await r.call('GET', '/readyz', { key: null })).status).toBe(200);
        for (const suffix of ['', '-wal', '-shm']) rmSync(join(r.dir, `${file}${suffix}`), { force: true });
        now += 1001;
        expect(await r.call('GET', '/readyz', { key: null })).toMatchObject({
          status: 503,
          body: { code: 'NOT_READY', error: 'the store answers but writes to it fail' },
        });
      } finally {
        await r.close();
      }
    });
});

describe('readiness of a server whose Redis fails', () => {
  it('answers /readyz 503 within a second while Redis does not answer, and 200 once it does', async () => {
    const redis = await startRedis();
    const node = redis.nodes[0]!;
    // A probe's answer stands for a second (of the server's clock): the test moves the clock on.
    let now = Date.parse('2026-03-02T10:00:00Z');
    const r = await startTestServer({
      env: { REDIS_URL: `redis://${node.host}:${node.port}`, KINDLING_STORE_TIMEOUT_MS: '2000' },
      clock: () => now,
    });
    try {
      expect((await r.call('GET', '/readyz', { key: null })).status).toBe(200);
      redis.pause();
      now += 1001;
      const start = Date.now();
      const res = await r.call('GET', '/readyz', { key: null });
      expect(Date.now() - start).toBeLessThan(1500);
      expect(res).toMatchObject({
        status: 503,
        body: { code: 'NOT_READY', error: 'the store did not answer within 1000 ms' },
      });
      redis.resume();
      now += 1001;
      expect((await r.call('GET', '/readyz', { key: null })).status).toBe(200);
    } finally {
      redis.resume();
      await r.close();
      await redis.stop();
    }
  });

  it('answers /readyz 503 saying writes fail, and events 503 STORE_UNAVAILABLE with Retry-After, while Redis refuses writes', async () => {
    const redis = await startRedis();
    const node = redis.nodes[0]!;
    const url = `redis://${node.host}:${node.port}`;
    const admin = connectRedis({ url });
    let now = Date.parse('2026-03-02T10:00:00Z');
    const r = await startTestServer({ env: { REDIS_URL: url }, clock: () => now });
    try {
      expect(
        (await r.call('POST', '/api/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } })).status,
      ).toBe(201);
      await admin.client.config('SET', 'maxmemory', '1');
      now += 1001;
      const ready = await r.call('GET', '/readyz', { key: null });
      expect(ready).toMatchObject({ status: 503, body: { code: 'NOT_READY' } });
      // It says which fails, not why: the why (Redis's OOM here) is for the server's log, not for anyone asking.
      expect(ready.body.error).toBe('the store answers but writes to it fail');
      const event = await r.call('POST', '/api/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
      expect(event).toMatchObject({
        status: 503,
        body: { code: 'STORE_UNAVAILABLE' },
        headers: { 'retry-after': '1' },
      });
      await admin.client.config('SET', 'maxmemory', '0');
      now += 1001;
      expect((await r.call('GET', '/readyz', { key: null })).status).toBe(200);
      expect(
        (await r.call('POST', '/api/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } })).status,
      ).toBe(201);
    } finally {
      await admin.close();
      await r.close();
      await redis.stop();
    }
  });
});

describe('readiness under a flood of probes', () => {
  it('writes the store at most once a second however often /readyz is asked (unauthenticated callers cannot make the server write at their rate)', async () => {
    const redis = await startRedis();
    const node = redis.nodes[0]!;
    const url = `redis://${node.host}:${node.port}`;
    const admin = connectRedis({ url });
    let now = Date.parse('2026-03-02T10:00:00Z');
    const r = await startTestServer({ env: { REDIS_URL: url }, clock: () => now });
    const sets = async () => {
      const stats = String(await admin.client.info('commandstats'));
      return Number(/cmdstat_set:calls=(\d+)/.exec(stats)?.[1] ?? 0);
    };
    try {
      const before = await sets();
      for (let i = 0; i < 300; i++) expect((await r.call('GET', '/readyz', { key: null })).status).toBe(200);
      expect((await sets()) - before).toBeLessThanOrEqual(1);
      now += 1001;
      expect((await r.call('GET', '/readyz', { key: null })).status).toBe(200);
      expect((await sets()) - before).toBeLessThanOrEqual(2);
    } finally {
      await admin.close();
      await r.close();
      await redis.stop();
    }
  });
});

describe('readiness of a server whose Redis lost its data', () => {
  it('answers /readyz 503 saying the store holds no account once Redis restarted empty, not ready as before', async () => {
    const redis = await startRedis();
    const node = redis.nodes[0]!;
    const admin = connectRedis({ url: `redis://${node.host}:${node.port}` });
    let now = Date.parse('2026-03-02T10:00:00Z');
    const r = await startTestServer({ env: { REDIS_URL: `redis://${node.host}:${node.port}` }, clock: () => now });
    try {
      expect((await r.call('GET', '/readyz', { key: null })).status).toBe(200);
      // what a Redis that keeps nothing on disk holds after a restart
      await admin.client.flushall();
      now += 1001;
      expect(await r.call('GET', '/readyz', { key: null })).toMatchObject({
        status: 503,
        body: { code: 'NOT_READY', error: expect.stringMatching(/no account/) },
      });
    } finally {
      await admin.close();
      await r.close();
      await redis.stop();
    }
  });
});
