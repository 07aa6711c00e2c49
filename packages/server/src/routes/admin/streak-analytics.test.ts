import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const DAY = 86_400_000;
const lesson = (id: string) => t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id }, value: 1 } });

describe('GET /admin/v1/analytics/streaks', () => {
  it("answers the rule's stats and the daily activity of the last days", async () => {
    await lesson('ada');
    await lesson('bob');
    now += DAY;
    await lesson('ada');
    await lesson('ada');
    const res = await t.call('GET', '/admin/v1/analytics/streaks?top=1&days=3', { key: t.adminKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      streak: 'default',
      at: '2026-03-03T10:00:00.000Z',
      activeStreaks: 2,
      averageLength: 1.5,
      topCurrent: [{ userId: 'ada', length: 2 }],
      topLongest: [{ userId: 'ada', longest: 2 }],
      histogram: expect.arrayContaining([
        { from: 1, to: 1, users: 1 },
        { from: 2, to: 2, users: 1 },
        { from: 365, to: null, users: 0 },
      ]),
      lengths: [
        { length: 1, users: 1 },
        { length: 2, users: 1 },
      ],
      daily: [
        { date: '2026-03-01', events: 0, extended: 0, lost: 0, freezesUsed: 0 },
        { date: '2026-03-02', events: 2, extended: 2, lost: 0, freezesUsed: 0 },
        { date: '2026-03-03', events: 2, extended: 1, lost: 0, freezesUsed: 0 },
      ],
    });
  });

  it('defaults to the top 10 and 30 days and refuses values out of range', async () => {
    const res = await t.call('GET', '/admin/v1/analytics/streaks', { key: t.adminKey });
    expect(res.body.daily).toHaveLength(30);
    for (const query of ['top=0', 'top=101', 'days=0', 'days=367']) {
      expect((await t.call('GET', `/admin/v1/analytics/streaks?${query}`, { key: t.adminKey })).status).toBe(400);
    }
  });

  it('answers the same shape with zeros when no streak rule is configured', async () => {
    const second = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'second' } });
    const res = await t.call('GET', '/admin/v1/analytics/streaks?days=2', { key: second.body.adminKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      streak: null,
      at: '2026-03-02T10:00:00.000Z',
      activeStreaks: 0,
      averageLength: 0,
      topCurrent: [],
      topLongest: [],
      lengths: [],
    });
    expect(res.body.histogram.every((bar: { users: number }) => bar.users === 0)).toBe(true);
    expect(res.body.daily).toEqual([
      { date: '2026-03-01', events: 0, extended: 0, lost: 0, freezesUsed: 0 },
      { date: '2026-03-02', events: 0, extended: 0, lost: 0, freezesUsed: 0 },
    ]);
  });
});
