import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
let systemId = '';
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
  const metrics = await call('POST', '/admin/v1/metrics', [{ name: 'Plays' }]);
  const lessons = (await call('GET', '/admin/v1/metrics')).body.find((m: { key: string }) => m.key === 'lessons');
  const made = await call('POST', '/admin/v1/points', [
    {
      name: 'XP',
      key: 'xp',
      maxPoints: 100,
      levels: [
        { name: 'Bronze', key: 'bronze', points: 10 },
        { name: 'Silver', key: 'silver', points: 30 },
      ],
      triggers: [
        { type: 'metric', points: 10, metricId: lessons.id, metricThreshold: 2, status: 'active' },
        {
          type: 'metric',
          points: -15,
          metricId: metrics.body.created[0].id,
          metricThreshold: 1,
          blockIfOutOfPoints: true,
          status: 'active',
        },
      ],
      boosts: [{ name: 'Double', start: '2026-03-01', end: '2026-03-03', multiplier: 2 }],
    },
  ]);
  expect(made.body.issues).toEqual([]);
  systemId = made.body.created[0].id;
});
afterEach(() => t.close());

const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });
const event = (metric: string, value: number, headers: Record<string, string> = {}) =>
  t.call('POST', `/v1/metrics/${metric}/event`, { body: { user: { id: 'ada' }, value }, headers });

describe('an event with a points system', () => {
  it('answers the systems it moved in the hosted service shape, boosted, with the level it reached', async () => {
    expect((await event('lessons', 1)).body.points).toEqual({});
    const res = await event('lessons', 1);
    expect(res.status).toBe(201);
    expect(res.body.points).toEqual({
      xp: {
        id: systemId,
        key: 'xp',
        name: 'XP',
        description: null,
        badgeUrl: null,
        maxPoints: 100,
        total: 20,
        added: 20,
        level: { id: expect.any(String), key: 'bronze', name: 'Bronze', description: '', badgeUrl: null, points: 10 },
        awards: [
          {
            id: '1',
            awarded: 20,
            date: '2026-03-02T10:00:00.000Z',
            total: 20,
            trigger: expect.objectContaining({ type: 'metric', points: 10, metricName: 'Lessons', metricThreshold: 2 }),
            boosts: [expect.objectContaining({ name: 'Double', multiplier: 2, status: 'active' })],
          },
        ],
      },
    });
  });

  it('refuses an event whose blocking deduction would go below zero with 422 OUT_OF_POINTS, storing nothing', async () => {
    const refused = await event('plays', 1, { 'idempotency-key': 'p1' });
    expect([refused.status, refused.body.code]).toEqual([422, 'OUT_OF_POINTS']);
    expect(refused.body.error).toContain('"xp"');
    const user = await call('GET', '/v1/users/ada/metrics/plays');
    expect([user.status, user.body.code]).toEqual([404, 'UNKNOWN_USER']);
    // with points enough the same key records the event: the refusal kept nothing
    for (const _ of [1, 2]) await event('lessons', 1);
    const paid = await event('plays', 1, { 'idempotency-key': 'p1' });
    expect([paid.status, paid.body.points.xp.total, paid.body.points.xp.added]).toEqual([201, 5, -15]);
  });
});

describe('POST /v1/achievements/:key/complete with an achievement trigger', () => {
  it('answers the points the completion paid, once', async () => {
    const made = await call('POST', '/admin/v1/achievements', [
      { name: 'Onboarded', key: 'onboarded', trigger: 'api' },
    ]);
    const trigger = await call('POST', `/admin/v1/points/${systemId}/triggers`, [
      { type: 'achievement', achievementId: made.body.created[0].id, points: 5, status: 'active' },
    ]);
    expect(trigger.body.issues).toEqual([]);
    await event('lessons', 1);
    const complete = () => t.call('POST', '/v1/achievements/onboarded/complete', { body: { user: { id: 'ada' } } });
    const first = await complete();
    expect(first.status).toBe(201);
    expect(first.body.points.xp).toMatchObject({ total: 10, added: 10, awards: [{ awarded: 10, total: 10 }] });
    expect(first.body.points.xp.awards[0].trigger).toMatchObject({ type: 'achievement', achievementName: 'Onboarded' });
    expect((await complete()).body.points).toEqual({});
  });
});

