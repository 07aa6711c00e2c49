import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
const now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  t = await startTestServer({ clock: () => now });
  await call('POST', '/admin/v1/attributes', [{ name: 'Plan', key: 'plan', type: 'user' }]);
  const lessons = (await call('GET', '/admin/v1/metrics')).body.find((m: { key: string }) => m.key === 'lessons');
  const made = await call('POST', '/admin/v1/points', [
    {
      name: 'XP',
      key: 'xp',
      levels: [
        { name: 'Bronze', key: 'bronze', points: 0 },
        { name: 'Gold', key: 'gold', points: 30 },
      ],
      triggers: [{ type: 'metric', points: 12, metricId: lessons.id, metricThreshold: 1, status: 'active' }],
    },
    { name: 'Gems', key: 'gems' },
  ]);
  expect(made.body.issues).toEqual([]);
});
afterEach(() => t.close());

const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });
async function lessons(userId: string, count: number, plan?: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const user = plan === undefined ? { id: userId } : { id: userId, attributes: { plan } };
    expect((await t.call('POST', '/v1/metrics/lessons/event', { body: { user, value: 1 } })).status).toBe(201);
  }
}

describe('GET /v1/points/:key/summary', () => {
  it('answers eleven ranges up to the largest total rounded up to a power of ten, users without points in 0–0', async () => {
    await lessons('ada', 1, 'pro'); // 12
    await lessons('bo', 3, 'free'); // 36
    await lessons('cy', 9, 'pro'); // 108
    await t.call('POST', '/v1/users', { body: { id: 'di' } });
    const res = await t.call('GET', '/v1/points/xp/summary');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(11);
    expect(res.body.slice(0, 3)).toEqual([
      { from: 0, to: 0, users: 1 },
      { from: 1, to: 100, users: 2 },
      { from: 101, to: 200, users: 1 },
    ]);
    expect(res.body[10]).toEqual({ from: 901, to: 1000, users: 0 });
  });

  it('counts only the users holding every pair of userAttributes', async () => {
    await lessons('ada', 1, 'pro');
    await lessons('bo', 3, 'free');
    await lessons('cy', 9, 'pro');
    const pro = await t.call('GET', '/v1/points/xp/summary?userAttributes=plan:pro');
    expect(pro.body.filter((range: { users: number }) => range.users > 0)).toEqual([
      { from: 1, to: 100, users: 1 },
      { from: 101, to: 200, users: 1 },
    ]);
    const free = await t.call('GET', '/v1/points/xp/summary?userAttributes=plan:free');
    expect(free.body.filter((range: { users: number }) => range.users > 0)).toEqual([{ from: 31, to: 40, users: 1 }]);
    const none = await t.call('GET', '/v1/points/xp/summary?userAttributes=plan:team');
    expect(none.body.every((range: { users: number }) => range.users === 0)).toBe(true);
    expect(none.body).toHaveLength(11);
  });

  it('answers a bad filter with 422 naming userAttributes, and an unknown system with 404', async () => {
    const bad = await t.call('GET', '/v1/points/xp/summary?userAttributes=plan');
    expect([bad.status, bad.body.code]).toEqual([422, 'INVALID_INPUT']);
    expect(bad.body.error).toContain('userAttributes');
    const proto = await t.call('GET', '/v1/points/xp/summary?userAttributes=__proto__:x');
    expect([proto.status, proto.body.every((range: { users: number }) => range.users === 0)]).toEqual([200, true]);
    const long = await t.call('GET', `/v1/points/xp/summary?userAttributes=${'a'.repeat(5000)}:b`);
    expect([long.status, long.body.error]).toEqual([422, expect.stringContaining('userAttributes')]);
    const unknown = await t.call('GET', '/v1/points/nope/summary');
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_POINTS_SYSTEM', error: 'no points system has the key "nope"' },
    });
  });
});

describe('GET /v1/points/:key/level-summary', () => {
  it('answers each level by ascending threshold with the users holding it, a level nobody holds with 0', async () => {
    await lessons('ada', 1);
    await lessons('bo', 3);
    await t.call('POST', '/v1/users', { body: { id: 'di' } });
    const res = await t.call('GET', '/v1/points/xp/level-summary');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        level: { id: expect.any(String), key: 'bronze', name: 'Bronze', description: '', badgeUrl: null, points: 0 },
        users: 1,
      },
      {
        level: { id: expect.any(String), key: 'gold', name: 'Gold', description: '', badgeUrl: null, points: 30 },
        users: 1,
      },
    ]);
  });

  it('answers 422 for a system without levels and 404 for an unknown one', async () => {
    const none = await t.call('GET', '/v1/points/gems/level-summary');
    expect(none).toMatchObject({
      status: 422,
      body: { code: 'INVALID_INPUT', error: 'No levels configured on the points system' },
    });
    expect((await t.call('GET', '/v1/points/nope/level-summary')).status).toBe(404);
  });
});
