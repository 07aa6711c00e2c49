/**
 * The dashboard's counters after a store outage: a Redis of the test's own, killed and started again
 * on the same port with the same files. The counters answer
 * again once the store is back, count every acknowledged event, and the server stops cleanly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useOwnRedis } from '../../../redis/test/cluster.js';
import { parseSettings } from '../settings.js';
import { startServer } from '../server.js';

const dir = mkdtempSync(join(tmpdir(), 'kindling-outage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// An append-only file synced on every write: killed and started again, it keeps what it acknowledged.
const ownRedis = useOwnRedis({ appendOnly: true });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the dashboard counters across a store outage', () => {
  it('answer again once Redis is back, count every acknowledged event, and the server stops cleanly', async () => {
    const redis = ownRedis();
    const { port } = redis.nodes[0]!;
    const server = await startServer(
      parseSettings({
        REDIS_URL: `redis://127.0.0.1:${port}`,
        KINDLING_REDIS_PREFIX: 'outage',
        KINDLING_CACHE_MS: '0',
        LOG_LEVEL: 'silent',
        KINDLING_DASHBOARD_DIR: join(dir, 'none'),
      }),
      { listen: false },
    );
    const appKey = server.firstStart?.applicationKey.key as string;
    const adminKey = server.firstStart?.adminKey.key as string;
    const post = (userId: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/metrics/lessons/event',
        headers: { 'x-api-key': appKey, 'content-type': 'application/json' },
        payload: { user: { id: userId }, value: 1 },
      });
    const admin = (url: string) => server.app.inject({ method: 'GET', url, headers: { 'x-api-key': adminKey } });
    let acknowledged = 0;
    for (let i = 0; i < 5; i++) if ((await post(`u${i}`)).statusCode === 201) acknowledged++;
    expect(acknowledged).toBe(5);

    // The store goes away for a while: whatever is asked of it meanwhile fails.
    await redis.kill();
    await Promise.all([post('during'), admin('/admin/v1/metrics'), sleep(1500)]);

    await redis.restart();
    // Events come back by themselves (the client reconnects).
    let back = false;
    for (let i = 0; i < 100 && !back; i++) {
      back = (await post('after')).statusCode === 201;
      if (back) acknowledged++;
      else await sleep(100);
    }
    expect(back).toBe(true);
    for (let i = 0; i < 3; i++) if ((await post(`v${i}`)).statusCode === 201) acknowledged++;

    const metrics = await admin('/admin/v1/metrics');
    expect(metrics.statusCode).toBe(200);
    const lessons = (metrics.json() as Array<{ key: string; events: number }>).find((m) => m.key === 'lessons');
    expect(lessons?.events).toBe(acknowledged);
    expect((await admin('/admin/v1/analytics/streaks')).statusCode).toBe(200);
    await expect(server.close()).resolves.toBeUndefined();
  });
});

describe('counts kept in the control plane by earlier versions', () => {
  it('are added to what the store counts', async () => {
    const { startTestServer } = await import('../../test/server.js');
    const server = await startTestServer();
    try {
      const accountId = server.server.firstStart?.account.id as string;
      const control = server.server.ctx.backend.control;
      await control.kv.addCounters(`activity:${accountId}:metrics`, { 'lessons.total': 10, 'lessons.events': 4 });
      await control.kv.setFields(`metric-last:${accountId}`, { lessons: '2020-01-01T00:00:00.000Z' });
      await control.kv.addCounters(`activity:${accountId}:day:2026-03-01`, { events: 4, lost: 1 });
      expect(
        (await server.call('POST', '/api/metrics/lessons/event', { body: { user: { id: 'ann' }, value: 2 } })).status,
      ).toBe(201);
      const lessons = (await server.call('GET', '/admin/v1/metrics', { key: server.adminKey })).body.find(
        (m: { key: string }) => m.key === 'lessons',
      );
      expect({ total: lessons.total, events: lessons.events }).toEqual({ total: 12, events: 5 });
      expect(lessons.lastEventAt > '2020-01-01T00:00:00.000Z').toBe(true);
      const days = await server.server.ctx.activity.days(accountId, '2026-03-02', 2);
      expect(days[0]).toEqual({ date: '2026-03-01', events: 4, extended: 0, lost: 1, freezesUsed: 0 });
    } finally {
      await server.close();
    }
  });
});
