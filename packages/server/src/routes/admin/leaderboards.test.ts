import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let metricId = '';
const now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  t = await startTestServer({ clock: () => now });
  metricId = (await call('GET', '/admin/v1/metrics')).body.find((m: { key: string }) => m.key === 'lessons').id;
});
afterEach(() => t.close());

const call = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });
const board = (more: Record<string, unknown> = {}) => ({
  name: 'Weekly',
  key: 'weekly',
  rankBy: 'metric',
  metricId,
  ...more,
});

describe('POST /admin/v1/leaderboards', () => {
  it('makes a board with the defaults: inactive, 1,000 shown, starting today, perpetual', async () => {
    const res = await call('POST', '/admin/v1/leaderboards', [board()]);
    expect(res.status).toBe(201);
    expect(res.body.created[0]).toMatchObject({
      key: 'weekly',
      status: 'inactive',
      rankBy: 'metric',
      metricId,
      maxParticipants: 1000,
      start: '2026-03-02',
      end: null,
      runUnit: null,
      runInterval: null,
      breakdownAttributes: [],
    });
    const got = await call('GET', `/admin/v1/leaderboards/${res.body.created[0].id}`);
    expect(got.body).toEqual(res.body.created[0]);
    expect((await call('GET', '/admin/v1/leaderboards')).body.length).toBe(1);
  });

  it('answers each item the rules refuse as an issue naming what is wrong, and makes the others', async () => {
    const res = await call('POST', '/admin/v1/leaderboards', [
      board({ key: 'ok', runUnit: 'day', runInterval: 7, status: 'scheduled', start: '2026-03-09' }),
      board({ key: 'ok' }),
      board({ key: 'streaky', rankBy: 'streak', metricId: undefined, runUnit: 'day', runInterval: 7 }),
      board({ key: 'backwards', start: '2026-03-05', end: '2026-03-01' }),
      board({ key: 'huge', maxParticipants: 1e308 }),
      board({ key: 'zero', maxParticipants: 0 }),
      board({ key: 'ghost', metricId: '00000000-0000-4000-8000-000000000000' }),
      board({ key: 'window', startTime: '18:00', endTime: '18:00' }),
      board({ key: 'late', startTime: '24:00' }),
      board({ key: 'norun', runUnit: 'month' }),
      board({ key: 'soon', status: 'scheduled', start: '2026-03-02' }),
      board({ key: 'over', status: 'finished' }),
      board({ key: '__proto__' }),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.created.map((b: { key: string; status: string }) => [b.key, b.status])).toEqual([
      ['ok', 'scheduled'],
    ]);
    expect(res.body.issues.map((i: { index: number; message: string }) => [i.index, i.message])).toEqual([
      [1, 'Key already in use by another leaderboard'],
      [2, 'A leaderboard ranked by streak cannot repeat'],
      [3, 'end must not be before start'],
      [4, 'maxParticipants must be a whole number from 1 to 1000'],
      [5, 'maxParticipants must be a whole number from 1 to 1000'],
      [6, 'Metric not found by ID'],
      [7, 'startTime and endTime must differ'],
      [8, 'startTime must be a time of day HH:mm or HH:mm:ss'],
      [9, 'runInterval must be a whole number from 1 to 36525 when runUnit is set'],
      [10, 'A leaderboard is scheduled only with a start after today'],
      [11, 'A leaderboard is finished only with an end before today'],
      [12, expect.stringMatching(/reserved|key/i)],
    ]);
  });
});

describe('PATCH and DELETE /admin/v1/leaderboards', () => {
  it('changes what decides the runs only while inactive, and deletes by id', async () => {
    const made = (await call('POST', '/admin/v1/leaderboards', [board({ status: 'active' })])).body.created[0];
    const refused = await call('PATCH', '/admin/v1/leaderboards', [{ id: made.id, runUnit: 'day', runInterval: 7 }]);
    expect(refused.body.issues[0].message).toBe('runUnit may change only while the leaderboard is inactive');
    const renamed = await call('PATCH', '/admin/v1/leaderboards', [
      { id: made.id, name: 'Lessons', maxParticipants: 10, end: '2026-04-01' },
    ]);
    expect(renamed.body.updated[0]).toMatchObject({
      name: 'Lessons',
      maxParticipants: 10,
      end: '2026-04-01',
      status: 'active',
    });
    const paused = await call('PATCH', '/admin/v1/leaderboards', [
      { id: made.id, status: 'inactive', runUnit: 'day', runInterval: 7 },
    ]);
    expect(paused.body.updated[0]).toMatchObject({ status: 'inactive', runUnit: 'day', runInterval: 7 });
    const gone = await call('DELETE', `/admin/v1/leaderboards?ids=${made.id},nope`);
    expect(gone.body.deleted).toEqual([{ id: made.id }]);
    expect(gone.body.issues).toEqual([{ id: 'nope', severity: 'error', message: 'id must be a valid UUID' }]);
    expect((await call('GET', `/admin/v1/leaderboards/${made.id}`)).status).toBe(404);
  });
});
