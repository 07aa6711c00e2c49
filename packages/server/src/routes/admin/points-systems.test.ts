import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
const now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const call = (method: string, url: string, body?: unknown, key?: string) =>
  t.call(method, url, { key: key ?? t.adminKey, ...(body !== undefined ? { body } : {}) });

describe('POST /admin/v1/points', () => {
  it('creates systems in the hosted service shape, with the parts an item named, and answers 201', async () => {
    const res = await call('POST', '/admin/v1/points', [
      {
        name: 'XP',
        key: 'xp',
        maxPoints: 500,
        badge: { url: 'https://example.com/xp.png' },
        levels: [{ name: 'Rookie', key: 'rookie', points: 0 }],
        triggers: [{ type: 'user_creation', points: 10 }],
      },
      { name: 'Gems', key: 'gems' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.issues).toEqual([]);
    const [xp, gems] = res.body.created;
    expect(xp).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      key: 'xp',
      name: 'XP',
      description: '',
      status: 'active',
      badge: { url: 'https://example.com/xp.png' },
      maxPoints: 500,
      levels: [{ id: expect.any(String), key: 'rookie', name: 'Rookie', points: 0, description: '', badge: null }],
      triggers: [
        {
          id: expect.any(String),
          type: 'user_creation',
          points: 10,
          status: 'inactive',
          userAttributes: [],
          blockIfOutOfPoints: false,
          created: '2026-03-02T10:00:00.000Z',
          updated: '2026-03-02T10:00:00.000Z',
        },
      ],
    });
    expect(gems).toEqual({
      id: expect.any(String),
      key: 'gems',
      name: 'Gems',
      description: '',
      status: 'active',
      badge: null,
      maxPoints: null,
    });
    const listed = await call('GET', '/admin/v1/points');
    expect(listed.body.map((s: { key: string }) => s.key)).toEqual(['xp', 'gems']);
    const one = await call('GET', `/admin/v1/points/${xp.id}`);
    expect(one.body).toEqual({ ...gems, id: xp.id, key: 'xp', name: 'XP', badge: xp.badge, maxPoints: 500 });
  });

  it('answers 200 with only issues when no item was made, each issue naming its field', async () => {
    const res = await call('POST', '/admin/v1/points', [
      { name: 'XP', key: 'bad key' },
      { name: 'XP', key: 'xp', maxPoints: 0 },
      { name: 'XP', key: 'xp', triggers: [{ type: 'user_creation', points: 1e308 }] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: [],
      issues: [
        { index: 0, severity: 'error', message: 'Key must be 1 to 64 letters, digits, - or _' },
        { index: 1, severity: 'error', message: 'maxPoints must be an integer from 1 to 1000000000' },
        {
          index: 2,
          severity: 'error',
          message: 'triggers[0]: points must be a non-zero integer from -1000000000 to 1000000000',
        },
      ],
    });
    expect((await call('GET', '/admin/v1/points')).body).toEqual([]);
  });

  it('answers 422 naming the field for a body of the wrong shape, and stores nothing', async () => {
    const missing = await call('POST', '/admin/v1/points', [{ name: 'XP' }]);
    expect([missing.status, missing.body.code]).toEqual([422, 'INVALID_INPUT']);
    expect(missing.body.error).toContain('key');
    const unknown = await call('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp', colour: 'red' }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toContain('colour');
    const proto = await t.call('POST', '/admin/v1/points', {
      key: t.adminKey,
      body: '[{"name":"XP","key":"xp","levels":[{"name":"A","key":"a","points":0,"__proto__":{"points":-1}}]}]',
    });
    expect([proto.status, proto.body.code]).toEqual([422, 'INVALID_INPUT']);
    expect(proto.body.error).toMatch(/"__proto__"/);
    const trigger = { type: 'user_creation', points: 1 };
    // 10,000 triggers in one body are over the body limit; 101 fit, and are more than a create takes
    const huge = await call('POST', '/admin/v1/points', [
      { name: 'XP', key: 'xp', triggers: Array.from({ length: 10_000 }, () => trigger) },
    ]);
    expect([huge.status, huge.body.code]).toEqual([413, 'BODY_TOO_LARGE']);
    const many = await call('POST', '/admin/v1/points', [
      { name: 'XP', key: 'xp', triggers: Array.from({ length: 101 }, () => trigger) },
    ]);
    expect([many.status, many.body.code]).toEqual([422, 'INVALID_INPUT']);
    expect(many.body.error).toContain('triggers');
    expect((await call('GET', '/admin/v1/points')).body).toEqual([]);
  });
});

describe('PATCH and DELETE /admin/v1/points', () => {
  it('change a system, archive it, list it only when asked, and refuse a change of an archived one', async () => {
    const made = await call('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp', maxPoints: 5 }]);
    const id = made.body.created[0].id;
    const changed = await call('PATCH', '/admin/v1/points', [{ id, name: 'Experience', maxPoints: null }]);
    expect(changed.status).toBe(200);
    expect(changed.body.updated).toEqual([
      expect.objectContaining({ id, key: 'xp', name: 'Experience', maxPoints: null }),
    ]);
    const archived = await call('DELETE', `/admin/v1/points?ids=${id},00000000-0000-4000-8000-000000000000`);
    expect(archived.body).toEqual({
      deleted: [{ id }],
      issues: [
        { id: '00000000-0000-4000-8000-000000000000', severity: 'error', message: 'Points system not found by ID' },
      ],
    });
    expect((await call('GET', '/admin/v1/points')).body).toEqual([]);
    const all = await call('GET', '/admin/v1/points?includeArchived=true');
    expect(all.body.map((s: { status: string }) => s.status)).toEqual(['archived']);
    const again = await call('PATCH', '/admin/v1/points', [{ id, name: 'Back' }]);
    expect(again.body.issues).toEqual([{ id, severity: 'error', message: 'The points system is archived' }]);
    const triggers = await call('GET', `/admin/v1/points/${id}/triggers`);
    expect([triggers.status, triggers.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers 422 for a delete without ids', async () => {
    expect((await call('DELETE', '/admin/v1/points')).status).toBe(422);
  });
});

describe('GET /admin/v1/points/:id', () => {
  it("answers 404 NOT_FOUND for an unknown id, one named like a member of every object, and another account's system", async () => {
    for (const id of ['nope', '__proto__', 'constructor'])
      expect([id, (await call('GET', `/admin/v1/points/${id}`)).status]).toEqual([id, 404]);
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    const theirs = await call('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp' }], other.body.adminKey);
    const id = theirs.body.created[0].id;
    expect((await call('GET', `/admin/v1/points/${id}`, undefined, other.body.adminKey)).status).toBe(200);
    expect((await call('GET', `/admin/v1/points/${id}`)).status).toBe(404);
    expect((await call('GET', '/admin/v1/points')).body).toEqual([]);
    const sneaked = await call('POST', `/admin/v1/points/${id}/levels`, [{ name: 'One', key: 'one', points: 0 }]);
    expect([sneaked.status, sneaked.body.code]).toEqual([404, 'NOT_FOUND']);
    const patched = await call('PATCH', '/admin/v1/points', [{ id, name: 'Mine' }]);
    expect(patched.body.issues).toEqual([{ id, severity: 'error', message: 'Points system not found by ID' }]);
  });
});
