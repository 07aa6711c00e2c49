/**
 * The hosted service's published Node SDK (@trophyso/node 1.0.42), unmodified, against a real
 * listening Kindling server: its calls succeed, its parsers accept our answers, and our errors
 * surface as its typed errors.
 */
import { randomUUID } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TrophyApi, TrophyApiClient, TrophyApiError } from '@trophyso/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../packages/server/test/server.js';

let t: TestServer;
let sdk: TrophyApiClient;

function clientWith(apiKey: string): TrophyApiClient {
  return new TrophyApiClient({ apiKey, environment: { api: `${t.server.url}/v1`, admin: `${t.server.url}/admin/v1` } });
}

/** The error a call failed with (the test fails when it succeeded). */
async function failure(call: Promise<unknown>): Promise<TrophyApiError> {
  const outcome = await call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected the call to fail, it answered ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(TrophyApiError);
  return outcome.error as TrophyApiError;
}

beforeAll(async () => {
  t = await startTestServer({ listen: true });
  const { ctx, firstStart } = t.server;
  const accountId = firstStart!.account.id;
  // An achievement for the first lesson, made on the control plane as the dashboard would.
  await ctx.backend.control.changeConfig(accountId, (config) => ({
    ...config,
    achievements: [
      ...config.achievements,
      {
        id: randomUUID(),
        key: 'first-lesson',
        name: 'First lesson',
        trigger: 'metric',
        metric: 'lessons',
        threshold: 1,
        streakLength: null,
        status: 'active',
        created: new Date().toISOString(),
      },
    ],
  }));
  ctx.engines.invalidate(accountId);
  sdk = clientWith(t.appKey);
});
afterAll(() => t.close());

