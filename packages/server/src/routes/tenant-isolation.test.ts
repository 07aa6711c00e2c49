/**
 * Tenants are kept apart as accounts are: two tenants of one account, and the account's own
 * namespace, toured over every application and admin route that touches user data, on SQLite and
 * on Redis. The same user id in each is another user; nothing one does is seen from another.
 */
import { deleteKeysUnder } from '../../../redis/test/targets.js';
import { connectRedis } from '@kindling/redis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

const DAY = 86_400_000;
const redisPrefixes: string[] = [];

const backends: Array<{ name: string; env(): Record<string, string> }> = [
  { name: 'SQLite', env: () => ({}) },
  {
    name: 'Redis',
    env: () => {
      const prefix = `kltest-tenants-${process.pid}-${Math.random().toString(36).slice(2)}`;
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

describe.each(backends)('tenants of one account on $name', ({ env }) => {
  let t: TestServer;
  let now = Date.parse('2026-03-02T10:00:00Z');
  beforeEach(async () => {
    now = Date.parse('2026-03-02T10:00:00Z');
    t = await startTestServer({ clock: () => now, env: env() });
    await t.call('POST', '/admin/v1/tenants', {
      key: t.adminKey,
      body: [
        { customerId: 'tenant-a', name: 'A' },
        { customerId: 'tenant-b', name: 'B' },
      ],
    });
    await t.call('POST', '/admin/v1/achievements', {
      key: t.adminKey,
      body: [
        { name: 'Helper', trigger: 'api' },
        { name: 'Ten lessons', trigger: 'metric', metric: 'lessons', threshold: 10 },
      ],
    });
  });
  afterEach(() => t.close());

  /** A caller in one namespace: `null` is the account's own (no Tenant-ID). */
  const as = (tenant: string | null, key?: () => string) => (method: string, url: string, body?: unknown) =>
    t.call(method, url, {
      ...(key !== undefined ? { key: key() } : {}),
      headers: tenant === null ? {} : { 'tenant-id': tenant },
      ...(body !== undefined ? { body } : {}),
    });
  const a = as('tenant-a');
  const b = as('tenant-b');
  const own = as(null);
  const adminA = as('tenant-a', () => t.adminKey);
  const adminB = as('tenant-b', () => t.adminKey);
  const adminOwn = as(null, () => t.adminKey);

  it("never mixes two tenants' users or the account's own, on every application route", async () => {
    // ada in A: 3 days of 4 lessons (achieves "Ten lessons"); in B: 1 lesson once; in the account's own: 2 once.
    for (let day = 0; day < 3; day++) {
      await a('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 4 });
      if (day < 2) now += DAY;
    }
    await b('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 1 });
    await own('POST', '/api/metrics/lessons/event', { user: { id: 'ada' }, value: 2 });
    await a('POST', '/v1/metrics/lessons/event', { user: { id: 'carol' }, value: 1 });
    expect((await a('POST', '/v1/achievements/helper/complete', { user: { id: 'ada' } })).status).toBe(201);

    const users = await Promise.all([a, b, own].map((call) => call('GET', '/v1/users/ada')));
    expect(users.map((u) => u.body.totals)).toEqual([{ lessons: 12 }, { lessons: 1 }, { lessons: 2 }]);
    const streaks = await Promise.all([a, b, own].map((call) => call('GET', '/v1/users/ada/streak')));
    expect(streaks.map((s) => s.body.length)).toEqual([3, 1, 1]);
    const metric = await Promise.all([a, b, own].map((call) => call('GET', '/v1/users/ada/metrics/lessons')));
    expect(metric.map((m) => m.body.current)).toEqual([12, 1, 2]);
    const metrics = await Promise.all([a, b, own].map((call) => call('GET', '/v1/users/ada/metrics')));
    expect(metrics.map((m) => m.body.map((x: { current: number }) => x.current))).toEqual([[12], [1], [2]]);
    const summary =
      '/v1/users/ada/metrics/lessons/event-summary?aggregation=daily&startDate=2026-03-02&endDate=2026-03-04';
    const summaries = await Promise.all([a, b, own].map((call) => call('GET', summary)));
    expect(summaries.map((s) => s.body.map((d: { change: number }) => d.change))).toEqual([
      [4, 4, 4],
      [0, 0, 1],
      [0, 0, 2],
    ]);
    const done = await Promise.all([a, b, own].map((call) => call('GET', '/v1/users/ada/achievements')));
    expect(done.map((d) => d.body.map((x: { key: string }) => x.key).sort())).toEqual([
      ['helper', 'ten-lessons'],
      [],
      [],
    ]);
    const listed = await Promise.all([a, b, own].map((call) => call('GET', '/v1/achievements')));
    expect(
      listed.map((l) => l.body.map((x: { key: string; completions: number }) => `${x.key}:${x.completions}`)),
    ).toEqual([
      ['helper:1', 'ten-lessons:1'],
      ['helper:0', 'ten-lessons:0'],
      ['helper:0', 'ten-lessons:0'],
    ]);
    const many = await Promise.all([a, b, own].map((call) => call('GET', '/v1/streaks?userIds=ada,carol')));
    expect(many.map((m) => m.body.map((x: { userId: string; streakLength: number }) => x.streakLength))).toEqual([
      [3, 1],
      [1, 0],
      [1, 0],
    ]);
    expect([(await b('GET', '/v1/users/carol')).status, (await own('GET', '/v1/users/carol')).status]).toEqual([
      404, 404,
    ]);
    // The same stream of reads answered from the read cache: still each namespace's own.
    const again = await Promise.all([a, b, own].map((call) => call('GET', '/v1/users/ada/streak')));
    expect(again.map((s) => s.body.length)).toEqual([3, 1, 1]);
  });

  it("never mixes two tenants' users on the admin routes that touch user data", async () => {
    await a('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 3 });
    await b('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 1 });
    await b('POST', '/v1/metrics/lessons/event', { user: { id: 'bob' }, value: 1 });

    // batch events into B only
    const batch = await adminB('POST', '/admin/v1/metrics/events', [{ key: 'lessons', user: { id: 'ada' }, value: 5 }]);
    expect(batch.status).toBe(202);
    const seen = await Promise.all([adminA, adminB, adminOwn].map((call) => call('GET', '/admin/v1/users/ada')));
    expect(seen.map((s) => s.status)).toEqual([200, 200, 404]);
    expect(seen.map((s) => s.body.user?.totals)).toEqual([{ lessons: 3 }, { lessons: 6 }, undefined]);
    expect((await adminA('GET', '/admin/v1/users/bob')).status).toBe(404);

    // metric totals and analytics per namespace
    const metricLists = await Promise.all([adminA, adminB, adminOwn].map((call) => call('GET', '/admin/v1/metrics')));
    expect(metricLists.map((m) => [m.body[0].total, m.body[0].events])).toEqual([
      [3, 1],
      [7, 3],
      [0, 0],
    ]);
    const lessonsId = metricLists[0]?.body[0].id;
    const oneMetric = await Promise.all(
      [adminA, adminB, adminOwn].map((call) => call('GET', `/admin/v1/metrics/${lessonsId}`)),
    );
    expect(oneMetric.map((m) => [m.body.total, m.body.events])).toEqual([
      [3, 1],
      [7, 3],
      [0, 0],
    ]);
    const stats = await Promise.all(
      [adminA, adminB, adminOwn].map((call) => call('GET', '/admin/v1/analytics/streaks?days=1')),
    );
    expect(stats.map((s) => [s.body.activeStreaks, s.body.daily[0].events])).toEqual([
      [1, 1],
      [2, 3],
      [0, 0],
    ]);

    // freezes granted in A only
    await adminA('POST', '/admin/v1/streaks/freezes', { freezes: [{ userId: 'ada' }] });
    const freezes = await Promise.all([a, b].map((call) => call('GET', '/v1/users/ada/streak')));
    expect(freezes.map((f) => f.body.freezes)).toEqual([2, 1]);
    const unknown = await adminOwn('POST', '/admin/v1/streaks/freezes', { freezes: [{ userId: 'ada' }] });
    expect(unknown.body.issues[0].message).toBe('User does not exist');

    // a pause made in A is A's: B cannot delete it, A can
    const pause = await adminA('POST', '/admin/v1/streaks/pauses', {
      pauses: [{ userId: 'ada', start: '2026-03-03', end: '2026-03-04' }],
    });
    const pauseId = pause.body.created[0].id;
    const fromB = await adminB('DELETE', `/admin/v1/streaks/pauses?ids=${pauseId}`);
    expect(fromB.body.deleted).toEqual([]);
    expect((await b('GET', '/v1/users/ada/streak')).body.pauses ?? []).toEqual([]);
    const fromA = await adminA('DELETE', `/admin/v1/streaks/pauses?ids=${pauseId}`);
    expect(fromA.body.deleted).toEqual([{ id: pauseId }]);

    // restore answers for the namespace's own users
    const restoreOwn = await adminOwn('POST', '/admin/v1/streaks/restore', { users: [{ id: 'bob' }] });
    expect(restoreOwn.body.issues[0].message).toBe('User does not exist');
    const restoreB = await adminB('POST', '/admin/v1/streaks/restore', { users: [{ id: 'bob' }] });
    expect(restoreB.body.issues[0]?.message).not.toBe('User does not exist');
  });

  it("never mixes two tenants' users on the identify, preferences and user list routes", async () => {
    await adminOwn('POST', '/admin/v1/attributes', [{ name: 'Plan', key: 'plan', type: 'user' }]);
    expect((await a('POST', '/v1/users', { id: 'ada', name: 'Ada of A', attributes: { plan: 'pro' } })).status).toBe(
      201,
    );
    expect((await b('PUT', '/v1/users/ada', { name: 'Ada of B' })).status).toBe(200);
    expect((await own('PATCH', '/v1/users/ada', { name: 'Nobody' })).status).toBe(404);
    const names = await Promise.all([a, b].map((call) => call('GET', '/v1/users/ada')));
    expect(names.map((n) => [n.body.name, n.body.attributes])).toEqual([
      ['Ada of A', { plan: 'pro' }],
      ['Ada of B', {}],
    ]);

    await a('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 1 });
    await b('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 1 });
    await a('PATCH', '/v1/users/ada/preferences', { streak: { enabled: false }, notifications: { recap: [] } });
    const prefs = await Promise.all([a, b].map((call) => call('GET', '/v1/users/ada/preferences')));
    expect(prefs.map((p) => [p.body.streak.enabled, p.body.notifications])).toEqual([
      [false, { recap: [] }],
      [true, {}],
    ]);
    const streaks = await Promise.all([a, b].map((call) => call('GET', '/v1/users/ada/streak')));
    expect(streaks.map((s) => s.body.length)).toEqual([0, 1]);
    expect((await own('GET', '/v1/users/ada/preferences')).status).toBe(404);

    await b('POST', '/v1/users', { id: 'bea' });
    const lists = await Promise.all([adminA, adminB, adminOwn].map((call) => call('GET', '/admin/v1/users')));
    expect(lists.map((l) => l.body.users.map((u: { id: string }) => u.id))).toEqual([['ada'], ['ada', 'bea'], []]);

    // the snippets' identify path, in its tenant only
    expect((await a('PUT', '/api/users/dora', { name: 'Dora of A' })).status).toBe(200);
    expect([(await b('GET', '/v1/users/dora')).status, (await own('GET', '/v1/users/dora')).status]).toEqual([
      404, 404,
    ]);
  });

  it("answers a streak read from the read cache with the namespace's own user, even at the same version", async () => {
    await a('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 1 });
    now += DAY;
    await b('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 1 });
    const fromB = await b('GET', '/v1/users/ada/streak?historyPeriods=3');
    const fromA = await a('GET', '/v1/users/ada/streak?historyPeriods=3');
    expect(fromA.body.streakHistory.map((p: { length: number }) => p.length)).toEqual([0, 1, 0]);
    expect(fromB.body.streakHistory.map((p: { length: number }) => p.length)).toEqual([0, 0, 1]);
  });

  it('keeps the same user id in two tenants two users with their own idempotency keys', async () => {
    const send = (call: typeof a) =>
      t.call('POST', '/v1/metrics/lessons/event', {
        headers: {
          'idempotency-key': 'same-key',
          ...(call === a ? { 'tenant-id': 'tenant-a' } : { 'tenant-id': 'tenant-b' }),
        },
        body: { user: { id: 'ada' }, value: call === a ? 2 : 7 },
      });
    const first = await send(a);
    const second = await send(b);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect([first.body.total, second.body.total]).toEqual([2, 7]);
  });

  it('applies the shared configuration to every tenant: a metric made once takes events in each', async () => {
    await adminOwn('POST', '/admin/v1/metrics', [{ name: 'Pages' }]);
    const answers = await Promise.all(
      [a, b, own].map((call) => call('POST', '/v1/metrics/pages/event', { user: { id: 'ada' }, value: 1 })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
  });

  it("shares the account's points systems with every tenant, and takes a boost's user from the caller's namespace only", async () => {
    await a('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 1 });
    const made = await adminA('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp' }]);
    expect(made.status).toBe(201);
    const id = made.body.created[0].id;
    const seen = await Promise.all([adminA, adminB, adminOwn].map((call) => call('GET', `/admin/v1/points/${id}`)));
    expect(seen.map((r) => [r.status, r.body.key])).toEqual([
      [200, 'xp'],
      [200, 'xp'],
      [200, 'xp'],
    ]);
    const boost = [{ name: 'Ada', start: '2026-03-01', multiplier: 2, userId: 'ada' }];
    const answers = await Promise.all(
      [adminA, adminB, adminOwn].map((call) => call('POST', `/admin/v1/points/${id}/boosts`, boost)),
    );
    expect(answers.map((r) => [r.status, r.body.issues.map((i: { message: string }) => i.message)])).toEqual([
      [201, []],
      [200, ['User does not exist']],
      [200, ['User does not exist']],
    ]);
    // each namespace's ada earns on her own, and A's boost doubles A's ada alone
    const lessons = (await adminA('GET', '/admin/v1/metrics')).body.find((m: { key: string }) => m.key === 'lessons');
    const trigger = [{ type: 'metric', points: 10, metricId: lessons.id, metricThreshold: 1, status: 'active' }];
    expect((await adminA('POST', `/admin/v1/points/${id}/triggers`, trigger)).status).toBe(201);
    for (const call of [a, b, own]) await call('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 1 });
    await a('POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 1 });
    const totals = await Promise.all([a, b, own].map((call) => call('GET', '/v1/users/ada/points/xp')));
    expect(totals.map((r) => [r.status, r.body.total, r.body.awards.length])).toEqual([
      [200, 40, 2],
      [200, 10, 1],
      [200, 10, 1],
    ]);
    // each namespace's ada has her own days of points
    const monthly = '/v1/users/ada/points/xp/event-summary?aggregation=monthly&startDate=2025-12-01&endDate=2026-12-31';
    const days = await Promise.all([a, b, own].map((call) => call('GET', monthly)));
    expect(
      days.map((r) => [
        r.status,
        r.body.reduce((sum: number, m: { change: number }) => sum + m.change, 0),
        r.body.at(-1).total,
      ]),
    ).toEqual([
      [200, 40, 40],
      [200, 10, 10],
      [200, 10, 10],
    ]);
    // each namespace's summary counts its own users' totals
    const summaries = await Promise.all([a, b, own].map((call) => call('GET', '/v1/points/xp/summary')));
    expect(summaries.map((r) => [r.status, r.body.filter((range: { users: number }) => range.users > 0)])).toEqual([
      [200, [{ from: 31, to: 40, users: 1 }]],
      [200, [{ from: 10, to: 10, users: 1 }]],
      [200, [{ from: 10, to: 10, users: 1 }]],
    ]);
    // and so does the admin API's analytics of the system, in the namespace its Tenant-ID names
    const analytics = await Promise.all(
      [adminA, adminB, adminOwn].map((call) => call('GET', `/admin/v1/analytics/points/${id}`)),
    );
    expect(
      analytics.map((r) => [r.status, r.body.summary.filter((range: { users: number }) => range.users > 0)]),
    ).toEqual([
      [200, [{ from: 31, to: 40, users: 1 }]],
      [200, [{ from: 10, to: 10, users: 1 }]],
      [200, [{ from: 10, to: 10, users: 1 }]],
    ]);
  });

  it("shares the account's leaderboards with every tenant, and ranks each namespace's users on their own board", async () => {
    const lessons = (await adminOwn('GET', '/admin/v1/metrics')).body.find((m: { key: string }) => m.key === 'lessons');
    const made = await adminA('POST', '/admin/v1/leaderboards', [
      { name: 'Top', key: 'top', rankBy: 'metric', metricId: lessons.id, status: 'active', start: '2000-01-01' },
    ]);
    expect(made.status).toBe(201);
    await a('POST', '/v1/metrics/lessons/event', { user: { id: 'ann' }, value: 3 });
    await b('POST', '/v1/metrics/lessons/event', { user: { id: 'bob' }, value: 5 });
    const answer = await own('POST', '/v1/metrics/lessons/event', { user: { id: 'cy' }, value: 1 });
    // cy is first on the board of the account's own namespace, where no one else is
    expect(answer.body.leaderboards.top).toMatchObject({ rank: 1, previousRank: null });
    const boards = await Promise.all([a, b, own].map((call) => call('GET', '/v1/leaderboards/top')));
    expect(boards.map((r) => [r.status, r.body.rankings.map((e: { userId: string }) => e.userId)])).toEqual([
      [200, ['ann']],
      [200, ['bob']],
      [200, ['cy']],
    ]);
    const seen = await Promise.all([adminA, adminB, adminOwn].map((call) => call('GET', '/admin/v1/leaderboards')));
    expect(seen.map((r) => [r.status, r.body.map((board: { key: string }) => board.key)])).toEqual([
      [200, ['top']],
      [200, ['top']],
      [200, ['top']],
    ]);
  });
});
