import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
let boardId = '';
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
  const lessons = (await call('GET', '/admin/v1/metrics')).body.find((m: { key: string }) => m.key === 'lessons');
  const made = await call('POST', '/admin/v1/leaderboards', [
    {
      name: 'Top lessons',
      key: 'top',
      rankBy: 'metric',
      metricId: lessons.id,
      status: 'active',
      maxParticipants: 2,
      start: '2026-03-01',
    },
  ]);
  expect(made.body.issues).toEqual([]);
  boardId = made.body.created[0].id;
});
afterEach(() => t.close());

const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });
const event = (user: string, value: number) =>
  t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: user, name: user.toUpperCase() }, value } });

describe('an event on an account with a leaderboard', () => {
  it('answers the board it moved in the hosted service shape, with the rank before and after', async () => {
    const first = await event('ada', 3);
    expect(first.status).toBe(201);
    expect(first.body.leaderboards).toEqual({
      top: {
        id: boardId,
        key: 'top',
        name: 'Top lessons',
        description: null,
        rankBy: 'metric',
        metricKey: 'lessons',
        metricName: 'Lessons',
        breakdownAttribute: null,
        breakdownAttributes: [],
        breakdownAttributeValue: null,
        breakdownAttributeValues: [],
        start: '2026-03-01',
        end: null,
        startTime: null,
        endTime: null,
        maxParticipants: 2,
        runUnit: null,
        runInterval: null,
        rank: 1,
        previousRank: null,
        threshold: 0,
        value: 3,
        previousValue: null,
      },
    });
    now += 1000;
    await event('bo', 3);
    now += 1000;
    const cy = await event('cy', 1);
    expect(cy.body.leaderboards.top).toMatchObject({ rank: null, threshold: 4 });
    const bo = await event('bo', 1);
    expect(bo.body.leaderboards.top).toMatchObject({ previousRank: 2, rank: 1, previousValue: 3, value: 4 });
  });
});

describe('GET /v1/leaderboards', () => {
  it('lists the boards users may see, not an inactive one', async () => {
    await call('POST', '/admin/v1/leaderboards', [{ name: 'Hidden', key: 'hidden', rankBy: 'streak' }]);
    const res = await t.call('GET', '/v1/leaderboards');
    expect(res.status).toBe(200);
    expect(res.body.map((b: { key: string; status: string }) => [b.key, b.status])).toEqual([['top', 'active']]);
    expect((await t.call('GET', '/v1/leaderboards/hidden')).status).toBe(404);
  });
});

describe('GET /v1/leaderboards/:key', () => {
  it('ranks the run under way within the cut, with names, and pages around a user', async () => {
    await event('ada', 5);
    now += 1000;
    await event('bo', 7);
    await event('cy', 1);
    const res = await t.call('GET', '/v1/leaderboards/top');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key: 'top',
      status: 'active',
      runStart: '2026-03-01',
      runEnd: null,
      participants: 3,
    });
    expect(res.body.rankings).toEqual([
      { userId: 'bo', userName: 'BO', rank: 1, value: 7 },
      { userId: 'ada', userName: 'ADA', rank: 2, value: 5 },
    ]);
    const around = await t.call('GET', '/v1/leaderboards/top?userId=ada&offset=-1&limit=5');
    expect(around.body.rankings.map((r: { userId: string }) => r.userId)).toEqual(['bo', 'ada']);
    const stranger = await t.call('GET', '/v1/leaderboards/top?userId=nobody');
    expect(stranger.body.rankings).toEqual([]);
  });

  it('refuses a run date outside the board, a group on a board without breakdowns, and a negative offset alone', async () => {
    expect((await t.call('GET', '/v1/leaderboards/top?run=2026-02-01')).status).toBe(404);
    const group = await t.call('GET', '/v1/leaderboards/top?userAttributes=plan:pro');
    expect(group.status).toBe(422);
    expect(group.body.error).toMatch(/no breakdown attributes/);
    expect((await t.call('GET', '/v1/leaderboards/top?offset=-1')).status).toBe(422);
    expect((await t.call('GET', '/v1/leaderboards/nothing')).status).toBe(404);
  });
});
