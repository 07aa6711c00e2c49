/**
 * Who may call each route, against each kind of caller: every admin route of /admin/v1 (read from
 * the OpenAPI document, so a new route without a row here fails) and every application route
 * (/v1, /api: read from the document and called as it is, so a new one is covered as it comes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { NOT_SUPPORTED_ROUTES } from './not-supported.js';

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** the path as the OpenAPI document names it */
  path: string;
  url: string;
  body?: unknown;
}

const rule = { frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] };

// DELETE /session comes last: with a session and the CSRF header it ends the session the others use.
const rows: Row[] = [
  { method: 'GET', path: '/admin/v1/session', url: '/admin/v1/session' },
  { method: 'GET', path: '/admin/v1/account', url: '/admin/v1/account' },
  { method: 'GET', path: '/admin/v1/accounts', url: '/admin/v1/accounts' },
  { method: 'POST', path: '/admin/v1/accounts', url: '/admin/v1/accounts', body: { name: 'from the auth table' } },
  { method: 'GET', path: '/admin/v1/metrics', url: '/admin/v1/metrics' },
  { method: 'GET', path: '/admin/v1/metrics/{id}', url: '/admin/v1/metrics/nope' },
  { method: 'POST', path: '/admin/v1/metrics', url: '/admin/v1/metrics', body: [{ name: 'Pages' }] },
  { method: 'PATCH', path: '/admin/v1/metrics', url: '/admin/v1/metrics', body: [{ id: 'nope', name: 'X' }] },
  { method: 'DELETE', path: '/admin/v1/metrics', url: '/admin/v1/metrics?ids=nope' },
  {
    method: 'POST',
    path: '/admin/v1/metrics/events',
    url: '/admin/v1/metrics/events',
    body: [{ key: 'lessons', user: { id: 'ada' }, value: 1 }],
  },
  { method: 'GET', path: '/admin/v1/attributes', url: '/admin/v1/attributes' },
  {
    method: 'POST',
    path: '/admin/v1/attributes',
    url: '/admin/v1/attributes',
    body: [{ name: 'Plan', key: 'plan', type: 'user' }],
  },
  { method: 'PATCH', path: '/admin/v1/attributes', url: '/admin/v1/attributes', body: [{ id: 'nope', name: 'X' }] },
  { method: 'DELETE', path: '/admin/v1/attributes', url: '/admin/v1/attributes?ids=nope' },
  { method: 'GET', path: '/admin/v1/attributes/{id}', url: '/admin/v1/attributes/nope' },
  { method: 'GET', path: '/admin/v1/streak', url: '/admin/v1/streak' },
  { method: 'PUT', path: '/admin/v1/streak', url: '/admin/v1/streak', body: rule },
  { method: 'GET', path: '/admin/v1/events/lateness', url: '/admin/v1/events/lateness' },
  { method: 'PUT', path: '/admin/v1/events/lateness', url: '/admin/v1/events/lateness', body: { maxLateHours: 24 } },
  { method: 'GET', path: '/admin/v1/streak/rebuild', url: '/admin/v1/streak/rebuild' },
  { method: 'GET', path: '/admin/v1/achievements', url: '/admin/v1/achievements' },
  {
    method: 'POST',
    path: '/admin/v1/achievements',
    url: '/admin/v1/achievements',
    body: [{ name: 'Shared', trigger: 'api' }],
  },
  {
    method: 'PATCH',
    path: '/admin/v1/achievements',
    url: '/admin/v1/achievements',
    body: [{ id: 'nope', name: 'Renamed' }],
  },
  { method: 'DELETE', path: '/admin/v1/achievements', url: '/admin/v1/achievements?ids=nope' },
  { method: 'GET', path: '/admin/v1/keys', url: '/admin/v1/keys' },
  { method: 'POST', path: '/admin/v1/keys', url: '/admin/v1/keys', body: { name: 'table', kind: 'application' } },
  { method: 'DELETE', path: '/admin/v1/keys/{id}', url: '/admin/v1/keys/nope' },
  { method: 'GET', path: '/admin/v1/webhooks', url: '/admin/v1/webhooks' },
  {
    method: 'POST',
    path: '/admin/v1/webhooks',
    url: '/admin/v1/webhooks',
    body: { url: 'https://hooks.example.com/auth-table', types: ['streak.lost'] },
  },
  { method: 'GET', path: '/admin/v1/webhooks/{id}', url: '/admin/v1/webhooks/nope' },
  { method: 'PATCH', path: '/admin/v1/webhooks/{id}', url: '/admin/v1/webhooks/nope', body: { enabled: false } },
  { method: 'DELETE', path: '/admin/v1/webhooks/{id}', url: '/admin/v1/webhooks/nope' },
  { method: 'GET', path: '/admin/v1/webhooks/{id}/deliveries', url: '/admin/v1/webhooks/nope/deliveries' },
  {
    method: 'POST',
    path: '/admin/v1/webhooks/{id}/deliveries/{deliveryId}/retry',
    url: '/admin/v1/webhooks/nope/deliveries/nope/retry',
  },
  {
    method: 'POST',
    path: '/admin/v1/streaks/freezes',
    url: '/admin/v1/streaks/freezes',
    body: { freezes: [{ userId: 'ada' }] },
  },
  {
    method: 'POST',
    path: '/admin/v1/streaks/pauses',
    url: '/admin/v1/streaks/pauses',
    body: { pauses: [{ userId: 'ada', start: '2099-01-01', end: '2099-01-02' }] },
  },
  { method: 'DELETE', path: '/admin/v1/streaks/pauses', url: '/admin/v1/streaks/pauses?ids=nope' },
  {
    method: 'POST',
    path: '/admin/v1/streaks/restore',
    url: '/admin/v1/streaks/restore',
    body: { users: [{ id: 'ada' }] },
  },
  { method: 'GET', path: '/admin/v1/analytics/streaks', url: '/admin/v1/analytics/streaks' },
  { method: 'GET', path: '/admin/v1/analytics/points/{systemId}', url: '/admin/v1/analytics/points/none' },
  { method: 'GET', path: '/admin/v1/users', url: '/admin/v1/users?limit=2&search=a' },
  { method: 'GET', path: '/admin/v1/users/{id}', url: '/admin/v1/users/ada' },
  { method: 'DELETE', path: '/admin/v1/users/{id}', url: '/admin/v1/users/nobody' },
  { method: 'GET', path: '/admin/v1/tenants', url: '/admin/v1/tenants' },
  { method: 'GET', path: '/admin/v1/tenants/{id}', url: '/admin/v1/tenants/nope' },
  {
    method: 'POST',
    path: '/admin/v1/tenants',
    url: '/admin/v1/tenants',
    body: [{ customerId: 'auth-table', name: 'Auth table' }],
  },
  { method: 'PATCH', path: '/admin/v1/tenants', url: '/admin/v1/tenants', body: [{ id: 'nope', name: 'X' }] },
  { method: 'DELETE', path: '/admin/v1/tenants', url: '/admin/v1/tenants?ids=nope' },
  {
    method: 'POST',
    path: '/admin/v1/application-api-keys',
    url: '/admin/v1/application-api-keys',
    body: [{ userId: 'ada' }],
  },
  { method: 'DELETE', path: '/admin/v1/application-api-keys', url: '/admin/v1/application-api-keys?ids=nope' },
  { method: 'GET', path: '/admin/v1/points', url: '/admin/v1/points' },
  { method: 'GET', path: '/admin/v1/points/{id}', url: '/admin/v1/points/nope' },
  { method: 'POST', path: '/admin/v1/points', url: '/admin/v1/points', body: [{ name: 'Auth XP', key: 'auth-xp' }] },
  { method: 'PATCH', path: '/admin/v1/points', url: '/admin/v1/points', body: [{ id: 'nope', name: 'X' }] },
  { method: 'DELETE', path: '/admin/v1/points', url: '/admin/v1/points?ids=nope' },
  { method: 'GET', path: '/admin/v1/leaderboards', url: '/admin/v1/leaderboards' },
  { method: 'GET', path: '/admin/v1/leaderboards/{id}', url: '/admin/v1/leaderboards/nope' },
  {
    method: 'POST',
    path: '/admin/v1/leaderboards',
    url: '/admin/v1/leaderboards',
    body: [{ name: 'Auth board', key: 'auth-board', rankBy: 'streak' }],
  },
  { method: 'PATCH', path: '/admin/v1/leaderboards', url: '/admin/v1/leaderboards', body: [{ id: 'nope', name: 'X' }] },
  { method: 'DELETE', path: '/admin/v1/leaderboards', url: '/admin/v1/leaderboards?ids=nope' },
  { method: 'GET', path: '/admin/v1/points/{systemId}/triggers', url: '/admin/v1/points/nope/triggers' },
  { method: 'GET', path: '/admin/v1/points/{systemId}/triggers/{id}', url: '/admin/v1/points/nope/triggers/nope' },
  {
    method: 'POST',
    path: '/admin/v1/points/{systemId}/triggers',
    url: '/admin/v1/points/nope/triggers',
    body: [{ type: 'user_creation', points: 1 }],
  },
  {
    method: 'PATCH',
    path: '/admin/v1/points/{systemId}/triggers',
    url: '/admin/v1/points/nope/triggers',
    body: [{ id: 'nope', points: 2 }],
  },
  { method: 'DELETE', path: '/admin/v1/points/{systemId}/triggers', url: '/admin/v1/points/nope/triggers?ids=nope' },
  { method: 'GET', path: '/admin/v1/points/{systemId}/levels', url: '/admin/v1/points/nope/levels' },
  { method: 'GET', path: '/admin/v1/points/{systemId}/levels/{id}', url: '/admin/v1/points/nope/levels/nope' },
  {
    method: 'POST',
    path: '/admin/v1/points/{systemId}/levels',
    url: '/admin/v1/points/nope/levels',
    body: [{ name: 'One', key: 'one', points: 0 }],
  },
  {
    method: 'PATCH',
    path: '/admin/v1/points/{systemId}/levels',
    url: '/admin/v1/points/nope/levels',
    body: [{ id: 'nope', name: 'X' }],
  },
  { method: 'DELETE', path: '/admin/v1/points/{systemId}/levels', url: '/admin/v1/points/nope/levels?ids=nope' },
  { method: 'GET', path: '/admin/v1/points/{systemId}/boosts', url: '/admin/v1/points/nope/boosts' },
  { method: 'GET', path: '/admin/v1/points/{systemId}/boosts/{id}', url: '/admin/v1/points/nope/boosts/nope' },
  {
    method: 'POST',
    path: '/admin/v1/points/{systemId}/boosts',
    url: '/admin/v1/points/nope/boosts',
    body: [{ name: 'Double', start: '2026-03-02', multiplier: 2 }],
  },
  {
    method: 'PATCH',
    path: '/admin/v1/points/{systemId}/boosts',
    url: '/admin/v1/points/nope/boosts',
    body: [{ id: 'nope', name: 'X' }],
  },
  { method: 'DELETE', path: '/admin/v1/points/{systemId}/boosts', url: '/admin/v1/points/nope/boosts?ids=nope' },
  // the hosted service's admin paths Kindling does not serve: let in as any admin route, then 501
  ...NOT_SUPPORTED_ROUTES.filter((route) => route.url.startsWith('/admin/')).map(
    (route): Row => ({
      method: route.method,
      path: route.url.replace(/:(\w+)/g, '{$1}'),
      url: route.url.replace(/:(\w+)/g, 'x'),
      ...(route.method === 'POST' || route.method === 'PATCH' ? { body: [{ name: 'x' }] } : {}),
    }),
  ),
  { method: 'DELETE', path: '/admin/v1/session', url: '/admin/v1/session' },
];

