import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const batch = (body: unknown, key = t.adminKey) => t.call('POST', '/admin/v1/metrics/events', { key, body });
const total = async (id: string) => (await t.call('GET', `/v1/users/${id}`)).body.totals?.lessons;

describe('POST /admin/v1/metrics/events', () => {
  it("records up to 1,000 events, each user's in the order given, and answers 202 with how many", async () => {
    // 1,000 events of 50 users: a body of about 70 KB, over the 64 KB of other routes
    const events = Array.from({ length: 1000 }, (_, i) => ({
      key: 'lessons',
      user: { id: `user-${i % 50}`, tz: 'Europe/Berlin' },
      value: 1 + (i % 3),
      idempotencyKey: `import-${i}`,
    }));
    expect(JSON.stringify(events).length).toBeGreaterThan(64 * 1024);
    const res = await batch(events);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 1000, issues: [] });
    const expected = events.filter((e) => e.user.id === 'user-7').reduce((sum, e) => sum + e.value, 0);
    expect(await total('user-7')).toBe(expected);
    // the same batch again: each event a repeat of its key, nothing counted twice
    expect((await batch(events)).body).toEqual({ accepted: 1000, issues: [] });
    expect(await total('user-7')).toBe(expected);
    // the events went through the engine: the streak started
    expect((await t.call('GET', '/v1/users/user-7/streak')).body).toMatchObject({ length: 1 });
  });

  it('records nothing when one event names an unknown or archived metric or a zone that is not one, and says which', async () => {
    const ok = { key: 'lessons', user: { id: 'ada' }, value: 1 };
    const unknown = await batch([ok, ok, { ...ok, key: 'pages' }]);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'UNKNOWN_METRIC' } });
    expect(unknown.body.error).toContain('events[2]');
    const zone = await batch([ok, { ...ok, user: { id: 'bob', tz: 'Mars/Olympus' } }]);
    expect(zone).toMatchObject({ status: 400, body: { code: 'INVALID_TIME_ZONE' } });
    expect(zone.body.error).toContain('events[1]');
    const made = await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: [{ name: 'Old' }] });
    await t.call('DELETE', `/admin/v1/metrics?ids=${made.body.created[0].id}`, { key: t.adminKey });
    expect(await batch([ok, { ...ok, key: 'old' }])).toMatchObject({ status: 409, body: { code: 'METRIC_ARCHIVED' } });
    expect(await t.call('GET', '/v1/users/ada')).toMatchObject({ status: 404 });
  });

  it('answers a batch sent again after its metric was archived: repeated keys are replayed, a new event still refuses it all (S18)', async () => {
    const made = await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: [{ name: 'Pages' }] });
    const events = [
      { key: 'pages', user: { id: 'ada' }, value: 2, idempotencyKey: 'import-1' },
      { key: 'lessons', user: { id: 'ada' }, value: 1, idempotencyKey: 'import-2' },
      { key: 'pages', user: { id: 'bob' }, value: 5, idempotencyKey: 'import-3' },
    ];
    expect(await batch(events)).toMatchObject({ status: 202, body: { accepted: 3, issues: [] } });
    await t.call('DELETE', `/admin/v1/metrics?ids=${made.body.created[0].id}`, { key: t.adminKey });
    expect(await batch(events)).toMatchObject({ status: 202, body: { accepted: 3, issues: [] } });
    const fresh = await batch([...events, { key: 'pages', user: { id: 'cy' }, value: 1, idempotencyKey: 'import-4' }]);
    expect(fresh).toMatchObject({ status: 409, body: { code: 'METRIC_ARCHIVED' } });
    expect(fresh.body.error).toContain('events[3]');
    const totals = async (id: string) => (await t.call('GET', `/v1/users/${id}`)).body.totals;
    expect(await totals('ada')).toEqual({ lessons: 1, pages: 2 });
    expect(await totals('bob')).toEqual({ pages: 5 });
    expect((await t.call('GET', '/v1/users/cy')).status).toBe(404);
  });

  it('replays a keyed event that repeats one earlier in the same batch, though the configuration refuses it alone (S18)', async () => {
    await t.call('POST', '/admin/v1/attributes', {
      key: t.adminKey,
      body: [{ name: 'Source', key: 'source', type: 'event' }],
    });
    const first = { key: 'lessons', user: { id: 'ada' }, value: 2, idempotencyKey: 'import-1' };
    // the same key sent again in the batch, with an attribute the account does not declare
    const repeat = { ...first, attributes: { channel: 'app' } };
    const res = await batch([first, { key: 'lessons', user: { id: 'bob' }, value: 1 }, repeat]);
    expect(res).toMatchObject({ status: 202, body: { accepted: 3, issues: [] } });
    expect(await total('ada')).toBe(2);
    expect(await total('bob')).toBe(1);
    // alone, the undeclared attribute refuses a new key, and the whole batch with it
    const fresh = await batch([{ ...repeat, idempotencyKey: 'import-2' }]);
    expect(fresh).toMatchObject({ status: 400, body: { code: 'INVALID_ATTRIBUTES' } });
    expect(await total('ada')).toBe(2);
  });

  it('gives a repeat in the batch its own refusal as an issue when the event it repeats was not recorded', async () => {
    // 9,007 events of 1e12 (the largest value) take cy's total just under 2^53 − 1: one more is refused
    for (let sent = 0; sent < 9007; sent += 1000) {
      const size = Math.min(1000, 9007 - sent);
      const events = Array.from({ length: size }, () => ({ key: 'lessons', user: { id: 'cy' }, value: 1e12 }));
      expect((await batch(events)).body).toEqual({ accepted: size, issues: [] });
    }
    const first = { key: 'lessons', user: { id: 'cy' }, value: 1e12, idempotencyKey: 'over' };
    const res = await batch([first, { ...first, value: 1, attributes: { channel: 'app' } }]);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      accepted: 0,
      issues: [
        { index: 0, userId: 'cy', severity: 'error', message: expect.stringContaining('"lessons"') },
        { index: 1, userId: 'cy', severity: 'error', message: expect.stringMatching(/^events\[1\]\.attributes: /) },
      ],
    });
    expect(await total('cy')).toBe(9.007e15);
  });

  it('answers a key first sent in a batch, repeated as a single event, with 202 and the streak as it reads now (S18)', async () => {
    const event = { key: 'lessons', user: { id: 'ada' }, value: 1, idempotencyKey: 'import-9' };
    expect(await batch([event])).toMatchObject({ status: 202, body: { accepted: 1 } });
    now += 3 * 86_400_000; // the streak of one day is lost by then
    const again = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ada' }, value: 1 },
      headers: { 'idempotency-key': 'import-9' },
    });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({
      total: 1,
      idempotentReplayed: true,
      currentStreak: { length: 0, extended: false },
    });
    expect(await total('ada')).toBe(1);
  });

  it('refuses an empty batch, one over 1,000 events, a malformed event, and an application key', async () => {
    const ok = { key: 'lessons', user: { id: 'ada' }, value: 1 };
    expect((await batch([])).status).toBe(400);
    expect((await batch(Array.from({ length: 1001 }, () => ok))).status).toBe(400);
    expect((await batch([ok, { key: 'lessons', value: 1 }])).status).toBe(400);
    expect((await batch([{ ...ok, value: 1e13 }])).status).toBe(400);
    expect((await batch([{ ...ok, idempotencyKey: '' }])).status).toBe(400);
    expect(await batch([ok], t.appKey)).toMatchObject({ status: 403, body: { code: 'ADMIN_KEY_REQUIRED' } });
    expect(await t.call('GET', '/v1/users/ada')).toMatchObject({ status: 404 });
  });

  it("records into the calling key's account only", async () => {
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    await t.call('POST', '/admin/v1/metrics', { key: other.body.adminKey, body: [{ name: 'Lessons' }] });
    const res = await batch([{ key: 'lessons', user: { id: 'ada' }, value: 4 }], other.body.adminKey);
    expect(res).toMatchObject({ status: 202, body: { accepted: 1 } });
    expect(await t.call('GET', '/v1/users/ada')).toMatchObject({ status: 404 });
    expect((await t.call('GET', '/v1/users/ada', { key: other.body.applicationKey })).body.totals).toEqual({
      lessons: 4,
    });
  });
});

