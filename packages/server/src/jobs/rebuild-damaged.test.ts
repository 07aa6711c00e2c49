/**
 * A rebuild that meets a user whose stored data no retry can read (a lasting StoreError) ends as
 * failed, saying so, rather than running for ever: a passing outage leaves the run for the next
 * look, damaged data would meet it again every time (docs/http-api.md: `running` always ends).
 */
import { connectRedis } from '@kindling/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../../redis/test/cluster.js';
import { startTestServer, type TestServer } from '../../test/server.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let admin: ReturnType<typeof connectRedis>;
let t: TestServer;

beforeAll(async () => {
  redis = await startRedis();
  const node = redis.nodes[0] as { host: string; port: number };
  const url = `redis://${node.host}:${node.port}`;
  admin = connectRedis({ url });
  t = await startTestServer({ env: { REDIS_URL: url }, clock: () => Date.parse('2026-03-02T10:00:00Z') });
  for (const id of ['u1', 'u2', 'u3'])
    expect((await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id }, value: 1 } })).status).toBe(201);
  // u2's state is no longer one Kindling wrote
  const [state] = await admin.client.keys('*{*:u2}:s');
  expect(state).toBeDefined();
  await admin.client.set(state as string, 'zzzz garbage');
});
afterAll(async () => {
  await admin?.close();
  await t?.close();
  await redis?.stop();
});

describe('a rebuild over damaged data', () => {
  it('ends as failed, saying a user could not be read, instead of running for ever', async () => {
    const put = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: {
        frequency: 'daily',
        weekStart: 'monday',
        dayStartsAt: '00:00',
        defaultTimeZone: 'UTC',
        mode: 'all',
        conditions: [{ metric: 'lessons', threshold: 2 }],
        freezes: null,
        restoreWindow: 1,
        remindBefore: null,
        personalization: null,
      },
    });
    expect(put.status).toBe(200);
    // idle until the background rebuild has begun (a busy machine may answer the first poll before)
    let rebuild: { status: string; error: string | null } = { status: 'running', error: null };
    for (let poll = 0; poll < 300 && (rebuild.status === 'running' || rebuild.status === 'idle'); poll++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rebuild = (await t.call('GET', '/admin/v1/streak/rebuild', { key: t.adminKey })).body;
    }
    expect(rebuild.status).toBe('failed');
    expect(rebuild.error).toMatch(/damaged/);
    // what failed, a key, is the operator's to read in the log, not the dashboard's
    expect(rebuild.error).not.toMatch(/zzzz|:s\b/);
  }, 15_000);
});