/** Let in: anything but a refusal of the caller or a failure; a path not served says so with 501 NOT_SUPPORTED. */
const letIn = (res: { status: number; body: { code?: string } }) =>
  res.status !== 401 &&
  res.status !== 403 &&
  (res.status < 500 || (res.status === 501 && res.body.code === 'NOT_SUPPORTED'));

let t: TestServer;
let revokedKey: string;
let cookie: string;

beforeAll(async () => {
  t = await startTestServer();
  await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
  const made = await t.call('POST', '/admin/v1/keys', { key: t.adminKey, body: { name: 'to revoke', kind: 'admin' } });
  revokedKey = made.body.key;
  await t.call('DELETE', `/admin/v1/keys/${made.body.id}`, { key: t.adminKey });
  const signIn = await t.call('POST', '/admin/v1/session', { key: null, body: { key: t.adminKey } });
  cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
});
afterAll(() => t.close());

const send = (row: Row, key: string | null, headers: Record<string, string> = {}) =>
  t.call(row.method, row.url, { key, headers, ...(row.body !== undefined ? { body: row.body } : {}) });

describe('the admin auth table', () => {
  it('has a row for every admin route of the OpenAPI document except signing in', async () => {
    const doc = (await t.call('GET', '/openapi.json', { key: null })).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/admin/v1/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((route) => route !== 'POST /admin/v1/session');
    expect(rows.map((row) => `${row.method} ${row.path}`).sort()).toEqual(documented.sort());
  });

  describe.each(rows)('$method $path', (row) => {
    const writes = row.method !== 'GET';

    it('answers 401 without a key, with an unknown key and with a revoked admin key', async () => {
      const none = await send(row, null);
      const unknown = await send(row, 'kl_admin_not-a-key');
      const revoked = await send(row, revokedKey);
      expect([none.status, unknown.status, revoked.status]).toEqual([401, 401, 401]);
      expect([none.body.code, unknown.body.code, revoked.body.code]).toEqual([
        'MISSING_API_KEY',
        'INVALID_API_KEY',
        'REVOKED_API_KEY',
      ]);
    });

    it('answers 403 to an application key', async () => {
      const res = await send(row, t.appKey);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ADMIN_KEY_REQUIRED');
    });

    it(
      writes
        ? 'answers 403 to a session without the CSRF header, and lets it in with the header'
        : 'lets a session in without the CSRF header',
      async () => {
        if (writes) {
          const bare = await send(row, null, { cookie });
          expect(bare.status).toBe(403);
          expect(bare.body.code).toBe('CSRF_HEADER_REQUIRED');
        }
        const res = await send(row, null, { cookie, ...(writes ? { 'x-kindling-csrf': '1' } : {}) });
        expect([res.status, res.body.code, letIn(res)]).toEqual([res.status, res.body.code, true]);
      },
    );
  });
});

