import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleValue, scrape } from '../../test/scrape.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { FULL_LOOK_MS } from './sweeper.js';

const DAY = 86_400_000;
let t: TestServer | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function serverWithUsers(env: Record<string, string>, clock: () => number) {
  t = await startTestServer({ env, clock });
  for (const id of ['ada', 'bob', 'cyd'])
    expect(
      (await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id, tz: 'UTC' }, value: 1 } })).status,
    ).toBe(201);
  return t;
}

/** The per-day losses and freezes used of the dashboard's analytics, days with any. */
async function dailyLosses(server: TestServer) {
  const res = await server.call('GET', '/admin/v1/analytics/streaks?days=30', { key: server.adminKey });
  return (res.body.daily as Array<{ date: string; lost: number; freezesUsed: number }>)
    .filter((d) => d.lost + d.freezesUsed > 0)
    .map(({ date, lost, freezesUsed }) => ({ date, lost, freezesUsed }));
}

describe('the sweeper', () => {
  it('pays the time triggers of users who stay away at their boundaries, so their total is there when read', async () => {
    let now = Date.parse('2026-03-02T10:30:00Z');
    const server = await serverWithUsers({ KINDLING_SWEEP_MS: '0' }, () => now);
    const made = await server.call('POST', '/admin/v1/points', {
      key: server.adminKey,
      body: [
        {
          name: 'Energy',
          key: 'energy',
          maxPoints: 100,
          triggers: [{ type: 'time', points: 5, timeUnit: 'hours', timeInterval: 1, status: 'active' }],
        },
      ],
    });
    expect(made.body.issues).toEqual([]);
    // the users have a points state once an event has met the system
    for (const id of ['ada', 'bob', 'cyd'])
      await server.call('POST', '/v1/metrics/lessons/event', { body: { user: { id }, value: 1 } });
    now += 2 * 3_600_000;
    expect(await server.server.ctx.sweeper.sweepOnce()).toMatchObject({ users: 3, failures: 0 });
    // settled once: the streaks stand within their day, only the points moved (hourly from the activation, 10:30)
    expect((await server.server.ctx.sweeper.sweepOnce()).users).toBe(0);
    const read = await server.call('GET', '/v1/users/ada/points/energy');
    expect(read.body.awards.map((award: { date: string }) => award.date)).toEqual([
      '2026-03-02T12:30:00.000Z',
      '2026-03-02T11:30:00.000Z',
    ]);
  });

  it('pays the users seen before a time trigger existed, once the rebuild its creation starts has written their lines (S33)', async () => {
    let now = Date.parse('2026-03-02T10:30:00Z');
    const server = await serverWithUsers({ KINDLING_SWEEP_MS: '0' }, () => now);
    const admin = (method: string, url: string, body?: unknown) =>
      server.call(method, url, { key: server.adminKey, ...(body !== undefined ? { body } : {}) });
    const made = await admin('POST', '/admin/v1/points', [{ name: 'Energy', key: 'energy', maxPoints: 100 }]);
    const triggers = `/admin/v1/points/${made.body.created[0].id}/triggers`;
    const refill = await admin('POST', triggers, [
      { type: 'time', points: 5, timeUnit: 'hours', timeInterval: 1, status: 'active' },
    ]);
    expect(refill.body.issues).toEqual([]);
    let rebuild: { status: string; done: number } = { status: '', done: 0 };
    for (let poll = 0; poll < 500 && rebuild.status !== 'done'; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      rebuild = (await admin('GET', '/admin/v1/streak/rebuild')).body;
    }
    expect(rebuild).toMatchObject({ status: 'done', done: 3 });
    // none of the three came back: the sweep finds them by the lines the rebuild wrote
    now += 2 * 3_600_000;
    expect(await server.server.ctx.sweeper.sweepOnce()).toMatchObject({ users: 3, failures: 0 });
    for (const id of ['ada', 'bob', 'cyd']) {
      const read = await server.call('GET', `/v1/users/${id}/points/energy`);
      expect(read.body.total).toBe(10);
    }
    // a points change that moves no boundary starts no rebuild
    const other = await admin('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp' }]);
    expect(other.body.issues).toEqual([]);
    expect((await admin('GET', '/admin/v1/streak/rebuild')).body).toMatchObject({ status: 'done', done: 3 });
  });

  it('settles streaks that ran out while their users stay away, so the dashboard counts the losses on the day they happened, once', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const server = await serverWithUsers({ KINDLING_SWEEP_MS: '0' }, () => now);
    // the first start's rule gives each user one freeze
    now += 3 * DAY;
    expect(await dailyLosses(server)).toEqual([]);
    const report = await server.server.ctx.sweeper.sweepOnce();
    expect(report).toMatchObject({ accounts: 1, users: 3, failures: 0 });
    // the 3rd was missed: a freeze used as the 4th began; the 4th too: lost as the 5th began
    const expected = [
      { date: '2026-03-04', lost: 0, freezesUsed: 3 },
      { date: '2026-03-05', lost: 3, freezesUsed: 0 },
    ];
    expect(await dailyLosses(server)).toEqual(expected);
    expect((await server.server.ctx.sweeper.sweepOnce()).users).toBe(0);
    expect(await dailyLosses(server)).toEqual(expected);
    // the users' next events start again without reporting the loss a second time
    const next = await server.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
    expect(next.body.currentStreak.length).toBe(1);
    expect(await dailyLosses(server)).toEqual(expected);
  });

  it("settles the users of every tenant of the account too, each counted in its tenant's analytics", async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const server = await serverWithUsers({ KINDLING_SWEEP_MS: '0' }, () => now);
    await server.call('POST', '/admin/v1/tenants', {
      key: server.adminKey,
      body: [{ customerId: 'acme', name: 'Acme' }],
    });
    const inAcme = { 'tenant-id': 'acme' };
    for (const id of ['ada', 'eve'])
      await server.call('POST', '/v1/metrics/lessons/event', { headers: inAcme, body: { user: { id }, value: 1 } });
    now += 3 * DAY;
    const report = await server.server.ctx.sweeper.sweepOnce();
    expect(report).toMatchObject({ accounts: 1, users: 5, failures: 0 });
    const res = await server.call('GET', '/admin/v1/analytics/streaks?days=30', {
      key: server.adminKey,
      headers: inAcme,
    });
    const days = (res.body.daily as Array<{ date: string; lost: number; freezesUsed: number }>).filter(
      (d) => d.lost + d.freezesUsed > 0,
    );
    expect(days.map(({ date, lost, freezesUsed }) => ({ date, lost, freezesUsed }))).toEqual([
      { date: '2026-03-04', lost: 0, freezesUsed: 2 },
      { date: '2026-03-05', lost: 2, freezesUsed: 0 },
    ]);
    expect((await dailyLosses(server)).map((d) => d.lost + d.freezesUsed)).toEqual([3, 3]);
  });

  it('runs by itself every KINDLING_SWEEP_MS', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const server = await serverWithUsers({ KINDLING_SWEEP_MS: '50' }, () => now);
    now += 5 * DAY;
    await vi.waitFor(async () => expect((await dailyLosses(server)).reduce((s, d) => s + d.lost, 0)).toBe(3), {
      timeout: 5000,
      interval: 50,
    });
  });

  it('starts a sweep at the first due instant it knows, not an interval later', async () => {
    // a clock that stands while the users record, then runs from just before their midnight
    let base = Date.parse('2026-03-02T10:00:00Z');
    let since: number | null = null;
    const clock = () => (since === null ? base : base + (performance.now() - since));
    const server = await serverWithUsers({ KINDLING_SWEEP_MS: '600000' }, clock);
    // the 3rd was missed: each user's freeze is used as the 4th begins, 400 ms from now
    base = Date.parse('2026-03-04T00:00:00Z') - 400;
    since = performance.now();
    // the sweep the schedule would run: nothing due yet, so the sweeper learns when next
    expect((await server.server.ctx.sweeper.sweepOnce()).users).toBe(0);
    expect(await dailyLosses(server)).toEqual([]);
    await vi.waitFor(
      async () => expect(await dailyLosses(server)).toEqual([{ date: '2026-03-04', lost: 0, freezesUsed: 3 }]),
      { timeout: 5000, interval: 50 },
    );
    // settled at about the due instant: well within the 10 minute interval
    expect(clock() - Date.parse('2026-03-04T00:00:00Z')).toBeLessThan(5000);
  });

  /** `count` users of the account's own namespace with one lesson on 2026-03-02 (UTC), written through its engine. */
  async function manyUsers(server: TestServer, count: number) {
    const [account] = await server.server.ctx.backend.control.accounts();
    const { engine } = await server.server.ctx.engines.runtimeFor(account!.id);
    let next = 0;
    const at = Date.parse('2026-03-02T10:00:00Z');
    const worker = async () => {
      for (let i = next++; i < count; i = next++)
        await engine.record({ userId: `u${String(i).padStart(6, '0')}`, metric: 'lessons', value: 1, at, tz: 'UTC' });
    };
    await Promise.all(Array.from({ length: 32 }, worker));
  }

  it('settles every due user of a namespace in one sweep, however many crossed the midnight', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    t = await startTestServer({ clock: () => now });
    await manyUsers(t, 12_500);
    // the 3rd was missed: as the 4th begins every streak needs its one freeze
    now = Date.parse('2026-03-04T00:00:05Z');
    const report = await t.server.ctx.sweeper.sweepOnce();
    expect(report).toMatchObject({ users: 12_500, failures: 0 });
    expect(await dailyLosses(t)).toEqual([{ date: '2026-03-04', lost: 0, freezesUsed: 12_500 }]);
  }, 60_000);

  it('serves requests while a long sweep goes on, and stops it promptly', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    t = await startTestServer({ clock: () => now });
    await manyUsers(t, 12_500);
    now = Date.parse('2026-03-04T00:00:05Z');
    const sweeper = t.server.ctx.sweeper;
    let swept = false;
    const sweep = sweeper.sweepOnce().finally(() => {
      swept = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const asked = performance.now();
    const answer = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ada', tz: 'UTC' }, value: 1 },
    });
    const waited = performance.now() - asked;
    expect(answer.status).toBe(201);
    expect(swept).toBe(false);
    expect(waited).toBeLessThan(250);
    const stopping = performance.now();
    await sweeper.stop();
    expect(performance.now() - stopping).toBeLessThan(500);
    const report = await sweep;
    expect(report.users).toBeGreaterThan(0);
    expect(report.users).toBeLessThan(12_500);
  }, 60_000);

  it('reads nothing of a namespace with nothing due until its first expiry, a write of its own, or the slow full look', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const server = await serverWithUsers({ KINDLING_METRICS: '1', KINDLING_SWEEP_MS: '0' }, () => now);
    await server.call('POST', '/admin/v1/tenants', {
      key: server.adminKey,
      body: ['acme', 'bolt', 'cove', 'dune'].map((customerId) => ({ customerId, name: customerId })),
    });
    for (const tenant of ['acme', 'bolt', 'cove', 'dune'])
      await server.call('POST', '/v1/metrics/lessons/event', {
        headers: { 'tenant-id': tenant },
        body: { user: { id: 'ada', tz: 'UTC' }, value: 1 },
      });
    const indexReads = async () => {
      const samples = await scrape(server);
      return ['expiring', 'earning'].reduce(
        (sum, operation) =>
          sum + sampleValue(samples, 'kindling_store_duration_seconds_count', { store: 'streaks', operation }),
        0,
      );
    };
    const sweeper = server.server.ctx.sweeper;
    await sweeper.sweepOnce();
    const first = await indexReads();
    // nothing is due before the 4th begins: the five namespaces are not looked at again
    now += 60_000;
    await sweeper.sweepOnce();
    await sweeper.sweepOnce();
    expect(await indexReads()).toBe(first);
    // a write of this process to one namespace has it looked at in the next sweep, only it
    await server.call('POST', '/v1/metrics/lessons/event', {
      headers: { 'tenant-id': 'bolt' },
      body: { user: { id: 'eve', tz: 'UTC' }, value: 1 },
    });
    await sweeper.sweepOnce();
    const second = await indexReads();
    expect(second).toBeGreaterThan(first);
    expect(second - first).toBeLessThan((first / 5) * 2);
    // the slow full look visits all five again, then leaves them be
    now += FULL_LOOK_MS;
    await sweeper.sweepOnce();
    const third = await indexReads();
    expect(third - second).toBe(first);
    await sweeper.sweepOnce();
    expect(await indexReads()).toBe(third);
    // the 4th begins: every namespace is due, every user settled
    now = Date.parse('2026-03-04T00:00:01Z');
    expect((await sweeper.sweepOnce()).users).toBe(4 + 3 + 1);
  });
});
