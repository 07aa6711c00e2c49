/**
 * The answers are serialised with each route's response schema, which drops any key the schema does
 * not name. A tour of every documented route, answered 2xx, compares what the handler returned with
 * what the client got: a key dropped (a shape that gained a field its schema did not) or a value
 * changed (null written as "", a fraction rounded) fails here, not in a client.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { plantAttempt, startTestServer, type TestServer } from '../../test/server.js';

const DAY = 86_400_000;
let now = Date.parse('2026-03-02T10:00:00Z');
let t: TestServer;
let app: FastifyInstance;
/** what the handler of the last request returned, as JSON would write it */
let returned: unknown;

beforeAll(async () => {
  t = await startTestServer({ clock: () => now });
  app = await buildApp(t.server.ctx);
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    returned = JSON.parse(JSON.stringify(payload));
    return payload;
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

interface Call {
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const answered = new Set<string>();

/** Sends `call` with the admin key and checks the client got exactly what the handler returned. */
async function send(call: Call, route: string): Promise<any> {
  returned = undefined;
  const res = await app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers: {
      'x-api-key': t.adminKey,
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    },
    ...(call.body !== undefined ? { payload: JSON.stringify(call.body) } : {}),
  });
  expect(res.statusCode, `${route}: ${res.body}`).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
  answered.add(route);
  if (res.statusCode === 204) return null;
  const body = JSON.parse(res.body);
  if (returned !== undefined) expect(body, route).toEqual(returned);
  return body;
}

const get = (route: string, url = route.split(' ')[1] as string) => send({ method: 'GET', url }, route);
const write = (route: string, body?: unknown, url = route.split(' ')[1] as string, headers?: Record<string, string>) =>
  send(
    {
      method: route.split(' ')[0] as string,
      url,
      ...(body !== undefined ? { body } : {}),
      ...(headers ? { headers } : {}),
    },
    route,
  );

describe('the response schemas', () => {
  it('keep every key and value of every route’s answer', async () => {
    await get('GET /healthz');
    await get('GET /readyz');
    await get('GET /v1/users/{id}/streak', '/v1/users/nobody/streak');
    await write('PUT /admin/v1/streak', {
      frequency: 'daily',
      conditions: [{ metric: 'lessons', threshold: 1 }],
      freezes: { initial: 1, max: 3, earn: { every: 2, amount: 1 } },
    });
    await get('GET /admin/v1/streak');
    await get('GET /admin/v1/streak/rebuild');
    await write('PUT /admin/v1/events/lateness', { maxLateHours: 24 });
    await get('GET /admin/v1/events/lateness');
    const metrics = await write('POST /admin/v1/metrics', [
      { name: 'Pages' },
      { name: 'Bad', key: 'no spaces' },
      { name: 'Sales', unitType: 'currency', units: 'EUR' },
    ]);
    await write('PATCH /admin/v1/metrics', [
      { id: metrics.created[0].id, name: 'Pages read', units: 'pages' },
      { id: 'nope', name: 'X' },
    ]);
    await get('GET /admin/v1/metrics', '/admin/v1/metrics?includeArchived=true');
    await get('GET /admin/v1/metrics/{id}', `/admin/v1/metrics/${metrics.created[0].id}`);
    const attributes = await write('POST /admin/v1/attributes', [
      { name: 'Plan', key: 'plan', type: 'user' },
      { name: 'Team', key: 'team', type: 'user' },
      { name: 'Device', key: 'device', type: 'event' },
      { name: 'Old', key: 'old', type: 'event' },
      { name: 'Again', key: 'plan', type: 'user' },
    ]);
    await write('PATCH /admin/v1/attributes', [
      { id: attributes.created[2].id, name: 'Device used' },
      { id: 'nope', name: 'X' },
    ]);
    await write('DELETE /admin/v1/attributes', undefined, `/admin/v1/attributes?ids=${attributes.created[3].id},nope`);
    await get('GET /admin/v1/attributes', '/admin/v1/attributes?limit=10&skip=1');
    await get('GET /admin/v1/attributes/{id}', `/admin/v1/attributes/${attributes.created[0].id}`);
    const made = await write('POST /admin/v1/achievements', [
      { name: 'First lesson', key: 'first', trigger: 'metric', metric: 'lessons', threshold: 1 },
      { name: 'Two days', key: 'two', trigger: 'streak', streakLength: 2 },
      { name: 'Onboarded', key: 'onboarded', trigger: 'api' },
      { name: 'Old', key: 'old', trigger: 'api' },
      { name: 'Both', key: 'both', trigger: 'achievement', prerequisites: ['first', 'onboarded'] },
      {
        name: 'Later',
        key: 'later',
        trigger: 'api',
        status: 'inactive',
        badgeUrl: 'https://cdn.example.com/l.png',
        userAttributes: [{ key: 'plan', value: 'pro' }],
      },
    ]);
    await write('PATCH /admin/v1/achievements', [
      { id: made.created[5].id, status: 'active' },
      { id: 'nope', name: 'X' },
    ]);
    await write('DELETE /admin/v1/achievements', undefined, `/admin/v1/achievements?ids=${made.created[3].id},nope`);

    const event = (value: number, headers?: Record<string, string>) =>
      write(
        'POST /v1/metrics/{key}/event',
        { user: { id: 'ada', tz: 'Europe/Berlin', email: 'ada@example.com' }, value },
        '/v1/metrics/lessons/event',
        headers,
      );
    const first = await event(1.5, { 'idempotency-key': 'k-1' });
    expect(first).toMatchObject({
      total: 1.5,
      idempotencyKey: 'k-1',
      idempotentReplayed: false,
      achievements: [{ key: 'first', description: null, badgeUrl: null }],
    });
    await event(1.5, { 'idempotency-key': 'k-1' });
    now += DAY;
    const second = await write(
      'POST /api/metrics/{key}/event',
      { user: { id: 'ada' }, value: 2 },
      '/api/metrics/lessons/event',
    );
    expect(second.changes.map((c: { type: string }) => c.type)).toContain('achievement.completed');
    await write('POST /v1/metrics/{key}/event', { user: { id: 'bob' }, value: 1 }, '/v1/metrics/lessons/event');

    await get('GET /v1/users/{id}/streak', '/v1/users/ada/streak?historyPeriods=3');
    await get('GET /v1/users/{id}', '/v1/users/ada');
    await write('POST /v1/users', {
      id: 'dee',
      email: 'dee@example.com',
      name: 'Dee',
      tz: 'Europe/Berlin',
      deviceTokens: ['phone'],
      attributes: { plan: 'pro' },
    });
    await write('PATCH /v1/users/{id}', { subscribeToEmails: false, attributes: { team: 'a' } }, '/v1/users/dee');
    await write('PUT /v1/users/{id}', { name: 'Dee D.' }, '/v1/users/dee');
    await write('PUT /api/users/{id}', { name: 'Dee D.' }, '/api/users/dee');
    await write(
      'PATCH /v1/users/{id}/preferences',
      { notifications: { streak_reminder: ['push'], recap: [] }, streak: { enabled: false } },
      '/v1/users/ada/preferences',
    );
    await get('GET /v1/users/{id}/preferences', '/v1/users/ada/preferences');
    await write('PATCH /v1/users/{id}/preferences', { streak: { enabled: true } }, '/v1/users/ada/preferences');
    await write('POST /v1/achievements/{key}/complete', { user: { id: 'ada' } }, '/v1/achievements/onboarded/complete');
    await get('GET /v1/users/{id}/achievements', '/v1/users/ada/achievements?includeIncomplete=true');
    await get('GET /v1/achievements');
    await get('GET /v1/streaks', '/v1/streaks?userIds=ada,bob,nobody');
    const batch = await write(
      'POST /admin/v1/metrics/events',
      [
        { key: 'lessons', user: { id: 'cat', tz: 'Asia/Tokyo' }, value: 2, idempotencyKey: 'b-1' },
        { key: 'lessons', user: { id: 'cat' }, value: 0.5 },
      ],
      '/admin/v1/metrics/events',
    );
    expect(batch).toEqual({ accepted: 2, issues: [] });
    const adaMetrics = await get('GET /v1/users/{id}/metrics', '/v1/users/ada/metrics');
    expect(adaMetrics[0]).toMatchObject({ key: 'lessons', current: 3.5 });
    await get('GET /v1/users/{id}/metrics/{key}', '/v1/users/ada/metrics/lessons');
    const summary = await get(
      'GET /v1/users/{id}/metrics/{key}/event-summary',
      '/v1/users/ada/metrics/lessons/event-summary?aggregation=daily&startDate=2026-03-02&endDate=2026-03-03',
    );
    expect(summary).toEqual([
      { date: '2026-03-02', total: 1.5, change: 1.5 },
      { date: '2026-03-03', total: 3.5, change: 2 },
    ]);

    await get('GET /admin/v1/achievements', '/admin/v1/achievements?includeArchived=true');
    await write('POST /admin/v1/streaks/freezes', { freezes: [{ userId: 'ada' }, { userId: 'nobody' }] });
    const pauses = await write('POST /admin/v1/streaks/pauses', {
      pauses: [
        { userId: 'bob', start: '2026-03-10', end: '2026-03-12' },
        { userId: 'nobody', start: '2026-03-10', end: '2026-03-12' },
      ],
    });
    await write(
      'DELETE /admin/v1/streaks/pauses',
      undefined,
      `/admin/v1/streaks/pauses?ids=${pauses.created[0].id},nope`,
    );
    now += 3 * DAY;
    await write('POST /admin/v1/streaks/restore', { users: [{ id: 'bob' }, { id: 'ada' }, { id: 'nobody' }] });
    await get('GET /admin/v1/analytics/streaks', '/admin/v1/analytics/streaks?days=7');
    const page = await get('GET /admin/v1/users', '/admin/v1/users?limit=2');
    expect(page).toMatchObject({ users: [{ id: 'ada', email: 'ada@example.com' }, { id: 'bob' }], next: 'bob' });
    const user = await get('GET /admin/v1/users/{id}', '/admin/v1/users/ada');
    expect(user.user.achievements.length).toBeGreaterThan(0);
    await write('DELETE /admin/v1/metrics', undefined, `/admin/v1/metrics?ids=${metrics.created[0].id},nope`);

    await get('GET /admin/v1/account');
    const account = await write('POST /admin/v1/accounts', { name: 'acme' });
    expect(account.applicationKey).toMatch(/^kl_app_/);
    await get('GET /admin/v1/accounts');
    const key = await write('POST /admin/v1/keys', { name: 'ci', kind: 'application' });
    await get('GET /admin/v1/keys');
    await write('DELETE /admin/v1/keys/{id}', undefined, `/admin/v1/keys/${key.id}`);
    const hook = await write('POST /admin/v1/webhooks', {
      url: 'https://hooks.example.com/tour',
      types: ['streak.lost'],
    });
    expect(hook.secret).toMatch(/^whsec_/);
    await get('GET /admin/v1/webhooks');
    await get('GET /admin/v1/webhooks/{id}', `/admin/v1/webhooks/${hook.id}`);
    // a delivery in the endpoint's log, with an attempt: every field of the log's answer is shown
    await plantAttempt(
      t.server.ctx.backend.deliveries,
      {
        id: 'tour-delivery',
        endpointId: hook.id,
        orderKey: 'ada',
        type: 'streak.lost',
        payload: '{"type":"streak.lost","length":3}',
        createdAt: now,
      },
      { at: now, status: 502, error: 'status 502', response: 'bad gateway', ms: 12.5 },
      { status: 'pending', nextAt: now + 30_000 },
    );
    const log = await get('GET /admin/v1/webhooks/{id}/deliveries', `/admin/v1/webhooks/${hook.id}/deliveries?limit=5`);
    expect(log.deliveries[0].lastAttempt).toMatchObject({ status: 502, ms: 12.5 });
    await write(
      'POST /admin/v1/webhooks/{id}/deliveries/{deliveryId}/retry',
      undefined,
      `/admin/v1/webhooks/${hook.id}/deliveries/tour-delivery/retry`,
    );
    await write('PATCH /admin/v1/webhooks/{id}', { enabled: false }, `/admin/v1/webhooks/${hook.id}`);
    await write('DELETE /admin/v1/webhooks/{id}', undefined, `/admin/v1/webhooks/${hook.id}`);
    const tourMetric = (await write('POST /admin/v1/metrics', [{ name: 'Points tour' }])).created[0];
    const tourAttributes = (
      await write('POST /admin/v1/attributes', [
        { name: 'Tier', key: 'points-tier', type: 'user' },
        { name: 'Source', key: 'points-source', type: 'event' },
      ])
    ).created;
    const tier = { attributeId: tourAttributes[0].id, attributeValue: 'gold' };
    const source = { attributeId: tourAttributes[1].id, attributeValue: 'web' };
    const systems = await write('POST /admin/v1/points', [
      {
        name: 'XP',
        key: 'xp',
        description: 'experience',
        badge: { url: 'https://example.com/xp.png' },
        maxPoints: 1000,
        levels: [{ name: 'One', key: 'one', points: 0, badge: { url: 'https://example.com/1.png' } }],
        boosts: [{ name: 'Tiered', start: '2026-03-01', end: '2026-03-31', multiplier: 1.5, userAttributes: [tier] }],
        triggers: [
          { type: 'metric', points: -3, metricId: tourMetric.id, metricThreshold: 2, eventAttributes: [source] },
        ],
      },
      { name: 'Gems', key: 'gems' },
      { name: 'Bad', key: 'x', maxPoints: 0 },
    ]);
    const xp = systems.created[0];
    await get('GET /admin/v1/points', '/admin/v1/points?includeArchived=true&limit=5');
    await get('GET /admin/v1/points/{id}', `/admin/v1/points/${xp.id}`);
    await get('GET /admin/v1/analytics/points/{systemId}', `/admin/v1/analytics/points/${xp.id}`);
    await write('PATCH /admin/v1/points', [
      { id: xp.id, badge: null, maxPoints: null },
      { id: 'nope', name: 'X' },
    ]);
    const base = `/admin/v1/points/${xp.id}`;
    const triggers = await write(
      'POST /admin/v1/points/{systemId}/triggers',
      [
        { type: 'time', points: 5, timeUnit: 'hours', timeInterval: 6, status: 'active', userAttributes: [tier] },
        { type: 'streak', points: 2, streakLength: 7, blockIfOutOfPoints: true },
        { type: 'user_creation', points: 0 },
      ],
      `${base}/triggers`,
    );
    await write(
      'PATCH /admin/v1/points/{systemId}/triggers',
      [{ id: triggers.created[1].id, points: 4 }],
      `${base}/triggers`,
    );
    await get('GET /admin/v1/points/{systemId}/triggers', `${base}/triggers`);
    await get('GET /admin/v1/points/{systemId}/triggers/{id}', `${base}/triggers/${triggers.created[0].id}`);
    await write(
      'DELETE /admin/v1/points/{systemId}/triggers',
      undefined,
      `${base}/triggers?ids=${triggers.created[1].id},nope`,
    );
    const levels = await write(
      'POST /admin/v1/points/{systemId}/levels',
      [
        { name: 'Two', key: 'two', points: 100, description: 'half way' },
        { name: 'One', key: 'one', points: 1 },
      ],
      `${base}/levels`,
    );
    await write(
      'PATCH /admin/v1/points/{systemId}/levels',
      [{ id: levels.created[0].id, points: 50 }],
      `${base}/levels`,
    );
    await get('GET /admin/v1/points/{systemId}/levels', `${base}/levels`);
    await get('GET /admin/v1/points/{systemId}/levels/{id}', `${base}/levels/${levels.created[0].id}`);
    await write('DELETE /admin/v1/points/{systemId}/levels', undefined, `${base}/levels?ids=${levels.created[0].id}`);
    const boosts = await write(
      'POST /admin/v1/points/{systemId}/boosts',
      [
        { name: 'Later', start: '2026-04-01', multiplier: 0.5, rounding: 'up' },
        { name: 'Nobody', start: '2026-03-01', multiplier: 2, userId: 'nobody' },
      ],
      `${base}/boosts`,
    );
    expect(boosts.created[0].status).toBe('scheduled');
    await write(
      'PATCH /admin/v1/points/{systemId}/boosts',
      [{ id: boosts.created[0].id, end: null }],
      `${base}/boosts`,
    );
    await get('GET /admin/v1/points/{systemId}/boosts', `${base}/boosts`);
    await get('GET /admin/v1/points/{systemId}/boosts/{id}', `${base}/boosts/${boosts.created[0].id}`);
    await write('DELETE /admin/v1/points/{systemId}/boosts', undefined, `${base}/boosts?ids=${boosts.created[0].id}`);
    // an award to read back: a live trigger on the tour's metric, then an event of it
    await write(
      'POST /admin/v1/points/{systemId}/triggers',
      [{ type: 'metric', points: 7, metricId: tourMetric.id, metricThreshold: 1, status: 'active' }],
      `${base}/triggers`,
    );
    const paid = await write(
      'POST /v1/metrics/{key}/event',
      { user: { id: 'ada' }, value: 1, attributes: { 'points-source': 'web' } },
      `/v1/metrics/${tourMetric.key}/event`,
    );
    expect(paid.points.xp.awards).toHaveLength(1);
    await get('GET /v1/users/{id}/points/{key}', '/v1/users/ada/points/xp?awards=5');
    await get('GET /v1/users/{id}/points/{key}/boosts', '/v1/users/ada/points/xp/boosts');
    await get(
      'GET /v1/users/{id}/points/{key}/event-summary',
      '/v1/users/ada/points/xp/event-summary?aggregation=weekly&startDate=2026-02-20&endDate=2026-03-10',
    );
    await get('GET /v1/points/{key}', '/v1/points/xp');
    await get('GET /v1/points/{key}/boosts', '/v1/points/xp/boosts?includeFinished=true');
    await get('GET /v1/points/{key}/levels', '/v1/points/xp/levels');
    await get('GET /v1/points/{key}/summary', '/v1/points/xp/summary');
    await get('GET /v1/points/{key}/level-summary', '/v1/points/xp/level-summary');
    const boards = await write('POST /admin/v1/leaderboards', [
      {
        name: 'Tour lessons',
        key: 'tour-top',
        rankBy: 'metric',
        metricId: tourMetric.id,
        status: 'active',
        start: '2000-01-01',
      },
      {
        name: 'Tour XP weekly',
        key: 'tour-xp',
        rankBy: 'points',
        pointsSystemId: xp.id,
        runUnit: 'day',
        runInterval: 7,
        start: '2026-01-05',
      },
      { name: 'Tour again', key: 'tour-top', rankBy: 'streak' },
    ]);
    expect(boards.issues).toHaveLength(1);
    const ranked = await write(
      'POST /v1/metrics/{key}/event',
      { user: { id: 'ada' }, value: 1 },
      `/v1/metrics/${tourMetric.key}/event`,
    );
    expect(ranked.leaderboards['tour-top'].rank).toBe(1);
    await get('GET /admin/v1/leaderboards', '/admin/v1/leaderboards?limit=5');
    await get('GET /admin/v1/leaderboards/{id}', `/admin/v1/leaderboards/${boards.created[0].id}`);
    await write('PATCH /admin/v1/leaderboards', [{ id: boards.created[1].id, name: 'Tour XP', status: 'active' }]);
    await get('GET /v1/leaderboards', '/v1/leaderboards?includeFinished=true');
    await get('GET /v1/leaderboards/{key}', '/v1/leaderboards/tour-top?limit=5&userId=ada');
    await write('DELETE /admin/v1/leaderboards', undefined, `/admin/v1/leaderboards?ids=${boards.created[1].id}`);
    await write('DELETE /admin/v1/points', undefined, `/admin/v1/points?ids=${systems.created[1].id}`);
    const tenants = await write('POST /admin/v1/tenants', [
      { customerId: 'acme', name: 'Acme' },
      { customerId: 'acme', name: 'Acme again' },
    ]);
    expect(tenants.issues).toHaveLength(1);
    const tenant = tenants.created[0];
    await get('GET /admin/v1/tenants', '/admin/v1/tenants?limit=5&skip=0');
    await get('GET /admin/v1/tenants/{id}', `/admin/v1/tenants/${tenant.id}`);
    await write('PATCH /admin/v1/tenants', [
      { id: tenant.id, name: 'Acme Inc' },
      { id: 'nope', name: 'X' },
    ]);
    await write('DELETE /admin/v1/tenants', undefined, `/admin/v1/tenants?ids=${tenant.id},nope`);
    const appKeys = await write('POST /admin/v1/application-api-keys', [{ userId: 'ada' }, { userId: ' ' }]);
    expect(appKeys.created[0].key).toMatch(/^kl_app_/);
    await write(
      'DELETE /admin/v1/application-api-keys',
      undefined,
      `/admin/v1/application-api-keys?ids=${appKeys.created[0].id},nope`,
    );
    await write('DELETE /admin/v1/users/{id}', undefined, '/admin/v1/users/bob');
    await write('POST /admin/v1/session', { key: t.adminKey });
    await get('GET /admin/v1/session');
    await write('DELETE /admin/v1/session');
  });

  it('were all toured: every documented route answered 2xx above', async () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    // every route with a 2xx answer (the paths not served have none: they answer 501 only)
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2')))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(40);
    expect([...answered].filter((route) => !route.endsWith('z')).sort()).toEqual(documented.sort());
  });
});
