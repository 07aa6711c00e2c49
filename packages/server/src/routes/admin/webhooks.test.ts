import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const hook = { url: 'https://hooks.example.com/kindling', types: ['streak.lost', 'streak.freeze_consumed'] };
const create = (body: unknown = hook) => t.call('POST', '/admin/v1/webhooks', { key: t.adminKey, body });

describe('POST /admin/v1/webhooks', () => {
  it('saves an endpoint and shows its signing secret this once', async () => {
    const res = await create();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      url: hook.url,
      types: hook.types,
      enabled: true,
      disabledReason: null,
      created: '2026-03-02T10:00:00.000Z',
      updated: '2026-03-02T10:00:00.000Z',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const listed = await t.call('GET', '/admin/v1/webhooks', { key: t.adminKey });
    const { secret: _secret, ...shown } = res.body;
    expect(listed.body).toEqual([shown]);
    expect(JSON.stringify(listed.body)).not.toContain(res.body.secret);
    const one = await t.call('GET', `/admin/v1/webhooks/${res.body.id}`, { key: t.adminKey });
    expect(one.status).toBe(200);
    expect(one.body.secret).toBeUndefined();
  });

  it('refuses a private, loopback or metadata address, a URL with credentials, and unknown types, saying why', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://169.254.169.254/latest',
      'http://localhost/',
      'http://[::1]/',
    ]) {
      const res = await create({ ...hook, url });
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
      expect(res.body.error).toMatch(/KINDLING_WEBHOOK_ALLOW_PRIVATE/);
    }
    expect((await create({ ...hook, url: 'https://a:b@hooks.example.com/' })).body.error).toMatch(/password/);
    expect((await create({ ...hook, url: 'ftp://hooks.example.com/' })).status).toBe(400);
    expect((await create({ ...hook, types: ['streak.exploded'] })).status).toBe(400);
    expect((await create({ ...hook, types: [] })).status).toBe(400);
    expect((await create({ ...hook, url: `https://hooks.example.com/${'a'.repeat(3000)}` })).status).toBe(400);
    expect((await t.call('GET', '/admin/v1/webhooks', { key: t.adminKey })).body).toEqual([]);
  });

  it('takes a loopback address when the operator allows private targets', async () => {
    await t.close();
    t = await startTestServer({ clock: () => now, env: { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1' } });
    expect((await create({ ...hook, url: 'http://127.0.0.1:8080/hooks' })).status).toBe(201);
  });

  it('keeps at most ten endpoints per account', async () => {
    for (let i = 0; i < 10; i++) expect((await create()).status).toBe(201);
    const res = await create();
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'LIMIT_REACHED', error: expect.stringMatching(/10 webhook endpoints/) });
  });

  it('is for admin keys only', async () => {
    expect((await t.call('POST', '/admin/v1/webhooks', { body: hook })).status).toBe(403);
    expect((await t.call('GET', '/admin/v1/webhooks')).status).toBe(403);
  });
});

describe('PATCH /admin/v1/webhooks/:id', () => {
  it('changes the URL, the types and whether it is on, stamping the change', async () => {
    const { id } = (await create()).body;
    now += 60_000;
    const res = await t.call('PATCH', `/admin/v1/webhooks/${id}`, {
      key: t.adminKey,
      body: { url: 'https://other.example.com/in', types: ['achievement.completed'], enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      url: 'https://other.example.com/in',
      types: ['achievement.completed'],
      enabled: false,
      created: '2026-03-02T10:00:00.000Z',
      updated: '2026-03-02T10:01:00.000Z',
    });
    expect((await t.call('GET', `/admin/v1/webhooks/${id}`, { key: t.adminKey })).body).toEqual(res.body);
  });

  it('refuses an inward URL and an empty change, and says which id it does not know', async () => {
    const { id } = (await create()).body;
    const inward = await t.call('PATCH', `/admin/v1/webhooks/${id}`, {
      key: t.adminKey,
      body: { url: 'http://10.0.0.5/' },
    });
    expect(inward.status).toBe(400);
    expect((await t.call('PATCH', `/admin/v1/webhooks/${id}`, { key: t.adminKey, body: {} })).status).toBe(400);
    for (const unknown of ['nope', '__proto__', 'constructor']) {
      const res = await t.call('PATCH', `/admin/v1/webhooks/${unknown}`, { key: t.adminKey, body: { enabled: false } });
      expect(res.status, unknown).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });
});

describe('DELETE /admin/v1/webhooks/:id', () => {
  it('removes the endpoint and answers what it was; a second delete is a 404', async () => {
    const { id } = (await create()).body;
    const res = await t.call('DELETE', `/admin/v1/webhooks/${id}`, { key: t.adminKey });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
    expect((await t.call('GET', '/admin/v1/webhooks', { key: t.adminKey })).body).toEqual([]);
    expect((await t.call('DELETE', `/admin/v1/webhooks/${id}`, { key: t.adminKey })).status).toBe(404);
    expect((await t.call('GET', `/admin/v1/webhooks/${id}`, { key: t.adminKey })).status).toBe(404);
  });
});

describe("another account's webhook endpoints", () => {
  it('are not listed, read, changed or deleted: each answers 404 as an unknown id, and theirs stay as they were', async () => {
    const second = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'second' } });
    const theirKey = second.body.adminKey as string;
    const theirs = await t.call('POST', '/admin/v1/webhooks', { key: theirKey, body: hook });
    expect(theirs.status).toBe(201);
    expect((await t.call('GET', '/admin/v1/webhooks', { key: t.adminKey })).body).toEqual([]);
    for (const [method, body] of [['GET'], ['PATCH', { enabled: false }], ['DELETE']] as const) {
      const res = await t.call(method, `/admin/v1/webhooks/${theirs.body.id}`, {
        key: t.adminKey,
        ...(body ? { body } : {}),
      });
      expect(res.status, method).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const { secret: _secret, ...shown } = theirs.body;
    expect((await t.call('GET', '/admin/v1/webhooks', { key: theirKey })).body).toEqual([shown]);
  });

  it("do not count towards this account's limit of ten", async () => {
    const second = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'second' } });
    for (let i = 0; i < 10; i++)
      expect((await t.call('POST', '/admin/v1/webhooks', { key: second.body.adminKey, body: hook })).status).toBe(201);
    expect((await create()).status).toBe(201);
  });
});
