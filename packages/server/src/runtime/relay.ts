/**
 * The webhook relay, every KINDLING_WEBHOOK_RELAY_MS in the background (never on the event path):
 *
 * 1. Hand on: each account's outbox entries (written with the changes themselves) become one
 *    delivery per endpoint subscribed to their type, queued, and only then removed from the
 *    outbox. A process dying in between queues them again on its next pass; the queue keeps one
 *    delivery per (endpoint, id), so nothing is lost and nothing is sent twice for that.
 * 2. Deliver: due deliveries are claimed (held for a lease, so another process does not send
 *    them meanwhile, and sent again after the lease when this process died), signed and posted.
 *    A user's deliveries to one endpoint go one at a time, in order (the queue's lines); 16 attempts
 *    are under way at once, each free one to the endpoint with the fewest, and at most 8 to a slow
 *    endpoint (an attempt timed out, or took half the timeout or more), so one that hangs or
 *    dawdles holds back no other. A failed
 *    attempt is tried again on the schedule of `retryAt` (30 s doubling to an hour, jittered) for
 *    a day, then marked failed; an endpoint whose every attempt has failed for that long is turned
 *    off, with the reason shown to its owner.
 * 3. Forget: finished deliveries older than the log's days.
 *
 * Stopping gives the attempts under way a second to be answered, then cuts short those still
 * waiting: each is logged as failed (`stopped: …`) and tried again on the schedule, so a hung
 * endpoint holds a stop for a second at most.
 *
 * Events come first. Before each batch after a pass's first (200 entries handed on, 100 deliveries
 * sent), the relay looks whether the process served requests since it last looked and its event
 * loop was busy over 90% of that time (it is serving as many as it can): then the pass ends there.
 * Under such a load delivery takes a few percent of the process, the event endpoint keeps its
 * rate, and what waits is sent once the load drops; otherwise a pass goes on until nothing is due.
 */
import { setMaxListeners } from 'node:events';
import {
  type Delivery,
  type DeliveryAttempt,
  type DeliveryOutcome,
  deterministicId,
  type OutboxEntry,
} from '@kindling/core';
import type { Control } from '../control/control.js';
import type { Settings } from '../settings.js';
import type { WebhookEndpoint, WebhookType } from '../webhooks/endpoint.js';
import { RETRY_FOR_MS, retryAt, sendAttempt } from '../webhooks/send.js';
import { signDelivery } from '../webhooks/signature.js';
import { webhookMessages } from '../wire/webhook-facts.js';
import type { Backend } from './backend.js';
import type { Engines } from './engines.js';
import { Periodic } from './periodic.js';
import { deliveryOrderKey, type Space, spacesOf } from './spaces.js';

/** Outbox entries read at once, and reads per account and pass at most. */
const OUTBOX_BATCH = 200;
const OUTBOX_ROUNDS = 50;
/** Deliveries claimed at once. */
const CLAIM_BATCH = 100;
/** Claims per pass at most: the next pass goes on. */
const MAX_CLAIM_ROUNDS = 100;
/** Above this share of busy event loop since the last pass, a pass does one batch of each (see above). */
const BUSY = 0.9;
/** Attempts under way at once, and to one slow endpoint (an attempt of this pass took half the timeout or more) at once. */
const IN_FLIGHT = 16;
const PER_ENDPOINT = IN_FLIGHT / 2;
/** How long a stop lets the attempts under way be answered before it cuts them short. */
const STOP_GRACE_MS = 1_000;
/** How often finished deliveries past the log's days are forgotten. */
const PURGE_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const USER_AGENT = 'Kindling-Webhooks/1';

export interface RelayReport {
  /** outbox entries handed on */
  entries: number;
  /** deliveries queued from them */
  queued: number;
  /** attempts made, and how many of them delivered */
  attempts: number;
  delivered: number;
  failures: number;
}

