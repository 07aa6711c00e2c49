import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey } from '../accounts/accounts.js';
import { startTestServer, type TestServer } from '../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(() => t.close());

const EVENT = '/v1/metrics/lessons/event';
const body = { user: { id: 'ada' }, value: 1 };

describe('API keys', () => {
  it('answers 401 MISSING_API_KEY to a request without a key', async () => {
    const res = await t.call('POST', EVENT, { body, key: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.stringContaining('X-API-KEY'), code: 'MISSING_API_KEY' });
  });

  it('answers 401 INVALID_API_KEY to a key the server never issued', async () => {
    const res = await t.call('POST', EVENT, { body, key: 'kl_app_not-a-key-of-this-server' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code: 'INVALID_API_KEY' });
  });

  it('answers 401 REVOKED_API_KEY to a key revoked after it worked', async () => {
    const { ctx, firstStart } = t.server;
    const fresh = await createKey(ctx.backend.control, firstStart!.account.id, 'application', 'to revoke', Date.now());
    expect((await t.call('POST', EVENT, { body, key: fresh.key })).status).toBe(201);
    await ctx.backend.control.revokeKey(firstStart!.account.id, fresh.record.id, new Date().toISOString());
    ctx.keys.forget(fresh.record.hash);
    const res = await t.call('POST', EVENT, { body, key: fresh.key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.stringContaining(fresh.record.prefix), code: 'REVOKED_API_KEY' });
    expect((await t.call('POST', EVENT, { body })).status).toBe(201);
  });

  it('answers 401 REVOKED_API_KEY at once to a key revoked with DELETE /admin/v1/keys/:id', async () => {
    const created = await t.call('POST', '/admin/v1/keys', {
      body: { name: 'backend', kind: 'application' },
      key: t.adminKey,
    });
    expect(created.status).toBe(201);
    expect((await t.call('POST', EVENT, { body, key: created.body.key })).status).toBe(201);
    expect((await t.call('DELETE', `/admin/v1/keys/${created.body.id}`, { key: t.adminKey })).status).toBe(200);
    const res = await t.call('POST', EVENT, { body, key: created.body.key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code: 'REVOKED_API_KEY' });
  });

  it('answers 403 ADMIN_KEY_REQUIRED to an application key on an admin route, and lets the admin key through', async () => {
    const res = await t.call('GET', '/admin/v1/keys');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.any(String), code: 'ADMIN_KEY_REQUIRED' });
    expect((await t.call('GET', '/admin/v1/keys', { key: t.adminKey })).status).toBe(200);
  });

  it("decides a key's later requests, answered from its cached record without the stores, as it decided the first", async () => {
    const answers = async (call: () => Promise<{ status: number; body: { code?: string } }>) => {
      const [first, second, third] = [await call(), await call(), await call()];
      return [first, second, third].map((res) => [res.status, res.body.code ?? null]);
    };
    const thrice = (status: number, code: string | null) => [
      [status, code],
      [status, code],
      [status, code],
    ];
    expect(await answers(() => t.call('GET', '/v1/users/ada/streak', { key: 'kl_app_unknown' }))).toEqual(
      thrice(401, 'INVALID_API_KEY'),
    );
    expect(await answers(() => t.call('GET', '/admin/v1/keys'))).toEqual(thrice(403, 'ADMIN_KEY_REQUIRED'));
    // an operator route reads the account each time: the same answer three times
    expect(await answers(() => t.call('GET', '/admin/v1/accounts', { key: t.adminKey }))).toEqual(thrice(200, null));
    expect(
      await answers(() => t.call('GET', '/v1/users/ada/streak', { headers: { 'tenant-id': 'no-such-tenant' } })),
    ).toEqual(thrice(404, 'UNKNOWN_TENANT'));
    expect((await answers(() => t.call('GET', '/v1/users/ada/streak'))).map(([status]) => status)).toEqual([
      200, 200, 200,
    ]);
  });

  it('refuses an application key on an admin or operator route with 403 ADMIN_KEY_REQUIRED before it looks up a tenant or the account', async () => {
    for (const [path, headers] of [
      ['/admin/v1/keys', { 'tenant-id': 'no-such-tenant' }],
      ['/admin/v1/accounts', {}],
      ['/admin/v1/accounts', { 'tenant-id': 'no-such-tenant' }],
    ] as const) {
      const res = await t.call('GET', path, { headers });
      expect([res.status, res.body.code], `${path} ${JSON.stringify(headers)}`).toEqual([403, 'ADMIN_KEY_REQUIRED']);
    }
  });

  it('refuses a key before reading the body, so a bad key with a bad body is still 401', async () => {
    const res = await t.call('POST', EVENT, { body: '{not json', key: 'kl_app_wrong' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_API_KEY');
  });
});
