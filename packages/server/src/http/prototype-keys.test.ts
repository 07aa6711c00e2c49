/**
 * Keys that name members of Object.prototype (`__proto__`, `constructor`, `toString`,
 * `hasOwnProperty`) as metric keys: refused with a clear 400, and nothing one account sends with them
 * reaches another account's answers or the process's prototypes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterEach(() => t.close());

const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

describe('keys that name members of Object.prototype', () => {
  it('are refused as metric keys with a 400 that says why, and leave other accounts and the process untouched', async () => {
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'other' } });
    expect(other.status).toBe(201);
    const before = await t.call('GET', '/admin/v1/analytics/streaks?days=3', { key: other.body.adminKey });

    for (const key of HOSTILE) {
      const made = await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: [{ name: `m ${key}`, key }] });
      expect(made.status === 400 || made.body.created?.length === 0, `${key}: ${JSON.stringify(made.body)}`).toBe(true);
      if (made.status !== 400) expect(JSON.stringify(made.body.issues)).toMatch(/reserved|not allowed|cannot/i);
      for (let i = 0; i < 5; i++)
        await t.call('POST', `/api/metrics/${key}/event`, { body: { user: { id: `u-${key}` }, value: 7 } });
      await t.call('POST', `/api/metrics/lessons/event`, { body: { user: { id: key, tz: 'UTC' }, value: 1 } });
      // every read of the account's dashboard, where counts by metric key are put together
      for (const url of [
        '/admin/v1/metrics',
        '/admin/v1/analytics/streaks?days=3',
        '/admin/v1/achievements',
        `/admin/v1/users/${key}`,
      ])
        await t.call('GET', url, { key: t.adminKey });
    }
    const after = await t.call('GET', '/admin/v1/analytics/streaks?days=3', { key: other.body.adminKey });
    expect(after.body.daily).toEqual(before.body.daily);
    const probe: Record<string, unknown> = {};
    expect([probe.events, probe.total, probe.extended, Object.keys(Object.prototype)]).toEqual([
      undefined,
      undefined,
      undefined,
      [],
    ]);
  });
});

describe('a JSON body with a "__proto__" member', () => {
  it('is refused as input that names the member, not as malformed JSON, and records nothing', async () => {
    for (const [method, url, body] of [
      ['POST', '/v1/metrics/lessons/event', '{"user":{"id":"u-p","attributes":{"__proto__":"x"}},"value":1}'],
      ['POST', '/v1/metrics/lessons/event', '{"__proto__":{"polluted":true},"user":{"id":"u-p"},"value":1}'],
      ['PATCH', '/v1/users/u-p/preferences', '{"notifications":{"__proto__":["email"]}}'],
    ] as const) {
      const answer = await t.call(method, url, { body });
      // the preferences route documents invalid input as 422 (input-status.test.ts)
      expect(answer.status, `${url} ${body}`).toBe(url.endsWith('/preferences') ? 422 : 400);
      expect(answer.body.code).toBe('INVALID_INPUT');
      expect(answer.body.error).toMatch(/"__proto__"/);
    }
    expect((await t.call('GET', '/admin/v1/users/u-p', { key: t.adminKey })).status).toBe(404);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('still tells malformed JSON apart, with where it broke', async () => {
    const answer = await t.call('POST', '/v1/metrics/lessons/event', { body: '{"user":{"id":"u-p"},"value":1' });
    expect(answer).toMatchObject({ status: 400, body: { code: 'INVALID_JSON' } });
    const empty = await t.call('POST', '/v1/metrics/lessons/event', { body: '' });
    expect(empty).toMatchObject({ status: 400, body: { code: 'INVALID_JSON' } });
  });
});
