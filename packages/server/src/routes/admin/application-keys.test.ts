import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_SUPPORTED_ROUTES } from '../not-supported.js';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterEach(() => t.close());

const admin = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });

async function keyFor(userId: string): Promise<{ id: string; key: string }> {
  const res = await admin('POST', '/admin/v1/application-api-keys', [{ userId }]);
  return res.body.created[0];
}

describe('POST /admin/v1/application-api-keys', () => {
  it('makes one application key per user, shown once, stored only as its hash', async () => {
    const res = await admin('POST', '/admin/v1/application-api-keys', [{ userId: 'ada' }, { userId: 'bob' }]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      created: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          userId: 'ada',
          key: expect.stringMatching(/^kl_app_/),
          prefix: expect.any(String),
        },
        expect.objectContaining({ userId: 'bob' }),
      ],
      issues: [],
    });
    const [ada] = res.body.created;
    expect(ada.key.startsWith(ada.prefix)).toBe(true);
    const listed = (await admin('GET', '/admin/v1/keys')).body.find((k: { id: string }) => k.id === ada.id);
    expect(listed).toMatchObject({ kind: 'application', prefix: ada.prefix, revokedAt: null });
    expect(JSON.stringify(await t.server.ctx.backend.control.keys(t.server.firstStart!.account.id))).not.toContain(
      ada.key,
    );
  });

  it('makes an issue of a blank user id (200 when none is made) and refuses a bad body with 422', async () => {
    const blank = await admin('POST', '/admin/v1/application-api-keys', [{ userId: '  ' }]);
    expect(blank.status).toBe(200);
    expect(blank.body).toEqual({
      created: [],
      issues: [{ index: 0, severity: 'error', message: 'userId must not be blank' }],
    });
    for (const body of [[], [{}], [{ userId: 'x'.repeat(256) }], [{ userId: 7 }], { userId: 'ada' }]) {
      const res = await admin('POST', '/admin/v1/application-api-keys', body);
      expect([JSON.stringify(body).slice(0, 40), res.status]).toEqual([JSON.stringify(body).slice(0, 40), 422]);
    }
  });

  it('answers 403 to an application key, also on DELETE', async () => {
    const post = await t.call('POST', '/admin/v1/application-api-keys', { body: [{ userId: 'ada' }] });
    const del = await t.call('DELETE', '/admin/v1/application-api-keys?ids=x');
    expect([post.status, post.body.code, del.status, del.body.code]).toEqual([
      403,
      'ADMIN_KEY_REQUIRED',
      403,
      'ADMIN_KEY_REQUIRED',
    ]);
  });
});

