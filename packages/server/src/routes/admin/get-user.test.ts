import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';
import { RECENT_DAYS } from './get-user.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const DAY = 86_400_000;
const record = (metric: string, value: number) =>
  t.call('POST', `/v1/metrics/${metric}/event`, {
    body: { user: { id: 'ada', email: 'ada@example.com', tz: 'UTC' }, value },
  });

describe('GET /admin/v1/users/:id', () => {
  it('answers the user, the streak with a year of periods and the daily sums, newest first', async () => {
    await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: [{ name: 'Quiz' }] });
    await record('lessons', 1);
    await record('lessons', 2);
    now += DAY;
    await record('lessons', 1);
    await record('quiz', 7);
    const res = await t.call('GET', '/admin/v1/users/ada', { key: t.adminKey });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: 'ada',
      email: 'ada@example.com',
      name: null,
      tz: 'UTC',
      deviceTokens: null,
      subscribeToEmails: true,
      attributes: {},
      control: false,
      created: '2026-03-02T10:00:00.000Z',
      updated: '2026-03-02T10:00:00.000Z',
      totals: { lessons: 4, quiz: 7 },
      achievements: [],
    });
    expect(res.body.streak).toMatchObject({ length: 2, frequency: 'daily', periodStart: '2026-03-03', longest: 2 });
    expect(res.body.streak.streakHistory).toHaveLength(366);
    expect(res.body.streak.streakHistory.at(-2)).toMatchObject({ periodStart: '2026-03-02', length: 1 });
    expect(res.body.recent).toEqual([
      { date: '2026-03-03', metric: 'lessons', value: 1 },
      { date: '2026-03-03', metric: 'quiz', value: 7 },
      { date: '2026-03-02', metric: 'lessons', value: 3 },
    ]);
  });

  it(`keeps the last ${RECENT_DAYS} daily sums`, async () => {
    for (let day = 0; day < RECENT_DAYS + 5; day++) {
      await record('lessons', day);
      now += DAY;
    }
    const { recent } = (await t.call('GET', '/admin/v1/users/ada', { key: t.adminKey })).body;
    expect(recent).toHaveLength(RECENT_DAYS);
    expect(recent[0]).toEqual({ date: '2026-04-05', metric: 'lessons', value: RECENT_DAYS + 4 });
  });

  it('answers 404 UNKNOWN_USER for a user never seen', async () => {
    const res = await t.call('GET', '/admin/v1/users/ghost', { key: t.adminKey });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('UNKNOWN_USER');
  });

  it('answers a null streak when the account has no streak rule', async () => {
    const second = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'second' } });
    await t.call('POST', '/admin/v1/metrics', { key: second.body.adminKey, body: [{ name: 'Lessons' }] });
    await t.call('POST', '/v1/metrics/lessons/event', {
      key: second.body.applicationKey,
      body: { user: { id: 'ada' }, value: 2 },
    });
    const res = await t.call('GET', '/admin/v1/users/ada', { key: second.body.adminKey });
    expect(res.body.streak).toBeNull();
    expect(res.body.recent).toEqual([{ date: '2026-03-02', metric: 'lessons', value: 2 }]);
  });
});
