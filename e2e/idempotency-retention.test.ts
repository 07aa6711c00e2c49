/**
 * Idempotency keys over HTTP past their retention (KINDLING_IDEMPOTENCY_HOURS, S18): a repeat within
 * it is answered 202 as first recorded, one after it is recorded anew (201), and a sweep removes the
 * records past it from the real SQLite file (rows counted) and the real Redis (keys counted).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectRedis } from '@kindling/redis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { deleteKeysUnder } from '../packages/redis/test/targets.js';
import { parseSettings } from '../packages/server/src/settings.js';
import { startServer, type RunningServer } from '../packages/server/src/server.js';
import { startTestServer, type TestServer } from '../packages/server/test/server.js';

type Database = { prepare(sql: string): { pluck(): { get(): unknown } }; close(): void };
const openSqlite = createRequire(fileURLToPath(new URL('../packages/sqlite/package.json', import.meta.url)))(
  'better-sqlite3',
) as new (
  path: string,
  options: { readonly: boolean },
) => Database;

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-02T10:00:00Z');

let t: TestServer | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const event = (userId: string) => ({ user: { id: userId, tz: 'UTC' }, value: 1 });

describe('idempotency keys past their retention', () => {
  it('records a key anew once its retention has passed, and a sweep removes the old rows from the SQLite file', async () => {
    const clock = { now: T0 };
    t = await startTestServer({
      env: { KINDLING_IDEMPOTENCY_HOURS: '24', KINDLING_METRICS: '1' },
      clock: () => clock.now,
    });
    const server = t;
    const send = (userId: string, key: string) =>
      server.call('POST', '/v1/metrics/lessons/event', { body: event(userId), headers: { 'idempotency-key': key } });
    const rows = () => {
      const db = new openSqlite(join(server.dir, 'kindling.db'), { readonly: true });
      try {
        return db.prepare('SELECT count(*) FROM idempotency').pluck().get();
      } finally {
        db.close();
      }
    };
    expect((await send('ada', 'k1')).status).toBe(201);
    expect((await send('bob', 'k1')).status).toBe(201);
    clock.now = T0 + 24 * HOUR - 1;
    expect((await send('ada', 'k1')).status).toBe(202);
    clock.now = T0 + 24 * HOUR;
    const anew = await send('ada', 'k1');
    expect(anew.status).toBe(201);
    expect(anew.body.idempotentReplayed).toBe(false);
    expect(anew.body.total).toBe(2);
    // ada's record was replaced; bob's is past its retention but still there
    expect(rows()).toBe(2);
    await server.server.ctx.sweeper.sweepOnce();
    expect(rows()).toBe(1);
    const scraped = await server.call('GET', '/metrics', { key: null });
    expect(scraped.body).toMatch(/^kindling_idempotency_keys_removed_total 1$/m);
    // ada's new record answers for its own retention
    clock.now = T0 + 48 * HOUR - 1;
    expect((await send('ada', 'k1')).status).toBe(202);
  });

  it('refuses a KINDLING_IDEMPOTENCY_HOURS out of its bounds, naming it', () => {
    for (const value of ['0', '87601', '1.5', 'week'])
      expect(() => parseSettings({ KINDLING_IDEMPOTENCY_HOURS: value })).toThrow(
        /KINDLING_IDEMPOTENCY_HOURS must be a whole number from 1 to 87600/,
      );
  });
});

describe('idempotency keys past their retention on Redis', () => {
  const prefix = `kltest-idem-${process.pid}-${Date.now().toString(36)}`;
  const redis = connectRedis({ url: 'redis://127.0.0.1:6379' });
  let running: RunningServer | null = null;
  afterAll(async () => {
    await running?.close();
    await deleteKeysUnder(redis.client, prefix);
    await redis.close();
  });

  it('records a key anew once its retention has passed, and a sweep removes the old keys from Redis', async () => {
    const clock = { now: T0 };
    const settings = parseSettings({
      REDIS_URL: 'redis://127.0.0.1:6379',
      KINDLING_REDIS_PREFIX: prefix,
      KINDLING_CACHE_MS: '0',
      LOG_LEVEL: 'silent',
      KINDLING_DASHBOARD_DIR: '/nonexistent',
      KINDLING_SWEEP_MS: '0',
      KINDLING_WEBHOOK_RELAY_MS: '0',
      KINDLING_IDEMPOTENCY_HOURS: '24',
    });
    running = await startServer(settings, { listen: false, clock: () => clock.now });
    const server = running;
    const appKey = server.firstStart?.applicationKey.key ?? '';
    const send = async (userId: string, key: string) => {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/v1/metrics/lessons/event',
        headers: { 'x-api-key': appKey, 'content-type': 'application/json', 'idempotency-key': key },
        payload: JSON.stringify(event(userId)),
      });
      return answer.statusCode;
    };
    /** the users' idempotency hashes, and the records they hold */
    const kept = async () => {
      const hashes = (await redis.client.keys(`${prefix}:*}:i`)).sort();
      let records = 0;
      for (const hash of hashes) records += await redis.client.hlen(hash);
      return { hashes: hashes.length, records };
    };
    expect(await send('ada', 'k1')).toBe(201);
    expect(await send('bob', 'k1')).toBe(201);
    expect(await send('bob', 'k2')).toBe(201);
    expect(await kept()).toEqual({ hashes: 2, records: 3 });
    clock.now = T0 + 24 * HOUR - 1;
    expect(await send('bob', 'k2')).toBe(202);
    clock.now = T0 + 24 * HOUR;
    expect(await send('ada', 'k1')).toBe(201);
    await server.ctx.sweeper.sweepOnce();
    // bob's two records went, and with them his hash; ada's new one stays
    expect(await kept()).toEqual({ hashes: 1, records: 1 });
    const lines = await redis.client.keys(`${prefix}:*:idem-at`);
    let listed = 0;
    for (const key of lines) listed += await redis.client.zcard(key);
    expect(listed).toBe(1);
  });
});
