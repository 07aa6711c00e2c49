/**
 * DELETE /admin/v1/users/:id on a store that is dead or hung: the request fails as every route's
 * does (503 STORE_UNAVAILABLE with Retry-After) within the store's timeout, erasing nothing it
 * could not, and the same erasure succeeds once the store is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../../../redis/test/cluster.js';
import { startTestServer, type TestServer } from '../../../test/server.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let t: TestServer;

beforeAll(async () => {
  redis = await startRedis();
  const node = redis.nodes[0] as { host: string; port: number };
  t = await startTestServer({
    env: { REDIS_URL: `redis://${node.host}:${node.port}`, KINDLING_STORE_TIMEOUT_MS: '500' },
  });
  for (const id of ['ada', 'bob'])
    expect((await t.call('POST', '/api/metrics/lessons/event', { body: { user: { id }, value: 1 } })).status).toBe(201);
});
afterAll(async () => {
  redis?.resume();
  await t?.close();
  await redis?.stop();
});

describe('erasing a user while the store does not answer', () => {
  it('answers 503 STORE_UNAVAILABLE within the timeout while Redis is hung, then erases once it is back', async () => {
    redis.pause();
    const started = Date.now();
    const res = await t.call('DELETE', '/admin/v1/users/ada', { key: t.adminKey });
    const took = Date.now() - started;
    redis.resume();
    expect([res.status, res.body.code]).toEqual([503, 'STORE_UNAVAILABLE']);
    expect(res.headers['retry-after']).toBeDefined();
    expect(took).toBeLessThan(5_000);
    // nothing was half done: ada is whole, and the erasure goes through now
    expect((await t.call('GET', '/admin/v1/users/ada', { key: t.adminKey })).status).toBe(200);
    expect((await t.call('DELETE', '/admin/v1/users/ada', { key: t.adminKey })).status).toBe(204);
    expect((await t.call('GET', '/admin/v1/users/bob', { key: t.adminKey })).status).toBe(200);
  });
});
