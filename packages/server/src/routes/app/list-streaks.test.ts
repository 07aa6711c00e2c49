import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const record = (id: string) => t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id }, value: 1 } });

describe('GET /v1/streaks', () => {
  it('answers several users longest first, with ids comma-separated or repeated', async () => {
    await record('ada');
    await record('bob');
    now += 86_400_000;
    await record('bob');
    const comma = await t.call('GET', '/v1/streaks?userIds=ada,bob,nobody');
    const repeated = await t.call('GET', '/v1/streaks?userIds=ada&userIds=bob&userIds=nobody');
    expect(comma.status).toBe(200);
    expect(comma.body.map((r: { userId: string; streakLength: number }) => [r.userId, r.streakLength])).toEqual([
      ['bob', 2],
      ['ada', 1],
      ['nobody', 0],
    ]);
    expect(repeated.body).toEqual(comma.body);
    expect(comma.body[0].extended).toBe('2026-03-03T10:00:00.000Z');
    expect(comma.body[2].extended).toBeNull();
  });

  it('reads a user whose id is 128 emoji, 255 characters or fewer as every route counts them, and refuses 256', async () => {
    const id = '\u{1F525}'.repeat(128);
    expect((await record(id)).status).toBe(201);
    const res = await t.call('GET', `/v1/streaks?userIds=${encodeURIComponent(id)}`);
    expect([res.status, res.body[0]?.streakLength]).toEqual([200, 1]);
    const over = await t.call('GET', `/v1/streaks?userIds=${encodeURIComponent('\u{1F525}'.repeat(256))}`);
    expect([over.status, over.body.code]).toEqual([422, 'INVALID_INPUT']);
  });

  it('refuses more than 100 users and a missing list with 422', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `u${i}`).join(',');
    expect((await t.call('GET', `/v1/streaks?userIds=${ids}`)).body.code).toBe('INVALID_INPUT');
    expect((await t.call('GET', '/v1/streaks')).status).toBe(422);
  });
});
