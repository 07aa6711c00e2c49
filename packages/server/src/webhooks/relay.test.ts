import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

const DAY = 86_400_000;

interface Received {
  id: string;
  type: string;
  timestamp: string;
  userId: string;
  body: Record<string, unknown>;
}

/** A receiver on loopback that checks both signatures of every delivery, answering `status()`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200, secret: '', clock: () => 0, hold: Promise.resolve(), waiting: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      // a slow endpoint: every answer waits until the test lets it go
      state.waiting++;
      await state.hold;
      state.waiting--;
      const raw = Buffer.concat(chunks).toString('utf8');
      // X-Trophy-Signature: base64 HMAC-SHA256 of the raw body, keyed with the secret as written
      const trophy = createHmac('sha256', state.secret).update(raw).digest('base64');
      if (req.headers['x-trophy-signature'] !== trophy) {
        res.writeHead(401).end('bad X-Trophy-Signature');
        return;
      }
      // the Standard Webhooks signature over id, timestamp and body, with the key the secret encodes
      // (the standardwebhooks library checks it against real time; this server runs on a test clock)
      const id = req.headers['webhook-id'] as string;
      const seconds = req.headers['webhook-timestamp'] as string;
      const key = Buffer.from(state.secret.slice('whsec_'.length), 'base64');
      const standard = createHmac('sha256', key).update(`${id}.${seconds}.${raw}`).digest('base64');
      if (
        req.headers['webhook-signature'] !== `v1,${standard}` ||
        Number(seconds) !== Math.floor(state.clock() / 1000)
      ) {
        res.writeHead(401).end('bad webhook-signature or webhook-timestamp');
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      if (state.status < 300)
        received.push({
          id: req.headers['webhook-id'] as string,
          type: body.type as string,
          timestamp: body.timestamp as string,
          userId: (body.user as { id: string }).id,
          body,
        });
      res.writeHead(state.status).end(state.status < 300 ? 'thanks' : 'not now');
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
  receiver.state.clock = () => now;
  t = await startTestServer({ clock: () => now, env: { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1' } });
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

const ALL = ['streak.started', 'streak.extended', 'streak.lost', 'streak.freeze_consumed', 'achievement.completed'];

async function subscribe(types = ALL) {
  const res = await t.call('POST', '/admin/v1/webhooks', { key: t.adminKey, body: { url: receiver.url, types } });
  expect(res.status).toBe(201);
  receiver.state.secret = res.body.secret;
  return res.body.id as string;
}

const lesson = (id: string) =>
  t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id, tz: 'UTC' }, value: 1 } });
const relay = () => t.server.ctx.relay.relayOnce();
const log = async (endpoint: string) =>
  (await t.call('GET', `/admin/v1/webhooks/${endpoint}/deliveries`, { key: t.adminKey })).body;

describe('webhook delivery', () => {
  it("posts each change an event makes, signed both ways, in the hosted service's shape, after the event answered", async () => {
    await subscribe();
    expect((await lesson('ada')).status).toBe(201);
    now += DAY;
    expect((await lesson('ada')).status).toBe(201);
    // nothing is sent on the event path: only the relay sends
    expect(receiver.received).toEqual([]);
    expect(await relay()).toMatchObject({ entries: 2, queued: 2, attempts: 2, delivered: 2, failures: 0 });
    expect(receiver.received.map((r) => [r.type, r.userId, r.timestamp])).toEqual([
      ['streak.started', 'ada', '2026-03-02T10:00:00.000Z'],
      ['streak.extended', 'ada', '2026-03-03T10:00:00.000Z'],
    ]);
    const extended = receiver.received[1]?.body;
    expect(extended).toMatchObject({
      id: receiver.received[1]?.id,
      streak: { length: 2, frequency: 'daily', periodStart: '2026-03-03', periodEnd: '2026-03-03' },
      user: { id: 'ada', tz: 'UTC', created: '2026-03-02T10:00:00.000Z' },
    });
    expect(extended).not.toHaveProperty('user.totals');
    // handed on once: a second pass sends nothing again
    expect(await relay()).toMatchObject({ entries: 0, attempts: 0 });
  });

  it("hands on the news of every tenant's users, the same user id in two namespaces as two deliveries with their own ids", async () => {
    await subscribe(['streak.started']);
    await t.call('POST', '/admin/v1/tenants', { key: t.adminKey, body: [{ customerId: 'acme', name: 'Acme' }] });
    await lesson('ada');
    const inAcme = await t.call('POST', '/v1/metrics/lessons/event', {
      headers: { 'tenant-id': 'acme' },
      body: { user: { id: 'ada', tz: 'UTC' }, value: 1 },
    });
    expect(inAcme.status).toBe(201);
    expect(await relay()).toMatchObject({ entries: 2, delivered: 2, failures: 0 });
    expect(receiver.received.map((r) => [r.type, r.userId])).toEqual([
      ['streak.started', 'ada'],
      ['streak.started', 'ada'],
    ]);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(2);
    expect(receiver.received.map((r) => r.body.id)).toEqual(receiver.received.map((r) => r.id));
  });

  it("erasing a user of one tenant leaves the same user id's deliveries pending in another tenant, which still go out", async () => {
    const endpoint = await subscribe(['streak.started']);
    await t.call('POST', '/admin/v1/tenants', {
      key: t.adminKey,
      body: [
        { customerId: 'acme', name: 'Acme' },
        { customerId: 'beta', name: 'Beta' },
      ],
    });
    for (const tenant of ['acme', 'beta']) {
      const res = await t.call('POST', '/v1/metrics/lessons/event', {
        headers: { 'tenant-id': tenant },
        body: { user: { id: 'ada', email: `ada@${tenant}.example`, tz: 'UTC' }, value: 1 },
      });
      expect(res.status).toBe(201);
    }
    receiver.state.status = 503;
    expect(await relay()).toMatchObject({ queued: 2, delivered: 0 });
    const erased = await t.call('DELETE', '/admin/v1/users/ada', { key: t.adminKey, headers: { 'tenant-id': 'acme' } });
    expect(erased.status).toBe(204);
    expect((await log(endpoint)).deliveries).toHaveLength(1);
    receiver.state.status = 200;
    now += 3_600_000;
    await relay();
    expect(receiver.received.map((r) => [r.userId, (r.body.user as { email: string }).email])).toEqual([
      ['ada', 'ada@beta.example'],
    ]);
  });

  it('tells of a streak lost while its user stays away, dated at the local midnight it was lost, once', async () => {
    await subscribe(['streak.lost', 'streak.freeze_consumed']);
    await lesson('bob');
    await relay();
    now += 3 * DAY;
    await t.server.ctx.sweeper.sweepOnce();
    await t.server.ctx.sweeper.sweepOnce();
    await relay();
    // the first start's rule gives one freeze: it holds the 3rd, the streak is lost as the 5th begins
    expect(receiver.received.map((r) => [r.type, r.timestamp])).toEqual([
      ['streak.freeze_consumed', '2026-03-04T00:00:00.000Z'],
      ['streak.lost', '2026-03-05T00:00:00.000Z'],
    ]);
    expect(receiver.received[1]?.body).toMatchObject({ length: 1 });
  });

  it("retries a refused delivery with backoff, holding the user's later ones behind it, then delivers all in order", async () => {
    now = Date.parse('2026-03-02T23:00:00Z');
    const endpoint = await subscribe();
    receiver.state.status = 500;
    await lesson('cyd');
    await lesson('dan');
    expect(await relay()).toMatchObject({ attempts: 2, delivered: 0 });
    now += 2 * 3_600_000;
    await lesson('cyd'); // the next day: queued behind cyd's first, which waits for its retry
    expect(await relay()).toMatchObject({ attempts: 2, delivered: 0 });
    const page = await log(endpoint);
    expect(
      page.deliveries.map((d: { userId: string; status: string; attempts: number }) => [
        d.userId,
        d.status,
        d.attempts,
      ]),
    ).toEqual([
      ['cyd', 'pending', 0],
      ['dan', 'pending', 2],
      ['cyd', 'pending', 2],
    ]);
    expect(page.deliveries[2].lastAttempt).toMatchObject({ status: 500, error: 'status 500', response: 'not now' });
    receiver.state.status = 200;
    now += 2 * 3_600_000;
    await relay();
    await relay();
    // each user's in order; two users' go side by side, in no order of theirs
    const of = (user: string) => receiver.received.filter((r) => r.userId === user).map((r) => r.type);
    expect(of('cyd')).toEqual(['streak.started', 'streak.extended']);
    expect(of('dan')).toEqual(['streak.started']);
    expect((await log(endpoint)).deliveries.map((d: { status: string }) => d.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
  });

  it('holds each delivery under way for as long as its attempt can take, so that no other process takes one meanwhile', async () => {
    const endpoint = await subscribe(['streak.started']);
    for (let i = 0; i < 100; i++) await lesson(`user-${i}`);
    let letGo = () => {};
    receiver.state.hold = new Promise<void>((resolve) => (letGo = resolve));
    const pass = relay();
    const queue = t.server.ctx.backend.deliveries;
    let taken: string[] = [];
    try {
      // the endpoint's share is under way (16 attempts), each held for the timeout (10 s) and a margin
      await expect.poll(() => receiver.state.waiting, { timeout: 5000 }).toBe(16);
      const underWay = (await queue.list(endpoint, 1000)).deliveries.filter((d) => d.claim > 0);
      expect(underWay).toHaveLength(16);
      for (const delivery of underWay) expect(delivery.nextAt).toBeGreaterThanOrEqual(now + 10_000);
      // another process's claim just before the timeout takes only what is not under way here
      taken = (await queue.claim(now + 9_999, 100, 60_000)).map((d) => d.id);
      expect(taken).toHaveLength(84);
      for (const delivery of underWay) expect(taken).not.toContain(delivery.id);
    } finally {
      letGo();
      await pass;
    }
    expect(receiver.received).toHaveLength(16);
    // the other process never sent them: once its lease ran out, this one does
    now += 70_000;
    receiver.state.clock = () => now;
    await relay();
    expect(receiver.received).toHaveLength(100);
    expect(new Set(receiver.received.map((r) => r.userId)).size).toBe(100);
  });

  it('sends one delivery again on request, with the same id', async () => {
    const endpoint = await subscribe();
    await lesson('eve');
    await relay();
    const [delivery] = (await log(endpoint)).deliveries;
    const again = await t.call('POST', `/admin/v1/webhooks/${endpoint}/deliveries/${delivery.id}/retry`, {
      key: t.adminKey,
    });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: delivery.id, status: 'pending', attempts: 1 });
    await relay();
    expect(receiver.received.map((r) => r.id)).toEqual([delivery.id, delivery.id]);
    const unknown = await t.call('POST', `/admin/v1/webhooks/${endpoint}/deliveries/nope/retry`, { key: t.adminKey });
    expect(unknown.status).toBe(404);
  });

  it('refuses "send again" with 409 while an attempt is under way, then sends the delivery again once it is done', async () => {
    const endpoint = await subscribe(['streak.started']);
    await lesson('ida');
    let letGo = () => {};
    receiver.state.hold = new Promise<void>((resolve) => (letGo = resolve));
    const pass = relay();
    await expect.poll(() => receiver.state.waiting, { timeout: 5_000 }).toBe(1);
    const [delivery] = (await log(endpoint)).deliveries;
    const during = await t.call('POST', `/admin/v1/webhooks/${endpoint}/deliveries/${delivery.id}/retry`, {
      key: t.adminKey,
    });
    expect([during.status, during.body.code]).toEqual([409, 'DELIVERY_UNDER_WAY']);
    letGo();
    await pass;
    expect((await log(endpoint)).deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    const after = await t.call('POST', `/admin/v1/webhooks/${endpoint}/deliveries/${delivery.id}/retry`, {
      key: t.adminKey,
    });
    expect(after.status).toBe(202);
    await relay();
    expect(receiver.received.map((r) => r.id)).toEqual([delivery.id, delivery.id]);
    expect((await log(endpoint)).deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('gives a delivery up after a day of failures and turns off an endpoint that failed all that time, saying why', async () => {
    const endpoint = await subscribe();
    receiver.state.status = 503;
    await lesson('fay');
    for (let hour = 0; hour <= 26; hour++) {
      await relay();
      now += 3_600_000;
    }
    const [delivery] = (await log(endpoint)).deliveries;
    expect(delivery).toMatchObject({ status: 'failed', nextAttempt: null, lastAttempt: { status: 503 } });
    expect(delivery.attempts).toBeGreaterThan(5);
    const shown = (await t.call('GET', `/admin/v1/webhooks/${endpoint}`, { key: t.adminKey })).body;
    expect(shown.enabled).toBe(false);
    expect(shown.disabledReason).toMatch(/every delivery failed from 2026-03-02T10:00:00.000Z on \(last: status 503\)/);
    // off: the next changes are not written for it
    await lesson('fay');
    expect(await relay()).toMatchObject({ queued: 0, attempts: 0 });
  });

  it('keeps the deliveries of an endpoint turned off, and sends them once it is turned on again within their day', async () => {
    const endpoint = await subscribe(['streak.started']);
    receiver.state.status = 500;
    await lesson('gus');
    await relay();
    const off = await t.call('PATCH', `/admin/v1/webhooks/${endpoint}`, { key: t.adminKey, body: { enabled: false } });
    expect(off.status).toBe(200);
    now += 3_600_000;
    await relay();
    const [held] = (await log(endpoint)).deliveries;
    expect(held).toMatchObject({
      status: 'pending',
      lastAttempt: { status: null, error: 'the endpoint is turned off' },
    });
    receiver.state.status = 200;
    await t.call('PATCH', `/admin/v1/webhooks/${endpoint}`, { key: t.adminKey, body: { enabled: true } });
    now += 3_600_000;
    await relay();
    expect(receiver.received.map((r) => [r.id, r.userId])).toEqual([[held.id, 'gus']]);
    expect((await log(endpoint)).deliveries[0]).toMatchObject({ id: held.id, status: 'delivered' });
  });

  it('fails the deliveries of an endpoint still turned off a day after their first attempt, saying so', async () => {
    const endpoint = await subscribe(['streak.started']);
    receiver.state.status = 500;
    await lesson('hal');
    await relay();
    await t.call('PATCH', `/admin/v1/webhooks/${endpoint}`, { key: t.adminKey, body: { enabled: false } });
    for (let hour = 0; hour <= 25; hour++) {
      now += 3_600_000;
      await relay();
    }
    expect((await log(endpoint)).deliveries[0]).toMatchObject({
      status: 'failed',
      lastAttempt: { error: 'the endpoint is turned off' },
    });
  });

  it('lets an attempt the receiver answers within a second of a stop end as delivered, not cut short and sent again', async () => {
    const endpoint = await subscribe(['streak.started']);
    await lesson('ivy');
    let letGo = () => {};
    receiver.state.hold = new Promise<void>((resolve) => (letGo = resolve));
    const pass = relay();
    await expect.poll(() => receiver.state.waiting, { timeout: 5000 }).toBe(1);
    const stopped = t.server.ctx.relay.stop();
    setTimeout(letGo, 300);
    await stopped;
    await pass;
    expect(receiver.received.map((r) => r.userId)).toEqual(['ivy']);
    expect((await log(endpoint)).deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it("keeps another account's delivery log to that account", async () => {
    const second = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'second' } });
    const theirs = await t.call('POST', '/admin/v1/webhooks', {
      key: second.body.adminKey,
      body: { url: receiver.url, types: ALL },
    });
    expect(theirs.status).toBe(201);
    const res = await t.call('GET', `/admin/v1/webhooks/${theirs.body.id}/deliveries`, { key: t.adminKey });
    expect(res.status).toBe(404);
    const retry = await t.call('POST', `/admin/v1/webhooks/${theirs.body.id}/deliveries/x/retry`, { key: t.adminKey });
    expect(retry.status).toBe(404);
    expect(
      (await t.call('GET', `/admin/v1/webhooks/${theirs.body.id}/deliveries`, { key: second.body.adminKey })).status,
    ).toBe(200);
  });
});

describe('an endpoint that hangs', () => {
  it('keeps its 16 attempts in flight without a warning of a listener leak on the stop signal they share', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    let requests = 0;
    const hung = createServer(() => {
      requests++;
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const made = await t.call('POST', '/admin/v1/webhooks', {
        key: t.adminKey,
        body: { url: `http://127.0.0.1:${(hung.address() as AddressInfo).port}/hooks`, types: ['streak.started'] },
      });
      expect(made.status).toBe(201);
      for (let i = 0; i < 40; i++) await lesson(`waiting-${i}`);
      const pass = relay();
      // every attempt of the pass is in flight: the receiver has each request and answers none
      await expect.poll(() => requests, { timeout: 5_000 }).toBeGreaterThanOrEqual(16);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await Promise.all([t.server.ctx.relay.stop(), pass]);
      expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      hung.closeAllConnections();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    }
  });

  it("holds back another endpoint's deliveries for one timeout at most, and a stop cuts the hung sends short", async () => {
    await t.close();
    t = await startTestServer({
      clock: () => now,
      env: { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1', KINDLING_WEBHOOK_TIMEOUT_MS: '2000' },
    });
    const healthy = await subscribe(['streak.started']);
    // a second endpoint whose receiver reads each delivery and never answers
    const hung = createServer(() => {});
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const made = await t.call('POST', '/admin/v1/webhooks', {
      key: t.adminKey,
      body: { url: `http://127.0.0.1:${(hung.address() as AddressInfo).port}/hooks`, types: ['streak.started'] },
    });
    expect(made.status).toBe(201);
    try {
      for (let i = 0; i < 150; i++) await lesson(`user-${i}`);
      const pass = relay();
      // Every attempt to the hung endpoint waits its timeout (2 s). The healthy one's 150 go in the
      // first claim's sends and, once the hung one is known to be slow, past it: within about one
      // timeout, where sending each claimed hundred to the end before the next took over 15 s. The
      // poll allows 10 s: a loaded machine's slack on the one timeout, still well short of 15 s.
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(150);
      const queue = t.server.ctx.backend.deliveries;
      // each is logged delivered once its answer is in and its outcome written, a moment after it arrived
      await expect
        .poll(async () => (await queue.list(healthy, 1000)).deliveries.map((d) => d.status), { timeout: 3_000 })
        .toEqual(Array(150).fill('delivered'));
      // stopping does not wait out the hung attempts: they are cut short, logged, and tried again later
      const stopped = Promise.all([t.server.ctx.relay.stop(), pass]).then(() => true);
      expect(await Promise.race([stopped, new Promise((r) => setTimeout(() => r(false), 3_000))])).toBe(true);
      const cut = (await queue.list(made.body.id, 1000)).deliveries.filter((d) => d.attempts > 0);
      expect(cut.length).toBeGreaterThan(0);
      // each tried is left to be tried again: timed out before the stop, or cut short by it
      for (const delivery of cut)
        expect(delivery).toMatchObject({
          status: 'pending',
          last: { status: null, error: expect.stringMatching(/^(stopped|timeout)/) },
        });
      expect(cut.some((delivery) => delivery.last?.error?.startsWith('stopped'))).toBe(true);
    } finally {
      hung.closeAllConnections();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    }
  }, 30_000);

  it("holds back another endpoint's deliveries for about one answer of an endpoint that answers slowly but within the timeout", async () => {
    await t.close();
    t = await startTestServer({
      clock: () => now,
      env: { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1', KINDLING_WEBHOOK_TIMEOUT_MS: '2000' },
    });
    // answers 200 after 1.5 s: slow, but never timed out
    const slow = createServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.writeHead(200).end('ok'), 1_500));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const made = await t.call('POST', '/admin/v1/webhooks', {
        key: t.adminKey,
        body: { url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hooks`, types: ['streak.started'] },
      });
      expect(made.status).toBe(201);
      await subscribe(['streak.extended']);
      // 150 deliveries to the slow endpoint queued first, then 10 to the other
      for (let i = 0; i < 150; i++) await lesson(`user-${i}`);
      now += 86_400_000;
      for (let i = 0; i < 10; i++) await lesson(`user-${i}`);
      const started = Date.now();
      const pass = relay();
      // Sending the first claimed hundred to the slow endpoint, 16 at a time, before claiming the
      // rest took seven answers (10.5 s); once it is known to be slow the others go past it.
      await expect.poll(() => receiver.received.length, { timeout: 7_000 }).toBe(10);
      expect(Date.now() - started).toBeLessThan(7_000);
      await t.server.ctx.relay.stop();
      await pass;
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  }, 30_000);
});