describe('GET /v1/users/:id/points/:key', () => {
  it('answers the total, the level and the most recent awards first, as many as `awards` asks', async () => {
    for (const _ of [1, 2, 3, 4]) await event('lessons', 1);
    const res = await t.call('GET', '/v1/users/ada/points/xp');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'xp', total: 40, level: { key: 'silver' } });
    expect(res.body.awards.map((a: { id: string; total: number }) => [a.id, a.total])).toEqual([
      ['2', 40],
      ['1', 20],
    ]);
    expect((await t.call('GET', '/v1/users/ada/points/xp?awards=1')).body.awards).toHaveLength(1);
  });

  it('answers 422 for `awards` outside 1..100 and 404 for an unknown system or user', async () => {
    await event('lessons', 1);
    for (const awards of ['0', '101', 'x', '1e308', '-1', '2.5'])
      expect((await t.call('GET', `/v1/users/ada/points/xp?awards=${awards}`)).status).toBe(422);
    expect((await t.call('GET', '/v1/users/ada/points/gems')).body.code).toBe('UNKNOWN_POINTS_SYSTEM');
    expect((await t.call('GET', '/v1/users/nobody/points/xp')).body.code).toBe('UNKNOWN_USER');
    expect((await t.call('GET', '/v1/users/ada/points/__proto__')).body.code).toBe('UNKNOWN_POINTS_SYSTEM');
  });

  it('answers the boosts active for the user, and none once they have finished', async () => {
    await event('lessons', 1);
    const res = await t.call('GET', '/v1/users/ada/points/xp/boosts');
    expect(res.body.map((b: { name: string; status: string }) => [b.name, b.status])).toEqual([['Double', 'active']]);
    now = Date.parse('2026-03-04T12:00:00Z');
    expect((await t.call('GET', '/v1/users/ada/points/xp/boosts')).body).toEqual([]);
  });
});

describe('GET /v1/users/:id/points/:key/event-summary', () => {
  const summary = (query: string, user = 'ada', key = 'xp') =>
    t.call('GET', `/v1/users/${user}/points/${key}/event-summary?${query}`);

  it("answers each local day's change and the total at its end, in the user's zone", async () => {
    await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ada', tz: 'America/New_York' }, value: 2 },
    });
    // 20 on 2026-03-02 (boosted); the day after, 04:30 UTC is still March 2nd in New York (UTC−5)
    now = Date.parse('2026-03-03T04:30:00Z');
    for (const _ of [1, 2]) await event('lessons', 1);
    now = Date.parse('2026-03-05T12:00:00Z');
    await event('lessons', 2);
    const res = await summary('aggregation=daily&startDate=2026-03-01&endDate=2026-03-06');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { date: '2026-03-01', total: 0, change: 0 },
      { date: '2026-03-02', total: 40, change: 40 },
      { date: '2026-03-03', total: 40, change: 0 },
      { date: '2026-03-04', total: 40, change: 0 },
      { date: '2026-03-05', total: 50, change: 10 },
      { date: '2026-03-06', total: 50, change: 0 },
    ]);
    const weekly = await summary('aggregation=weekly&startDate=2026-03-04&endDate=2026-03-10');
    expect(weekly.body).toEqual([
      { date: '2026-03-02', total: 50, change: 50 },
      { date: '2026-03-09', total: 50, change: 0 },
    ]);
  });

  it('answers 422 naming a bad range and 404 for an unknown system or user', async () => {
    await event('lessons', 2);
    for (const query of [
      'aggregation=yearly&startDate=2026-03-01&endDate=2026-03-02',
      'aggregation=daily&startDate=2026-03-04&endDate=2026-03-02',
      'aggregation=daily&startDate=2025-01-01&endDate=2026-03-02',
      'aggregation=daily&startDate=2026-02-30&endDate=2026-03-02',
      'aggregation=daily&startDate=1e308&endDate=2026-03-02',
      'aggregation=daily&startDate=2026-03-01',
    ])
      expect(await summary(query)).toMatchObject({ status: 422, body: { code: expect.stringMatching(/^INVALID_/) } });
    const range = 'aggregation=daily&startDate=2026-03-01&endDate=2026-03-02';
    expect((await summary(range, 'ada', 'gems')).body.code).toBe('UNKNOWN_POINTS_SYSTEM');
    expect((await summary(range, 'ada', '__proto__')).body.code).toBe('UNKNOWN_POINTS_SYSTEM');
    expect((await summary(range, 'nobody')).body.code).toBe('UNKNOWN_USER');
  });
});

