/**
 * The webhook relay, in the background (never on the event path). Its work costs what there is to
 * do, not the number of accounts or namespaces, and no endpoint holds back another's.
 *
 * 1. Hand on, every KINDLING_WEBHOOK_RELAY_MS (a tick): each account's webhooks are read once; the
 *    namespaces this process wrote news to since the last tick (store-writes.ts: the stores' updates
 *    that wrote outbox entries) have their outbox entries made into one delivery per endpoint
 *    subscribed to their type, queued, and only then removed from the outbox. A process dying in
 *    between queues them again; the queue keeps one delivery per (endpoint, id), so nothing is lost
 *    and nothing is sent twice for that. The messages need the account's configuration, read once
 *    per account and tick that has news. A namespace with nothing new is not visited.
 *    Every minute (and at start) a full look, beside the ticks and yielding between namespaces,
 *    reads every namespace's outbox of each account with an endpoint on: it finds what another
 *    process wrote and did not hand on (it died). An account without an endpoint on costs a tick
 *    its webhooks' read and nothing else: its engines write no outbox.
 *    Entries of an account whose endpoints are all off: those written while one was on and noted
 *    by this process go to the endpoints just turned off (on at the tick before), which keep them
 *    as any of their deliveries, for a day (sent if turned on again within it). Entries a full
 *    look finds in an account with no endpoint on (written before it went off, perhaps weeks ago:
 *    the outbox says not when) are removed unsent, so that no endpoint turned on later gets them
 *    as fresh news.
 * 2. Deliver, as attempts free up (not once per tick): the endpoints with due deliveries are listed
 *    (`DeliveryQueue.dueEndpoints`) after each tick, and each endpoint's are claimed for itself
 *    (`claimEndpoint`), as many as its share of attempts has free, held for one attempt's timeout
 *    and a margin. So a backlog, or a hung endpoint, only ever occupies its own share: at most
 *    PER_ENDPOINT (16) attempts of IN_FLIGHT (64) in all; an endpoint is slow once an attempt of it
 *    timed out or took half the timeout (until one is quick again), and then gets SLOW_PER_ENDPOINT
 *    (4), the slow ones together at most half of all. A healthy endpoint's news therefore waits for
 *    the next tick and its own attempts only, whatever other endpoints do. A user's deliveries to
 *    one endpoint go one at a time, in order (the queue's lines): the next is claimed as the one
 *    before finishes. A failed attempt is tried again on the schedule of `retryAt` (30 s doubling to
 *    an hour, jittered) for a day, then marked failed; an endpoint whose every attempt has failed for
 *    that long is turned off, with the reason shown to its owner. What is due, under way and slow,
 *    and what may be claimed next, is the schedule's (relay-schedule.ts); the relay claims and sends.
 *    `points.changed` goes through its window (S38, points-throttle.ts): an entry a window holds is
 *    not queued but kept in the window, and each tick queues, for the accounts with an endpoint on
 *    that takes the type, the held changes of the windows that have ended, and the global points
 *    boosts that started or finished since (S39, boost-webhooks.ts).
 * 3. Forget: finished deliveries older than the log's days, once an hour.
 *
 * Stopping gives the attempts under way a second to be answered, then cuts short those still
 * waiting: each is logged as failed (`stopped: …`) and tried again on the schedule, so a hung
 * endpoint holds a stop for a second at most.
 *
 * Events come first. Before each batch of a namespace's outbox after its first (200 entries), and
 * before claiming more as attempts finish between ticks, the relay looks whether the process
 * served requests since it last looked and its event loop was busy over 90% of that time (it is
 * serving as many as it can): then it waits for the next tick (a namespace left with news stays
 * noted). Under such a load delivery takes a few percent of the process, the event endpoint keeps
 * its rate, and what waits is sent once the load drops.
 */
