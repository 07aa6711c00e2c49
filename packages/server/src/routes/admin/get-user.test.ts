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

  it('answers the user’s points in each live system: total, level and the latest awards, newest first', async () => {
    const lessons = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body.find(
      (m: { key: string }) => m.key === 'lessons',
    );
    const made = await t.call('POST', '/admin/v1/points', {
      key: t.adminKey,
      body: [
        {
          name: 'XP',
          key: 'xp',
          levels: [{ name: 'Bronze', key: 'bronze', points: 20 }],
          triggers: [{ type: 'metric', points: 10, metricId: lessons.id, metricThreshold: 1, status: 'active' }],
        },
      ],
    });
    expect(made.body.issues).toEqual([]);
    const trigger = made.body.created[0].triggers[0].id;
    for (let i = 0; i < 7; i++) {
      await record('lessons', 1);
      now += 60_000;
    }
    const res = await t.call('GET', '/admin/v1/users/ada', { key: t.adminKey });
    expect(res.body.points).toHaveLength(1);
    const [xp] = res.body.points;
    expect({ id: xp.id, key: xp.key, name: xp.name, total: xp.total, level: xp.level }).toEqual({
      id: made.body.created[0].id,
      key: 'xp',
      name: 'XP',
      total: 70,
      level: { key: 'bronze', name: 'Bronze', points: 20 },
    });
    expect(xp.awards.map((a: { id: string; total: number }) => [a.id, a.total])).toEqual([
      ['7', 70],
      ['6', 60],
      ['5', 50],
      ['4', 40],
      ['3', 30],
    ]);
    expect(xp.awards[0]).toEqual({
      id: '7',
      awarded: 10,
      date: '2026-03-02T10:06:00.000Z',
      total: 70,
      trigger,
      triggerType: 'metric',
    });
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
