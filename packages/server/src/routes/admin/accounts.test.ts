import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const DAY = 86_400_000;

describe('GET /admin/v1/account', () => {
  it("answers the caller's account", async () => {
    const res = await t.call('GET', '/admin/v1/account', { key: t.adminKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: t.server.firstStart?.account.id,
      name: 'default',
      created: '2026-03-02T10:00:00.000Z',
    });
  });
});

describe('/admin/v1/accounts (operator only)', () => {
  it('creates an account with its first keys, and lists the accounts', async () => {
    now += 1000;
    const res = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      account: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'acme', created: '2026-03-02T10:00:01.000Z' },
      adminKey: expect.stringMatching(/^kl_admin_/),
      applicationKey: expect.stringMatching(/^kl_app_/),
    });
    const listed = await t.call('GET', '/admin/v1/accounts', { key: t.adminKey });
    expect(listed.body).toEqual([
      { id: t.server.firstStart?.account.id, name: 'default', created: '2026-03-02T10:00:00.000Z' },
      res.body.account,
    ]);
    const theirs = await t.call('GET', '/admin/v1/account', { key: res.body.adminKey });
    expect(theirs.body).toEqual(res.body.account);
  });

  it('refuses a name already taken with 409', async () => {
    const res = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'default' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ACCOUNT_NAME_TAKEN');
  });

  // Signing in takes an account's id or its name, the id first: a name that is an id could not be signed in by.
  it('refuses a name that is an account id, with 400', async () => {
    const own = (await t.call('GET', '/admin/v1/account', { key: t.adminKey })).body.id as string;
    for (const name of [own, own.toUpperCase(), '00000000-0000-4000-8000-000000000000']) {
      const res = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name } });
      expect([name, res.status, res.body.code]).toEqual([name, 400, 'INVALID_INPUT']);
    }
  });

  it('refuses the admin key of an account that is not the operator with 403', async () => {
    const other = (await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } })).body;
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { name: 'third' }],
    ] as const) {
      const res = await t.call(method, '/admin/v1/accounts', { key: other.adminKey, ...(body ? { body } : {}) });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('OPERATOR_REQUIRED');
    }
  });

  it("never mixes two accounts' data, even with the same user id and metric key", async () => {
    const other = (await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } })).body;
    const theirs = (method: string, url: string, body?: unknown, key = other.adminKey) =>
      t.call(method, url, { key, ...(body !== undefined ? { body } : {}) });
    await theirs('POST', '/admin/v1/metrics', [{ name: 'Lessons' }]);
    await theirs('PUT', '/admin/v1/streak', { frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 5 }] });

    for (let day = 0; day < 3; day++) {
      await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
      await theirs(
        'POST',
        '/v1/metrics/lessons/event',
        { user: { id: 'ada' }, value: [10, 2, 5][day] },
        other.applicationKey,
      );
      if (day < 2) now += DAY;
    }
    await theirs('POST', '/v1/metrics/lessons/event', { user: { id: 'bob' }, value: 1 }, other.applicationKey);

    const ours = {
      user: await t.call('GET', '/v1/users/ada'),
      streak: await t.call('GET', '/v1/users/ada/streak'),
      metrics: await t.call('GET', '/admin/v1/metrics', { key: t.adminKey }),
    };
    const their = {
      user: await theirs('GET', '/v1/users/ada'),
      streak: await theirs('GET', '/v1/users/ada/streak'),
      metrics: await theirs('GET', '/admin/v1/metrics'),
    };
    expect(ours.user.body.totals).toEqual({ lessons: 3 });
    expect(their.user.body.totals).toEqual({ lessons: 17 });
    expect(ours.streak.body.length).toBe(3);
    expect(their.streak.body.length).toBe(1); // day 2 stayed under their threshold of 5
    expect(ours.streak.body.freezes).toBe(1);
    expect(their.streak.body.freezes).toBeUndefined();
    expect(ours.metrics.body.map((m: { total: number; events: number }) => [m.total, m.events])).toEqual([[3, 3]]);
    expect(their.metrics.body.map((m: { total: number; events: number }) => [m.total, m.events])).toEqual([[18, 4]]);
    expect(ours.metrics.body[0].id).not.toBe(their.metrics.body[0].id);

    expect((await t.call('GET', '/admin/v1/users/bob', { key: t.adminKey })).status).toBe(404);
    expect((await theirs('GET', '/admin/v1/users/bob')).status).toBe(200);
    const ourStats = (await t.call('GET', '/admin/v1/analytics/streaks?days=1', { key: t.adminKey })).body;
    const theirStats = (await theirs('GET', '/admin/v1/analytics/streaks?days=1')).body;
    expect([ourStats.activeStreaks, ourStats.daily[0].events]).toEqual([1, 1]);
    expect([theirStats.activeStreaks, theirStats.daily[0].events]).toEqual([1, 2]);

    // identify on the snippets' path names the caller's account's user only
    expect((await theirs('PUT', '/api/users/ada', { name: 'Ada of Acme' }, other.applicationKey)).status).toBe(200);
    expect((await t.call('GET', '/v1/users/ada')).body.name).toBeNull();
    expect((await theirs('GET', '/v1/users/ada')).body.name).toBe('Ada of Acme');
  });

  it("never shows or changes another account's points systems or their parts, on any points route, even by id", async () => {
    const other = (await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } })).body;
    const as = (key: string) => (method: string, url: string, body?: unknown) =>
      t.call(method, url, { key, ...(body !== undefined ? { body } : {}) });
    const theirs = as(other.adminKey);
    const ours = as(t.adminKey);
    const system = (await theirs('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp' }])).body.created[0].id;
    const base = `/admin/v1/points/${system}`;
    const parts = {
      triggers: (await theirs('POST', `${base}/triggers`, [{ type: 'user_creation', points: 1 }])).body.created[0].id,
      levels: (await theirs('POST', `${base}/levels`, [{ name: 'One', key: 'one', points: 0 }])).body.created[0].id,
      boosts: (await theirs('POST', `${base}/boosts`, [{ name: 'B', start: '2026-03-01', multiplier: 2 }])).body
        .created[0].id,
    };
    const theirsBefore = await Promise.all(
      [base, `${base}/triggers`, `${base}/levels`, `${base}/boosts`].map(
        async (url) => (await theirs('GET', url)).body,
      ),
    );
    // the same key is free in our account
    expect((await ours('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp' }])).status).toBe(201);
    expect((await ours('GET', `/admin/v1/points/${system}`)).status).toBe(404);
    expect((await ours('PATCH', '/admin/v1/points', [{ id: system, name: 'Mine' }])).body.issues[0].message).toBe(
      'Points system not found by ID',
    );
    expect((await ours('DELETE', `/admin/v1/points?ids=${system}`)).body.deleted).toEqual([]);
    for (const [part, id] of Object.entries(parts)) {
      const bodies: Record<string, unknown> = {
        triggers: [{ type: 'user_creation', points: 1 }],
        levels: [{ name: 'Two', key: 'two', points: 1 }],
        boosts: [{ name: 'C', start: '2026-03-01', multiplier: 3 }],
      };
      for (const [method, url, body] of [
        ['GET', `${base}/${part}`, undefined],
        ['GET', `${base}/${part}/${id}`, undefined],
        ['POST', `${base}/${part}`, bodies[part]],
        ['PATCH', `${base}/${part}`, [part === 'triggers' ? { id, points: 2 } : { id, name: 'Mine' }]],
        ['DELETE', `${base}/${part}?ids=${id}`, undefined],
      ] as const) {
        const res = await ours(method, url, body);
        expect([method, url, res.status, res.body.code]).toEqual([method, url, 404, 'NOT_FOUND']);
      }
    }
    const theirsAfter = await Promise.all(
      [base, `${base}/triggers`, `${base}/levels`, `${base}/boosts`].map(
        async (url) => (await theirs('GET', url)).body,
      ),
    );
    expect(theirsAfter).toEqual(theirsBefore);
  });
});
