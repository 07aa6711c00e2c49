import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterEach(() => t.close());

const admin = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });

async function xp(levels: unknown[]) {
  const lessons = (await admin('GET', '/admin/v1/metrics')).body.find((m: { key: string }) => m.key === 'lessons');
  const made = await admin('POST', '/admin/v1/points', [
    {
      name: 'XP',
      key: 'xp',
      levels,
      triggers: [{ type: 'metric', points: 10, metricId: lessons.id, metricThreshold: 1, status: 'active' }],
    },
  ]);
  expect(made.body.issues).toEqual([]);
  return made.body.created[0].id as string;
}

describe('GET /admin/v1/analytics/points/:systemId', () => {
  it('answers the spread of totals and the users of each level, counted from the index', async () => {
    const id = await xp([
      { name: 'Bronze', key: 'bronze', points: 10 },
      { name: 'Silver', key: 'silver', points: 30 },
    ]);
    for (const [user, lessons] of [
      ['ada', 1],
      ['bob', 3],
      ['cy', 3],
    ] as const)
      await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: user }, value: lessons } });
    const res = await admin('GET', `/admin/v1/analytics/points/${id}`);
    expect(res.status).toBe(200);
    // totals 10, 30, 30: P = 100, ranges of 10
    expect(res.body.summary.slice(0, 4)).toEqual([
      { from: 0, to: 0, users: 0 },
      { from: 1, to: 10, users: 1 },
      { from: 11, to: 20, users: 0 },
      { from: 21, to: 30, users: 2 },
    ]);
    expect(res.body.summary).toHaveLength(11);
    expect(res.body.levels.map((row: { level: { key: string }; users: number }) => [row.level.key, row.users])).toEqual(
      [
        ['bronze', 1],
        ['silver', 2],
      ],
    );
  });

  it('answers no level rows for a system without levels, and 404 for an id no live system of the account has', async () => {
    const id = await xp([]);
    expect((await admin('GET', `/admin/v1/analytics/points/${id}`)).body.levels).toEqual([]);
    const unknown = await admin('GET', '/admin/v1/analytics/points/nope');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'UNKNOWN_POINTS_SYSTEM']);
    expect((await t.call('GET', `/admin/v1/analytics/points/${id}`)).status).toBe(403);
    // another account's admin key finds no system of this account
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    const theirs = await t.call('GET', `/admin/v1/analytics/points/${id}`, { key: other.body.adminKey });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'UNKNOWN_POINTS_SYSTEM']);
  });
});