import { setMaxListeners } from 'node:events';
import { deterministicId } from '@kindling/core';
import type {
  Delivery,
  DeliveryAttempt,
  DeliveryOutcome,
  NewDelivery,
  OutboxEntry,
  OutboxRecord,
} from '@kindling/core/adapter';
import type { Control } from '../control/control.js';
import type { Settings } from '../settings.js';
import type { WebhookEndpoint, WebhookType } from '../control/webhook-endpoint.js';
import { RETRY_FOR_MS, retryAt, sendAttempt } from '../webhooks/send.js';
import { signDelivery } from '../webhooks/signature.js';
import { webhookMessages } from './webhook-facts.js';
import { admitPointsChange, sendHeldPoints } from './points-throttle.js';
import { sendBoostTransitions, takesBoosts } from './boost-webhooks.js';
import type { Backend } from '../backend/backend.js';
import type { AccountRuntime, Engines } from '../engines/engines.js';
import { Periodic } from '../jobs/periodic.js';
import { DeliverySchedule, IN_FLIGHT } from './relay-schedule.js';
import { ServingLoad } from '../jobs/serving-load.js';
import { accountSpace, deliveryOrderKey, type Space, spaceOfStore, spacesOf, tenantSpace } from '../backend/spaces.js';

/** No entry held back. */
const NONE_HELD: ReadonlySet<string> = new Set();

/** `types` without `points.changed`: what an entry whose window holds it back is sent as (its level news still goes). */
function withoutPoints(types: ReadonlySet<WebhookType>): ReadonlySet<WebhookType> {
  const rest = new Set(types);
  rest.delete('points.changed');
  return rest;
}

/** What the messages of an account's news need of its configuration (webhook-facts.ts). */
type MessageInputs = Pick<AccountRuntime, 'config' | 'achievementsByKey' | 'metricsByKey'>;

/** An endpoint as the last tick read it, with its account. */
interface Known {
  readonly accountId: string;
  readonly endpoint: WebhookEndpoint;
}

/** The endpoints an account's news goes to, each with the types it takes. */
type Targets = Array<{ endpoint: WebhookEndpoint; types: ReadonlySet<WebhookType> }>;

