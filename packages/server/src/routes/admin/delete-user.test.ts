import { connectRedis } from '@kindling/redis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteKeysUnder } from '../../../../redis/test/targets.js';
import { accountSpace, deliveryOrderKey } from '../../backend/spaces.js';
import { startServer } from '../../server.js';
import { plantAttempt, startTestServer, testSettings, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const DAY = 86_400_000;
const REDIS_PREFIX = `kltest-erase-${process.pid}-${Date.now().toString(36)}`;
let prefixes = 0;
afterAll(async () => {
  const redis = connectRedis({ url: 'redis://127.0.0.1:6379' });
  await deleteKeysUnder(redis.client, REDIS_PREFIX);
  await redis.close();
});
const record = (id: string, headers: Record<string, string> = {}, idempotencyKey?: string) =>
  t.call('POST', '/v1/metrics/lessons/event', {
    body: { user: { id, email: `${id}@example.com`, tz: 'UTC' }, value: 1 },
    headers: { ...headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
  });
const admin = (method: string, url: string, headers: Record<string, string> = {}) =>
  t.call(method, url, { key: t.adminKey, headers });

describe('DELETE /admin/v1/users/:id', () => {
  it('erases the user: 204, then every read finds nothing of them, the others and the day counts as they were', async () => {
    await record('ada', {}, 'k1');
    await record('bob');
    now += DAY;
    await record('ada');
    await record('bob');
    const analytics = (await admin('GET', '/admin/v1/analytics/streaks?days=7')).body;
    const bob = (await admin('GET', '/admin/v1/users/bob')).body;

    const res = await admin('DELETE', '/admin/v1/users/ada');
    expect(res.status).toBe(204);

    expect((await admin('GET', '/admin/v1/users/ada')).status).toBe(404);
    expect((await t.call('GET', '/v1/users/ada')).status).toBe(404);
    expect((await admin('GET', '/admin/v1/users')).body.users.map((u: { id: string }) => u.id)).toEqual(['bob']);
    expect((await admin('GET', '/admin/v1/users/bob')).body).toEqual(bob);
    const after = (await admin('GET', '/admin/v1/analytics/streaks?days=7')).body;
    // the day counts keep their totals; the streak figures are of the users there are
    expect(after.daily).toEqual(analytics.daily);
    // the key ada sent is new to the ada who comes next
    const again = await record('ada', {}, 'k1');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect((await admin('GET', '/admin/v1/users/ada')).body.user.totals).toEqual({ lessons: 1 });
  });

  it('answers no streak kept from before the erasure to a new user of the same id at the same version', async () => {
    await record('ada');
    now += DAY;
    await record('ada');
    const before = await t.call('GET', '/v1/users/ada/streak');
    expect(before.body.length).toBe(2);
    expect((await t.call('GET', '/v1/users/ada/streak')).body.length).toBe(2); // answered from the cache

    expect((await admin('DELETE', '/admin/v1/users/ada')).status).toBe(204);
    await record('ada');
    await record('ada');
    // version 2 again, the same day and zone: the answer kept for the erased ada must not come back
    const read = await t.call('GET', '/v1/users/ada/streak');
    expect(read.body.length).toBe(1);
    expect(read.body.streakHistory.filter((p: { length: number }) => p.length > 0)).toHaveLength(1);
  });

  for (const [backend, env] of [
    ['one SQLite folder', {}],
    ['one Redis', { REDIS_URL: 'redis://127.0.0.1:6379', KINDLING_REDIS_PREFIX: `${REDIS_PREFIX}-${++prefixes}` }],
  ] as const) {
    it(`answers a new user of an erased id, not the erased one, from a process that kept a read of the erased one (${backend})`, async () => {
      // process A, and process B: another server on the same data
      const a = await startTestServer({ clock: () => now, env });
      const b = await startServer(testSettings(a.dir, env), { clock: () => now, listen: false });
      try {
        const recordInA = (id: string) =>
          a.call('POST', '/v1/metrics/lessons/event', { body: { user: { id, tz: 'UTC' }, value: 1 } });
        const readInB = async () =>
          (
            await b.app.inject({ method: 'GET', url: '/v1/users/ada/streak', headers: { 'x-api-key': a.appKey } })
          ).json();
        await recordInA('ada');
        now += DAY;
        await recordInA('ada');
        expect((await readInB()).length).toBe(2);
        expect((await readInB()).length).toBe(2); // kept by B

        // A erases her, and a new ada reaches the same version on the same day
        expect((await a.call('DELETE', '/admin/v1/users/ada', { key: a.adminKey })).status).toBe(204);
        await recordInA('ada');
        await recordInA('ada');
        const read = await readInB();
        expect(read.length).toBe(1);
        expect(read.streakHistory.filter((p: { length: number }) => p.length > 0)).toHaveLength(1);
      } finally {
        await b.close();
        await a.close();
      }
    });
  }

  it("forgets the webhook deliveries queued for the user, pending or logged, and keeps the others'", async () => {
    const hook = (
      await t.call('POST', '/admin/v1/webhooks', {
        key: t.adminKey,
        body: { url: 'https://hooks.example.com/erasure', types: ['streak.lost'] },
      })
    ).body;
    const queue = t.server.ctx.backend.deliveries;
    const own = accountSpace(t.server.firstStart!.account.id);
    // the keys the relay gives a user of the account's own namespace
    const delivery = (id: string, userId: string) => ({
      id,
      endpointId: hook.id,
      orderKey: deliveryOrderKey(own, userId),
      type: 'streak.lost',
      payload: JSON.stringify({ id, user: userId }),
      createdAt: now,
    });
    await plantAttempt(
      queue,
      delivery('ada-1', 'ada'),
      { at: now, status: 200, error: null, response: '', ms: 3 },
      { status: 'delivered' },
    );
    await queue.enqueue([delivery('ada-2', 'ada'), delivery('bob-1', 'bob')]);
    await record('ada');

    expect((await admin('DELETE', '/admin/v1/users/ada')).status).toBe(204);
    const log = (await admin('GET', `/admin/v1/webhooks/${hook.id}/deliveries`)).body;
    expect(log.deliveries.map((d: { id: string }) => d.id)).toEqual(['bob-1']);
  });

  it("forgets whose the user's pauses were, and keeps the other users'", async () => {
    await record('ada');
    await record('bob');
    const made = await t.call('POST', '/admin/v1/streaks/pauses', {
      key: t.adminKey,
      body: {
        pauses: [
          { userId: 'ada', start: '2026-03-10', end: '2026-03-12' },
          { userId: 'bob', start: '2026-03-10', end: '2026-03-12' },
        ],
      },
    });
    const [ada, bob] = made.body.created.map((p: { id: string }) => p.id);
    const store = (await t.server.ctx.engines.runtimeFor(t.server.firstStart!.account.id)).space.store;
    expect((await admin('DELETE', '/admin/v1/users/ada')).status).toBe(204);
    expect(await t.server.ctx.backend.control.pauseOwner(store, ada)).toBeNull();
    expect(await t.server.ctx.backend.control.pauseOwner(store, bob)).toBe('bob');
  });

  it('erases the user of the namespace Tenant-ID names only', async () => {
    await t.call('POST', '/admin/v1/tenants', { key: t.adminKey, body: [{ customerId: 'acme', name: 'Acme' }] });
    const acme = { 'tenant-id': 'acme' };
    await record('ada');
    await record('ada', acme);
    expect((await admin('DELETE', '/admin/v1/users/ada', acme)).status).toBe(204);
    expect((await admin('GET', '/admin/v1/users/ada', acme)).status).toBe(404);
    expect((await admin('GET', '/admin/v1/users/ada')).status).toBe(200);
    expect((await admin('DELETE', '/admin/v1/users/ada', { 'tenant-id': 'ghost' })).body.code).toBe('UNKNOWN_TENANT');
  });

  it('answers 404 UNKNOWN_USER for a user the namespace does not hold, an erased one, or one named like a prototype member', async () => {
    await record('ada');
    expect((await admin('DELETE', '/admin/v1/users/ada')).status).toBe(204);
    for (const id of ['ada', 'ghost', '__proto__', 'constructor']) {
      const res = await admin('DELETE', `/admin/v1/users/${id}`);
      expect([res.status, res.body.code]).toEqual([404, 'UNKNOWN_USER']);
    }
    const long = await admin('DELETE', `/admin/v1/users/${'x'.repeat(256)}`);
    expect(long.status).toBe(400);
  });

  it('is refused to an application key, as every admin route', async () => {
    await record('ada');
    expect((await t.call('DELETE', '/admin/v1/users/ada')).status).toBe(403);
    expect((await admin('GET', '/admin/v1/users/ada')).status).toBe(200);
  });
});
