import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
  const declared = await t.call('POST', '/admin/v1/attributes', {
    key: t.adminKey,
    body: [
      { name: 'Plan', key: 'plan', type: 'user' },
      { name: 'Team', key: 'team', type: 'user' },
      { name: 'Device', key: 'device', type: 'event' },
    ],
  });
  expect(declared.status).toBe(201);
});
afterEach(() => t.close());

const ada = {
  id: 'ada',
  email: 'ada@example.com',
  name: 'Ada',
  tz: 'Europe/London',
  deviceTokens: ['phone'],
  attributes: { plan: 'pro' },
};

describe('POST /v1/users', () => {
  it('creates a user ahead of any event and answers the full user, which GET then reads', async () => {
    const made = await t.call('POST', '/v1/users', { body: ada });
    expect(made.status).toBe(201);
    const expected = {
      ...ada,
      subscribeToEmails: true,
      control: false,
      created: '2026-03-02T10:00:00.000Z',
      updated: '2026-03-02T10:00:00.000Z',
      totals: {},
    };
    expect(made.body).toEqual(expected);
    expect((await t.call('GET', '/v1/users/ada')).body).toEqual(expected);
  });

  it('updates a user already known with what is given, and answers 200', async () => {
    await t.call('POST', '/v1/users', { body: ada });
    now += 60_000;
    const again = await t.call('POST', '/v1/users', { body: { id: 'ada', attributes: { team: 'x' } } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      name: 'Ada',
      attributes: { plan: 'pro', team: 'x' },
      created: '2026-03-02T10:00:00.000Z',
      updated: '2026-03-02T10:01:00.000Z',
    });
  });

  it('refuses a bad field with a 400 that names it, and creates nobody', async () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ id: '' }, /id/],
      [{ id: 'x', tz: 'Mars/Olympus' }, /Mars\/Olympus/],
      [{ id: 'x', subscribeToEmails: 'no' }, /subscribeToEmails/],
      [{ id: 'x', attributes: { plan: 5 } }, /attributes/],
      [{ id: 'x', attributes: { constructor: 'x' } }, /"constructor"/],
      [{ id: 'x', attributes: { toString: 'x' } }, /"toString"/],
      // refused by the JSON parser before any route sees it, naming the member (the JSON is well formed)
      [{ id: 'x', attributes: JSON.parse('{"__proto__":"x"}') }, /"__proto__"/],
      [{ id: 'x', deviceTokens: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /deviceTokens/],
      [{ id: 'x', name: 'n'.repeat(20_000) }, /name/],
    ];
    for (const [body, field] of bad) {
      const res = await t.call('POST', '/v1/users', { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(field);
    }
    expect((await t.call('GET', '/v1/users/x')).status).toBe(404);
  });

  it('refuses attributes not declared as user attributes, naming each, and changes nothing', async () => {
    await t.call('POST', '/v1/users', { body: ada });
    const res = await t.call('PATCH', '/v1/users/ada', {
      body: { name: 'X', attributes: { plan: 'free', colour: 'red', device: 'ios' } },
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_ATTRIBUTES' } });
    expect(res.body.error).toMatch(/Invalid attribute keys: "colour", "device"/);
    expect((await t.call('GET', '/v1/users/ada')).body).toMatchObject({ name: 'Ada', attributes: { plan: 'pro' } });
    const event = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ada', attributes: { device: 'ios' } }, value: 1, attributes: { plan: 'x' } },
    });
    expect(event).toMatchObject({ status: 400, body: { code: 'INVALID_ATTRIBUTES' } });
    expect((await t.call('GET', '/v1/users/ada')).body.totals).toEqual({});
    const good = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ada', attributes: { team: 'b' } }, value: 1, attributes: { device: 'ios' } },
    });
    expect(good.status).toBe(201);
  });
});

