import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

describe('GET /admin/v1/metrics', () => {
  it('lists the metrics with their total, event count and last event', async () => {
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 2 } });
    now += 60_000;
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'bob' }, value: 3 } });
    const res = await t.call('GET', '/admin/v1/metrics', { key: t.adminKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        key: 'lessons',
        name: 'Lessons',
        status: 'active',
        unitType: 'number',
        units: '',
        total: 5,
        events: 2,
        lastEventAt: '2026-03-02T10:01:00.000Z',
        created: '2026-03-02T10:00:00.000Z',
      },
    ]);
  });

  it('shows archived metrics only when asked', async () => {
    const created = await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: [{ name: 'Old' }] });
    await t.call('DELETE', `/admin/v1/metrics?ids=${created.body.created[0].id}`, { key: t.adminKey });
    const active = await t.call('GET', '/admin/v1/metrics', { key: t.adminKey });
    const all = await t.call('GET', '/admin/v1/metrics?includeArchived=true', { key: t.adminKey });
    expect(active.body.map((m: { key: string }) => m.key)).toEqual(['lessons']);
    expect(all.body.map((m: { key: string; status: string }) => [m.key, m.status])).toEqual([
      ['lessons', 'active'],
      ['old', 'archived'],
    ]);
  });

  it('pages with limit and skip, ten metrics at most when not asked, as the hosted service lists', async () => {
    const names = Array.from({ length: 11 }, (_, i) => ({ name: `Metric ${i}` }));
    await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: names });
    const keys = async (query: string) =>
      (await t.call('GET', `/admin/v1/metrics${query}`, { key: t.adminKey })).body.map((m: { key: string }) => m.key);
    expect(await keys('?limit=1&skip=1')).toEqual(['metric-0']);
    expect(await keys('?limit=2&skip=11')).toEqual(['metric-10']);
    expect(await keys('')).toHaveLength(10);
    expect(await keys('?limit=100')).toHaveLength(12);
  });

  it('pages what it shows: archived metrics are counted only when asked for', async () => {
    const made = await t.call('POST', '/admin/v1/metrics', {
      key: t.adminKey,
      body: [{ name: 'Old' }, { name: 'New' }],
    });
    await t.call('DELETE', `/admin/v1/metrics?ids=${made.body.created[0].id}`, { key: t.adminKey });
    const keys = async (query: string) =>
      (await t.call('GET', `/admin/v1/metrics${query}`, { key: t.adminKey })).body.map((m: { key: string }) => m.key);
    expect(await keys('?skip=1')).toEqual(['new']);
    expect(await keys('?skip=1&includeArchived=true')).toEqual(['old', 'new']);
  });

  it('refuses a limit out of 1..100 and a negative skip with 422 INVALID_INPUT', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=1e308', 'skip=-1']) {
      const res = await t.call('GET', `/admin/v1/metrics?${query}`, { key: t.adminKey });
      expect([query, res.status, res.body.code]).toEqual([query, 422, 'INVALID_INPUT']);
    }
  });
});
