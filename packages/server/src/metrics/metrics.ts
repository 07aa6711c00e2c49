/**
 * What the server counts for Prometheus (GET /metrics, on with KINDLING_METRICS=1): each answer by
 * method, route pattern and status, with its time; each call of a store by store and operation,
 * with its time and outcome; the sweeper's and the webhook relay's progress (the idempotency keys
 * the sweeper removed among it); and prom-client's
 * default process metrics (CPU, memory, event loop delay). One registry per server, so that two
 * servers in one process (tests) count apart. Nothing is made when metrics are off: the server
 * then holds no Metrics, and no hook, wrapper or observer runs (server.ts).
 */
import type { DeliveryCounts } from '@kindling/core/adapter';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RelayWatch } from '../webhooks/relay.js';
import type { ForgetWatch } from '../jobs/forget-idempotency.js';
import type { SweepWatch } from '../jobs/sweeper.js';
import type { StoreWatch } from '../backend/timed.js';

/** The label of the answers no route took (unknown paths, bad URLs): one for them all, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: from a cached read (0.1 ms) to a request near the store timeout. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a sweep or a relay pass, from nothing to do to minutes. */
const PASS_BUCKETS = [0.001, 0.01, 0.1, 0.5, 1, 5, 15, 60, 300];
/**
 * How long a scrape waits for the delivery queue's counts: a queue that does not answer by then
 * (a store down or hung) leaves them out of that scrape, which answers at once rather than hang.
 */
export const QUEUE_COUNT_MS = 250;

/** Seconds between a delivery's queueing and its first attempt. */
const LAG_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

export class Metrics implements StoreWatch, SweepWatch, RelayWatch, ForgetWatch {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;