describe('PUT /v1/users/:id', () => {
  it('creates a user it does not know, and changes only the fields given of a known user (an upsert)', async () => {
    const made = await t.call('PUT', '/v1/users/bo', { body: { name: 'Bo', tz: 'Asia/Tokyo' } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: 'bo', name: 'Bo', tz: 'Asia/Tokyo' });
    await t.call('PATCH', '/v1/users/bo', { body: { email: 'bo@example.com', attributes: { plan: 'pro' } } });
    const updated = await t.call('PUT', '/v1/users/bo', { body: { name: 'Bob' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Bob',
      email: 'bo@example.com',
      attributes: { plan: 'pro' },
      tz: 'Asia/Tokyo',
    });
  });

  it('keeps the consent of a user who turned emails off when the SDK sends the fields left undefined as null', async () => {
    await t.call('POST', '/v1/users', { body: { id: 'carol', subscribeToEmails: false, deviceTokens: ['t1'] } });
    const res = await t.call('PUT', '/v1/users/carol', {
      body: { name: 'Carol B', email: null, subscribeToEmails: null, deviceTokens: null, attributes: null, tz: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Carol B', subscribeToEmails: false, email: null, deviceTokens: ['t1'] });
  });
});

describe("PUT /api/users/:id, the path of the hosted service's documentation snippets", () => {
  it('identifies as PUT /v1/users/:id does, and keeps a key bound to a user to that user', async () => {
    const made = await t.call('PUT', '/api/users/dee', { body: { name: 'Dee', tz: 'Europe/Oslo' } });
    expect(made.status).toBe(200);
    expect((await t.call('GET', '/v1/users/dee')).body).toMatchObject({ id: 'dee', name: 'Dee', tz: 'Europe/Oslo' });
    const bound = await t.call('POST', '/admin/v1/application-api-keys', {
      key: t.adminKey,
      body: [{ userId: 'dee' }],
    });
    const key = bound.body.created[0].key as string;
    expect((await t.call('PUT', '/api/users/dee', { key, body: { name: 'Dee D' } })).status).toBe(200);
    const other = await t.call('PUT', '/api/users/eve', { key, body: { name: 'Eve' } });
    expect([other.status, other.body.code]).toEqual([403, 'KEY_BOUND_TO_USER']);
  });
});

describe('PATCH /v1/users/:id', () => {
  it('answers 404 UNKNOWN_USER for an id never seen, and creates nobody', async () => {
    const res = await t.call('PATCH', '/v1/users/ghost', { body: { name: 'G' } });
    expect(res).toMatchObject({ status: 404, body: { code: 'UNKNOWN_USER' } });
    expect((await t.call('GET', '/v1/users/ghost')).status).toBe(404);
  });

  it('does not keep the email of a user who turns emails off', async () => {
    await t.call('POST', '/v1/users', { body: ada });
    const res = await t.call('PATCH', '/v1/users/ada', { body: { subscribeToEmails: false } });
    expect(res.body).toMatchObject({ email: null, subscribeToEmails: false });
  });

  it('moves a user to another zone as an event carrying it would (S5): the streak is read in the new zone', async () => {
    await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'cy', tz: 'America/New_York' }, value: 1 },
    });
    // 10:00 UTC is 19:00 in Tokyo: the same instant is now read on Tokyo's date
    const moved = await t.call('PATCH', '/v1/users/cy', { body: { tz: 'Asia/Tokyo' } });
    expect(moved.body.tz).toBe('Asia/Tokyo');
    now = Date.parse('2026-03-02T16:00:00Z'); // Tokyo 03-03 01:00: the 2nd was met, the 3rd is open
    const streak = await t.call('GET', '/v1/users/cy/streak');
    // in New York it would still be the 2nd (period 03-02, met); in Tokyo the 3rd is open
    expect(streak.body).toMatchObject({ length: 1, periodStart: '2026-03-03', periodEnd: '2026-03-03' });
  });
});

describe('events carry the user’s profile', () => {
  it('merges the name, device tokens and attributes an event’s user gives', async () => {
    await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'di', name: 'Di', attributes: { plan: 'free' }, deviceTokens: ['a'] }, value: 1 },
    });
    expect((await t.call('GET', '/v1/users/di')).body).toMatchObject({
      name: 'Di',
      attributes: { plan: 'free' },
      deviceTokens: ['a'],
    });
  });
});

describe('accounts', () => {
  it("keep a user identified in one account out of another's reach: the same id there is another user", async () => {
    await t.call('POST', '/v1/users', { body: ada });
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    const key = other.body.applicationKey as string;
    expect(await t.call('GET', '/v1/users/ada', { key })).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_USER' },
    });
    expect(await t.call('PATCH', '/v1/users/ada', { key, body: { name: 'Mallory' } })).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_USER' },
    });
    const theirs = await t.call('PUT', '/v1/users/ada', { key, body: { name: 'Other Ada' } });
    expect(theirs.body).toMatchObject({ name: 'Other Ada', email: null, attributes: {} });
    expect((await t.call('GET', '/v1/users/ada')).body).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
  });
});