describe('GET /v1/users/:id/points/:key read again', () => {
  it('shows a time trigger’s boundary as it passes, and an event’s award at once, with no stale answer kept', async () => {
    const added = await call('POST', `/admin/v1/points/${systemId}/triggers`, [
      { type: 'time', points: 1, timeUnit: 'hours', timeInterval: 1, status: 'active' },
    ]);
    expect(added.body.issues).toEqual([]);
    await event('lessons', 0);
    const read = async () => (await t.call('GET', '/v1/users/ada/points/xp')).body.total;
    expect([await read(), await read()]).toEqual([0, 0]);
    // within the same day, no write: the next hourly boundary pays the refill a read settles
    now += 60 * 60_000 - 1;
    expect(await read()).toBe(0);
    now += 1;
    expect(await read()).toBe(2);
    await event('lessons', 2);
    expect(await read()).toBe(22);
  });
});

describe('GET /v1/points/:key and its boosts and levels', () => {
  it('answers the system with its active triggers, its global boosts and its levels by threshold', async () => {
    const system = await t.call('GET', '/v1/points/xp');
    expect(system.status).toBe(200);
    expect(system.body).toMatchObject({ id: systemId, name: 'XP', maxPoints: 100 });
    expect(system.body).not.toHaveProperty('key');
    expect(system.body.triggers.map((trigger: { points: number }) => trigger.points)).toEqual([10, -15]);
    expect((await t.call('GET', '/v1/points/xp/levels')).body.map((l: { key: string }) => l.key)).toEqual([
      'bronze',
      'silver',
    ]);
    expect((await t.call('GET', '/v1/points/xp/boosts')).body).toHaveLength(1);
    now = Date.parse('2026-03-05T12:00:00Z');
    expect((await t.call('GET', '/v1/points/xp/boosts')).body).toEqual([]);
    expect((await t.call('GET', '/v1/points/xp/boosts?includeFinished=true')).body).toHaveLength(1);
    expect((await t.call('GET', '/v1/points/nope')).status).toBe(404);
  });
});

describe("another account's keys", () => {
  it("see neither the account's points systems nor its users' points, and keep totals of their own under the same key", async () => {
    await event('lessons', 1);
    await event('lessons', 1);
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    const theirApp = { key: other.body.applicationKey as string };
    for (const path of ['/v1/points/xp', '/v1/points/xp/levels', '/v1/points/xp/boosts', '/v1/users/ada/points/xp'])
      expect([path, (await t.call('GET', path, theirApp)).status]).toEqual([path, 404]);
    expect((await t.call('GET', '/v1/users/ada/points/xp/boosts', theirApp)).status).toBe(404);

    const theirMetric = await t.call('POST', '/admin/v1/metrics', {
      key: other.body.adminKey,
      body: [{ name: 'Lessons' }],
    });
    const theirLessons = theirMetric.body.created[0];
    const trigger = { type: 'metric', points: 3, metricId: theirLessons.id, metricThreshold: 1, status: 'active' };
    const made = await t.call('POST', '/admin/v1/points', {
      key: other.body.adminKey,
      body: [{ name: 'XP', key: 'xp', triggers: [trigger] }],
    });
    expect(made.body.issues).toEqual([]);
    const theirs = await t.call('POST', '/v1/metrics/lessons/event', {
      ...theirApp,
      body: { user: { id: 'ada' }, value: 1 },
    });
    expect(theirs.body.points.xp).toMatchObject({ total: 3, added: 3 });
    expect((await t.call('GET', '/v1/users/ada/points/xp', theirApp)).body.total).toBe(3);
    expect((await t.call('GET', '/v1/users/ada/points/xp')).body.total).toBe(20);
  });
});