  private readonly requests = new Histogram({
    name: 'kindling_http_request_duration_seconds',
    help: 'Answers by method, route pattern (unmatched for any path no route takes) and status code, and the seconds from routing to the last byte (the _count is the number of answers).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  private readonly storeCalls = new Histogram({
    name: 'kindling_store_duration_seconds',
    help: 'Calls of a store (streaks: the user data; control: accounts, keys, configuration; deliveries: the webhook queue) by operation and outcome (ok or error), in seconds.',
    labelNames: ['store', 'operation', 'outcome'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  private readonly storeErrors = new Counter({
    name: 'kindling_store_errors_total',
    help: 'Calls of a store that failed, by store and operation (a store down or slow, a damaged file).',
    labelNames: ['store', 'operation'] as const,
    registers: [this.registry],
  });
  private readonly sweeps = new Histogram({
    name: 'kindling_sweep_duration_seconds',
    help: 'Sweeps of this process (settling the users whose streak needed a freeze or was lost), in seconds.',
    buckets: PASS_BUCKETS,
    registers: [this.registry],
  });
  private readonly sweptUsers = new Counter({
    name: 'kindling_sweep_users_settled_total',
    help: 'Users the sweeps of this process found due and settled.',
    registers: [this.registry],
  });
  private readonly sweptChanges = new Counter({
    name: 'kindling_sweep_changes_total',
    help: 'Changes the sweeps of this process made (losses, freezes used or earned, reminders).',
    registers: [this.registry],
  });
  private readonly idempotencyForgotten = new Counter({
    name: 'kindling_idempotency_keys_removed_total',
    help: 'Idempotency records past their retention (KINDLING_IDEMPOTENCY_HOURS) that the sweeps of this process removed.',
    registers: [this.registry],
  });
  private readonly sweepFailures = new Counter({
    name: 'kindling_sweep_failures_total',
    help: 'Namespaces (or the list of accounts) a sweep could not sweep; the next sweep tries again.',
    registers: [this.registry],
  });
  private readonly lastSweepUsers = new Gauge({
    name: 'kindling_sweep_last_users_settled',
    help: 'Users the last sweep of this process settled.',
    registers: [this.registry],
  });
  private readonly lastSweepDue = new Gauge({
    name: 'kindling_sweep_last_users_due',
    help: 'Users the last sweep of this process found due in its index reads, and settled (those with nothing to change among them); namespaces it left with more are kindling_sweep_last_namespaces_behind.',
    registers: [this.registry],
  });
  private readonly sweepBehind = new Gauge({
    name: 'kindling_sweep_last_namespaces_behind',
    help: 'Namespaces that still had users due when the last sweep left them (a round that settled none of those it found, or a stop).',
    registers: [this.registry],
  });
  private readonly sweepLag = new Gauge({
    name: 'kindling_sweep_lag_seconds',
    help: 'How late the last sweep started against its schedule (KINDLING_SWEEP_MS after the one before): a busy event loop, or sweeps longer than the interval.',
    registers: [this.registry],
  });
  private readonly sweepAt = new Gauge({
    name: 'kindling_sweep_last_end_timestamp_seconds',
    help: 'When the last sweep of this process ended (Unix seconds).',
    registers: [this.registry],
  });
  private readonly passes = new Histogram({
    name: 'kindling_webhook_relay_pass_duration_seconds',
    help: 'Passes of the webhook relay of this process (hand the outbox on, send what is due), in seconds.',
    buckets: PASS_BUCKETS,
    registers: [this.registry],
  });
  private readonly relayLag = new Gauge({
    name: 'kindling_webhook_relay_lag_seconds',
    help: 'How late the last relay pass started against its schedule (KINDLING_WEBHOOK_RELAY_MS after the one before).',
    registers: [this.registry],
  });
  private readonly relayAt = new Gauge({
    name: 'kindling_webhook_relay_last_end_timestamp_seconds',
    help: 'When the last relay pass of this process ended (Unix seconds).',
    registers: [this.registry],
  });
  private readonly handedOn = new Counter({
    name: 'kindling_webhook_outbox_entries_total',
    help: 'Outbox entries (changes) this process handed on to the delivery queue.',
    registers: [this.registry],
  });
  private readonly queued = new Counter({
    name: 'kindling_webhook_deliveries_queued_total',
    help: 'Deliveries this process queued (an outbox entry for each endpoint subscribed to its type).',
    registers: [this.registry],
  });
  private readonly attempts = new Counter({
    name: 'kindling_webhook_attempts_total',
    help: 'Delivery attempts of this process by outcome: delivered (sent), retry (failed, tried again later), failed (failed and given up after a day).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly pending = new Gauge({
    name: 'kindling_webhook_deliveries_pending',
    help: 'Deliveries this process has claimed and not yet finished: waiting to be sent or under way.',
    registers: [this.registry],
  });
  /** what reads the counts of the whole queue (queueCountsFrom), none before the server gives it */
  private readCounts: (() => Promise<DeliveryCounts>) | null = null;
  /** the read of the scrape under way, which both families below wait for (a registry collects them at once) */
  private countsRead: Promise<DeliveryCounts | null> | null = null;
  private readonly queueUnanswered = new Counter({
    name: 'kindling_webhook_queue_unanswered_total',
    help: `Scrapes that showed no kindling_webhook_queue_deliveries: the delivery queue failed or did not answer within ${QUEUE_COUNT_MS} ms.`,
    registers: [this.registry],
    collect: async () => {
      await this.countsOfScrape();
    },
  });
  private readonly queueDeliveries = new Gauge({
    name: 'kindling_webhook_queue_deliveries',
    help: `Deliveries of the whole queue (every process's) by status: pending (queued, under way or waiting for a retry) and failed (given up, kept in the log until purged), read from the queue at each scrape; absent from a scrape the queue did not answer within ${QUEUE_COUNT_MS} ms.`,
    labelNames: ['status'] as const,
    registers: [this.registry],
    collect: () => this.collectQueueCounts(),
  });
  private readonly firstAttemptLag = new Histogram({
    name: 'kindling_webhook_delivery_lag_seconds',
    help: "Seconds from a delivery's queueing to its first attempt.",
    buckets: LAG_BUCKETS,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    for (const outcome of ['delivered', 'retry', 'failed']) this.attempts.inc({ outcome }, 0);
  }

  /** One answer: its method, route pattern (or UNMATCHED_ROUTE), status and time. */
  answered(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status }, seconds);
  }

  storeCalled(store: string, operation: string, ok: boolean, seconds: number): void {
    this.storeCalls.observe({ store, operation, outcome: ok ? 'ok' : 'error' }, seconds);
    if (!ok) this.storeErrors.inc({ store, operation });
  }

  forgotIdempotency(removed: number): void {
    this.idempotencyForgotten.inc(removed);
  }

  swept(sweep: Parameters<SweepWatch['swept']>[0]): void {
    this.sweeps.observe(sweep.seconds);
    this.sweptUsers.inc(sweep.users);
    this.sweptChanges.inc(sweep.changes);
    this.sweepFailures.inc(sweep.failures);
    this.lastSweepUsers.set(sweep.users);
    this.lastSweepDue.set(sweep.due);
    this.sweepBehind.set(sweep.behind);
    this.sweepLag.set(sweep.lateSeconds);
    this.sweepAt.setToCurrentTime();
  }

  relayed(pass: Parameters<RelayWatch['relayed']>[0]): void {
    this.passes.observe(pass.seconds);
    this.handedOn.inc(pass.entries);
    this.queued.inc(pass.queued);
    this.relayLag.set(pass.lateSeconds);
    this.relayAt.setToCurrentTime();
  }

  attempted(outcome: 'delivered' | 'retry' | 'failed', firstAfterSeconds: number | null): void {
    this.attempts.inc({ outcome });
    if (firstAfterSeconds !== null) this.firstAttemptLag.observe(Math.max(0, firstAfterSeconds));
  }

  holding(deliveries: number): void {
    this.pending.set(deliveries);
  }

  /** Reads the counts of the whole delivery queue from `read` at each scrape (the server's queue). */
  queueCountsFrom(read: () => Promise<DeliveryCounts>): void {
    this.readCounts = read;
  }

  /** The queue's counts, read once a scrape: null, and counted unanswered, when it fails or takes longer than QUEUE_COUNT_MS. */
  private countsOfScrape(): Promise<DeliveryCounts | null> {
    const read = this.readCounts;
    if (read === null) return Promise.resolve(null);
    this.countsRead ??= answerWithin(read, QUEUE_COUNT_MS).then((counts) => {
      this.countsRead = null;
      if (counts === null) this.queueUnanswered.inc();
      return counts;
    });
    return this.countsRead;
  }

  /** The queue's counts into their gauge, or none when it did not answer in time. */
  private async collectQueueCounts(): Promise<void> {
    const counts = await this.countsOfScrape();
    this.queueDeliveries.reset();
    if (counts === null) return;
    this.queueDeliveries.set({ status: 'pending' }, counts.pending);
    this.queueDeliveries.set({ status: 'failed' }, counts.failed);
  }

  /** The text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** What `read` answers within `ms`, or null when it fails or is later (its answer then dropped). */
function answerWithin<T>(read: () => Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    read().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}