describe('the hosted service Node SDK against Kindling', () => {
  it('records an event with metrics.event and parses the answer: total, the started streak, the achievement', async () => {
    const res = await sdk.metrics.event('lessons', { user: { id: 'ada', tz: 'Europe/Berlin' }, value: 2 });
    expect(res.total).toBe(2);
    expect(res.currentStreak).toMatchObject({ length: 1, extended: true, frequency: 'daily' });
    expect(res.metricId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.achievements.map((a) => a.key)).toEqual(['first-lesson']);
    expect(res.achievements[0]?.achievedAt).toBeInstanceOf(Date);
    expect(res.points).toEqual({});
    expect(res.leaderboards).toEqual({});
  });

  it('sends an idempotencyKey as the header: the repeat is a replay that changes nothing', async () => {
    const key = randomUUID();
    const first = await sdk.metrics.event('lessons', { idempotencyKey: key, user: { id: 'bob' }, value: 3 });
    const again = await sdk.metrics.event('lessons', { idempotencyKey: key, user: { id: 'bob' }, value: 3 });
    expect(first).toMatchObject({ total: 3, idempotencyKey: key, idempotentReplayed: false });
    expect(again).toMatchObject({ total: 3, idempotencyKey: key, idempotentReplayed: true });
    expect(again.eventId).toBe(first.eventId);
  });

  it('reads a streak with users.streak and 14 periods of history', async () => {
    const streak = await sdk.users.streak('ada', { historyPeriods: 14 });
    expect(streak).toMatchObject({ length: 1, frequency: 'daily' });
    expect(streak.streakHistory).toHaveLength(14);
    expect(streak.streakHistory?.at(-1)).toMatchObject({ length: 1 });
    expect(streak.streakHistory?.at(0)).toMatchObject({ length: 0 });
  });

  it('reads the achievements of a user with users.achievements', async () => {
    const achievements = await sdk.users.achievements('ada');
    expect(achievements).toHaveLength(1);
    // ada and bob both recorded a lesson: two completions among two users.
    expect(achievements[0]).toMatchObject({
      key: 'first-lesson',
      name: 'First lesson',
      trigger: 'metric',
      completions: 2,
      rarity: 100,
    });
    expect(achievements[0]?.achievedAt).toBeInstanceOf(Date);
  });

  it("reads a user's metrics with users.allMetrics and users.singleMetric, each with the metric's achievements", async () => {
    const all = await sdk.users.allMetrics('ada');
    const lessons = all.find((metric) => metric.key === 'lessons');
    expect(lessons).toMatchObject({ key: 'lessons', current: 2 });
    expect(lessons?.achievements.map((a) => [a.key, a.achievedAt instanceof Date])).toEqual([['first-lesson', true]]);
    expect(await sdk.users.singleMetric('ada', 'lessons')).toMatchObject({ key: 'lessons', current: 2 });
    expect(await failure(sdk.users.singleMetric('ada', 'no-such-metric'))).toBeInstanceOf(TrophyApi.NotFoundError);
  });

  it('identifies users with users.create, users.identify and users.update, and reads them back with users.get', async () => {
    // the user attributes are declared first, as the hosted service requires (its SDK has no admin call for it)
    const declared = await t.call('POST', '/admin/v1/attributes', {
      key: t.adminKey,
      body: [
        { name: 'Plan', key: 'plan', type: 'user' },
        { name: 'Team', key: 'team', type: 'user' },
      ],
    });
    expect(declared.status).toBe(201);
    expect(await failure(sdk.users.create({ id: 'sdk-x', attributes: { colour: 'red' } }))).toBeInstanceOf(
      TrophyApi.BadRequestError,
    );
    const made = await sdk.users.create({
      id: 'sdk-cy',
      email: 'cy@example.com',
      name: 'Cy',
      tz: 'Asia/Tokyo',
      deviceTokens: ['phone'],
      attributes: { plan: 'pro' },
    });
    expect(made).toMatchObject({ id: 'sdk-cy', name: 'Cy', tz: 'Asia/Tokyo', subscribeToEmails: true, control: false });
    expect(made.created).toBeInstanceOf(Date);
    const updated = await sdk.users.update('sdk-cy', { attributes: { team: 'a' }, subscribeToEmails: false });
    // the SDK reads a null as undefined
    expect(updated).toMatchObject({ attributes: { plan: 'pro', team: 'a' }, subscribeToEmails: false });
    expect(updated.email ?? null).toBeNull();
    // identify is an upsert: the fields not given stay, the consent given above too
    const identified = await sdk.users.identify('sdk-cy', { name: 'Cyrus' });
    expect(identified).toMatchObject({
      name: 'Cyrus',
      attributes: { plan: 'pro', team: 'a' },
      tz: 'Asia/Tokyo',
      subscribeToEmails: false,
      deviceTokens: ['phone'],
    });
    expect(await sdk.users.get('sdk-cy')).toMatchObject({ name: 'Cyrus', tz: 'Asia/Tokyo' });
    expect(await failure(sdk.users.update('sdk-nobody', { name: 'N' }))).toBeInstanceOf(TrophyApi.NotFoundError);
    expect(await failure(sdk.users.create({ id: 'sdk-bad', tz: 'Mars/Olympus' }))).toBeInstanceOf(
      TrophyApi.BadRequestError,
    );
  });

  it('reads and changes notification preferences with users.getPreferences and users.updatePreferences', async () => {
    // the SDK (1.0.42) knows notifications only; streak preferences are served to plain HTTP (user-preferences.test.ts)
    await sdk.users.create({ id: 'sdk-prefs' });
    expect((await sdk.users.getPreferences('sdk-prefs')).notifications).toEqual({});
    const changed = await sdk.users.updatePreferences('sdk-prefs', {
      notifications: { streakReminder: [TrophyApi.NotificationChannel.Push], recap: [] },
    });
    expect(changed.notifications).toEqual({ streakReminder: ['push'], recap: [] });
    expect((await sdk.users.getPreferences('sdk-prefs')).notifications).toEqual({
      streakReminder: ['push'],
      recap: [],
    });
    expect(await failure(sdk.users.getPreferences('sdk-nobody'))).toBeInstanceOf(TrophyApi.NotFoundError);
  });

  it("reads a metric's summary by day with users.metricEventSummary", async () => {
    const day = 86_400_000;
    const [yesterday, today] = [Date.now() - day, Date.now()].map((t) => new Date(t).toISOString().slice(0, 10));
    const summary = await sdk.users.metricEventSummary('bob', 'lessons', {
      aggregation: TrophyApi.UsersMetricEventSummaryRequestAggregation.Daily,
      startDate: yesterday as string,
      endDate: today as string,
    });
    // bob's one lesson of 3 was recorded a moment ago (today, or yesterday just before midnight)
    expect(summary.map((period) => period.date)).toEqual([yesterday, today]);
    expect(summary.reduce((sum, period) => sum + period.change, 0)).toBe(3);
    expect(summary.at(-1)?.total).toBe(3);
  });

  it('surfaces the parts Kindling does not serve (a user’s leaderboard history, streak rankings) as errors with status 501 and our code', async () => {
    for (const call of [
      () => sdk.users.leaderboard('ada', 'any-board'),
      () => sdk.streaks.rankings({ limit: 5, type: TrophyApi.StreaksRankingsRequestType.Active }),
    ]) {
      const error = await failure(call());
      expect(error.statusCode).toBe(501);
      expect(error.body).toMatchObject({ code: 'NOT_SUPPORTED' });
    }
  });

  it('surfaces a missing or unknown key as UnauthorizedError', async () => {
    for (const key of ['', 'kl_app_not-a-key']) {
      const error = await failure(clientWith(key).metrics.event('lessons', { user: { id: 'ada' }, value: 1 }));
      expect(error).toBeInstanceOf(TrophyApi.UnauthorizedError);
      expect(error.statusCode).toBe(401);
    }
  });

  it('surfaces an unknown user as NotFoundError, and an unknown metric as a 404 (the SDK maps no 404 for metrics.event)', async () => {
    expect(await failure(sdk.users.achievements('nobody'))).toBeInstanceOf(TrophyApi.NotFoundError);
    const error = await failure(sdk.metrics.event('no-such-metric', { user: { id: 'ada' }, value: 1 }));
    expect(error.statusCode).toBe(404);
    expect(error.body).toMatchObject({ code: 'UNKNOWN_METRIC' });
  });

  it('surfaces a bad time zone and a bad value as BadRequestError with our code', async () => {
    const zone = await failure(
      sdk.metrics.event('lessons', { user: { id: 'ada', tz: 'Mars/Olympus_Mons' }, value: 1 }),
    );
    expect(zone).toBeInstanceOf(TrophyApi.BadRequestError);
    expect(zone.body).toMatchObject({ code: 'INVALID_TIME_ZONE' });
    const value = await failure(sdk.metrics.event('lessons', { user: { id: 'ada' }, value: Number.POSITIVE_INFINITY }));
    expect(value).toBeInstanceOf(TrophyApi.BadRequestError);
  });

  it('surfaces invalid input as UnprocessableEntityError where the endpoint documents 422, with our code', async () => {
    const streak = await failure(sdk.users.streak('ada', { historyPeriods: 367 }));
    expect(streak).toBeInstanceOf(TrophyApi.UnprocessableEntityError);
    expect(streak.body).toMatchObject({ code: 'INVALID_INPUT' });
    const many = Array.from({ length: 101 }, (_, i) => `u${i}`);
    expect(await failure(sdk.streaks.list({ userIds: many }))).toBeInstanceOf(TrophyApi.UnprocessableEntityError);
  });

  it('parses achievements.all and users.achievements with a composite, a badge URL and a locked achievement present', async () => {
    const admin = async (method: string, body: unknown) => {
      const response = await fetch(`${t.server.url}/admin/v1/achievements`, {
        method,
        headers: { 'X-API-KEY': t.adminKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.ok, await response.clone().text()).toBe(true);
      return (await response.json()) as { created?: Array<{ id: string; key: string }>; issues: unknown[] };
    };
    const made = await admin('POST', [
      { name: 'Hello', key: 'hello', trigger: 'api', badgeUrl: 'https://cdn.example.com/hello.png' },
      {
        name: 'Regular',
        key: 'regular',
        trigger: 'achievement',
        prerequisites: ['first-lesson', 'hello'],
        badgeUrl: 'https://cdn.example.com/regular.png',
      },
    ]);
    expect(made.issues).toEqual([]);
    const [hello] = made.created ?? [];
    // completing the last prerequisite completes the composite with it
    const done = await sdk.achievements.complete('hello', { user: { id: 'ada' } });
    expect(done.achievement).toMatchObject({ key: 'hello', badgeUrl: 'https://cdn.example.com/hello.png' });
    await admin('PATCH', [{ id: hello?.id, status: 'locked' }]);

    const all = await sdk.achievements.all();
    expect(all.map((a) => a.key)).toEqual(['first-lesson', 'regular']);
    const regular = all.find((a) => a.key === 'regular');
    // rarity: the share of the account's users (those the other tests made too) who hold it
    const { engine } = await t.server.ctx.engines.runtimeFor(t.server.firstStart!.account.id);
    const users = await engine.countUsers();
    expect(regular).toMatchObject({
      trigger: 'achievement',
      badgeUrl: 'https://cdn.example.com/regular.png',
      completions: 1,
      rarity: Math.round((1 / users) * 10_000) / 100,
    });
    // the SDK keeps keys it does not know: the composite's prerequisites, as ids
    expect((regular as unknown as { achievementIds: string[] }).achievementIds).toHaveLength(2);

    const held = await sdk.users.achievements('ada');
    expect(held.map((a) => [a.key, a.achievedAt instanceof Date])).toEqual([
      ['first-lesson', true],
      ['hello', true],
      ['regular', true],
    ]);
    expect(held.find((a) => a.key === 'hello')).toMatchObject({ badgeUrl: 'https://cdn.example.com/hello.png' });
    const bobs = await sdk.users.achievements('bob', { includeIncomplete: 'true' });
    expect(bobs.map((a) => [a.key, a.achievedAt ?? null])).toEqual([
      ['first-lesson', expect.any(Date)],
      ['regular', null],
    ]);
  });

  it('grants freezes and restores streaks with admin.streaks, and parses the answers that carry issues', async () => {
    const admin = clientWith(t.adminKey);
    await sdk.metrics.event('lessons', { user: { id: 'sdk-freezer' }, value: 1 });
    const granted = await admin.admin.streaks.freezes.create({
      freezes: [{ userId: 'sdk-freezer' }, { userId: 'sdk-nobody' }],
    });
    expect(granted.issues).toEqual([
      expect.objectContaining({ userId: 'sdk-nobody', level: 'error', reason: 'User does not exist' }),
    ]);
    const restored = await admin.admin.streaks.restore({ users: [{ id: 'sdk-freezer' }, { id: 'sdk-nobody' }] });
    expect(restored.restoredUsers).toEqual([]);
    expect(restored.issues).toEqual([
      expect.objectContaining({ userId: 'sdk-freezer', level: 'warning', reason: 'No streak to restore' }),
      expect.objectContaining({ userId: 'sdk-nobody', level: 'error', reason: 'User does not exist' }),
    ]);
  });
});

/**
 * A gateway on loopback that forwards every request to the server with `Tenant-ID: <tenant>`, as a
 * proxy in front of a multi-tenant deployment would: SDK 1.0.42 has no `tenantId` option and
 * sends no Tenant-ID itself, so this is how its unmodified calls reach a tenant.
 */
async function startTenantGateway(tenant: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(t.server.url);
  const gateway = createServer((req, res) => {
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host, 'tenant-id': tenant },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => gateway.close(() => resolve())),
  };
}

describe('the hosted service Node SDK with a points system', () => {
  let p: TestServer;
  let client: TrophyApiClient;
  const admin = (method: string, url: string, body?: unknown) =>
    p.call(method, url, { key: p.adminKey, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    p = await startTestServer({ listen: true });
    const lessons = (await admin('GET', '/admin/v1/metrics')).body.find((m: { key: string }) => m.key === 'lessons');
    const plays = (await admin('POST', '/admin/v1/metrics', [{ name: 'Plays' }])).body.created[0];
    const made = await admin('POST', '/admin/v1/points', [
      {
        name: 'XP',
        key: 'xp',
        levels: [{ name: 'Bronze', key: 'bronze', points: 10 }],
        triggers: [
          { type: 'metric', points: 10, metricId: lessons.id, metricThreshold: 1, status: 'active' },
          {
            type: 'metric',
            points: -50,
            metricId: plays.id,
            metricThreshold: 1,
            blockIfOutOfPoints: true,
            status: 'active',
          },
        ],
      },
    ]);
    expect(made.body.issues).toEqual([]);
    client = new TrophyApiClient({
      apiKey: p.appKey,
      environment: { api: `${p.server.url}/v1`, admin: `${p.server.url}/admin/v1` },
    });
  });
  afterAll(() => p.close());

  it('parses the points map of metrics.event: the total, what was added, the level reached and the award', async () => {
    const res = await client.metrics.event('lessons', { user: { id: 'ada' }, value: 1 });
    const xp = res.points.xp;
    expect(xp).toMatchObject({ key: 'xp', name: 'XP', total: 10, added: 10, level: { key: 'bronze', points: 10 } });
    expect(xp?.awards[0]).toMatchObject({ awarded: 10, total: 10, trigger: { type: 'metric', points: 10 } });
  });

  it('reads a user’s points with users.points and a system with points.system', async () => {
    const points = await client.users.points('ada', 'xp', { awards: 5 });
    expect(points).toMatchObject({ key: 'xp', total: 10 });
    expect(points.awards).toHaveLength(1);
    const system = await client.points.system('xp');
    expect(system.triggers.map((trigger) => [trigger.points, trigger.status])).toEqual([
      [10, 'active'],
      [-50, 'active'],
    ]);
    expect(system.triggers[0]?.created).toBeInstanceOf(Date);
  });

  it("reads a user's points by day with users.pointsEventSummary", async () => {
    const day = 86_400_000;
    const [yesterday, today] = [Date.now() - day, Date.now()].map((t) => new Date(t).toISOString().slice(0, 10));
    const before = (await client.users.points('ada', 'xp')).total;
    const summary = await client.users.pointsEventSummary('ada', 'xp', {
      aggregation: TrophyApi.UsersPointsEventSummaryRequestAggregation.Daily,
      startDate: yesterday as string,
      endDate: today as string,
    });
    // ada's awards were all paid a moment ago (today, or yesterday just before midnight)
    expect(summary.map((period) => period.date)).toEqual([yesterday, today]);
    expect(summary.reduce((sum, period) => sum + period.change, 0)).toBe(before);
    expect(summary.at(-1)?.total).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it('parses points.summary: eleven ranges, the users without points in 0–0, the filter of user attributes', async () => {
    await client.metrics.event('lessons', { user: { id: 'bo' }, value: 1 });
    await client.metrics.event('lessons', { user: { id: 'bo' }, value: 1 });
    await client.users.identify('cy', {});
    const summary = await client.points.summary('xp');
    expect(summary).toHaveLength(11);
    // ada 10 and bo 20 of a largest total of 20: ranges 10 wide up to 100
    expect(summary.slice(0, 3)).toEqual([
      { from: 0, to: 0, users: 1 },
      { from: 1, to: 10, users: 1 },
      { from: 11, to: 20, users: 1 },
    ]);
    const filtered = await client.points.summary('xp', { userAttributes: 'plan:pro' });
    expect(filtered.map((range) => range.users)).toEqual(new Array(11).fill(0));
  });

  it('surfaces an event refused for want of points as an error with status 422 and our code, and a missing system as 404', async () => {
    const refused = await failure(client.metrics.event('plays', { user: { id: 'ada' }, value: 1 }));
    expect([refused.statusCode, (refused.body as { code: string }).code]).toEqual([422, 'OUT_OF_POINTS']);
    expect((await client.users.points('ada', 'xp')).total).toBe(10);
    expect((await failure(client.users.points('ada', 'gems'))).statusCode).toBe(404);
  });
});

describe('the hosted service Node SDK against a tenant', () => {
  it('records events with attributes by metrics.event: an achievement filtered by event attributes completes from matching events only, and parses', async () => {
    const declared = await t.call('POST', '/admin/v1/attributes', {
      key: t.adminKey,
      body: [{ name: 'Device', key: 'device', type: 'event' }],
    });
    expect(declared.body.issues).toEqual([]);
    const made = await t.call('POST', '/admin/v1/achievements', {
      key: t.adminKey,
      body: [
        {
          name: 'Three on iOS',
          key: 'ios-three',
          trigger: 'metric',
          metric: 'lessons',
          threshold: 3,
          eventAttributes: [{ key: 'device', value: 'ios' }],
        },
      ],
    });
    expect(made.body.issues).toEqual([]);
    const web = await sdk.metrics.event('lessons', {
      user: { id: 'sdk-dev' },
      value: 5,
      attributes: { device: 'web' },
    });
    expect(web.achievements.map((a) => a.key)).not.toContain('ios-three');
    const ios = await sdk.metrics.event('lessons', {
      user: { id: 'sdk-dev' },
      value: 3,
      attributes: { device: 'ios' },
    });
    expect(ios.achievements.map((a) => a.key)).toContain('ios-three');
    const listed = (await sdk.achievements.all()).find((a) => a.key === 'ios-three');
    // 1.0.42 knows the deprecated single filter; the list passes through its parser as sent
    expect(listed?.eventAttribute).toEqual({ key: 'device', value: 'ios' });
    expect((listed as { eventAttributes?: unknown } | undefined)?.eventAttributes).toEqual([
      { key: 'device', value: 'ios' },
    ]);
    expect(
      await failure(sdk.metrics.event('lessons', { user: { id: 'sdk-dev' }, value: 1, attributes: { os: 'x' } })),
    ).toBeInstanceOf(TrophyApi.BadRequestError);
  });

  it('has no tenantId option, admin.tenants or admin.applicationApiKeys in 1.0.42: those routes are proven over HTTP', () => {
    expect(['tenants' in sdk.admin, 'applicationApiKeys' in sdk.admin, 'streaks' in sdk.admin]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("records to and reads from a tenant through a gateway that adds Tenant-ID, each answer parsed, the account's own user untouched", async () => {
    const made = await fetch(`${t.server.url}/admin/v1/tenants`, {
      method: 'POST',
      headers: { 'x-api-key': t.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify([{ customerId: 'sdk-tenant', name: 'SDK tenant' }]),
    });
    expect(made.status).toBe(201);
    const gateway = await startTenantGateway('sdk-tenant');
    try {
      const inTenant = new TrophyApiClient({
        apiKey: t.appKey,
        environment: { api: `${gateway.url}/v1`, admin: `${gateway.url}/admin/v1` },
      });
      const own = await sdk.users.get('ada');
      const event = await inTenant.metrics.event('lessons', { user: { id: 'ada' }, value: 7 });
      expect(event.total).toBe(7);
      expect(event.currentStreak).toMatchObject({ length: 1, extended: true });
      const user = await inTenant.users.get('ada');
      expect(user.id).toBe('ada');
      const streak = await inTenant.users.streak('ada', { historyPeriods: 3 });
      expect(streak.streakHistory).toHaveLength(3);
      const [metric] = await inTenant.users.allMetrics('ada');
      expect(metric?.current).toBe(7);
      const many = await inTenant.streaks.list({ userIds: ['ada'] });
      expect(many.map((s) => s.userId)).toEqual(['ada']);
      // the account's own ada is another user, unchanged
      expect(await sdk.users.get('ada')).toEqual(own);
      const [ownMetric] = await sdk.users.allMetrics('ada');
      expect(ownMetric?.current).not.toBe(7);
      // a gateway naming no tenant of the account: a 404 the SDK surfaces with our code
      const nowhere = await startTenantGateway('no-such-tenant');
      try {
        const lost = new TrophyApiClient({ apiKey: t.appKey, environment: { api: `${nowhere.url}/v1`, admin: '' } });
        const error = await failure(lost.users.get('ada'));
        expect([error.statusCode, error.body]).toMatchObject([404, { code: 'UNKNOWN_TENANT' }]);
      } finally {
        await nowhere.close();
      }
    } finally {
      await gateway.close();
    }
  });
  it('parses the leaderboards: an event’s map, leaderboards.all and leaderboards.get with the rankings', async () => {
    const admin = (method: string, path: string, body?: unknown) =>
      fetch(`${t.server.url}/admin/v1${path}`, {
        method,
        headers: { 'x-api-key': t.adminKey, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }).then((res) => res.json() as Promise<any>);
    const lessons = (await admin('GET', '/metrics')).find((m: { key: string }) => m.key === 'lessons');
    const made = await admin('POST', '/leaderboards', [
      {
        name: 'Top lessons',
        key: 'top-lessons',
        rankBy: 'metric',
        metricId: lessons.id,
        status: 'active',
        start: '2000-01-01',
      },
    ]);
    expect(made.issues).toEqual([]);
    const first = await sdk.metrics.event('lessons', { user: { id: 'lb-ann', name: 'Ann' }, value: 5 });
    const second = await sdk.metrics.event('lessons', { user: { id: 'lb-bob' }, value: 9 });
    expect(first.leaderboards['top-lessons']).toMatchObject({ key: 'top-lessons', rank: 1, threshold: 0 });
    // The SDK's parser reads a null previousRank (a first entry) as absent.
    expect(first.leaderboards['top-lessons']?.previousRank ?? null).toBeNull();
    expect(second.leaderboards['top-lessons']).toMatchObject({ rank: 1 });
    const all = await sdk.leaderboards.all();
    expect(all.map((b) => [b.key, b.status])).toEqual([['top-lessons', 'active']]);
    const board = await sdk.leaderboards.get('top-lessons', { limit: 5 });
    // The SDK's parser also reads the null userName of a user without a name as absent.
    expect(board.rankings.slice(0, 2).map((r) => [r.userId, r.userName ?? null, r.rank, r.value])).toEqual([
      ['lb-bob', null, 1, 9],
      ['lb-ann', 'Ann', 2, 5],
    ]);
    await admin('DELETE', `/leaderboards?ids=${made.created[0].id}`);
  });
});
