import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../server.js';
import { startTestServer, testSettings, type TestServer } from '../../test/server.js';

const MINUTE = 60_000;

interface Received {
  type: string;
  body: Record<string, unknown>;
}

/** A receiver on loopback that keeps every delivery whose X-Trophy-Signature is right, answering `status`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200, secret: '' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = createHmac('sha256', state.secret).update(raw).digest('base64');
      if (req.headers['x-trophy-signature'] !== signature) {
        res.writeHead(401).end('bad signature');
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      if (state.status < 300) received.push({ type: body.type as string, body });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  receiver = await startReceiver();
  t = await startTestServer({ clock: () => now, env: { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1' } });
  const lessons = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body.find(
    (m: { key: string }) => m.key === 'lessons',
  );
  await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: [{ name: 'Plays', key: 'plays' }] });
  const plays = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body.find(
    (m: { key: string }) => m.key === 'plays',
  );
  const made = await t.call('POST', '/admin/v1/points', {
    key: t.adminKey,
    body: [
      {
        name: 'XP',
        key: 'xp',
        levels: [
          { name: 'Bronze', key: 'bronze', points: 10 },
          { name: 'Silver', key: 'silver', points: 30 },
        ],
        triggers: [
          { type: 'metric', points: 10, metricId: lessons.id, metricThreshold: 1, status: 'active' },
          { type: 'metric', points: -10, metricId: plays.id, metricThreshold: 1, status: 'active' },
        ],
      },
    ],
  });
  expect(made.body.issues).toEqual([]);
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

async function subscribe(types: string[]) {
  const res = await t.call('POST', '/admin/v1/webhooks', { key: t.adminKey, body: { url: receiver.url, types } });
  expect(res.status).toBe(201);
  receiver.state.secret = res.body.secret;
  return res.body.id as string;
}

const lesson = (value = 1, server = t) =>
  server.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada', tz: 'UTC' }, value } });
const play = () => t.call('POST', '/v1/metrics/plays/event', { body: { user: { id: 'ada', tz: 'UTC' }, value: 1 } });
const totals = () =>
  receiver.received.filter((r) => r.type === 'points.changed').map((r) => r.body.points as Record<string, unknown>);
const relay = () => t.server.ctx.relay.relayOnce();

/** Adds `boosts` to the system xp (in the namespace `headers` name), checking none is refused; the system and the answer. */
async function addBoosts(boosts: unknown[], headers: Record<string, string> = {}) {
  const system = (await t.call('GET', '/admin/v1/points', { key: t.adminKey })).body.find(
    (p: { key: string }) => p.key === 'xp',
  );
  const made = await t.call('POST', `/admin/v1/points/${system.id}/boosts`, { key: t.adminKey, headers, body: boosts });
  expect(made.body.issues).toEqual([]);
  return { system, made };
}

