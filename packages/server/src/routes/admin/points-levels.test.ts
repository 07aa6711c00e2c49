import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
const now = Date.parse('2026-03-02T10:00:00Z');
let base = '';
beforeEach(async () => {
  t = await startTestServer({ clock: () => now });
  const systems = await call('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp' }]);
  base = `/admin/v1/points/${systems.body.created[0].id}/levels`;
});
afterEach(() => t.close());

const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });

describe('/admin/v1/points/:systemId/levels', () => {
  it('creates (201), refuses a key used twice as an issue, pages, changes all but the key and deletes', async () => {
    const res = await call('POST', base, [
      { name: 'Bronze', key: 'bronze', points: 0 },
      { name: 'Silver', key: 'silver', points: 100, description: 'shiny' },
      { name: 'Bronze again', key: 'bronze', points: 5 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.created).toEqual([
      { id: expect.any(String), key: 'bronze', name: 'Bronze', points: 0, description: '', badge: null },
      { id: expect.any(String), key: 'silver', name: 'Silver', points: 100, description: 'shiny', badge: null },
    ]);
    expect(res.body.issues).toEqual([{ index: 2, severity: 'error', message: 'Key already in use by another level' }]);
    const [bronze, silver] = res.body.created;
    expect((await call('GET', `${base}?limit=1&skip=1`)).body).toEqual([silver]);
    const keyChange = await call('PATCH', base, [{ id: bronze.id, key: 'copper' }]);
    expect(keyChange.status).toBe(422);
    expect(keyChange.body.error).toContain('key');
    const changed = await call('PATCH', base, [{ id: bronze.id, name: 'Copper', points: 1 }]);
    expect(changed.body.updated).toEqual([{ ...bronze, name: 'Copper', points: 1 }]);
    expect((await call('DELETE', `${base}?ids=${bronze.id}`)).body).toEqual({
      deleted: [{ id: bronze.id }],
      issues: [],
    });
    expect((await call('GET', `${base}/${bronze.id}`)).status).toBe(404);
  });

  it('answers 422 naming the field for a missing points, and an issue for negative or 1e308 points', async () => {
    const missing = await call('POST', base, [{ name: 'Bronze', key: 'bronze' }]);
    expect([missing.status, missing.body.code]).toEqual([422, 'INVALID_INPUT']);
    expect(missing.body.error).toContain('points');
    const res = await call('POST', base, [
      { name: 'Low', key: 'low', points: -1 },
      { name: 'High', key: 'high', points: 1e308 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.issues.map((i: { message: string }) => i.message)).toEqual(
      Array(2).fill('points must be an integer from 0 to 1000000000'),
    );
  });
});
