import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const get = (id: string, key = t.adminKey) => t.call('GET', `/admin/v1/metrics/${encodeURIComponent(id)}`, { key });

describe('GET /admin/v1/metrics/:id', () => {
  it('answers the metric as the list shows it, with its total, event count and last event', async () => {
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 2 } });
    const [listed] = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body;
    const res = await get(listed.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(listed);
    expect(res.body).toMatchObject({ key: 'lessons', total: 2, events: 1 });
  });

  it('answers an archived metric with its status', async () => {
    const made = await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: [{ name: 'Old' }] });
    const id = made.body.created[0].id;
    await t.call('DELETE', `/admin/v1/metrics?ids=${id}`, { key: t.adminKey });
    expect((await get(id)).body).toMatchObject({ id, key: 'old', status: 'archived' });
  });

  it("answers 404 NOT_FOUND for an id no metric has, and for another account's metric", async () => {
    const unknown = await get('no-such-id');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    const theirs = await t.call('POST', '/admin/v1/metrics', { key: other.body.adminKey, body: [{ name: 'Pages' }] });
    const id = theirs.body.created[0].id;
    expect((await get(id, other.body.adminKey)).status).toBe(200);
    const mine = await get(id);
    expect([mine.status, mine.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers 404 for ids named like members of every object', async () => {
    for (const id of ['constructor', '__proto__', 'toString']) expect([id, (await get(id)).status]).toEqual([id, 404]);
  });
});