/** What the relay tells the metrics (metrics/metrics.ts), when they are on. */
export interface RelayWatch {
  /** a pass ended: entries handed on, deliveries queued, its time and how late it started (periodic.ts) */
  relayed(pass: { entries: number; queued: number; seconds: number; lateSeconds: number }): void;
  /** an attempt ended so (retry: failed, tried again later); the seconds since its queueing when it was the first */
  attempted(outcome: 'delivered' | 'retry' | 'failed', firstAfterSeconds: number | null): void;
  /** the deliveries this process holds claimed, waiting or under way */
  holding(deliveries: number): void;
}

/**
 * The entry with an id of its namespace: an outbox id is made from the user id and version, so the
 * same user id in two tenants could make the same one, and a receiver would drop the second as a repeat.
 */
function inSpace(entry: OutboxEntry, space: Space): OutboxEntry {
  return space.tenantId === null ? entry : { ...entry, id: deterministicId('tenant', space.tenantId, entry.id) };
}

/**
 * `controller`, its signal allowed a listener per attempt in flight (and as many again for other
 * waits) before Node warns of a leak: 16 attempts at once are the design, not a leak.
 */
function listenedByAttempts(controller: AbortController): AbortController {
  setMaxListeners(2 * IN_FLIGHT, controller.signal);
  return controller;
}

export class Relay {
  private readonly periodic = new Periodic(() => this.pass());
  /** aborted by `stop`: cuts short the attempts under way, each of which listens to it */
  private readonly stopping = listenedByAttempts(new AbortController());
  private lastPurge = 0;
  private loop = performance.eventLoopUtilization();
  /** how many requests the process has served (set by the server: watchRequests), and that number at the last pass */
  private served: () => number = () => 0;
  private servedBefore = 0;
  private watch: RelayWatch | null = null;

  constructor(
    private readonly backend: Backend,
    private readonly engines: Engines,
    private readonly settings: Pick<Settings, 'webhooks' | 'webhookAllowPrivate'>,
    private readonly clock: () => number,
    private readonly warn: (error: unknown, message: string) => void,
    private readonly random: () => number = Math.random,
  ) {}

  private get control(): Control {
    return this.backend.control;
  }

  /** Tells the relay how many requests the process has served so far, so that it gives way to them. */
  watchRequests(served: () => number): void {
    this.served = served;
  }

  /** Tells the relay where to report its progress (the metrics). */
  watchProgress(watch: RelayWatch): void {
    this.watch = watch;
  }

  /** Relays every `everyMs` (0: never), in the background. */
  start(everyMs: number): void {
    this.periodic.start(everyMs);
  }

  /** One pass: hand on, deliver what is due, forget the old (the running pass, when one is under way). */
  relayOnce(): Promise<RelayReport> {
    return this.periodic.runOnce();
  }

  /**
   * Stops relaying, waiting for a pass under way: it starts no attempt, those under way have
   * STOP_GRACE_MS to be answered, and the ones still waiting then are cut short (and tried again
   * later). Cut at once, an attempt whose receiver had the whole body and was about to answer 200
   * was logged as stopped and sent again after every routine restart.
   */
  async stop(): Promise<void> {
    const stopped = this.periodic.stop();
    let graceOver: NodeJS.Timeout | undefined;
    await Promise.race([stopped, new Promise<void>((resolve) => (graceOver = setTimeout(resolve, STOP_GRACE_MS)))]);
    clearTimeout(graceOver);
    this.stopping.abort();
    return stopped;
  }

  private get stopped(): boolean {
    return this.periodic.isStopped;
  }

  private async pass(): Promise<RelayReport> {
    const report: RelayReport = { entries: 0, queued: 0, attempts: 0, delivered: 0, failures: 0 };
    const started = performance.now();
    let endpoints: Map<string, { accountId: string; endpoint: WebhookEndpoint }>;
    try {
      endpoints = await this.handOn(report);
      await this.deliver(endpoints, report);
      await this.purge();
    } catch (error) {
      report.failures++;
      this.warn(error, 'webhooks: the relay stopped a pass early; the next pass goes on');
    }
    // a pass that ended early holds nothing either: what it claimed comes back once the lease ends
    this.watch?.holding(0);
    this.watch?.relayed({
      entries: report.entries,
      queued: report.queued,
      seconds: (performance.now() - started) / 1000,
      lateSeconds: this.periodic.lateMs / 1000,
    });
    return report;
  }

