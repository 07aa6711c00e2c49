import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
const now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  t = await startTestServer({ clock: () => now });
  const metrics = await t.call('POST', '/admin/v1/metrics', {
    key: t.adminKey,
    body: [{ name: 'Minutes' }, { name: 'Old' }],
  });
  expect(metrics.status).toBe(201);
  await t.call('DELETE', `/admin/v1/metrics?ids=${metrics.body.created[1].id}`, { key: t.adminKey });
  const made = await t.call('POST', '/admin/v1/achievements', {
    key: t.adminKey,
    body: [
      { name: 'Two lessons', key: 'two', trigger: 'metric', metric: 'lessons', threshold: 2 },
      { name: 'Ten lessons', key: 'ten', trigger: 'metric', metric: 'lessons', threshold: 10 },
      { name: 'Onboarded', key: 'onboarded', trigger: 'api' },
    ],
  });
  expect(made.status).toBe(201);
  for (const value of [1, 2])
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value } });
});
afterEach(() => t.close());

describe('GET /v1/users/:id/metrics', () => {
  it("answers the user's total of each active metric, with the metric's achievements completed or not", async () => {
    const res = await t.call('GET', '/v1/users/ada/metrics');
    expect(res.status).toBe(200);
    expect(res.body.map((m: { key: string; current: number }) => [m.key, m.current])).toEqual([
      ['lessons', 3],
      ['minutes', 0],
    ]);
    const [lessons, minutes] = res.body;
    expect(lessons).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect(lessons.achievements).toEqual([
      expect.objectContaining({
        key: 'two',
        trigger: 'metric',
        metricValue: 2,
        userAttributes: [],
        achievedAt: '2026-03-02T10:00:00.000Z',
      }),
      expect.objectContaining({ key: 'ten', metricValue: 10, achievedAt: null }),
    ]);
    expect(minutes.achievements).toEqual([]);
  });

  it('answers one metric by its key, archived or not, and 404 for an unknown metric or user', async () => {
    const one = await t.call('GET', '/v1/users/ada/metrics/lessons');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ key: 'lessons', status: 'active', current: 3 });
    expect((await t.call('GET', '/v1/users/ada/metrics/old')).body).toMatchObject({
      key: 'old',
      status: 'archived',
      current: 0,
    });
    expect(await t.call('GET', '/v1/users/ada/metrics/nope')).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_METRIC' },
    });
    expect(await t.call('GET', '/v1/users/nobody/metrics')).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_USER' },
    });
    expect(await t.call('GET', '/v1/users/nobody/metrics/lessons')).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_USER' },
    });
  });

  it("keeps another account's users and metrics to that account", async () => {
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    const key = other.body.applicationKey as string;
    await t.call('POST', '/admin/v1/metrics', { key: other.body.adminKey, body: [{ name: 'Lessons' }] });
    expect(await t.call('GET', '/v1/users/ada/metrics', { key })).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_USER' },
    });
    expect(await t.call('GET', '/v1/users/ada/metrics/minutes', { key })).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_METRIC' },
    });
    expect(
      await t.call(
        'GET',
        '/v1/users/ada/metrics/lessons/event-summary?aggregation=daily&startDate=2026-03-02&endDate=2026-03-02',
        {
          key,
        },
      ),
    ).toMatchObject({ status: 404, body: { code: 'UNKNOWN_USER' } });
  });
});

