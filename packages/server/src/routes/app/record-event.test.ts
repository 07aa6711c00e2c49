import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

describe('POST /api/metrics/:key/event', () => {
  it('records an event and answers the total and the started streak with 201', async () => {
    const res = await t.call('POST', '/api/metrics/lessons/event', {
      body: { user: { id: 'ada', tz: 'Europe/Berlin' }, value: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 1, points: {}, leaderboards: {}, achievements: [] });
    expect(res.body.metricId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.currentStreak).toMatchObject({
      length: 1,
      frequency: 'daily',
      started: '2026-03-02',
      periodStart: '2026-03-02',
      periodEnd: '2026-03-02',
      extended: true,
    });
  });

  it('extends the streak on the next local day and not twice on the same day', async () => {
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
    const same = await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 2 } });
    expect(same.body.currentStreak).toMatchObject({ length: 1, extended: false });
    expect(same.body.total).toBe(3);
    now += 86_400_000;
    const next = await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
    expect(next.body.currentStreak).toMatchObject({ length: 2, extended: true });
  });

  it('answers a repeated Idempotency-Key with 202 and the first body, changing nothing', async () => {
    const headers = { 'idempotency-key': 'k-1' };
    const first = await t.call('POST', '/api/metrics/lessons/event', {
      body: { user: { id: 'ada' }, value: 5 },
      headers,
    });
    const again = await t.call('POST', '/api/metrics/lessons/event', {
      body: { user: { id: 'ada' }, value: 5 },
      headers,
    });
    expect(first.status).toBe(201);
    expect(first.body.idempotentReplayed).toBe(false);
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ ...first.body, idempotentReplayed: true });
    const user = await t.call('GET', '/v1/users/ada');
    expect(user.body.totals).toEqual({ lessons: 5 });
  });

  it('answers a repeated Idempotency-Key with the first body although its metric was archived and its attribute removed since (S18)', async () => {
    const admin = (method: string, url: string, body?: unknown) =>
      t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });
    const made = await admin('POST', '/admin/v1/attributes', [{ name: 'Device', key: 'device', type: 'event' }]);
    const metric = await admin('POST', '/admin/v1/metrics', [{ name: 'Pages' }]);
    const send = () =>
      t.call('POST', '/v1/metrics/pages/event', {
        body: { user: { id: 'ada' }, value: 3, attributes: { device: 'phone' } },
        headers: { 'idempotency-key': 'retry-me' },
      });
    const first = await send();
    expect(first.status).toBe(201);
    expect((await admin('DELETE', `/admin/v1/attributes?ids=${made.body.created[0].id}`)).status).toBe(200);
    expect((await admin('DELETE', `/admin/v1/metrics?ids=${metric.body.created[0].id}`)).status).toBe(200);
    const again = await send();
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ ...first.body, idempotentReplayed: true });
    // a new event is refused as before
    const fresh = await t.call('POST', '/v1/metrics/pages/event', {
      body: { user: { id: 'ada' }, value: 3 },
      headers: { 'idempotency-key': 'new-key' },
    });
    expect([fresh.status, fresh.body.code]).toEqual([409, 'METRIC_ARCHIVED']);
    expect((await t.call('GET', '/v1/users/ada')).body.totals).toMatchObject({ pages: 3 });
  });

  it('keeps the zone sent as asia/tokyo under its IANA name Asia/Tokyo', async () => {
    await t.call('POST', '/api/metrics/lessons/event', { body: { user: { id: 'ken', tz: 'asia/tokyo' }, value: 1 } });
    expect((await t.call('GET', '/v1/users/ken')).body.tz).toBe('Asia/Tokyo');
  });

  it('refuses events of 1e308 with 400 INVALID_INPUT and keeps the total they would have overflowed', async () => {
    const first = await t.call('POST', '/api/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 5 } });
    expect(first.body.total).toBe(5);
    for (const value of [1e308, 1e308, -1e308]) {
      const res = await t.call('POST', '/api/metrics/lessons/event', { body: { user: { id: 'ada' }, value } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringContaining('value'), code: 'INVALID_INPUT' });
    }
    const next = await t.call('POST', '/api/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
    expect(next.status).toBe(201);
    expect(next.body.total).toBe(6);
    expect((await t.call('GET', '/v1/users/ada')).body.totals).toEqual({ lessons: 6 });
  });

  it('refuses with 422 SUM_OUT_OF_RANGE the event that would take the total past 2^53 − 1, and keeps the total', async () => {
    const limits = await startTestServer({
      clock: () => now,
      env: { KINDLING_RATE_LIMIT: '1000000', KINDLING_RATE_BURST: '1000000' },
    });
    try {
      // 9,007 events of 1e12 (the largest value) make 9.007e15, just under 2^53 − 1.
      const send = () =>
        limits.call('POST', '/api/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1e12 } });
      for (let sent = 0; sent < 9007; sent += 1000)
        await Promise.all(Array.from({ length: Math.min(1000, 9007 - sent) }, send));
      const refused = await limits.call('POST', '/api/metrics/lessons/event', {
        body: { user: { id: 'ada' }, value: 1e12 },
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ error: expect.stringContaining('"lessons"'), code: 'SUM_OUT_OF_RANGE' });
      expect((await limits.call('GET', '/v1/users/ada')).body.totals).toEqual({ lessons: 9.007e15 });
    } finally {
      await limits.close();
    }
  });

  it('refuses an unknown metric with 404 and a code', async () => {
    const res = await t.call('POST', '/api/metrics/nope/event', { body: { user: { id: 'ada' }, value: 1 } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.stringContaining('"nope"'), code: 'UNKNOWN_METRIC' });
  });
});

describe('POST /v1/metrics/:key/event with members it does not know', () => {
  it.each([
    ['a misspelt value beside the value', { user: { id: 'ada' }, value: 1, valu: 3 }, 'valu'],
    ['a member of no meaning', { user: { id: 'ada' }, value: 1, bogus: true }, 'bogus'],
    ['a member of the user it does not know', { user: { id: 'ada', nickname: 'A' }, value: 1 }, 'nickname'],
  ])('refuses %s with 400 naming the member, and records nothing', async (_, body, member) => {
    const res = await t.call('POST', '/v1/metrics/lessons/event', { body });
    expect([res.status, res.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect(res.body.error).toContain(JSON.stringify(member));
    expect((await t.call('GET', '/v1/users/ada')).status).toBe(404);
  });
});

describe('POST /v1/metrics/:key/event with the instant it happened (at)', () => {
  const DAY = 86_400_000;
  const admin = (method: string, url: string, body?: unknown) =>
    t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });
  const lesson = (at?: unknown) =>
    t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ada', tz: 'UTC' }, value: 1, ...(at !== undefined ? { at } : {}) },
    });

  it('refuses, by default, an at more than 5 minutes before the server clock with 422 naming the bound, and records nothing', async () => {
    const res = await lesson(new Date(now - DAY).toISOString());
    expect([res.status, res.body.code]).toEqual([422, 'EVENT_TOO_LATE']);
    expect(res.body.error).toMatch(/maxLateHours/);
    expect((await t.call('GET', '/v1/users/ada')).status).toBe(404);
    // within the clock skew it is taken
    expect((await lesson(now - 60_000)).status).toBe(201);
  });

  it('refuses an at more than 5 minutes after the server clock with 422 naming the skew', async () => {
    const res = await lesson(now + 6 * 60_000);
    expect([res.status, res.body.code]).toEqual([422, 'EVENT_IN_FUTURE']);
    expect(res.body.error).toMatch(/5 minutes/);
  });

  it('refuses an at that is no instant with 400 naming it', async () => {
    for (const at of [
      '2026-02-30T10:00:00Z',
      'yesterday',
      1e308,
      -1e20,
      1.5,
      '2026-03-01',
      'x'.repeat(10_000),
      [now],
    ]) {
      const res = await lesson(at);
      expect([res.status, res.body.code], String(at)).toEqual([400, 'INVALID_INPUT']);
      expect(res.body.error).toMatch(/at/);
    }
  });

  it('takes an event as late as the owner allows, on its own date: the missed day met gives the streak back (S4)', async () => {
    const set = await admin('PUT', '/admin/v1/events/lateness', { maxLateHours: 48 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ maxLateHours: 48 });
    expect((await admin('GET', '/admin/v1/events/lateness')).body).toEqual({ maxLateHours: 48 });
    await lesson();
    now += DAY;
    await lesson();
    now += 2 * DAY;
    // the starter rule's one freeze held the day missed
    expect((await lesson()).body.currentStreak).toMatchObject({ length: 3, freezes: 0 });
    // that day, recorded offline and synced now: the freeze comes back
    const late = await lesson(new Date(now - DAY).toISOString());
    expect(late.status).toBe(201);
    expect(late.body.currentStreak).toMatchObject({ length: 4, freezes: 1, periodStart: '2026-03-05', extended: true });
    const tooLate = await lesson(now - 49 * 3_600_000);
    expect([tooLate.status, tooLate.body.code]).toEqual([422, 'EVENT_TOO_LATE']);
    expect(tooLate.body.error).toMatch(/48 hours/);
  });

  it('puts the changes a late event caused in the webhooks’ outbox, each dated as it happened', async () => {
    await admin('PUT', '/admin/v1/events/lateness', { maxLateHours: 48 });
    const hook = await admin('POST', '/admin/v1/webhooks', {
      url: 'https://hooks.example.com/streaks',
      types: ['streak.extended', 'streak.started'],
    });
    expect(hook.status).toBe(201);
    await lesson();
    now += 2 * DAY;
    await lesson();
    const store = t.server.ctx.backend.storeFor(t.server.firstStart?.account.id as string);
    const seen = (await store.readOutbox(1000)).length;
    const happened = now - DAY - 3_600_000;
    expect((await lesson(happened)).status).toBe(201);
    const news = (await store.readOutbox(1000)).slice(seen).map(({ entry }) => [entry.change.type, entry.at]);
    // the day between, extended when it happened, and today's extension, at today's event
    expect(news).toEqual([
      ['streak.extended', happened],
      ['streak.extended', now],
    ]);
  });

  it('answers a repeat of a late event’s Idempotency-Key as first recorded, though the owner turned late events off since (S18)', async () => {
    await admin('PUT', '/admin/v1/events/lateness', { maxLateHours: 24 });
    const send = () =>
      t.call('POST', '/v1/metrics/lessons/event', {
        body: { user: { id: 'ada' }, value: 1, at: now - 3_600_000 },
        headers: { 'idempotency-key': 'offline-1' },
      });
    const first = await send();
    await admin('PUT', '/admin/v1/events/lateness', { maxLateHours: 0 });
    const again = await send();
    expect([first.status, again.status]).toEqual([201, 202]);
    expect((await t.call('GET', '/v1/users/ada')).body.totals).toEqual({ lessons: 1 });
  });

  it('keeps the owner’s bound within 0 to 720 hours, and only the owner sets it', async () => {
    for (const maxLateHours of [-1, 721, 1.5, '24', 1e308]) {
      const res = await admin('PUT', '/admin/v1/events/lateness', { maxLateHours });
      expect(res.status, String(maxLateHours)).toBe(400);
    }
    const app = await t.call('PUT', '/admin/v1/events/lateness', { body: { maxLateHours: 720 } });
    expect(app.status).toBe(403);
    expect((await admin('GET', '/admin/v1/events/lateness')).body).toEqual({ maxLateHours: 0 });
  });
});
