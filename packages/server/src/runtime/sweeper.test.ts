import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';

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
});
