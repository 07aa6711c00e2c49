import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STARTER_RULE } from '../../accounts/starter-rule.js';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
const DAY = 86_400_000;
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
  // three days in a row, two lessons each
  for (let day = 0; day < 3; day++) {
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada', tz: 'UTC' }, value: 2 } });
    if (day < 2) now += DAY;
  }
});
afterEach(() => t.close());

const personalise = (personalization: unknown) =>
  t.call('PUT', '/admin/v1/streak', { key: t.adminKey, body: { ...STARTER_RULE, personalization } });

describe('GET /v1/users/:id/preferences', () => {
  it('answers no notification set yet and the streak as the owner’s rule has it', async () => {
    const res = await t.call('GET', '/v1/users/ada/preferences');
    expect(res).toMatchObject({
      status: 200,
      body: {
        notifications: {},
        streak: { enabled: true, evaluationMode: 'AND', metrics: [{ key: 'lessons', threshold: 1 }] },
      },
    });
    expect(await t.call('GET', '/v1/users/nobody/preferences')).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_USER' },
    });
  });
});

describe('PATCH /v1/users/:id/preferences', () => {
  it('keeps notification channels per type; an empty list opts out', async () => {
    await t.call('PATCH', '/v1/users/ada/preferences', {
      body: { notifications: { streak_reminder: ['email', 'push'] } },
    });
    const res = await t.call('PATCH', '/v1/users/ada/preferences', { body: { notifications: { recap: [] } } });
    expect(res.body.notifications).toEqual({ streak_reminder: ['email', 'push'], recap: [] });
  });

  it('turns the streak off: the streak reads 0 at once and events extend nothing; back on, the streak returns (S24)', async () => {
    expect((await t.call('GET', '/v1/users/ada/streak')).body.length).toBe(3);
    const off = await t.call('PATCH', '/v1/users/ada/preferences', { body: { streak: { enabled: false } } });
    expect(off.body.streak.enabled).toBe(false);
    expect((await t.call('GET', '/v1/users/ada/streak')).body.length).toBe(0);
    now += DAY;
    const event = await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 2 } });
    expect(event.body.currentStreak.length).toBe(0);
    await t.call('PATCH', '/v1/users/ada/preferences', { body: { streak: { enabled: true } } });
    expect((await t.call('GET', '/v1/users/ada/streak')).body.length).toBe(4);
  });

  it('refuses a mode or thresholds while the rule does not let users choose them, with 403 PERSONALIZATION_OFF', async () => {
    const res = await t.call('PATCH', '/v1/users/ada/preferences', {
      body: { streak: { evaluationMode: 'OR', metrics: [{ key: 'lessons', threshold: 3 }] } },
    });
    expect(res).toMatchObject({ status: 403, body: { code: 'PERSONALIZATION_OFF' } });
    expect((await t.call('GET', '/v1/users/ada/streak')).body.length).toBe(3);
  });

  it('takes a threshold within the owner’s bounds and rebuilds the user under it; one out of bounds names them', async () => {
    expect((await personalise({ mode: true, thresholds: { min: 1, max: 5 } })).status).toBe(200);
    const chosen = await t.call('PATCH', '/v1/users/ada/preferences', {
      body: { streak: { metrics: [{ key: 'lessons', threshold: 3 }] } },
    });
    expect(chosen.body.streak).toEqual({
      enabled: true,
      evaluationMode: 'AND',
      metrics: [{ key: 'lessons', threshold: 3 }],
    });
    // two lessons a day no longer meet the user's day
    expect((await t.call('GET', '/v1/users/ada/streak')).body.length).toBe(0);
    const out = await t.call('PATCH', '/v1/users/ada/preferences', {
      body: { streak: { metrics: [{ key: 'lessons', threshold: 6 }] } },
    });
    expect(out).toMatchObject({ status: 422, body: { code: 'INVALID_INPUT' } });
    expect(out.body.error).toMatch(/from 1 to 5/);
    // named as the request names them: streak.metrics[i].threshold and .key, not the engine's fields
    expect(out.body.error).toMatch(/^streak\.metrics\[0\]\.threshold /);
    const unknown = await t.call('PATCH', '/v1/users/ada/preferences', {
      body: { streak: { metrics: [{ key: 'minutes', threshold: 3 }] } },
    });
    expect(unknown.body.error).toMatch(/^streak\.metrics\[0\]\.key must be one of/);
  });

  it('refuses an unknown user, an unknown notification type, a bad channel and an unknown key, changing nothing', async () => {
    expect(
      await t.call('PATCH', '/v1/users/ghost/preferences', { body: { notifications: { recap: [] } } }),
    ).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_USER' },
    });
    for (const body of [
      { notifications: { weekly: ['email'] } },
      { notifications: { recap: ['sms'] } },
      { streak: { enabled: 'no' } },
      { streak: { evaluationMode: 'XOR' } },
      { colour: 'red' },
    ]) {
      const res = await t.call('PATCH', '/v1/users/ada/preferences', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.call('GET', '/v1/users/ada/preferences')).body.notifications).toEqual({});
  });

  it("keeps one account's users' preferences to that account", async () => {
    await t.call('PATCH', '/v1/users/ada/preferences', { body: { streak: { enabled: false } } });
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    const key = other.body.applicationKey as string;
    expect((await t.call('GET', '/v1/users/ada/preferences', { key })).status).toBe(404);
    expect(
      (await t.call('PATCH', '/v1/users/ada/preferences', { key, body: { streak: { enabled: true } } })).status,
    ).toBe(404);
    expect((await t.call('GET', '/v1/users/ada/preferences')).body.streak.enabled).toBe(false);
  });
});