  /** Whether the process was serving requests and its event loop busy over BUSY of the time since the last look. */
  private busy(): boolean {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, this.loop);
    this.loop = now;
    // the relay's own work keeps the loop busy too: busy counts only while requests come in
    const served = this.served();
    const serving = served !== this.servedBefore;
    this.servedBefore = served;
    return serving && since.utilization > BUSY;
  }

  /** Queues every account's outbox entries, a batch at a time while requests leave room; answers every endpoint by id, with its account. */
  private async handOn(report: RelayReport): Promise<Map<string, { accountId: string; endpoint: WebhookEndpoint }>> {
    const byId = new Map<string, { accountId: string; endpoint: WebhookEndpoint }>();
    for (const account of await this.control.accounts()) {
      if (this.stopped) break;
      try {
        const endpoints = await this.control.webhooks(account.id);
        for (const endpoint of endpoints) byId.set(endpoint.id, { accountId: account.id, endpoint });
        const active = endpoints
          .filter((e) => e.enabled)
          .map((endpoint) => ({ endpoint, types: new Set(endpoint.types) }));
        for (const space of await spacesOf(this.control, account.id)) {
          if (this.stopped) break;
          await this.handOnSpace(space, active, report);
        }
      } catch (error) {
        report.failures++;
        this.warn(error, `webhooks: the news of account ${account.id} was not handed on; the next pass tries again`);
      }
    }
    return byId;
  }

  /** Queues the outbox entries of one namespace of an account (its own, or a tenant's). */
  private async handOnSpace(
    space: Space,
    active: Array<{ endpoint: WebhookEndpoint; types: ReadonlySet<WebhookType> }>,
    report: RelayReport,
  ): Promise<void> {
    const runtime = await this.engines.runtimeFor(space);
    const store = this.backend.storeFor(space.store);
    for (let round = 0; round < OUTBOX_ROUNDS && !this.stopped && (round === 0 || !this.busy()); round++) {
      const records = await store.readOutbox(OUTBOX_BATCH);
      if (records.length === 0) break;
      const now = this.clock();
      const deliveries = records.flatMap(({ entry }) =>
        active.flatMap(({ endpoint, types }) =>
          webhookMessages(inSpace(entry, space), runtime, types).map((message) => ({
            id: message.id,
            endpointId: endpoint.id,
            orderKey: deliveryOrderKey(space, entry.userId),
            type: message.type,
            payload: message.body,
            createdAt: now,
          })),
        ),
      );
      if (deliveries.length > 0) await this.backend.deliveries.enqueue(deliveries);
      await store.removeOutbox(records.map((record) => record.position));
      report.entries += records.length;
      report.queued += deliveries.length;
      if (records.length < OUTBOX_BATCH) break;
    }
  }

  /**
   * Claims due deliveries and sends them, IN_FLIGHT at a time, until none is due. Claims go on
   * while sends are under way, whenever a free send has nothing to take, and each free send goes
   * to the endpoint with the fewest under way. An endpoint whose attempt in this pass took half the
   * timeout or more (or ran into it) is slow: it gets PER_ENDPOINT sends at most, the pass keeps that many of its claimed
   * deliveries waiting (the others stay claimed and come back once their lease ends), and claims go
   * on past it. So an endpoint that hangs holds back the others' deliveries for one timeout at
   * most, not for as long as it hangs. A user's next delivery to an endpoint is due once the one
   * before it is delivered, so it goes in the same pass too.
   */
  private async deliver(
    endpoints: Map<string, { accountId: string; endpoint: WebhookEndpoint }>,
    report: RelayReport,
  ): Promise<void> {
    // held while a batch is sent: IN_FLIGHT at a time, each at most the timeout, and a margin
    const lease = this.settings.webhooks.timeoutMs * Math.ceil(CLAIM_BATCH / IN_FLIGHT) + 10_000;
    const waiting = new Map<string, Delivery[]>();
    const sending = new Map<string, number>();
    const slow = new Set<string>();
    /** the deliveries waiting or under way in this pass: one claimed again after its lease ended is not taken twice */
    const held = new Set<string>();
    const sends = new Set<Promise<void>>();
    let claims = 0;
    // a send that failed (the queue could not be written): nothing more starts, and the pass ends with it
    const failures: unknown[] = [];
    // a claim that gave no send anything to take: the next waits until a send has finished
    let drained = false;
    const most = (endpointId: string) => (slow.has(endpointId) ? PER_ENDPOINT : IN_FLIGHT);
    const startable = () => {
      let best: string | undefined;
      let fewest = Number.POSITIVE_INFINITY;
      for (const [endpointId, queue] of waiting) {
        const under = sending.get(endpointId) ?? 0;
        if (queue.length > 0 && under < most(endpointId) && under < fewest) {
          best = endpointId;
          fewest = under;
        }
      }
      return best;
    };
    const keep = (delivery: Delivery) => {
      const key = heldKey(delivery.endpointId, delivery.id);
      const queue = waiting.get(delivery.endpointId) ?? [];
      waiting.set(delivery.endpointId, queue);
      if (held.has(key) || queue.length >= (slow.has(delivery.endpointId) ? PER_ENDPOINT : CLAIM_BATCH)) return;
      held.add(key);
      queue.push(delivery);
    };
    for (;;) {
      this.watch?.holding(held.size);
      for (
        let next = startable();
        next !== undefined && sends.size < IN_FLIGHT && !this.stopped && failures.length === 0;
        next = startable()
      ) {
        const endpointId = next;
        const delivery = (waiting.get(endpointId) as Delivery[]).shift() as Delivery;
        sending.set(endpointId, (sending.get(endpointId) ?? 0) + 1);
        const send: Promise<void> = this.attempt(delivery, endpoints.get(endpointId), report)
          .then((slowly) => {
            if (!slowly || slow.has(endpointId)) return;
            slow.add(endpointId);
            // what it keeps waiting shrinks to its share: the rest come back once their lease ends
            const queue = waiting.get(endpointId) ?? [];
            for (const dropped of queue.splice(PER_ENDPOINT)) held.delete(heldKey(endpointId, dropped.id));
          })
          .catch((error: unknown) => void failures.push(error))
          .finally(() => {
            sends.delete(send);
            held.delete(heldKey(endpointId, delivery.id));
            sending.set(endpointId, (sending.get(endpointId) ?? 1) - 1);
            drained = false;
          });
        sends.add(send);
      }
      // Claimed deliveries of an endpoint that is not slow are sent before more are claimed; those
      // of a slow one are passed over (most of them stay claimed until their lease ends).
      let inHand = false;
      for (const [endpointId, queue] of waiting) if (queue.length > 0 && !slow.has(endpointId)) inHand = true;
      const claim =
        sends.size < IN_FLIGHT &&
        !inHand &&
        !drained &&
        !this.stopped &&
        failures.length === 0 &&
        claims < MAX_CLAIM_ROUNDS &&
        (claims === 0 || !this.busy());
      if (claim) {
        const claimed = await this.backend.deliveries.claim(this.clock(), CLAIM_BATCH, lease);
        claims++;
        for (const delivery of claimed) keep(delivery);
        // a full batch of a slow endpoint's deliveries may hide others' behind it: claim on past them
        drained = startable() === undefined && claimed.length < CLAIM_BATCH;
        continue;
      }
      if (sends.size === 0) {
        if (failures.length > 0) throw failures[0];
        return;
      }
      await Promise.race(sends);
    }
  }

  /**
   * One attempt of `delivery`, logged; whether it was slow: it ran into the timeout, or took half of
   * it or more (an endpoint that answers just inside the timeout, or sends its status and then
   * stalls its body, holds a send as long as one that hangs).
   */
  private async attempt(
    delivery: Delivery,
    found: { accountId: string; endpoint: WebhookEndpoint } | undefined,
    report: RelayReport,
  ): Promise<boolean> {
    const queue = this.backend.deliveries;
    const now = this.clock();
    if (found === undefined) {
      await queue.finish(delivery, notSent(now, 'the endpoint was deleted'), { status: 'failed' });
      return false;
    }
    if (!found.endpoint.enabled) {
      // kept, on the schedule of a failed attempt: turned on again within the delivery's day, the
      // endpoint gets it (and the user's later ones, in order) at its next try; not, it fails then
      const at = retryAt(delivery.firstAttemptAt ?? now, delivery.attempts + 1, now, this.random());
      await queue.finish(
        delivery,
        notSent(now, 'the endpoint is turned off'),
        at === null ? { status: 'failed' } : { status: 'pending', nextAt: at },
      );
      return false;
    }
    const { endpoint, accountId } = found;
    const outcome = await sendAttempt({
      url: endpoint.url,
      body: delivery.payload,
      headers: signDelivery({ id: delivery.id, timestamp: now, body: delivery.payload, secret: endpoint.secret }),
      timeoutMs: this.settings.webhooks.timeoutMs,
      allowPrivate: this.settings.webhookAllowPrivate,
      userAgent: USER_AGENT,
      signal: this.stopping.signal,
    });
    report.attempts++;
    const attempt: DeliveryAttempt = {
      at: now,
      status: outcome.status,
      error: outcome.error,
      response: outcome.response,
      ms: outcome.ms,
    };
    let next: DeliveryOutcome;
    if (outcome.delivered) {
      report.delivered++;
      next = { status: 'delivered' };
    } else {
      const at = retryAt(delivery.firstAttemptAt ?? now, delivery.attempts + 1, this.clock(), this.random());
      next = at === null ? { status: 'failed' } : { status: 'pending', nextAt: at };
    }
    await queue.finish(delivery, attempt, next);
    this.watch?.attempted(
      next.status === 'delivered' ? 'delivered' : next.status === 'failed' ? 'failed' : 'retry',
      delivery.attempts === 0 ? (now - delivery.createdAt) / 1000 : null,
    );
    try {
      await this.noteHealth(accountId, endpoint, outcome.delivered, next.status === 'failed', attempt);
    } catch (error) {
      this.warn(error, `webhooks: the health of endpoint ${endpoint.id} was not noted; its next attempt notes it`);
    }
    return outcome.timedOut || outcome.ms >= this.settings.webhooks.timeoutMs / 2;
  }

  /**
   * Keeps the endpoint's `failingSince` (written only when it changes: set by the first failure,
   * cleared by a delivery) and turns the endpoint off when a delivery was given up after every
   * attempt to the endpoint had failed for a day.
   */
  private async noteHealth(
    accountId: string,
    endpoint: WebhookEndpoint,
    delivered: boolean,
    gaveUp: boolean,
    attempt: DeliveryAttempt,
  ): Promise<void> {
    const failingSince = endpoint.failingSince ?? null;
    if (delivered && failingSince === null) return;
    if (!delivered && failingSince !== null && !gaveUp) return;
    const now = this.clock();
    const disable = gaveUp && failingSince !== null && Date.parse(failingSince) <= now - RETRY_FOR_MS;
    const since = delivered ? null : (failingSince ?? new Date(attempt.at).toISOString());
    await this.control.changeWebhooks(accountId, (endpoints) =>
      endpoints.map((e) => {
        if (e.id !== endpoint.id) return e;
        const changed: WebhookEndpoint = { ...e, failingSince: since };
        if (disable && e.enabled) {
          changed.enabled = false;
          changed.disabledReason = `every delivery failed from ${since} on (last: ${attempt.error ?? 'failed'}); turned off at ${new Date(now).toISOString()}`;
          changed.updated = new Date(now).toISOString();
        }
        return changed;
      }),
    );
    // this pass's copy follows, so that the next attempt in it sees the change
    endpoint.failingSince = since;
    if (disable) {
      endpoint.enabled = false;
      this.engines.invalidate(accountId);
    }
  }

  private async purge(): Promise<void> {
    const now = this.clock();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.backend.deliveries.purge(now - this.settings.webhooks.logDays * DAY_MS);
  }
}

/** A delivery's key among those a pass holds. */
const heldKey = (endpointId: string, id: string) => `${endpointId}\u0000${id}`;

/** An attempt that was not made, with why. */
function notSent(at: number, reason: string): DeliveryAttempt {
  return { at, status: null, error: reason, response: '', ms: 0 };
}