describe('an application key bound to a user', () => {
  it('records and reads for its user', async () => {
    const { key } = await keyFor('ada');
    const event = await t.call('POST', '/v1/metrics/lessons/event', { key, body: { user: { id: 'ada' }, value: 2 } });
    expect(event.status).toBe(201);
    for (const url of [
      '/v1/users/ada',
      '/v1/users/ada/streak',
      '/v1/users/ada/metrics',
      '/v1/users/ada/metrics/lessons',
      '/v1/users/ada/achievements',
      '/v1/streaks?userIds=ada',
      '/v1/achievements',
    ])
      expect([url, (await t.call('GET', url, { key })).status]).toEqual([url, 200]);
  });

  it('answers 403 KEY_BOUND_TO_USER to every route that names another user, and changes nothing', async () => {
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'bob' }, value: 1 } });
    await admin('POST', '/admin/v1/achievements', [{ name: 'Helper', trigger: 'api' }]);
    const { key } = await keyFor('ada');
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/v1/metrics/lessons/event', { user: { id: 'bob' }, value: 5 }],
      ['POST', '/api/metrics/lessons/event', { user: { id: 'bob' }, value: 5 }],
      ['POST', '/v1/achievements/helper/complete', { user: { id: 'bob' } }],
      ['GET', '/v1/users/bob'],
      ['GET', '/v1/users/bob/streak'],
      ['GET', '/v1/users/bob/metrics'],
      ['GET', '/v1/users/bob/metrics/lessons'],
      ['GET', '/v1/users/bob/metrics/lessons/event-summary?aggregation=daily&startDate=2026-03-01&endDate=2026-03-02'],
      ['GET', '/v1/users/bob/achievements'],
      ['GET', '/v1/users/bob/points/xp'],
      ['GET', '/v1/users/bob/points/xp/boosts'],
      ['GET', '/v1/users/bob/points/xp/event-summary?aggregation=daily&startDate=2026-03-01&endDate=2026-03-02'],
      ['POST', '/v1/users', { id: 'bob', name: 'Mallory' }],
      ['PUT', '/v1/users/bob', { name: 'Mallory' }],
      ['PUT', '/api/users/bob', { name: 'Mallory' }],
      ['PATCH', '/v1/users/bob', { name: 'Mallory' }],
      ['GET', '/v1/users/bob/preferences'],
      ['PATCH', '/v1/users/bob/preferences', { streak: { enabled: false } }],
      ['GET', '/v1/streaks?userIds=ada,bob'],
      ['GET', '/v1/streaks?userIds=ada&userIds=bob'],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { key, ...(body !== undefined ? { body } : {}) });
      expect([url, res.status, res.body.code]).toEqual([url, 403, 'KEY_BOUND_TO_USER']);
    }
    const bob = await t.call('GET', '/v1/users/bob', { key: t.adminKey });
    expect(bob.body.totals).toEqual({ lessons: 1 });
    expect(bob.body.name).toBeNull();
    expect(bob.body.achievements ?? []).toEqual([]);
    // every application route that names a user (in its path, or a body with a user or an id) is in the tour
    const doc = (await t.call('GET', '/openapi.json', { key: null })).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
      >;
    };
    // the hosted service's paths Kindling does not serve answer 501 to anyone
    const notServed = new Set(NOT_SUPPORTED_ROUTES.map((route) => route.url.replace(/:(\w+)/g, '{$1}')));
    const naming = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/admin/') && !notServed.has(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, op]) => {
            const body = op.requestBody?.content['application/json']?.schema.properties ?? {};
            return path.includes('{id}') || 'user' in body || 'id' in body;
          })
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    const toured = new Set(
      calls.map(
        ([method, url]) =>
          `${method} ${url
            .split('?')[0]!
            .replace(/\/bob(\/|$)/, '/{id}$1')
            .replace(/\/(lessons|helper|xp)(\/|$)/, '/{key}$2')}`,
      ),
    );
    expect(naming.filter((route) => !toured.has(route))).toEqual([]);
  });

  it("acts in the namespace it was made in only: a tenant's user made with its Tenant-ID, the account's own without", async () => {
    await admin('POST', '/admin/v1/tenants', [
      { customerId: 'acme', name: 'Acme' },
      { customerId: 'globex', name: 'Globex' },
    ]);
    const made = await t.call('POST', '/admin/v1/application-api-keys', {
      key: t.adminKey,
      headers: { 'tenant-id': 'acme' },
      body: [{ userId: 'ada' }],
    });
    const inAcme = made.body.created[0].key as string;
    const own = (await keyFor('ada')).key;
    const read = (key: string, tenant: string | null) =>
      t.call('POST', '/v1/metrics/lessons/event', {
        key,
        headers: tenant === null ? {} : { 'tenant-id': tenant },
        body: { user: { id: 'ada' }, value: 1 },
      });
    const answers = [
      await read(inAcme, 'acme'),
      await read(inAcme, 'globex'),
      await read(inAcme, null),
      await read(own, null),
      await read(own, 'acme'),
    ];
    expect(answers.map((a) => `${a.status} ${a.body.code ?? a.body.total}`)).toEqual([
      '201 1',
      '403 KEY_BOUND_TO_USER',
      '403 KEY_BOUND_TO_USER',
      '201 1',
      '403 KEY_BOUND_TO_USER',
    ]);
    const unknown = await t.call('POST', '/admin/v1/application-api-keys', {
      key: t.adminKey,
      headers: { 'tenant-id': 'nobody' },
      body: [{ userId: 'ada' }],
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'UNKNOWN_TENANT']);
  });

  it('stops working once deleted; an admin key id or an unknown id is an issue', async () => {
    const { id, key } = await keyFor('ada');
    const firstAdmin = (await admin('GET', '/admin/v1/keys')).body.find((k: { kind: string }) => k.kind === 'admin');
    const res = await admin('DELETE', `/admin/v1/application-api-keys?ids=${id},${firstAdmin.id},nope`);
    expect(res.body).toEqual({
      deleted: [{ id }],
      issues: [
        { id: firstAdmin.id, severity: 'error', message: 'Application API key not found by ID' },
        { id: 'nope', severity: 'error', message: 'id must be a valid UUID' },
      ],
    });
    const after = await t.call('GET', '/v1/users/ada', { key });
    expect([after.status, after.body.code]).toEqual([401, 'REVOKED_API_KEY']);
    const again = await admin('DELETE', `/admin/v1/application-api-keys?ids=${id}`);
    expect(again.body.deleted).toEqual([]);
    expect((await admin('GET', '/admin/v1/account')).status).toBe(200);
  });
});
