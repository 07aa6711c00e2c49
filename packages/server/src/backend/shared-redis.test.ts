import { deleteKeysUnder } from '../../../redis/test/targets.js';
import { connectRedis } from '@kindling/redis';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedLimits } from '../access/shared-limits.js';
import { parseSettings } from '../settings.js';
import { startServer, type RunningServer } from '../server.js';

const prefix = `kltest-${process.pid}-${Date.now().toString(36)}`;
const redis = connectRedis({ url: 'redis://127.0.0.1:6379' });
const servers: RunningServer[] = [];

async function start(
  options: { prefix?: string; env?: Record<string, string>; clock?: () => number } = {},
): Promise<RunningServer> {
  const settings = parseSettings({
    REDIS_URL: 'redis://127.0.0.1:6379',
    KINDLING_REDIS_PREFIX: options.prefix ?? prefix,
    KINDLING_CACHE_MS: '0',
    LOG_LEVEL: 'silent',
    KINDLING_DASHBOARD_DIR: '/nonexistent',
    ...options.env,
  });
  const server = await startServer(settings, { listen: false, ...(options.clock ? { clock: options.clock } : {}) });
  servers.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await deleteKeysUnder(redis.client, prefix);
  await redis.close();
});

function post(server: RunningServer, key: string, userId: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/metrics/lessons/event',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify({ user: { id: userId }, value: 1 }),
  });
}

describe('several servers sharing one Redis', () => {
  it('makes the first account once and lets both servers record the same user exactly', async () => {
    const a = await start();
    const b = await start();
    expect(a.firstStart).not.toBeNull();
    expect(b.firstStart).toBeNull();
    const key = a.firstStart!.applicationKey.key;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post(i % 2 === 0 ? a : b, key, 'shared-user')),
    );
    expect(responses.map((r) => r.statusCode).every((s) => s === 201)).toBe(true);
    const totals = responses.map((r) => JSON.parse(r.body).total as number).sort((x, y) => x - y);
    expect(totals).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    for (const server of [a, b]) {
      const read = await server.app.inject({
        method: 'GET',
        url: '/v1/users/shared-user',
        headers: { 'x-api-key': key },
      });
      expect(JSON.parse(read.body).totals).toEqual({ lessons: 200 });
    }
  });

  it('refuses on one server a key revoked through the other', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const first = a.firstStart!;
    const key = first.applicationKey.key;
    expect((await post(b, key, 'u2')).statusCode).toBe(201);
    await a.ctx.backend.control.revokeKey(first.account.id, first.applicationKey.record.id, new Date().toISOString());
    const refused = await post(b, key, 'u2');
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body).code).toBe('REVOKED_API_KEY');
  });

  it("shares each key's rate limit: what one server let through, the other refuses once they have synced", async () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    const options = {
      prefix: `${prefix}-limits`,
      env: { KINDLING_RATE_LIMIT: '1', KINDLING_RATE_BURST: '4' },
      clock: () => now,
    };
    const a = await start(options);
    const b = await start(options);
    // Only the syncs below run: a background sync (every 200 ms) between b's first read and a's
    // would make a's read one that b follows, and b would rightly pay for it (seen on a busy CI machine).
    for (const server of [a, b]) await (server.ctx.limiter as SharedLimits).stop();
    const key = a.firstStart!.applicationKey.key;
    const read = (server: RunningServer) =>
      server.app
        .inject({ method: 'GET', url: '/v1/users/ada/streak', headers: { 'x-api-key': key } })
        .then((r) => r.statusCode);
    const sync = async () => {
      for (const server of [a, b]) {
        expect(server.ctx.limiter).toBeInstanceOf(SharedLimits);
        // Twice: the first may join the background sync begun before the reads above; the second began after them.
        await (server.ctx.limiter as SharedLimits).sync();
        await (server.ctx.limiter as SharedLimits).sync();
      }
    };
    // Both servers follow the key (their first sync of it is where they start counting each other).
    expect([await read(b), await read(a)]).toEqual([200, 200]);
    await sync();
    await sync();
    // a takes the last 2 of its bucket; b, which had 3 left, pays them once they have synced.
    expect([await read(a), await read(a)]).toEqual([200, 200]);
    await sync();
    expect([await read(b), await read(b), await read(a)]).toEqual([200, 429, 429]);
  });
});