describe('points webhooks', () => {
  it('posts points.changed with the system as the event answered it, and points.level_changed when the level moved', async () => {
    await subscribe(['points.changed', 'points.level_changed']);
    const event = await lesson();
    expect(event.status).toBe(201);
    await relay();
    expect(receiver.received.map((r) => r.type)).toEqual(['points.changed', 'points.level_changed']);
    const [changed, level] = receiver.received.map((r) => r.body);
    expect(changed?.points).toEqual(event.body.points.xp);
    expect(changed).toMatchObject({ user: { id: 'ada' }, timestamp: '2026-03-02T10:00:00.000Z' });
    expect(level).toMatchObject({
      points: { key: 'xp', name: 'XP', total: 10 },
      previousLevel: null,
      newLevel: { key: 'bronze', name: 'Bronze', points: 10 },
    });
    expect(Object.keys(level?.points as object).sort()).toEqual(
      ['badgeUrl', 'description', 'id', 'key', 'maxPoints', 'name', 'total'].sort(),
    );
  });

  it('sends a type only to the endpoints subscribed to it, and no points news for an event that paid nothing', async () => {
    await subscribe(['points.level_changed']);
    await lesson();
    now += 20 * MINUTE;
    await lesson();
    now += 20 * MINUTE;
    await lesson(0);
    await relay();
    expect(receiver.received.map((r) => r.type)).toEqual(['points.level_changed']);
  });

  it('retries a points delivery the endpoint refused, with the same body', async () => {
    await subscribe(['points.changed']);
    await lesson();
    receiver.state.status = 500;
    expect(await relay()).toMatchObject({ attempts: 1, delivered: 0 });
    receiver.state.status = 200;
    now += 10 * MINUTE;
    expect(await relay()).toMatchObject({ attempts: 1, delivered: 1 });
    expect(receiver.received.map((r) => (r.body.points as { total: number }).total)).toEqual([10]);
  });

  it('refuses a webhook type it does not know, naming the field', async () => {
    const res = await t.call('POST', '/admin/v1/webhooks', {
      key: t.adminKey,
      body: { url: receiver.url, types: ['points.changed', 'points.__proto__'] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('types');
  });
});

describe('points.changed at most once per user and system per 15 minutes (S38)', () => {
  it('sends the first change at once and the changes of the window as one delivery at its end, added and awards summed', async () => {
    await subscribe(['points.changed']);
    await lesson();
    await relay();
    expect(totals().map((p) => [p.total, p.added])).toEqual([[10, 10]]);
    now += 5 * MINUTE;
    await lesson(2);
    now += 5 * MINUTE;
    await lesson();
    await relay();
    // held: the window opened at 10:00 ends at 10:15
    expect(totals()).toHaveLength(1);
    now += 5 * MINUTE - 1;
    await relay();
    expect(totals()).toHaveLength(1);
    now += 1;
    await relay();
    expect(totals().map((p) => [p.total, p.added])).toEqual([
      [10, 10],
      [40, 30],
    ]);
    const trailing = totals()[1] as { awards: Array<{ awarded: number; total: number }> };
    expect(trailing.awards.map((a) => [a.awarded, a.total])).toEqual([
      [20, 30],
      [10, 40],
    ]);
    // the trailing delivery opened the next window: a change in it waits for 10:30
    now += MINUTE;
    await lesson();
    await relay();
    expect(totals()).toHaveLength(2);
    now += 14 * MINUTE;
    await relay();
    expect(totals().map((p) => p.total)).toEqual([10, 40, 50]);
    // a window that ended with nothing held: the next change goes at once
    now += 16 * MINUTE;
    await relay();
    await lesson();
    await relay();
    expect(totals().map((p) => p.total)).toEqual([10, 40, 50, 60]);
  });

  it('sends nothing at the end of a window whose changes left the total as last sent', async () => {
    await subscribe(['points.changed']);
    await lesson(2);
    await relay();
    now += MINUTE;
    // 20 → 10 → 20, bronze all along
    await play();
    await lesson();
    await relay();
    now += 15 * MINUTE;
    await relay();
    expect(totals().map((p) => p.total)).toEqual([20]);
    // nothing sent at 10:15: the change after it goes at once
    await lesson();
    await relay();
    expect(totals().map((p) => p.total)).toEqual([20, 30]);
  });

  it('keeps its windows across a restart, and sends a held change once when two processes hand on news', async () => {
    await subscribe(['points.changed']);
    await lesson();
    await relay();
    now += MINUTE;
    await lesson();
    // a process started since on the same data (as after a restart) hands that change on: the
    // window the first process opened, read from the control plane, holds it
    const settings = testSettings(t.dir, { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1' });
    const other = await startServer(settings, { clock: () => now, listen: false });
    try {
      expect(await other.ctx.relay.relayOnce()).toMatchObject({ entries: 1, queued: 0 });
      expect(totals()).toHaveLength(1);
      // both relay at the window's end, at once: one trailing delivery
      now += 15 * MINUTE;
      await Promise.all([other.ctx.relay.relayOnce(), relay()]);
      await Promise.all([other.ctx.relay.relayOnce(), relay()]);
      expect(totals().map((p) => [p.total, p.added])).toEqual([
        [10, 10],
        [20, 10],
      ]);
    } finally {
      await other.close();
    }
  });

  it('forgets the window and what it holds of a user who is erased', async () => {
    await subscribe(['points.changed']);
    await lesson();
    await relay();
    now += MINUTE;
    await lesson();
    await relay();
    expect((await t.call('DELETE', '/admin/v1/users/ada', { key: t.adminKey })).status).toBe(204);
    now += 15 * MINUTE;
    await relay();
    expect(totals().map((p) => p.total)).toEqual([10]);
    // a new user of the id starts a window of their own: sent at once
    await lesson();
    await relay();
    expect(totals().map((p) => p.total)).toEqual([10, 10]);
  });
});

describe('points boost webhooks (S39)', () => {
  it('sends a global boost started at 10:00 UTC the day before its start and finished at 12:00 UTC the day after its end, once each, across a restart', async () => {
    await subscribe(['points.boost_started', 'points.boost_finished']);
    await lesson();
    const { system, made } = await addBoosts([
      { name: 'Weekend', start: '2026-03-05', end: '2026-03-06', multiplier: 2 },
    ]);
    const types = () => receiver.received.map((r) => [r.type, r.body.timestamp]);
    now = Date.parse('2026-03-04T09:59:59.999Z');
    await relay();
    expect(types()).toEqual([]);
    now = Date.parse('2026-03-04T10:00:00Z');
    await relay();
    await relay();
    expect(types()).toEqual([['points.boost_started', '2026-03-04T10:00:00.000Z']]);
    expect(receiver.received[0]?.body.boost).toEqual({
      id: made.body.created[0].id,
      name: 'Weekend',
      status: 'active',
      userId: null,
      pointsSystemId: system.id,
      pointsSystemKey: 'xp',
      pointsSystemName: 'XP',
      start: '2026-03-05',
      end: '2026-03-06',
      multiplier: 2,
      rounding: 'down',
    });
    // another process on the same data (a restart) sends nothing again, and the finish once
    const other = await startServer(testSettings(t.dir, { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1' }), {
      clock: () => now,
      listen: false,
    });
    try {
      await other.ctx.relay.relayOnce();
      expect(types()).toHaveLength(1);
      now = Date.parse('2026-03-07T11:59:59Z');
      await other.ctx.relay.relayOnce();
      expect(types()).toHaveLength(1);
      now = Date.parse('2026-03-07T12:30:00Z');
      await Promise.all([other.ctx.relay.relayOnce(), relay()]);
      await relay();
      expect(types()).toEqual([
        ['points.boost_started', '2026-03-04T10:00:00.000Z'],
        ['points.boost_finished', '2026-03-07T12:00:00.000Z'],
      ]);
      expect(receiver.received[1]?.body.boost).toMatchObject({ status: 'finished' });
    } finally {
      await other.close();
    }
  });

  it("sends a user's own boost started at the local midnight of its start in the user's zone and finished at the one after its end", async () => {
    await subscribe(['points.boost_started', 'points.boost_finished']);
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada', tz: 'Asia/Tokyo' }, value: 1 } });
    const { made } = await addBoosts([
      { name: 'Ada only', start: '2026-03-05', end: '2026-03-06', multiplier: 2, userId: 'ada' },
    ]);
    const sent = () => receiver.received.map((r) => [r.type, r.body.timestamp]);
    // midnight of March 5th in Tokyo (UTC+9) is 15:00 UTC on March 4th
    now = Date.parse('2026-03-04T14:59:59.999Z');
    await relay();
    expect(sent()).toEqual([]);
    now = Date.parse('2026-03-04T15:00:00Z');
    await relay();
    await relay();
    expect(sent()).toEqual([['points.boost_started', '2026-03-04T15:00:00.000Z']]);
    expect(receiver.received[0]?.body.boost).toMatchObject({
      id: made.body.created[0].id,
      name: 'Ada only',
      status: 'active',
      userId: 'ada',
      pointsSystemKey: 'xp',
      start: '2026-03-05',
      end: '2026-03-06',
    });
    now = Date.parse('2026-03-06T14:59:59Z');
    await relay();
    expect(sent()).toHaveLength(1);
    now = Date.parse('2026-03-06T15:00:00Z');
    await relay();
    await relay();
    expect(sent()).toEqual([
      ['points.boost_started', '2026-03-04T15:00:00.000Z'],
      ['points.boost_finished', '2026-03-06T15:00:00.000Z'],
    ]);
    expect(receiver.received[1]?.body.boost).toMatchObject({ status: 'finished', userId: 'ada' });
  });

  it("sends nothing of a user's own boost once the user is erased", async () => {
    await subscribe(['points.boost_started', 'points.boost_finished']);
    await lesson();
    await addBoosts([{ name: 'Ada only', start: '2026-03-05', end: '2026-03-06', multiplier: 2, userId: 'ada' }]);
    expect((await t.call('DELETE', '/admin/v1/users/ada', { key: t.adminKey })).status).toBeLessThan(300);
    now = Date.parse('2026-03-08T00:00:00Z');
    await relay();
    expect(receiver.received).toEqual([]);
  });

  it("reads a tenant's user boost's zone in the tenant's namespace, not the account's own", async () => {
    await subscribe(['points.boost_started']);
    await t.call('POST', '/admin/v1/tenants', { key: t.adminKey, body: [{ customerId: 'school', name: 'School' }] });
    const tenant = { 'tenant-id': 'school' };
    await lesson();
    await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ada', tz: 'Asia/Tokyo' }, value: 1 },
      headers: tenant,
    });
    await addBoosts([{ name: 'School ada', start: '2026-03-05', end: null, multiplier: 2, userId: 'ada' }], tenant);
    now = Date.parse('2026-03-04T15:00:00Z');
    await relay();
    expect(receiver.received.map((r) => [r.type, r.body.timestamp])).toEqual([
      ['points.boost_started', '2026-03-04T15:00:00.000Z'],
    ]);
  });

  it('forgets what it sent of a boost once the boost is deleted', async () => {
    await subscribe(['points.boost_started']);
    await lesson();
    const { system, made } = await addBoosts([
      { name: 'Kept', start: '2026-03-01', end: null, multiplier: 2 },
      { name: 'Deleted', start: '2026-03-01', end: null, multiplier: 3 },
    ]);
    const [kept, deleted] = made.body.created.map((boost: { id: string }) => boost.id);
    await relay();
    const control = t.server.ctx.backend.control;
    const [account] = await control.accounts();
    const sentRecord = () => control.kv.readFields(`points-boosts-sent:${account?.id}`);
    expect(Object.keys(await sentRecord()).sort()).toEqual([kept, deleted].sort());
    const removed = await t.call('DELETE', `/admin/v1/points/${system.id}/boosts?ids=${deleted}`, { key: t.adminKey });
    expect(removed.status).toBeLessThan(300);
    await relay();
    expect(await sentRecord()).toEqual({ [kept]: 'started' });
    expect(receiver.received.map((r) => r.type)).toEqual(['points.boost_started', 'points.boost_started']);
  });
});