describe('POST /admin/v1/metrics/events with the instant each event happened (at)', () => {
  const DAY = 86_400_000;
  const lesson = (at: unknown) => ({ key: 'lessons', user: { id: 'ada', tz: 'UTC' }, value: 1, at });

  it('backfills past events on their own dates, in any order: the streak is the one they make (S4)', async () => {
    const res = await batch([
      lesson('2026-02-28T12:00:00Z'),
      lesson(Date.parse('2026-02-27T12:00:00Z')),
      lesson('2026-03-01T12:00:00+01:00'),
      lesson('2025-03-02T12:00:00Z'),
    ]);
    expect(res.body).toEqual({ accepted: 4, issues: [] });
    const streak = await t.call('GET', '/v1/users/ada/streak', { key: t.adminKey });
    expect([streak.body.length, streak.body.started]).toEqual([3, '2026-02-27']);
    expect((await t.call('GET', '/v1/users/ada')).body.totals).toEqual({ lessons: 4 });
    const summary = await t.call(
      'GET',
      '/v1/users/ada/metrics/lessons/event-summary?aggregation=daily&startDate=2025-03-01&endDate=2025-03-03',
    );
    expect(summary.body.map((d: { date: string; change: number }) => [d.date, d.change])).toEqual([
      ['2025-03-01', 0],
      ['2025-03-02', 1],
      ['2025-03-03', 0],
    ]);
  });

  it('refuses the whole batch, naming the event and the bound, for an at before 2000 or more than 5 minutes ahead', async () => {
    const early = await batch([lesson(now - DAY), lesson('1999-12-31T23:59:59Z')]);
    expect([early.status, early.body.code]).toEqual([422, 'EVENT_TOO_LATE']);
    expect(early.body.error).toMatch(/^events\[1\]: .*2000-01-01/);
    const ahead = await batch([lesson(now + 10 * 60_000)]);
    expect([ahead.status, ahead.body.code]).toEqual([422, 'EVENT_IN_FUTURE']);
    expect(ahead.body.error).toMatch(/^events\[0\]: .*5 minutes/);
    expect((await t.call('GET', '/v1/users/ada')).status).toBe(404);
  });
});
