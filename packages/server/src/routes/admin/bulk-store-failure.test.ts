/**
 * The bulk streak actions (freezes, pauses, restores) on a store that refuses writes: a store's
 * failure fails the request as every route's does (503 STORE_UNAVAILABLE with Retry-After), never
 * an item's issue that would answer 200 and show the client what failed (an address, a file).
 */
import { connectRedis } from '@kindling/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../../../redis/test/cluster.js';
import { startTestServer, type TestServer } from '../../../test/server.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let admin: ReturnType<typeof connectRedis>;
let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');

beforeAll(async () => {
  redis = await startRedis();
  const node = redis.nodes[0] as { host: string; port: number };
  const url = `redis://${node.host}:${node.port}`;
  admin = connectRedis({ url });
  t = await startTestServer({ env: { REDIS_URL: url }, clock: () => now });
  for (const id of ['ada', 'bob'])
    expect((await t.call('POST', '/api/metrics/lessons/event', { body: { user: { id }, value: 1 } })).status).toBe(201);
  // ada's streak is lost: a restore would write
  now += 5 * 86_400_000;
  await admin.client.config('SET', 'maxmemory', '1');
});
afterAll(async () => {
  await admin?.client.config('SET', 'maxmemory', '0');
  await admin?.close();
  await t?.close();
  await redis?.stop();
});

describe('bulk streak actions while the store refuses writes', () => {
  it.each([
    ['POST', '/admin/v1/streaks/freezes', { freezes: [{ userId: 'ada' }] }],
    ['POST', '/admin/v1/streaks/pauses', { pauses: [{ userId: 'bob', start: '2026-03-08', end: '2026-03-09' }] }],
    ['POST', '/admin/v1/streaks/restore', { users: [{ id: 'ada' }] }],
  ] as const)('%s %s answers 503 STORE_UNAVAILABLE, not an issue naming the store', async (method, url, body) => {
    const res = await t.call(method, url, { key: t.adminKey, body });
    expect(res).toMatchObject({ status: 503, body: { code: 'STORE_UNAVAILABLE' }, headers: { 'retry-after': '1' } });
    expect(JSON.stringify(res.body)).not.toMatch(/127\.0\.0\.1|OOM|maxmemory/);
  });
});
