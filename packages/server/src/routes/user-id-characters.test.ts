/**
 * User ids and names with control or direction characters, on every route a user id enters by:
 * refused on a write naming the field, still read and erased by (a user stored before the rule).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterEach(() => t.close());

const IDS = ['a\u0000b', 'a\nb', 'adm\u202Ein', 'x\u2066y', 'lrm\u200e', 'c1\u0085'];
const path = (id: string) => encodeURIComponent(id);

describe('a user id holding control or direction characters', () => {
  it.each(IDS)('is refused as %j by every write, naming the field', async (id) => {
    const answers = [
      [await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id, tz: 'UTC' }, value: 1 } }), /user\/id/],
      [await t.call('POST', '/v1/users', { body: { id } }), /id/],
      [await t.call('PUT', `/v1/users/${path(id)}`, { body: {} }), /id/],
      [await t.call('PATCH', `/v1/users/${path(id)}`, { body: {} }), /id/],
      [
        await t.call('POST', '/admin/v1/metrics/events', {
          key: t.adminKey,
          body: [{ key: 'lessons', user: { id, tz: 'UTC' }, value: 1 }],
        }),
        /user\/id/,
      ],
      [
        await t.call('POST', '/admin/v1/streaks/freezes', { key: t.adminKey, body: { freezes: [{ userId: id }] } }),
        /userId/,
      ],
      [
        await t.call('POST', '/admin/v1/streaks/pauses', {
          key: t.adminKey,
          body: { pauses: [{ userId: id, start: '2026-03-03', end: '2026-03-04' }] },
        }),
        /userId/,
      ],
      [await t.call('POST', '/admin/v1/application-api-keys', { key: t.adminKey, body: [{ userId: id }] }), /userId/],
    ] as const;
    for (const [answer, field] of answers) {
      expect([400, 422]).toContain(answer.status);
      expect(answer.body.code).toBe('INVALID_INPUT');
      expect(answer.body.error).toMatch(field);
    }
    expect((await t.call('GET', `/v1/users/${path(id)}`)).status).toBe(404);
  });

  it.each(IDS)('is still read and erased by as %j: the reads answer as for an unknown user, never 400', async (id) => {
    expect((await t.call('GET', `/v1/users/${path(id)}`)).status).toBe(404);
    expect((await t.call('GET', `/v1/users/${path(id)}/streak`)).status).not.toBe(400);
    expect((await t.call('DELETE', `/admin/v1/users/${path(id)}`, { key: t.adminKey })).status).not.toBe(400);
  });

  it.each(['Ann\u202Eevil', 'two\nlines', 'nul\u0000'])('refuses the user name %j, naming it', async (name) => {
    const event = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ann', tz: 'UTC', name }, value: 1 },
    });
    expect([event.status, event.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect(event.body.error).toMatch(/name/);
    const identify = await t.call('POST', '/v1/users', { body: { id: 'ann', name } });
    expect([identify.status, identify.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect(identify.body.error).toMatch(/name/);
  });
});