interface AppRoute {
  method: string;
  /** the path as the OpenAPI document names it */
  path: string;
  url: string;
  body?: unknown;
}

/** Every documented route outside /admin/v1, with a URL filled in from its parameters (values that exist: user ada, metric lessons). */
async function applicationRoutes(): Promise<AppRoute[]> {
  const doc = (await t.call('GET', '/openapi.json', { key: null })).body as {
    paths: Record<
      string,
      Record<string, { parameters?: Array<{ name: string; in: string; required?: boolean }>; requestBody?: unknown }>
    >;
  };
  const sample: Record<string, string> = { id: 'ada', key: 'lessons', userIds: 'ada' };
  return Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const query = (operation.parameters ?? [])
          .filter((p) => p.in === 'query' && p.required === true)
          .map((p) => `${p.name}=${sample[p.name] ?? 'x'}`);
        const url =
          path.replace(/\{(\w+)\}/g, (_, name: string) => sample[name] ?? 'x') +
          (query.length > 0 ? `?${query.join('&')}` : '');
        return {
          method: method.toUpperCase(),
          path,
          url,
          ...(operation.requestBody !== undefined ? { body: { user: { id: 'ada' }, value: 1 } } : {}),
        };
      }),
    );
}

describe('the application auth table', () => {
  it('reads the application routes from the OpenAPI document: /v1 and /api, each of them', async () => {
    const routes = (await applicationRoutes()).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/metrics/{key}/event',
        'POST /v1/metrics/{key}/event',
        'GET /v1/users/{id}/streak',
        'GET /v1/streaks',
      ]),
    );
    expect(routes.every((route) => / \/(v1|api)\//.test(route))).toBe(true);
  });

  it('answers 401 to every application route without a key, with an unknown key, with a revoked key and with only a dashboard session', async () => {
    // A session of its own: the admin table's last row signs the other one out.
    const signIn = await t.call('POST', '/admin/v1/session', { key: null, body: { key: t.adminKey } });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    expect((await t.call('GET', '/admin/v1/session', { key: null, headers: { cookie } })).status).toBe(200);
    for (const route of await applicationRoutes()) {
      const sendAs = (key: string | null, headers: Record<string, string> = {}) =>
        t.call(route.method, route.url, { key, headers, ...(route.body !== undefined ? { body: route.body } : {}) });
      const answers = [
        await sendAs(null),
        await sendAs('kl_app_not-a-key'),
        await sendAs(revokedKey),
        await sendAs(null, { cookie, 'x-kindling-csrf': '1' }),
      ];
      expect([route.path, ...answers.map((a) => `${a.status} ${a.body.code}`)]).toEqual([
        route.path,
        '401 MISSING_API_KEY',
        '401 INVALID_API_KEY',
        '401 REVOKED_API_KEY',
        '401 MISSING_API_KEY',
      ]);
    }
  });

  it('lets an application key and an admin key into every application route', async () => {
    for (const route of await applicationRoutes()) {
      for (const key of [t.appKey, t.adminKey]) {
        const res = await t.call(route.method, route.url, {
          key,
          ...(route.body !== undefined ? { body: route.body } : {}),
        });
        expect([route.path, key === t.appKey ? 'application' : 'admin', letIn(res)]).toEqual([
          route.path,
          key === t.appKey ? 'application' : 'admin',
          true,
        ]);
      }
    }
  });
});
