import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteKeysUnder } from '../../../redis/test/targets.js';
import { connectRedis } from '@kindling/redis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/main.js';
import { fakeIo } from '../../test/cli-io.js';
import { parseSettings } from '../settings.js';
import { startServer, type RunningServer } from '../server.js';

const PASSWORD = 'correct horse battery';
const CACHE_MS = 1_000;
const redisPrefixes: string[] = [];

/** Where two server processes share their control plane: one SQLite folder, or one Redis prefix. */
const backends: Array<{ name: string; env(): Record<string, string> }> = [
  { name: 'one SQLite folder', env: () => ({ KINDLING_DATA_DIR: mkdtempSync(join(tmpdir(), 'kindling-sessions-')) }) },
  {
    name: 'one Redis prefix',
    env: () => {
      const prefix = `kltest-sessions-${process.pid}-${Math.random().toString(36).slice(2)}`;
      redisPrefixes.push(prefix);
      return { REDIS_URL: 'redis://127.0.0.1:6379', KINDLING_REDIS_PREFIX: prefix };
    },
  },
];

afterAll(async () => {
  const redis = connectRedis({ url: 'redis://127.0.0.1:6379' });
  for (const prefix of redisPrefixes) await deleteKeysUnder(redis.client, prefix);
  await redis.close();
});

interface Answer {
  status: number;
  body: any;
  cookie: string;
}

async function call(
  server: RunningServer,
  method: string,
  url: string,
  options: { key?: string; cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.key !== undefined) headers['x-api-key'] = options.key;
  if (options.cookie !== undefined) Object.assign(headers, { cookie: options.cookie, 'x-kindling-csrf': '1' });
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await server.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
  const setCookie = res.headers['set-cookie'];
  return {
    status: res.statusCode,
    body: res.body === '' ? null : JSON.parse(res.body),
    cookie: String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] as string,
  };
}

describe.each(backends)('sessions of two server processes on $name', ({ env: makeEnv }) => {
  let env: Record<string, string>;
  let now: number;
  let a: RunningServer;
  let b: RunningServer;
  beforeEach(async () => {
    env = {
      ...makeEnv(),
      LOG_LEVEL: 'silent',
      KINDLING_DASHBOARD_DIR: '/nonexistent',
      KINDLING_CACHE_MS: String(CACHE_MS),
      KINDLING_OWNER_PASSWORD: PASSWORD,
    };
    now = Date.parse('2026-03-02T10:00:00Z');
    const settings = parseSettings(env);
    a = await startServer(settings, { listen: false, clock: () => now });
    b = await startServer(settings, { listen: false, clock: () => now });
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    if (env.KINDLING_DATA_DIR !== undefined) rmSync(env.KINDLING_DATA_DIR, { recursive: true, force: true });
  });

  it('ends a session made with an admin key when the key is revoked: at once in the process that revoked it, within KINDLING_CACHE_MS in the other', async () => {
    const adminKey = a.firstStart?.adminKey.key as string;
    const made = await call(a, 'POST', '/admin/v1/keys', { key: adminKey, body: { name: 'laptop', kind: 'admin' } });
    const signIn = await call(b, 'POST', '/admin/v1/session', { body: { key: made.body.key } });
    expect(signIn.status).toBe(200);
    const cookie = signIn.cookie;
    const newKey = { cookie, body: { name: 'made by the session', kind: 'admin' } };
    expect((await call(a, 'POST', '/admin/v1/keys', newKey)).status).toBe(201);
    expect((await call(b, 'POST', '/admin/v1/keys', newKey)).status).toBe(201);

    expect((await call(a, 'DELETE', `/admin/v1/keys/${made.body.id}`, { key: adminKey })).status).toBe(200);
    expect((await call(a, 'POST', '/admin/v1/keys', newKey)).status).toBe(401);
    now += CACHE_MS;
    const later = await call(b, 'POST', '/admin/v1/keys', newKey);
    expect(later.status).toBe(401);
    expect(later.body.code).toBe('SESSION_EXPIRED');
    expect((await call(b, 'GET', '/admin/v1/session', { cookie })).status).toBe(401);
  });

  it('ends every password session of the account when kindling password set changes the password', async () => {
    const cookie = (await call(a, 'POST', '/admin/v1/session', { body: { password: PASSWORD } })).cookie;
    expect((await call(a, 'GET', '/admin/v1/keys', { cookie })).status).toBe(200);
    expect((await call(b, 'GET', '/admin/v1/keys', { cookie })).status).toBe(200);

    const io = fakeIo(env, 'a brand new password\n');
    expect(await runCli(['password', 'set'], io)).toBe(0);
    now += CACHE_MS;
    for (const server of [a, b]) {
      const res = await call(server, 'GET', '/admin/v1/keys', { cookie });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('SESSION_EXPIRED');
    }
    expect((await call(b, 'POST', '/admin/v1/session', { body: { password: PASSWORD } })).status).toBe(401);
    const fresh = await call(b, 'POST', '/admin/v1/session', { body: { password: 'a brand new password' } });
    expect(fresh.status).toBe(200);
    expect((await call(a, 'GET', '/admin/v1/keys', { cookie: fresh.cookie })).status).toBe(200);
  });
});
