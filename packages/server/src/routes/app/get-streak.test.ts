import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const record = (userId: string) =>
  t.call('POST', '/api/metrics/lessons/event', { body: { user: { id: userId, tz: 'Europe/Berlin' }, value: 1 } });
const read = (userId: string, periods = 3) => t.call('GET', `/v1/users/${userId}/streak?historyPeriods=${periods}`);

describe('GET /v1/users/:id/streak', () => {
  it('answers the streak with its history, oldest period first, ending with the current one', async () => {
    await record('ada');
    now += 86_400_000;
    await record('ada');
    const res = await read('ada');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      length: 2,
      frequency: 'daily',
      started: '2026-03-02',
      periodStart: '2026-03-03',
      expires: '2026-03-04',
      freezes: 1,
      maxFreezes: 3,
    });
    expect(res.body.streakHistory).toEqual([
      { periodStart: '2026-03-01', periodEnd: '2026-03-01', length: 0, usedFreeze: false, usedPause: false },
      { periodStart: '2026-03-02', periodEnd: '2026-03-02', length: 1, usedFreeze: false, usedPause: false },
      { periodStart: '2026-03-03', periodEnd: '2026-03-03', length: 2, usedFreeze: false, usedPause: false },
    ]);
  });

  it('answers a user it has never seen with a zero streak', async () => {
    const res = await read('nobody');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ length: 0, frequency: 'daily' });
  });

  it('follows an event recorded after a read (no stale answer is kept)', async () => {
    await record('ada');
    expect((await read('ada')).body.length).toBe(1);
    now += 86_400_000;
    // the new day is not held yet (S16), the streak still is
    const nextDay = await read('ada');
    expect(nextDay.body.length).toBe(1);
    expect(nextDay.body.streakHistory.at(-1)).toMatchObject({ periodStart: '2026-03-03', length: 0 });
    await record('ada');
    const after = await read('ada');
    expect(after.body.length).toBe(2);
    expect(after.body.streakHistory.at(-1)).toMatchObject({ periodStart: '2026-03-03', length: 2 });
  });

  it('follows the passing of days without events: a missed day uses the freeze, the answer moves on', async () => {
    await record('ada');
    const first = await read('ada', 2);
    now += 2 * 86_400_000;
    const later = await read('ada', 2);
    expect(later.body).not.toEqual(first.body);
    expect(later.body).toMatchObject({ length: 1, freezes: 0 });
    expect(later.body.streakHistory).toEqual([
      { periodStart: '2026-03-03', periodEnd: '2026-03-03', length: 1, usedFreeze: true, usedPause: false },
      { periodStart: '2026-03-04', periodEnd: '2026-03-04', length: 0, usedFreeze: false, usedPause: false },
    ]);
  });

  it('follows a change of the streak rule', async () => {
    await record('ada');
    expect((await read('ada')).body.frequency).toBe('daily');
    const put = await t.call('PUT', '/admin/v1/streak', {
      key: t.adminKey,
      body: { frequency: 'weekly', conditions: [{ metric: 'lessons', threshold: 1 }] },
    });
    expect(put.status).toBe(200);
    const res = await read('ada');
    expect(res.body).toMatchObject({
      frequency: 'weekly',
      length: 1,
      periodStart: '2026-03-02',
      periodEnd: '2026-03-08',
    });
  });

  describe('compression', () => {
    const raw = (userId: string, periods: number, acceptEncoding?: string) =>
      t.server.app.inject({
        method: 'GET',
        url: `/v1/users/${userId}/streak?historyPeriods=${periods}`,
        headers: {
          'x-api-key': t.appKey,
          ...(acceptEncoding !== undefined ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });

    it('sends a long answer gzipped to a client that accepts gzip, and it inflates to the plain answer', async () => {
      for (let day = 0; day < 40; day++) {
        await record('ada');
        now += 86_400_000;
      }
      const plain = await raw('ada', 366);
      const packed = await raw('ada', 366, 'gzip, deflate');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(packed.headers['content-encoding']).toBe('gzip');
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(gunzipSync(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(JSON.parse(plain.body).streakHistory).toHaveLength(366);
    });

    it('gives the same gzipped answer from the read cache, and a fresh one after the next event', async () => {
      await record('ada');
      const first = await raw('ada', 366, 'gzip');
      const again = await raw('ada', 366, 'gzip');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      now += 86_400_000;
      await record('ada');
      const after = JSON.parse(gunzipSync((await raw('ada', 366, 'gzip')).rawPayload).toString());
      expect(after.length).toBe(2);
    });

    it('answers a read again from its kept answer, the same bytes and headers, until the next event', async () => {
      await record('ada');
      const first = await raw('ada', 30);
      const again = await raw('ada', 30);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers.vary).toMatch(/accept-encoding/i);
      now += 86_400_000;
      await record('ada');
      const after = await raw('ada', 30);
      expect(after.rawPayload.equals(first.rawPayload)).toBe(false);
      expect(JSON.parse(after.body)).toMatchObject({ length: 2 });
    });

    it('answers plainly when gzip is refused, and leaves short answers uncompressed', async () => {
      await record('ada');
      const refused = await raw('ada', 366, 'gzip;q=0, deflate');
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(refused.body).streakHistory).toHaveLength(366);
      const short = await raw('ada', 1, 'gzip');
      expect(short.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(short.body).length).toBe(1);
    });
  });
});
