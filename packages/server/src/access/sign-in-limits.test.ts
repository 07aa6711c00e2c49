import { deleteKeysUnder } from '../../../redis/test/targets.js';
import { connectRedis } from '@kindling/redis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseSettings } from '../settings.js';
import { startServer, type RunningServer } from '../server.js';
import { SIGN_IN_BURST } from './sign-in-limits.js';

const prefix = `kltest-sign-in-${process.pid}-${Date.now().toString(36)}`;
const PASSWORD = 'correct horse battery';
let servers: RunningServer[] = [];

afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
afterAll(async () => {
  const redis = connectRedis({ url: 'redis://127.0.0.1:6379' });
  await deleteKeysUnder(redis.client, prefix);
  await redis.close();
});

async function twoServers(name: string): Promise<[RunningServer, RunningServer]> {
  const settings = parseSettings({
    REDIS_URL: 'redis://127.0.0.1:6379',
    KINDLING_REDIS_PREFIX: `${prefix}-${name}`,
    KINDLING_OWNER_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    KINDLING_DASHBOARD_DIR: '/nonexistent',
  });
  // A clock that stands still: no bucket refills while the test waits for the processes to sync.
  const now = Date.parse('2026-03-02T10:00:00Z');
  servers = [
    await startServer(settings, { listen: false, clock: () => now }),
    await startServer(settings, { listen: false, clock: () => now }),
  ];
  return servers as [RunningServer, RunningServer];
}

async function signIn(server: RunningServer, address: string, body: unknown): Promise<number> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/admin/v1/session',
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return res.statusCode;
}

/** Long enough for both processes to exchange their sign-in counts twice (once a second). */
const twoSyncs = () => new Promise((resolve) => setTimeout(resolve, 2_300));

describe('sign-in limits of the processes on one Redis', () => {
  it('count the attempts at one account made through either process', async () => {
    const [a, b] = await twoServers('account');
    expect(await signIn(b, '198.51.100.1', { password: 'wrong' })).toBe(401);
    await twoSyncs();
    for (let i = 1; i < SIGN_IN_BURST; i++)
      expect(await signIn(a, `198.51.100.${i + 1}`, { password: `wrong ${i}` })).toBe(401);
    await twoSyncs();
    expect(await signIn(b, '198.51.100.100', { password: PASSWORD })).toBe(429);
  }, 20_000);

  it('count the attempts of one client made through either process', async () => {
    const [a, b] = await twoServers('client');
    expect(await signIn(b, '203.0.113.9', { account: 'nobody-0', password: 'x' })).toBe(401);
    await twoSyncs();
    for (let i = 1; i < SIGN_IN_BURST; i++)
      expect(await signIn(a, '203.0.113.9', { account: `nobody-${i}`, password: 'x' })).toBe(401);
    await twoSyncs();
    expect(await signIn(b, '203.0.113.9', { account: 'nobody-last', password: 'x' })).toBe(429);
    expect(await signIn(b, '203.0.113.10', { password: PASSWORD })).toBe(200);
  }, 20_000);
});
