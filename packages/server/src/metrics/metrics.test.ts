import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { useOwnRedis } from '../../../redis/test/cluster.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { scrape, sampleValue } from '../../test/scrape.js';

const DAY = 86_400_000;
const METRICS = { KINDLING_METRICS: '1' };
const redis = useOwnRedis();

let t: TestServer | null = null;
const servers: Server[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const lesson = (server: TestServer, id: string) =>
  server.call('POST', '/v1/metrics/lessons/event', { body: { user: { id, tz: 'UTC' }, value: 1 } });

/** A webhook receiver on loopback answering `status`, each answer held until `hold` settles. */
async function receiver(state: { status: number; hold: Promise<void>; received: number }): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      state.received++;
      await state.hold;
      res.writeHead(state.status).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

describe('the metrics of the stores', () => {
  it('time every call of the streak store and the control plane by operation, ok', async () => {
    t = await startTestServer({ env: METRICS });
    expect((await lesson(t, 'ada')).status).toBe(201);
    expect((await t.call('GET', '/v1/users/ada')).status).toBe(200);
    const samples = await scrape(t);
    const count = 'kindling_store_duration_seconds_count';
    expect(sampleValue(samples, count, { store: 'streaks', operation: 'update', outcome: 'ok' })).toBe(1);
    expect(sampleValue(samples, count, { store: 'streaks', operation: 'load', outcome: 'ok' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sampleValue(samples, count, { store: 'control', outcome: 'ok' })).toBeGreaterThan(0);
    expect(
      sampleValue(samples, 'kindling_store_duration_seconds_sum', { store: 'streaks', operation: 'update' }),
    ).toBeGreaterThan(0);
    expect(sampleValue(samples, 'kindling_store_errors_total')).toBe(0);
  });

  it('count the calls a paused Redis fails, by store and operation, and the 503s they answer, scraped while it hangs', async () => {
    const node = redis().nodes[0] as { host: string; port: number };
    t = await startTestServer({
      env: {
        ...METRICS,
        REDIS_URL: `redis://${node.host}:${node.port}`,
        KINDLING_REDIS_PREFIX: `metrics-${Date.now()}`,
        KINDLING_STORE_TIMEOUT_MS: '1000',
      },
    });
    expect((await lesson(t, 'ada')).status).toBe(201);
    redis().pause();
    let samples: Awaited<ReturnType<typeof scrape>>;
    try {
      expect((await lesson(t, 'ada')).status).toBe(503);
      // a scrape asks no store: it answers within the store timeout (1 s) while the store hangs, which is when it is needed
      const started = performance.now();
      samples = await scrape(t);
      expect(performance.now() - started).toBeLessThan(900);
    } finally {
      redis().resume();
    }
    expect(sampleValue(samples, 'kindling_store_errors_total', { store: 'streaks', operation: 'update' })).toBe(1);
    expect(
      sampleValue(samples, 'kindling_store_duration_seconds_count', {
        store: 'streaks',
        operation: 'update',
        outcome: 'error',
      }),
    ).toBe(1);
    expect(
      sampleValue(samples, 'kindling_http_request_duration_seconds_count', {
        route: '/v1/metrics/:key/event',
        status: '503',
      }),
    ).toBe(1);
  });
});

describe('the metrics of the sweeper', () => {
  it('count the users each sweep settles and the changes, its time, and when it ended', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    t = await startTestServer({ env: METRICS, clock: () => now });
    for (const id of ['ada', 'bob']) expect((await lesson(t, id)).status).toBe(201);
    now += 3 * DAY;
    expect(await t.server.ctx.sweeper.sweepOnce()).toMatchObject({ users: 2, failures: 0 });
    const first = await scrape(t);
    expect(sampleValue(first, 'kindling_sweep_users_settled_total')).toBe(2);
    // a freeze used, then the streak lost, for each
    expect(sampleValue(first, 'kindling_sweep_changes_total')).toBe(4);
    expect(sampleValue(first, 'kindling_sweep_last_users_settled')).toBe(2);
    expect(sampleValue(first, 'kindling_sweep_last_users_due')).toBe(2);
    expect(sampleValue(first, 'kindling_sweep_duration_seconds_count')).toBe(1);
    expect(sampleValue(first, 'kindling_sweep_last_namespaces_behind')).toBe(0);
    expect(sampleValue(first, 'kindling_sweep_last_end_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
    // a sweep asked for, not on a schedule, is never late
    expect(sampleValue(first, 'kindling_sweep_lag_seconds')).toBe(0);
    await t.server.ctx.sweeper.sweepOnce();
    const second = await scrape(t);
    expect(sampleValue(second, 'kindling_sweep_users_settled_total')).toBe(2);
    expect(sampleValue(second, 'kindling_sweep_last_users_settled')).toBe(0);
    expect(sampleValue(second, 'kindling_sweep_last_users_due')).toBe(0);
    expect(sampleValue(second, 'kindling_sweep_duration_seconds_count')).toBe(2);
  });
});

describe('the metrics of the webhook relay', () => {
  it('count the news handed on, the attempts by outcome, the wait before a first attempt, and the deliveries in hand', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    t = await startTestServer({ env: { ...METRICS, KINDLING_WEBHOOK_ALLOW_PRIVATE: '1' }, clock: () => now });
    let release: () => void = () => {};
    const state = { status: 200, hold: new Promise<void>((resolve) => (release = resolve)), received: 0 };
    const url = await receiver(state);
    const made = await t.call('POST', '/admin/v1/webhooks', {
      key: t.adminKey,
      body: { url, types: ['streak.started'] },
    });
    expect(made.status).toBe(201);
    expect((await lesson(t, 'ada')).status).toBe(201);
    expect((await lesson(t, 'bob')).status).toBe(201);
    now += 5_000;
    const pass = t.server.ctx.relay.relayOnce();
    // both deliveries are claimed and under way, held by the receiver
    while (state.received < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sampleValue(await scrape(t), 'kindling_webhook_deliveries_pending')).toBe(2);
    release();
    expect(await pass).toMatchObject({ entries: 2, delivered: 2, failures: 0 });
    const sent = await scrape(t);
    expect(sampleValue(sent, 'kindling_webhook_deliveries_pending')).toBe(0);
    expect(sampleValue(sent, 'kindling_webhook_outbox_entries_total')).toBe(2);
    expect(sampleValue(sent, 'kindling_webhook_deliveries_queued_total')).toBe(2);
    expect(sampleValue(sent, 'kindling_webhook_attempts_total', { outcome: 'delivered' })).toBe(2);
    expect(sampleValue(sent, 'kindling_webhook_attempts_total', { outcome: 'retry' })).toBe(0);
    // queued at the pass's clock and first tried at once
    expect(sampleValue(sent, 'kindling_webhook_delivery_lag_seconds_count')).toBe(2);
    expect(sampleValue(sent, 'kindling_webhook_relay_pass_duration_seconds_count')).toBe(1);
    // a failing receiver: the attempt is counted as one to try again
    state.status = 500;
    expect((await lesson(t, 'cy')).status).toBe(201);
    expect(await t.server.ctx.relay.relayOnce()).toMatchObject({ attempts: 1, delivered: 0 });
    const failed = await scrape(t);
    expect(sampleValue(failed, 'kindling_webhook_attempts_total', { outcome: 'retry' })).toBe(1);
    expect(sampleValue(failed, 'kindling_webhook_attempts_total', { outcome: 'failed' })).toBe(0);
    expect(sampleValue(failed, 'kindling_webhook_relay_pass_duration_seconds_count')).toBe(2);
    // the whole queue, read at the scrape: cy's delivery waits for its retry
    expect(sampleValue(failed, 'kindling_webhook_queue_deliveries', { status: 'pending' })).toBe(1);
    expect(sampleValue(failed, 'kindling_webhook_queue_deliveries', { status: 'failed' })).toBe(0);
    // one given up (as after a day of retries): failed, and no longer pending
    const queue = t.server.ctx.backend.deliveries;
    const [held] = await queue.claim(now + DAY, 1, 60_000);
    if (held === undefined) throw new Error("cy's delivery was not handed out");
    await queue.finish(
      held,
      { at: now + DAY, status: 500, error: 'status 500', response: '', ms: 1 },
      { status: 'failed' },
    );
    const gaveUp = await scrape(t);
    expect(sampleValue(gaveUp, 'kindling_webhook_queue_deliveries', { status: 'pending' })).toBe(0);
    expect(sampleValue(gaveUp, 'kindling_webhook_queue_deliveries', { status: 'failed' })).toBe(1);
  });

  it('answers a scrape within its bound while the queue hangs, without the counts of the whole queue', async () => {
    const node = redis().nodes[0] as { host: string; port: number };
    t = await startTestServer({
      env: {
        ...METRICS,
        REDIS_URL: `redis://${node.host}:${node.port}`,
        KINDLING_REDIS_PREFIX: `metrics-queue-${Date.now()}`,
        KINDLING_STORE_TIMEOUT_MS: '2000',
      },
    });
    const answered = await scrape(t);
    expect(answered.filter((sample) => sample.name === 'kindling_webhook_queue_deliveries')).toEqual([
      { name: 'kindling_webhook_queue_deliveries', labels: { status: 'pending' }, value: 0 },
      { name: 'kindling_webhook_queue_deliveries', labels: { status: 'failed' }, value: 0 },
    ]);
    redis().pause();
    let samples: Awaited<ReturnType<typeof scrape>>;
    let took: number;
    try {
      const started = performance.now();
      samples = await scrape(t);
      took = performance.now() - started;
    } finally {
      redis().resume();
    }
    // the queue's count is given up on after 250 ms, long before the store's own timeout (2 s)
    expect(took).toBeLessThan(1_000);
    expect(samples.some((sample) => sample.name === 'kindling_webhook_queue_deliveries')).toBe(false);
    expect(sampleValue(samples, 'kindling_webhook_queue_unanswered_total')).toBe(1);
  });
});
