import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const DAY = 86_400_000;
const admin = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });
const lesson = (id: string) => t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id }, value: 1 } });
const streakOf = async (id: string) => (await t.call('GET', `/v1/users/${id}/streak?historyPeriods=5`)).body;

describe('POST /admin/v1/streaks/freezes', () => {
  it('grants one freeze per item, warns at the maximum and names unknown users', async () => {
    await lesson('ada');
    expect((await streakOf('ada')).freezes).toBe(1);
    const res = await admin('POST', '/admin/v1/streaks/freezes', {
      freezes: [{ userId: 'ada' }, { userId: 'ada' }, { userId: 'ada' }, { userId: 'ghost' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      issues: [
        {
          index: 2,
          userId: 'ada',
          severity: 'warning',
          message: 'Would exceed maximum freeze limit',
          level: 'warning',
          reason: 'Would exceed maximum freeze limit',
        },
        {
          index: 3,
          userId: 'ghost',
          severity: 'error',
          message: 'User does not exist',
          level: 'error',
          reason: 'User does not exist',
        },
      ],
    });
    expect((await streakOf('ada')).freezes).toBe(3);
  });

  it('answers 200 when no freeze was granted', async () => {
    const res = await admin('POST', '/admin/v1/streaks/freezes', { freezes: [{ userId: 'ghost' }] });
    expect(res.status).toBe(200);
  });

  it('answers 400 NO_STREAK_RULE for an account without a streak rule', async () => {
    const second = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'second' } });
    const res = await t.call('POST', '/admin/v1/streaks/freezes', {
      key: second.body.adminKey,
      body: { freezes: [{ userId: 'ada' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NO_STREAK_RULE');
  });
});

describe('POST and DELETE /admin/v1/streaks/pauses', () => {
  it('refuses, as an issue, a pause ending past 9998, whose streak would expire on a date of five digits', async () => {
    await lesson('far');
    const res = await admin('POST', '/admin/v1/streaks/pauses', {
      pauses: [{ userId: 'far', start: '2026-03-03', end: '9999-12-31' }],
    });
    expect(res.body.issues).toEqual([
      {
        index: 0,
        userId: 'far',
        severity: 'error',
        message: expect.stringContaining('between the years 1000 and 9998'),
      },
    ]);
    const streak = await streakOf('far');
    expect(streak.pauses).toEqual([]);
    expect(streak.expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('creates pauses that keep the streak, and deleting one makes it stop applying', async () => {
    await lesson('ada');
    const res = await admin('POST', '/admin/v1/streaks/pauses', {
      pauses: [
        { userId: 'ada', start: '2026-03-03', end: '2026-03-05' },
        { userId: 'ada', start: '2026-03-01', end: '2026-03-02' },
        { userId: 'ghost', start: '2026-03-03', end: '2026-03-05' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.created).toEqual([
      { id: expect.any(String), userId: 'ada', start: '2026-03-03', end: '2026-03-05', status: 'active' },
    ]);
    expect(res.body.issues).toEqual([
      { index: 1, userId: 'ada', severity: 'error', message: expect.stringContaining('cannot start in the past') },
      { index: 2, userId: 'ghost', severity: 'error', message: 'User does not exist' },
    ]);
    const pauseId = res.body.created[0].id;
    expect((await streakOf('ada')).pauses).toEqual([{ id: pauseId, start: '2026-03-03', end: '2026-03-05' }]);

    const removed = await admin('DELETE', `/admin/v1/streaks/pauses?ids=${pauseId},unknown`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      deleted: [{ id: pauseId }],
      issues: [{ id: 'unknown', severity: 'error', message: 'id must be a valid UUID' }],
    });
    expect((await streakOf('ada')).pauses).toEqual([]);
    // pause ids named like members of every object are no pause either
    const hostile = await admin('DELETE', '/admin/v1/streaks/pauses?ids=constructor,__proto__,toString');
    expect(hostile.body).toEqual({
      deleted: [],
      issues: ['constructor', '__proto__', 'toString'].map((id) => ({
        id,
        severity: 'error',
        message: 'id must be a valid UUID',
      })),
    });
    const again = await admin('DELETE', `/admin/v1/streaks/pauses?ids=${pauseId}`);
    expect(again.body.deleted).toEqual([]);
    expect(again.body.issues).toEqual([{ id: pauseId, severity: 'error', message: expect.stringContaining(pauseId) }]);
  });
});

describe('POST /admin/v1/streaks/restore', () => {
  it('restores a streak lost within the window and warns for users with nothing to restore', async () => {
    for (const id of ['ada', 'bob']) await lesson(id);
    now += DAY;
    for (const id of ['ada', 'bob']) await lesson(id);
    for (let day = 0; day < 3; day++) {
      now += DAY; // ada misses two days: the freeze holds one, the streak is lost on the other
      await lesson('bob');
    }
    expect((await streakOf('ada')).length).toBe(0);
    const res = await admin('POST', '/admin/v1/streaks/restore', {
      users: [{ id: 'ada' }, { id: 'bob' }, { id: 'ghost' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      restoredUsers: ['ada'],
      issues: [
        {
          index: 1,
          userId: 'bob',
          severity: 'warning',
          message: 'No streak to restore',
          level: 'warning',
          reason: 'No streak to restore',
        },
        {
          index: 2,
          userId: 'ghost',
          severity: 'error',
          message: 'User does not exist',
          level: 'error',
          reason: 'User does not exist',
        },
      ],
    });
    expect((await streakOf('ada')).length).toBe(2);
  });
});
