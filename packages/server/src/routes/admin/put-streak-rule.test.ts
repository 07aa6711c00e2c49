import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STARTER_RULE } from '../../accounts/starter-rule.js';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z'); // a Monday
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const DAY = 86_400_000;
const weekly = {
  frequency: 'weekly',
  weekStart: 'monday',
  dayStartsAt: '00:00',
  defaultTimeZone: 'UTC',
  mode: 'all',
  conditions: [{ metric: 'lessons', threshold: 1 }],
  freezes: null,
  restoreWindow: 1,
  remindBefore: null,
  personalization: null,
};

async function rebuildWhenSettled(): Promise<{ status: string; done: number; total: number }> {
  for (let poll = 0; poll < 500; poll++) {
    const res = await t.call('GET', '/admin/v1/streak/rebuild', { key: t.adminKey });
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the rebuild did not finish');
}

describe('PUT /admin/v1/streak', () => {
  it('changes a daily streak to weekly and rebuilds every user under it', async () => {
    const users = ['ada', 'bob', 'cy'];
    for (let day = 0; day < 15; day++) {
      for (const id of users) await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id }, value: 1 } });
      now += DAY;
    }
    now -= DAY; // Monday 2026-03-16, the third week
    const daily = await t.call('GET', '/v1/users/ada/streak?historyPeriods=3');
    expect(daily.body).toMatchObject({ frequency: 'daily', length: 15 });

    const put = await t.call('PUT', '/admin/v1/streak', { key: t.adminKey, body: weekly });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      rule: weekly,
      rebuild: {
        status: 'running',
        done: 0,
        total: 0,
        startedAt: '2026-03-16T10:00:00.000Z',
        finishedAt: null,
        error: null,
      },
    });

    const rebuild = await rebuildWhenSettled();
    expect(rebuild).toMatchObject({ status: 'done', done: users.length, total: users.length, error: null });
    const read = await t.call('GET', '/v1/users/ada/streak?historyPeriods=3');
    expect(read.body).toMatchObject({
      frequency: 'weekly',
      length: 3,
      periodStart: '2026-03-16',
      periodEnd: '2026-03-22',
    });
    expect(
      read.body.streakHistory.map((p: { periodStart: string; periodEnd: string; length: number }) => [
        p.periodStart,
        p.periodEnd,
        p.length,
      ]),
    ).toEqual([
      ['2026-03-02', '2026-03-08', 1],
      ['2026-03-09', '2026-03-15', 2],
      ['2026-03-16', '2026-03-22', 3],
    ]);
    expect((await t.call('GET', '/admin/v1/streak', { key: t.adminKey })).body).toEqual({
      rule: weekly,
      rebuild: { ...rebuild },
    });
  });

  it("rebuilds every tenant's users too, each tenant's progress read with its Tenant-ID", async () => {
    await t.call('POST', '/admin/v1/tenants', { key: t.adminKey, body: [{ customerId: 'acme', name: 'Acme' }] });
    const inAcme = { 'tenant-id': 'acme' };
    for (const id of ['ada', 'bob', 'cy', 'dee'])
      await t.call('POST', '/v1/metrics/lessons/event', { headers: inAcme, body: { user: { id }, value: 1 } });
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
    await t.call('PUT', '/admin/v1/streak', { key: t.adminKey, body: weekly });
    await t.server.ctx.rebuilds.settle();
    const own = await t.call('GET', '/admin/v1/streak/rebuild', { key: t.adminKey });
    const acme = await t.call('GET', '/admin/v1/streak/rebuild', { key: t.adminKey, headers: inAcme });
    expect([own.body.status, own.body.total, acme.body.status, acme.body.total]).toEqual(['done', 1, 'done', 4]);
    const read = await t.call('GET', '/v1/users/dee/streak', { headers: inAcme });
    expect(read.body).toMatchObject({ frequency: 'weekly', length: 1 });
  });

  it('fills the defaults of the fields left out', async () => {
    const res = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { frequency: 'monthly', conditions: [{ metric: 'lessons', threshold: 2 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.rule).toEqual({
      ...weekly,
      frequency: 'monthly',
      conditions: [{ metric: 'lessons', threshold: 2 }],
    });
  });

  it('saves what users may choose of the rule (S24), and refuses bounds the engine does not take', async () => {
    const personalization = { mode: true, thresholds: { min: 1, max: 10 } };
    const saved = await t.call('PUT', '/admin/v1/streak', { key: t.adminKey, body: { ...weekly, personalization } });
    expect(saved.body.rule.personalization).toEqual(personalization);
    const refused = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, personalization: { mode: false, thresholds: { min: 5, max: 2 } } },
    });
    expect(refused.body).toEqual({ code: 'INVALID_CONFIG', error: expect.stringContaining('personalization') });
  });

  it('takes a personalization of the mode alone or the thresholds alone, as docs/http-api.md shows them, the other part off', async () => {
    const modeOnly = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, personalization: { mode: true } },
    });
    expect(modeOnly.status).toBe(200);
    expect(modeOnly.body.rule.personalization).toEqual({ mode: true, thresholds: null });
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
    const chosen = await t.call('PATCH', '/v1/users/ada/preferences', { body: { streak: { evaluationMode: 'OR' } } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.streak.evaluationMode).toBe('OR');

    const thresholdsOnly = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, personalization: { thresholds: { min: 1, max: 10 } } },
    });
    expect(thresholdsOnly.status).toBe(200);
    expect(thresholdsOnly.body.rule.personalization).toEqual({ mode: false, thresholds: { min: 1, max: 10 } });
  });

  it('saves reminders, and refuses a remindBefore the engine does not take, saying why', async () => {
    const saved = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, remindBefore: '1d12h' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.rule.remindBefore).toBe('1d12h');
    for (const remindBefore of ['4 hours', '8d', '0h']) {
      const refused = await t.call('PUT', '/admin/v1/streak', { key: t.adminKey, body: { ...weekly, remindBefore } });
      expect(refused.status, remindBefore).toBe(400);
      expect(refused.body).toEqual({ code: 'INVALID_CONFIG', error: expect.stringContaining('remindBefore') });
    }
  });

  it('refuses a condition on a metric that does not exist or is archived, naming it', async () => {
    const missing = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, conditions: [{ metric: 'pages', threshold: 1 }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 'INVALID_CONFIG', error: expect.stringContaining('"pages"') });
    const made = await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: [{ name: 'Quiz' }] });
    await t.call('DELETE', `/admin/v1/metrics?ids=${made.body.created[0].id}`, { key: t.adminKey });
    const archived = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, conditions: [{ metric: 'quiz', threshold: 1 }] },
    });
    expect(archived.status).toBe(400);
    expect(archived.body.error).toContain('"quiz"');
  });

  it("keeps the default zone under its canonical name, as users' zones are (S1)", async () => {
    const put = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, defaultTimeZone: 'asia/tokyo' },
    });
    expect(put.status).toBe(200);
    expect(put.body.rule.defaultTimeZone).toBe('Asia/Tokyo');
    expect((await t.call('GET', '/admin/v1/streak', { key: t.adminKey })).body.rule.defaultTimeZone).toBe('Asia/Tokyo');
  });

  it('refuses what the engine refuses with its reason, and changes nothing', async () => {
    const before = (await t.call('GET', '/admin/v1/streak', { key: t.adminKey })).body;
    const zone = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, defaultTimeZone: 'Mars/Olympus' },
    });
    expect(zone.status).toBe(400);
    expect(zone.body.code).toBe('INVALID_CONFIG');
    const freezes = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, freezes: { initial: 5, max: 2, earn: null } },
    });
    expect(freezes.status).toBe(400);
    expect(freezes.body.error).toContain('freezes.initial');
    const threshold = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { ...weekly, conditions: [{ metric: 'lessons', threshold: 0 }] },
    });
    expect(threshold.status).toBe(400);
    expect((await t.call('GET', '/admin/v1/streak', { key: t.adminKey })).body).toEqual(before);
  });

  it('refuses a body of the wrong shape', async () => {
    const res = await t.call('PUT', '/admin/v1/streak', { key: t.adminKey, body: { ...weekly, frequency: 'hourly' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
  });
});

describe('GET /admin/v1/streak and /admin/v1/streak/rebuild', () => {
  it('answer the first start rule and an idle rebuild', async () => {
    const rule = await t.call('GET', '/admin/v1/streak', { key: t.adminKey });
    expect(rule.body).toEqual({
      rule: STARTER_RULE,
      rebuild: { status: 'idle', done: 0, total: 0, startedAt: null, finishedAt: null, error: null },
    });
    const rebuild = await t.call('GET', '/admin/v1/streak/rebuild', { key: t.adminKey });
    expect(rebuild.body).toEqual(rule.body.rebuild);
  });
});
