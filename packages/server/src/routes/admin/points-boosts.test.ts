import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
const now = Date.parse('2026-03-02T10:00:00Z');
let base = '';
beforeEach(async () => {
  t = await startTestServer({ clock: () => now });
  const systems = await call('POST', '/admin/v1/points', [{ name: 'XP', key: 'xp' }]);
  base = `/admin/v1/points/${systems.body.created[0].id}/boosts`;
});
afterEach(() => t.close());

const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call(method, url, { key: t.adminKey, headers, ...(body !== undefined ? { body } : {}) });

describe('/admin/v1/points/:systemId/boosts', () => {
  it('creates boosts (201) with their status from the dates, refusing a multiplier of 1 or 100 and both a user and filters', async () => {
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
    const res = await call('POST', base, [
      { name: 'Now', start: '2026-03-01', end: '2026-03-02', multiplier: 2 },
      // S35: a boost is active from 10:00 UTC the day before its start to 12:00 UTC the day after its end
      { name: 'Later', start: '2026-03-04', multiplier: 0.5, rounding: 'up' },
      { name: 'Past', start: '2026-02-01', end: '2026-02-28', multiplier: 3 },
      { name: 'Ada', start: '2026-03-01', multiplier: 1.5, userId: 'ada' },
      { name: 'One', start: '2026-03-01', multiplier: 1 },
      { name: 'Hundred', start: '2026-03-01', multiplier: 100 },
      { name: 'Both', start: '2026-03-01', multiplier: 2, userId: 'ada', userAttributes: [] },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.created.map((b: { name: string; status: string }) => [b.name, b.status])).toEqual([
      ['Now', 'active'],
      ['Later', 'scheduled'],
      ['Past', 'finished'],
      ['Ada', 'active'],
    ]);
    expect(res.body.created[0]).toEqual({
      id: expect.any(String),
      name: 'Now',
      status: 'active',
      start: '2026-03-01',
      end: '2026-03-02',
      multiplier: 2,
      rounding: 'down',
      userId: null,
      userAttributes: [],
    });
    expect(res.body.created[3]).not.toHaveProperty('userAttributes');
    expect(res.body.issues.map((i: { index: number; message: string }) => [i.index, i.message])).toEqual([
      [4, 'multiplier must be above 0 and below 100, and not 1'],
      [5, 'multiplier must be above 0 and below 100, and not 1'],
      [6, 'userId and userAttributes cannot both be given: a boost is of one user or of users by their attributes'],
    ]);
    const id = res.body.created[1].id;
    expect((await call('PATCH', base, [{ id, start: '2026-03-01' }])).body.updated[0].status).toBe('active');
    expect((await call('DELETE', `${base}?ids=${id}`)).body).toEqual({ deleted: [{ id }], issues: [] });
    expect((await call('GET', `${base}/${id}`)).status).toBe(404);
  });

  it("takes a user of the caller's namespace only: a user of another tenant does not exist", async () => {
    await call('POST', '/admin/v1/tenants', [{ customerId: 'tenant-a', name: 'A' }]);
    await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'bea' }, value: 1 },
      headers: { 'tenant-id': 'tenant-a' },
    });
    const boost = { name: 'Bea', start: '2026-03-01', multiplier: 2, userId: 'bea' };
    const own = await call('POST', base, [boost]);
    expect(own.body).toEqual({
      created: [],
      issues: [{ index: 0, severity: 'error', message: 'User does not exist' }],
    });
    const unfit = await call('POST', base, [{ ...boost, userId: 'bell\u0007' }]);
    expect(unfit.body.issues).toEqual([{ index: 0, severity: 'error', message: 'User does not exist' }]);
    const inA = await call('POST', base, [boost], { 'tenant-id': 'tenant-a' });
    expect(inA.status).toBe(201);
    expect(inA.body.created[0].userId).toBe('bea');
  });

  it('answers 422 naming the field for a date of the wrong shape or a rounding it does not know', async () => {
    const date = await call('POST', base, [{ name: 'X', start: '2026-03-01T00:00:00Z', multiplier: 2 }]);
    expect([date.status, date.body.code]).toEqual([422, 'INVALID_INPUT']);
    expect(date.body.error).toContain('start');
    const rounding = await call('POST', base, [
      { name: 'X', start: '2026-03-01', multiplier: 2, rounding: 'sideways' },
    ]);
    expect(rounding.status).toBe(422);
    expect(rounding.body.error).toContain('rounding');
    expect((await call('GET', base)).body).toEqual([]);
  });
});