/** Outbox entries read at once, and reads per namespace and look at most (the next look goes on). */
const OUTBOX_BATCH = 200;
const OUTBOX_ROUNDS = 50;
/** How often the busy share is looked at again at most, in ms (a look resets its window). */
const BUSY_LOOK_MS = 100;
/** Endpoints with due deliveries listed at once. */
const DUE_ENDPOINTS = 1000;
/** What a claim's lease adds to one attempt's timeout: the queue's writes around the attempt. */
const LEASE_MARGIN_MS = 10_000;
/** How long a stop lets the attempts under way be answered before it cuts them short. */
const STOP_GRACE_MS = 1_000;
/** How often every namespace's outbox is looked at (what another process left), in ms of the relay's clock. */
const FULL_LOOK_MS = 60_000;
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
  /** a tick's hand-on ended: entries handed on, deliveries queued, its time and how late it started (periodic.ts) */
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
  private readonly periodic = new Periodic(() => this.tick());
  /** aborted by `stop`: cuts short the attempts under way, each of which listens to it */
  private readonly stopping = listenedByAttempts(new AbortController());
  private lastPurge = 0;
  /** whether requests keep the process busy: the relay then waits (see the header) */
  private readonly load = new ServingLoad(BUSY_LOOK_MS);
  private watch: RelayWatch | null = null;
  /** what the relay did since it was made: relayOnce answers what changed during it */
  private readonly totals: RelayReport = { entries: 0, queued: 0, attempts: 0, delivered: 0, failures: 0 };
  /** every endpoint by id as the last tick read it */
  private endpoints = new Map<string, Known>();
  /** each account's endpoints on at the last tick: those just turned off still get what was written for them */
  private onBefore = new Map<string, Set<string>>();
  /** the full look under way, and when the last started (the relay's clock); none yet: the start's */
  private looking: Promise<void> | null = null;
  private lastLook: number | null = null;
  /** what is due, under way, slow, and whether claims may go on (relay-schedule.ts) */
  private readonly schedule = new DeliverySchedule();
  /** the attempts under way, to wait for */
  private readonly sends = new Set<Promise<void>>();
  /** the claiming under way (asked for meanwhile, it goes round again: the schedule keeps that) */
  private filling: Promise<void> | null = null;

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
    this.load.watchRequests(served);
  }

  /** Tells the relay where to report its progress (the metrics). */
  watchProgress(watch: RelayWatch): void {
    this.watch = watch;
  }

  /** Relays every `everyMs` (0: never), in the background. */
  start(everyMs: number): void {
    this.periodic.start(everyMs);
  }

  /**
   * One pass, to the end: hand on (a tick, the full look when one is due), then deliver what is due
   * until nothing is, waiting for the attempts; what the relay did meanwhile. For tests and tools:
   * the background relay does not wait for attempts.
   */
  async relayOnce(): Promise<RelayReport> {
    const before = { ...this.totals };
    await this.periodic.runOnce();
    await this.looking;
    await this.deliverUntilIdle();
    return {
      entries: this.totals.entries - before.entries,
      queued: this.totals.queued - before.queued,
      attempts: this.totals.attempts - before.attempts,
      delivered: this.totals.delivered - before.delivered,
      failures: this.totals.failures - before.failures,
    };
  }

  /**
   * Stops relaying, waiting for the tick and the look under way: it starts no attempt, those under
   * way have STOP_GRACE_MS to be answered, and the ones still waiting then are cut short (and tried
   * again later). Cut at once, an attempt whose receiver had the whole body and was about to answer
   * 200 was logged as stopped and sent again after every routine restart.
   */
  async stop(): Promise<void> {
    const stopped = (async () => {
      await this.periodic.stop();
      await this.looking?.catch(() => {});
      await this.filling?.catch(() => {});
      while (this.sends.size > 0) await Promise.allSettled([...this.sends]);
    })();
    let graceOver: NodeJS.Timeout | undefined;
    await Promise.race([stopped, new Promise<void>((resolve) => (graceOver = setTimeout(resolve, STOP_GRACE_MS)))]);
    clearTimeout(graceOver);
    this.stopping.abort();
    await stopped;
    this.watch?.holding(0);
  }

  private get stopped(): boolean {
    return this.periodic.isStopped;
  }

  /** A tick: hand on this process's news (and start the full look when due), claim for the endpoints with due deliveries, forget the old. */
  private async tick(): Promise<RelayReport> {
    const report: RelayReport = { entries: 0, queued: 0, attempts: 0, delivered: 0, failures: 0 };
    const started = performance.now();
    this.schedule.beginTick();
    try {
      await this.handOn(report);
      if (!this.stopped) {
        for (const endpointId of await this.backend.deliveries.dueEndpoints(this.clock(), DUE_ENDPOINTS))
          this.schedule.noteDue(endpointId);
        await this.fill(true);
      }
      await this.purge();
    } catch (error) {
      report.failures++;
      this.totals.failures++;
      this.warn(error, 'webhooks: the relay stopped a tick early; the next one goes on');
    }
    this.watch?.relayed({
      entries: report.entries,
      queued: report.queued,
      seconds: (performance.now() - started) / 1000,
      lateSeconds: this.periodic.lateMs / 1000,
    });
    return report;
  }

  /** Whether requests keep the process busy (serving-load.ts, looked at again every BUSY_LOOK_MS at most). */
  private busy(): boolean {
    return this.load.busy();
  }

  /**
   * Reads every account's webhooks (once each), hands on the news of the namespaces noted since the
   * last tick, and starts the full look when one is due (not waited for: ticks go on beside it).
   */
  private async handOn(report: RelayReport): Promise<void> {
    const noted = new Map<string, Space[]>();
    for (const name of this.backend.writes.takeNews()) {
      const space = spaceOfStore(name);
      const spaces = noted.get(space.accountId) ?? [];
      spaces.push(space);
      noted.set(space.accountId, spaces);
    }
    const endpoints = new Map<string, Known>();
    const targets = new Map<string, Targets>();
    for (const account of await this.control.accounts()) {
      const spaces = noted.get(account.id) ?? [];
      noted.delete(account.id);
      if (this.stopped) {
        this.noteAgain(spaces);
        continue;
      }
      try {
        const webhooks = await this.control.webhooks(account.id);
        for (const endpoint of webhooks) endpoints.set(endpoint.id, { accountId: account.id, endpoint });
        const on = webhooks.filter((e) => e.enabled);
        const before = this.onBefore.get(account.id);
        // on now, or on at the last tick: what was written while it was on is its own
        const chosen = webhooks
          .filter((e) => e.enabled || before?.has(e.id) === true)
          .map((endpoint) => ({ endpoint, types: new Set(endpoint.types) }));
        if (on.length > 0) this.onBefore.set(account.id, new Set(on.map((e) => e.id)));
        else this.onBefore.delete(account.id);
        targets.set(account.id, on.length > 0 ? chosen : []);
        if (spaces.length > 0) {
          const inputs = await this.messageInputs(account.id);
          for (const [i, space] of spaces.entries()) {
            if (this.stopped || !(await this.handOnSpace(space, chosen, inputs, report)))
              this.noteAgain(spaces.slice(i, i + 1));
          }
        }
        if (on.length > 0 && !this.stopped) {
          await this.sendHeldPoints(account.id, chosen, report);
          await this.sendBoosts(account.id, chosen, report);
        }
      } catch (error) {
        this.noteAgain(spaces);
        report.failures++;
        this.totals.failures++;
        this.warn(error, `webhooks: the news of account ${account.id} was not handed on; the next tick tries again`);
      }
    }
    // noted namespaces of an account gone: nothing to hand them on to
    this.endpoints = endpoints;
    const now = this.clock();
    if (this.looking === null && !this.stopped && (this.lastLook === null || now - this.lastLook >= FULL_LOOK_MS)) {
      const everyAccount = this.lastLook === null;
      this.lastLook = now;
      this.looking = this.lookEverywhere(targets, everyAccount)
        .catch((error: unknown) => {
          this.totals.failures++;
          this.warn(error, 'webhooks: the look at every outbox stopped early; the next one goes on');
        })
        .finally(() => {
          this.looking = null;
        });
    }
  }

  /** Notes the namespaces again: the next tick reads their outbox. */
  private noteAgain(spaces: readonly Space[]): void {
    for (const space of spaces) this.backend.writes.noteNews(space.store);
  }

  /**
   * The full look: every namespace's outbox of each account with an endpoint on, a namespace at a
   * time with a turn of the event loop between; at start (`everyAccount`) those of every account,
   * whose entries go unsent where no endpoint is on (see the header).
   */
  private async lookEverywhere(targets: ReadonlyMap<string, Targets>, everyAccount: boolean): Promise<void> {
    const report: RelayReport = { entries: 0, queued: 0, attempts: 0, delivered: 0, failures: 0 };
    for (const [accountId, chosen] of targets) {
      if (this.stopped) return;
      if (chosen.length === 0 && !everyAccount) continue;
      try {
        const inputs = chosen.length === 0 ? null : await this.messageInputs(accountId);
        for (const space of await spacesOf(this.control, accountId)) {
          if (this.stopped) return;
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (!(await this.handOnSpace(space, chosen, inputs, report))) this.noteAgain([space]);
        }
      } catch (error) {
        this.totals.failures++;
        this.warn(
          error,
          `webhooks: the outboxes of account ${accountId} were not looked at; the next look tries again`,
        );
      }
    }
  }

  /** What the messages of the account's news need: its configuration, read once per call. */
  private async messageInputs(accountId: string): Promise<MessageInputs> {
    const config = await this.control.config(accountId);
    return {
      config,
      metricsByKey: new Map(config.metrics.map((m) => [m.key, m])),
      achievementsByKey: new Map(config.achievements.map((a) => [a.key, a])),
    };
  }

  /**
   * Queues the outbox entries of one namespace of an account (its own, or a tenant's) for `chosen`
   * (none: removed unsent); whether it got to the end (not: stopped, busy, or OUTBOX_ROUNDS batches).
   */
  private async handOnSpace(
    space: Space,
    chosen: Targets,
    inputs: MessageInputs | null,
    report: RelayReport,
  ): Promise<boolean> {
    const store = this.backend.storeFor(space.store);
    for (let round = 0; round < OUTBOX_ROUNDS; round++) {
      if (this.stopped || (round > 0 && this.busy())) return false;
      const records = await store.readOutbox(OUTBOX_BATCH);
      if (records.length === 0) return true;
      const now = this.clock();
      const held = inputs === null ? NONE_HELD : await this.throttlePoints(space, chosen, records, now);
      const deliveries =
        inputs === null
          ? []
          : records.flatMap(({ entry }) =>
              chosen.flatMap(({ endpoint, types }) =>
                webhookMessages(inSpace(entry, space), inputs, held.has(entry.id) ? withoutPoints(types) : types).map(
                  (message) => ({
                    id: message.id,
                    endpointId: endpoint.id,
                    orderKey: deliveryOrderKey(space, entry.userId),
                    type: message.type,
                    payload: message.body,
                    createdAt: now,
                  }),
                ),
              ),
            );
      if (deliveries.length > 0) await this.backend.deliveries.enqueue(deliveries);
      await store.removeOutbox(records.map((record) => record.position));
      report.entries += records.length;
      report.queued += deliveries.length;
      this.totals.entries += records.length;
      this.totals.queued += deliveries.length;
      for (const d of deliveries) this.schedule.noteDue(d.endpointId);
      if (records.length < OUTBOX_BATCH) return true;
    }
    return false;
  }

  /**
   * The ids of the `points.changed` entries among `records` that their window holds back (S38,
   * points-throttle.ts): none when no endpoint chosen takes that type.
   */
  private async throttlePoints(
    space: Space,
    chosen: Targets,
    records: readonly OutboxRecord[],
    now: number,
  ): Promise<ReadonlySet<string>> {
    if (!chosen.some(({ types }) => types.has('points.changed'))) return NONE_HELD;
    const held = new Set<string>();
    for (const { entry } of records) {
      if (entry.change.type !== 'points.changed') continue;
      if ((await admitPointsChange(this.control.kv, space.accountId, space.store, entry, now)) === 'held')
        held.add(entry.id);
    }
    return held;
  }

  /** Queues the account's held `points.changed` whose window has ended (S38) for `chosen`; how many. */
  private async sendHeldPoints(accountId: string, chosen: Targets, report: RelayReport): Promise<void> {
    const takers = chosen.filter(({ types }) => types.has('points.changed'));
    if (takers.length === 0) return;
    let inputs: MessageInputs | null = null;
    const now = this.clock();
    await sendHeldPoints(this.control.kv, accountId, now, async ({ store, entry }) => {
      inputs ??= await this.messageInputs(accountId);
      const space = spaceOfStore(store);
      const deliveries = takers.flatMap(({ endpoint, types }) =>
        webhookMessages(entry, inputs as MessageInputs, types).map((message) => ({
          id: message.id,
          endpointId: endpoint.id,
          orderKey: deliveryOrderKey(space, entry.userId),
          type: message.type,
          payload: message.body,
          createdAt: now,
        })),
      );
      await this.queue(deliveries, report);
    });
  }

  /** Queues deliveries a pass made outside the outbox's (held points changes, boost transitions), counted and noted due. */
  private async queue(deliveries: readonly NewDelivery[], report: RelayReport): Promise<void> {
    if (deliveries.length === 0) return;
    await this.backend.deliveries.enqueue(deliveries);
    report.queued += deliveries.length;
    this.totals.queued += deliveries.length;
    for (const d of deliveries) this.schedule.noteDue(d.endpointId);
  }

  /** Queues the boost transitions of the account not sent yet (S39, boost-webhooks.ts) for the endpoints on that take them. */
  private async sendBoosts(accountId: string, chosen: Targets, report: RelayReport): Promise<void> {
    const takers = chosen.filter(({ endpoint, types }) => endpoint.enabled && takesBoosts(types));
    if (takers.length === 0) return;
    const now = this.clock();
    const { config } = await this.messageInputs(accountId);
    await sendBoostTransitions(
      this.control.kv,
      accountId,
      config,
      now,
      async (messages) => {
        const deliveries = takers.flatMap(({ endpoint, types }) =>
          messages
            .filter((message) => types.has(message.type))
            .map((message) => ({
              id: message.id,
              endpointId: endpoint.id,
              orderKey: message.orderKey,
              type: message.type,
              payload: message.body,
              createdAt: now,
            })),
        );
        await this.queue(deliveries, report);
      },
      (boost) => this.zoneOfUser(accountId, boost),
    );
  }

  /** The zone of a user boost's user in the boost's namespace (null: none yet), undefined when it holds no such user (erased). */
  private async zoneOfUser(accountId: string, boost: { userId: string; tenantId: string | null }) {
    const space = boost.tenantId === null ? accountSpace(accountId) : tenantSpace(accountId, boost.tenantId);
    const user = await (await this.engines.runtimeFor(space)).engine.user(boost.userId);
    return user === null ? undefined : user.tz;
  }

  /**
   * Claims for the endpoints that may have deliveries due, each up to its room, the one with the
   * fewest under way first, and starts the attempts. One claiming at a time: asked for meanwhile,
   * it runs again. `fromTick`: a tick's, which goes on under load (a finish's waits for the next tick).
   */
  private fill(fromTick = false): Promise<void> {
    if (this.filling !== null) {
      this.schedule.askAgain(fromTick);
      return this.filling;
    }
    this.filling = (async () => {
      let round: boolean | null = fromTick;
      while (round !== null) {
        this.schedule.beginRound();
        await this.claimRound(round);
        round = this.schedule.nextRound(this.stopped);
      }
    })().finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  /** One round of claims, in the schedule's order, as long as it has room. */
  private async claimRound(fromTick: boolean): Promise<void> {
    if (this.stopped || this.schedule.isQueueFailed || (!fromTick && this.busy())) return;
    const lease = this.settings.webhooks.timeoutMs + LEASE_MARGIN_MS;
    for (const endpointId of this.schedule.claimOrder()) {
      if (this.stopped || !this.schedule.mayClaim()) return;
      const room = this.schedule.room(endpointId);
      if (room <= 0) continue;
      const claimed = await this.backend.deliveries.claimEndpoint(endpointId, this.clock(), room, lease);
      this.schedule.claimed(endpointId, room, claimed.length);
      for (const delivery of claimed) this.begin(delivery);
    }
  }

  /** Starts an attempt of a claimed delivery (unless this relay has it under way already). */
  private begin(delivery: Delivery): void {
    const { endpointId } = delivery;
    if (!this.schedule.begin(endpointId, delivery.id)) return;
    this.watch?.holding(this.schedule.inFlight);
    const send: Promise<void> = this.attempt(delivery, this.endpoints.get(endpointId))
      .then((slowly) => this.schedule.paced(endpointId, slowly))
      .catch((error: unknown) => {
        this.totals.failures++;
        if (this.schedule.failQueue())
          this.warn(error, 'webhooks: an attempt was not logged; the delivery is tried again once its lease ends');
      })
      .finally(() => {
        this.sends.delete(send);
        this.schedule.end(endpointId, delivery.id);
        this.watch?.holding(this.schedule.inFlight);
        if (!this.stopped) void this.fill().catch((error: unknown) => this.claimFailed(error));
      });
    this.sends.add(send);
  }

  private claimFailed(error: unknown): void {
    this.totals.failures++;
    this.warn(error, 'webhooks: deliveries were not claimed; the next tick tries again');
  }

  /** Claims and sends until nothing is due and no attempt is under way (relayOnce). */
  private async deliverUntilIdle(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      for (const endpointId of await this.backend.deliveries.dueEndpoints(this.clock(), DUE_ENDPOINTS))
        this.schedule.noteDue(endpointId);
      await this.fill(true);
      if (this.sends.size === 0) {
        await this.filling;
        if (this.sends.size === 0) return;
      }
      await Promise.race(this.sends);
    }
  }

  /**
   * One attempt of `delivery`, logged; whether it was slow: it ran into the timeout, or took half of
   * it or more (an endpoint that answers just inside the timeout, or sends its status and then
   * stalls its body, holds a send as long as one that hangs).
   */
  private async attempt(delivery: Delivery, found: Known | undefined): Promise<boolean> {
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
    this.totals.attempts++;
    const attempt: DeliveryAttempt = {
      at: now,
      status: outcome.status,
      error: outcome.error,
      response: outcome.response,
      ms: outcome.ms,
    };
    let next: DeliveryOutcome;
    if (outcome.delivered) {
      this.totals.delivered++;
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

/** An attempt that was not made, with why. */
function notSent(at: number, reason: string): DeliveryAttempt {
  return { at, status: null, error: reason, response: '', ms: 0 };
}
