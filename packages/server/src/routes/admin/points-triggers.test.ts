import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
const now = Date.parse('2026-03-02T10:00:00Z');
let base = '';
let metricId = '';
beforeEach(async () => {
  t = await startTestServer({ clock: () => now });
  const systems = await call('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp' }]);
  base = `/admin/v1/points/${systems.body.created[0].id}/triggers`;
  metricId = (await call('POST', '/admin/v1/metrics', [{ name: 'Pages' }])).body.created[0].id;
});
afterEach(() => t.close());

const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });

describe('POST /admin/v1/points/:systemId/triggers', () => {
  it('creates triggers (201), lists and gets them in the hosted service shape', async () => {
    const res = await call('POST', base, [{ type: 'metric', points: 10, metricId, metricThreshold: 3 }]);
    expect(res.status).toBe(201);
    const trigger = res.body.created[0];
    expect(trigger).toEqual({
      id: expect.any(String),
      type: 'metric',
      points: 10,
      status: 'inactive',
      userAttributes: [],
      metricId,
      metricThreshold: 3,
      eventAttributes: [],
      blockIfOutOfPoints: false,
      created: '2026-03-02T10:00:00.000Z',
      updated: '2026-03-02T10:00:00.000Z',
    });
    expect((await call('GET', base)).body).toEqual([trigger]);
    expect((await call('GET', `${base}/${trigger.id}`)).body).toEqual(trigger);
    const missing = await call('GET', `${base}/nope`);
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers 200 with an issue naming points for 0, 1e308 and 2.5 points, and stores none', async () => {
    const res = await call('POST', base, [
      { type: 'user_creation', points: 0 },
      { type: 'user_creation', points: 1e308 },
      { type: 'user_creation', points: 2.5 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.issues.map((i: { message: string }) => i.message)).toEqual(
      Array(3).fill('points must be a non-zero integer from -1000000000 to 1000000000'),
    );
    expect((await call('GET', base)).body).toEqual([]);
  });

  it('answers 422 naming the field for an unknown type, 101 items or a __proto__ member; 404 for another system', async () => {
    const unknown = await call('POST', base, [{ type: 'weather', points: 1 }]);
    expect([unknown.status, unknown.body.code]).toEqual([422, 'INVALID_INPUT']);
    expect(unknown.body.error).toContain('type');
    const many = await call(
      'POST',
      base,
      Array.from({ length: 101 }, () => ({ type: 'user_creation', points: 1 })),
    );
    expect(many.status).toBe(422);
    const proto = await t.call('POST', base, {
      key: t.adminKey,
      body: '[{"type":"user_creation","points":1,"__proto__":{"status":"active"}}]',
    });
    expect([proto.status, proto.body.code]).toEqual([422, 'INVALID_INPUT']);
    const none = await call('POST', '/admin/v1/points/nope/triggers', [{ type: 'user_creation', points: 1 }]);
    expect([none.status, none.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('GET', base)).body).toEqual([]);
  });
});

describe('PATCH and DELETE /admin/v1/points/:systemId/triggers', () => {
  it('refuse a type change of an active trigger, change an inactive one, and delete by id', async () => {
    const made = await call('POST', base, [
      { type: 'user_creation', points: 1, status: 'active' },
      { type: 'user_creation', points: 1 },
    ]);
    const [active, inactive] = made.body.created.map((x: { id: string }) => x.id);
    const res = await call('PATCH', base, [
      { id: active, type: 'streak', streakLength: 7 },
      { id: inactive, type: 'streak', streakLength: 7 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.issues).toEqual([
      {
        id: active,
        severity: 'error',
        message: 'type can change only while the trigger is inactive: deactivate it first',
      },
    ]);
    expect(res.body.updated).toEqual([expect.objectContaining({ id: inactive, type: 'streak', streakLength: 7 })]);
    const deleted = await call('DELETE', `${base}?ids=${active}`);
    expect(deleted.body).toEqual({ deleted: [{ id: active }], issues: [] });
    expect((await call('GET', base)).body.map((x: { id: string }) => x.id)).toEqual([inactive]);
    expect((await call('GET', `${base}/${active}`)).status).toBe(404);
  });
});
