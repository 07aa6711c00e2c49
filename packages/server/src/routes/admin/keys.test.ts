import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const keyShape = {
  id: expect.any(String),
  name: expect.any(String),
  kind: expect.any(String),
  prefix: expect.any(String),
  created: expect.any(String),
  lastUsedAt: expect.toBeOneOf([null, expect.any(String)]),
  revokedAt: null,
};

describe('POST /admin/v1/keys', () => {
  it('creates a key, shows its secret once, and the key works', async () => {
    const res = await t.call('POST', '/admin/v1/keys', {
      key: t.adminKey,
      body: { name: 'backend', kind: 'application' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'backend',
      kind: 'application',
      prefix: res.body.key.slice(0, 11),
      created: '2026-03-02T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
      key: expect.stringMatching(/^kl_app_/),
    });
    const event = await t.call('POST', '/v1/metrics/lessons/event', {
      key: res.body.key,
      body: { user: { id: 'ada' }, value: 1 },
    });
    expect(event.status).toBe(201);
  });
});

describe('GET /admin/v1/keys', () => {
  it('answers a page: 100 keys in the order they were made unless limit (1 to 1,000) and skip say otherwise', async () => {
    for (let b = 0; b < 3; b++)
      await t.call('POST', '/admin/v1/application-api-keys', {
        key: t.adminKey,
        body: Array.from({ length: 100 }, (_, i) => ({ userId: `user-${b * 100 + i}` })),
      });
    const names = async (query: string) =>
      ((await t.call('GET', `/admin/v1/keys${query}`, { key: t.adminKey })).body as Array<{ name: string }>).map(
        (k) => k.name,
      );
    const first = await names('');
    expect(first).toHaveLength(100);
    // the two keys of the first start, then the application keys in the order they were made
    expect(await names('?skip=2&limit=2')).toEqual(first.slice(2, 4));
    expect(first.slice(0, 4)).toEqual([
      'first admin key',
      'first application key',
      'for user user-0',
      'for user user-1',
    ]);
    const all = await names('?limit=1000');
    expect(all).toHaveLength(302);
    expect(all.slice(0, 100)).toEqual(first);
    expect(await names('?skip=300&limit=10')).toEqual(all.slice(300));
    expect(await names('?skip=302')).toEqual([]);
    for (const bad of ['?limit=0', '?limit=1001', '?skip=-1', '?limit=x'])
      expect((await t.call('GET', `/admin/v1/keys${bad}`, { key: t.adminKey })).status).toBe(400);
  });

  it('lists the keys with their last use and never their secret or hash', async () => {
    now += 5000;
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
    const res = await t.call('GET', '/admin/v1/keys', { key: t.adminKey });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    for (const key of res.body) expect(key).toEqual(keyShape);
    const app = res.body.find((k: { kind: string }) => k.kind === 'application');
    expect(app.lastUsedAt).toBe('2026-03-02T10:00:05.000Z');
    expect(JSON.stringify(res.body)).not.toContain(t.appKey);
    expect(JSON.stringify(res.body)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('lists the keys with their last use while the control file takes no writes, and writes the use once it does', async (context) => {
    // root's immutable flag fails every write to the open file (SQLITE_IOERR_WRITE) and no read
    const files = ['control.db', 'control.db-wal'].map((name) => join(t.dir, name)).filter((file) => existsSync(file));
    try {
      execFileSync('chattr', ['+i', ...files], { stdio: 'ignore' });
    } catch {
      context.skip('chattr +i cannot make a file unwritable here (it needs root)');
    }
    try {
      now += 5000;
      await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
      await expect(t.server.ctx.keys.flush()).rejects.toMatchObject({ code: 'STORE_ERROR' });
      const res = await t.call('GET', '/admin/v1/keys', { key: t.adminKey });
      expect(res.status).toBe(200);
      const app = res.body.find((k: { kind: string }) => k.kind === 'application');
      expect(app.lastUsedAt).toBe('2026-03-02T10:00:05.000Z');
    } finally {
      execFileSync('chattr', ['-i', ...files]);
    }
    await t.server.ctx.keys.flush();
    const stored = await t.server.ctx.backend.control.keys(t.server.firstStart?.account.id ?? '');
    expect(stored.find((k) => k.kind === 'application')?.lastUsedAt).toBe('2026-03-02T10:00:05.000Z');
  });
});

describe('DELETE /admin/v1/keys/:id', () => {
  it('revokes a key, which this process refuses at once', async () => {
    const keys = (await t.call('GET', '/admin/v1/keys', { key: t.adminKey })).body;
    const app = keys.find((k: { kind: string }) => k.kind === 'application');
    expect((await t.call('GET', '/v1/users/ada/streak')).status).toBe(200);
    const res = await t.call('DELETE', `/admin/v1/keys/${app.id}`, { key: t.adminKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...app, lastUsedAt: expect.any(String), revokedAt: '2026-03-02T10:00:00.000Z' });
    const refused = await t.call('GET', '/v1/users/ada/streak');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('REVOKED_API_KEY');
  });

  it('lets a key revoke itself', async () => {
    const admin = (await t.call('GET', '/admin/v1/keys', { key: t.adminKey })).body.find(
      (k: { kind: string }) => k.kind === 'admin',
    );
    expect((await t.call('DELETE', `/admin/v1/keys/${admin.id}`, { key: t.adminKey })).status).toBe(200);
    expect((await t.call('GET', '/admin/v1/keys', { key: t.adminKey })).status).toBe(401);
  });

  it('answers 404 for an unknown id or a key of another account', async () => {
    const second = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'second' } });
    const theirs = (await t.call('GET', '/admin/v1/keys', { key: second.body.adminKey })).body[0];
    for (const id of ['nope', theirs.id]) {
      const res = await t.call('DELETE', `/admin/v1/keys/${id}`, { key: t.adminKey });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });
});