describe('GET /v1/users/:id/metrics/:key/event-summary', () => {
  it('answers what a new event added at once, though the answer before was kept', async () => {
    const url = '/v1/users/ada/metrics/lessons/event-summary?aggregation=daily&startDate=2026-03-02&endDate=2026-03-02';
    const before = await t.call('GET', url);
    expect(before.body).toEqual([{ date: '2026-03-02', total: 3, change: 3 }]);
    expect((await t.call('GET', url)).body).toEqual(before.body);
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 4 } });
    expect((await t.call('GET', url)).body).toEqual([{ date: '2026-03-02', total: 7, change: 7 }]);
    // another user with the same question has an answer of their own
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'bo' }, value: 1 } });
    expect((await t.call('GET', url.replace('/ada/', '/bo/'))).body).toEqual([
      { date: '2026-03-02', total: 1, change: 1 },
    ]);
  });

  it('answers per local day, week or month what the events added and the total at its end', async () => {
    const url = (q: string) => `/v1/users/ada/metrics/lessons/event-summary?${q}`;
    const daily = await t.call('GET', url('aggregation=daily&startDate=2026-03-01&endDate=2026-03-03'));
    expect(daily.status).toBe(200);
    expect(daily.body).toEqual([
      { date: '2026-03-01', total: 0, change: 0 },
      { date: '2026-03-02', total: 3, change: 3 },
      { date: '2026-03-03', total: 3, change: 0 },
    ]);
    const monthly = await t.call('GET', url('aggregation=monthly&startDate=2026-02-10&endDate=2026-03-10'));
    expect(monthly.body).toEqual([
      { date: '2026-02-01', total: 0, change: 0 },
      { date: '2026-03-01', total: 3, change: 3 },
    ]);
  });

  it('refuses a missing or bad aggregation or date (422) and an unknown user or metric (404)', async () => {
    const base = '/v1/users/ada/metrics/lessons/event-summary';
    for (const q of [
      'startDate=2026-03-01&endDate=2026-03-03',
      'aggregation=yearly&startDate=2026-03-01&endDate=2026-03-03',
      'aggregation=daily&startDate=2026-3-1&endDate=2026-03-03',
      'aggregation=daily&startDate=2026-02-30&endDate=2026-03-03',
      'aggregation=daily&startDate=2026-03-04&endDate=2026-03-03',
      'aggregation=daily&startDate=2025-01-01&endDate=2026-03-03',
    ])
      expect([q, (await t.call('GET', `${base}?${q}`)).status]).toEqual([q, 422]);
    // the messages name the query's parameters, not the engine's options
    const named = async (q: string) => ((await t.call('GET', `${base}?${q}`)).body as { error: string }).error;
    expect(await named('aggregation=daily&startDate=2026-02-30&endDate=2026-03-03')).toMatch(/^startDate "2026-02-30"/);
    expect(await named('aggregation=daily&startDate=2026-03-01&endDate=2026-02-30')).toMatch(/^endDate "2026-02-30"/);
    expect(await named('aggregation=daily&startDate=2026-03-04&endDate=2026-03-03')).toBe(
      'startDate (2026-03-04) must not be after endDate (2026-03-03)',
    );
    const q = 'aggregation=daily&startDate=2026-03-01&endDate=2026-03-03';
    expect(await t.call('GET', `/v1/users/nobody/metrics/lessons/event-summary?${q}`)).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_USER' },
    });
    expect(await t.call('GET', `/v1/users/ada/metrics/nope/event-summary?${q}`)).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_METRIC' },
    });
  });
});

describe('the paths Kindling does not serve', () => {
  it('answer 501 NOT_SUPPORTED, saying what is missing, to a caller let in as for any route of its API', async () => {
    const history = await t.call('GET', '/v1/users/ada/leaderboards/top');
    expect(history).toMatchObject({ status: 501, body: { code: 'NOT_SUPPORTED' } });
    expect(history.body.error).toContain('leaderboard');
    expect(await t.call('GET', '/v1/users/ada/wrapped', { key: null })).toMatchObject({
      status: 401,
      body: { code: 'MISSING_API_KEY' },
    });
    expect(await t.call('GET', '/v1/users/ada/wrapped', { key: t.adminKey })).toMatchObject({
      status: 501,
      body: { code: 'NOT_SUPPORTED' },
    });
    expect(await t.call('GET', '/admin/v1/points/sys/levels', {})).toMatchObject({
      status: 403,
      body: { code: 'ADMIN_KEY_REQUIRED' },
    });
  });
});
