/**
 * The storage a webhook relay needs (a service's, like ControlKV; the engine does not use it): a
 * durable queue of deliveries, each one outbox entry for one endpoint, kept with the outcome of its
 * last attempt as the endpoint's delivery log. The storage adapters implement it
 * (`sqliteDeliveryQueue`, `redisDeliveryQueue`) and pass the conformance suite of
 * @kindling/testing; `memoryDeliveryQueue` is the reference.
 *
 * Order: the deliveries of one endpoint and one `orderKey` (a user) are handed out one at a time,
 * in the order they were queued: a later one waits while an earlier one is pending, retried or
 * not. Several processes share the queue: `claim` holds what it hands out for a lease, so another
 * process does not take it while it is being sent, and takes it once the lease has run out (the
 * process that claimed it died): delivery is at least once, never lost with a process.
 *
 * By endpoint: `dueEndpoints` names the endpoints with something due and `claimEndpoint` hands out
 * one endpoint's alone, both from an index of what is due, so that a relay gives each endpoint its
 * own share of attempts and one endpoint's backlog, however long, is never read to reach another's.
 *
 * Order keys are the queue's to compare, not to read. A service whose users live in several
 * namespaces (an account's own, its tenants') makes each key with `userOrderKey` from the namespace
 * and the user id, so that one user's line, and their erasure, never reach another namespace's user
 * of the same id; `userOfOrderKey` reads the user id back.
 */
import { shown } from './shown.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface NewDelivery {
  /** the outbox entry's id, the same for every endpoint: what receivers drop a repeat by */
  readonly id: string;
  readonly endpointId: string;
  /** deliveries of one endpoint with one order key are sent one at a time, in queue order */
  readonly orderKey: string;
  /** the change's type (`streak.lost`, ...) */
  readonly type: string;
  /** the body sent, the same bytes on every attempt */
  readonly payload: string;
  /** when it was queued (epoch ms); due at once */
  readonly createdAt: number;
}

/** What one attempt found (webhooks/send.ts of the server makes these). */
export interface DeliveryAttempt {
  readonly at: number;
  /** the endpoint's status code; null when it did not answer */
  readonly status: number | null;
  /** why it failed, null when delivered */
  readonly error: string | null;
  /** the start of the endpoint's answer */
  readonly response: string;
  readonly ms: number;
}

export interface Delivery extends NewDelivery {
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** the first attempt's instant, null before it */
  readonly firstAttemptAt: number | null;
  /** when a pending delivery may be handed out next (due, or its lease's end); null once not pending */
  readonly nextAt: number | null;
  readonly last: DeliveryAttempt | null;
  /**
   * how many times `claim` has handed it out: the number of the claim that holds it, which `finish`
   * names, so that a sender whose lease ran out and whose delivery was handed to another cannot
   * overwrite what the other's attempt leaves
   */
  readonly claim: number;
}

/** What `finish` names: a delivery as the claim that handed it out gave it. */
export type ClaimedDelivery = Pick<Delivery, 'endpointId' | 'id' | 'claim'>;

/** How an attempt leaves a delivery: delivered, given up, or pending again from `nextAt`. */
export type DeliveryOutcome =
  | { readonly status: 'delivered' }
  | { readonly status: 'failed' }
  | { readonly status: 'pending'; readonly nextAt: number };

/** What `DeliveryQueue.retry` did: queued again, refused while an attempt is under way, or no such delivery. */
export type RetryOutcome = 'due' | 'underWay' | 'unknown';

export interface DeliveryPage {
  /** newest first */
  readonly deliveries: Delivery[];
  /** the cursor of the next (older) page, null after the last */
  readonly next: string | null;
}

/** What `DeliveryQueue.count` answers. */
export interface DeliveryCounts {
  readonly pending: number;
  readonly failed: number;
}

export interface DeliveryQueue {
  /** Queue deliveries, pending and due at their `createdAt`. One whose (endpointId, id) is queued already stays as it is. */
  enqueue(deliveries: readonly NewDelivery[]): Promise<void>;
  /**
   * Hand out at most `limit` pending deliveries due by `now`, oldest queued first, each the
   * earliest pending one of its (endpointId, orderKey), and hold them until `now + leaseMs`.
   */
  claim(now: number, limit: number, leaseMs: number): Promise<Delivery[]>;
  /**
   * The endpoints with a delivery `claim` would hand out at `now`, the one whose delivery has been
   * due longest first, at most `limit`: what a relay hands its attempts to, endpoint by endpoint.
   * Cheap: found from an index of the endpoints' due lines, never by reading every delivery.
   */
  dueEndpoints(now: number, limit: number): Promise<string[]>;
  /**
   * As `claim`, for one endpoint's deliveries alone: at most `limit` due by `now`, the soonest due
   * first (then oldest queued), each the earliest pending one of its line, held until `now + leaseMs`.
   * What another endpoint has due, however much, neither comes first nor is read.
   */
  claimEndpoint(endpointId: string, now: number, limit: number, leaseMs: number): Promise<Delivery[]>;
  /**
   * Record an attempt of a claimed delivery and what it leaves; false, and nothing changed, when the
   * delivery is unknown, not pending, or handed out by a later claim since (its lease ran out).
   */
  finish(claimed: ClaimedDelivery, attempt: DeliveryAttempt, outcome: DeliveryOutcome): Promise<boolean>;
  /** One delivery, or null. */
  get(endpointId: string, id: string): Promise<Delivery | null>;
  /** An endpoint's deliveries, newest queued first, at most `limit`, after the cursor `before` of a previous page. */
  list(endpointId: string, limit: number, before?: string | null): Promise<DeliveryPage>;
  /**
   * Send a delivery again: pending and due at `now`, its attempts kept ('due'). Refused ('underWay',
   * nothing changed) while an attempt is under way: the delivery held by a claim whose lease runs
   * past `now` and that has not finished, so that the attempt's `finish` neither drops the request
   * nor races a second attempt. 'unknown' when there is no such delivery.
   */
  retry(endpointId: string, id: string, now: number): Promise<RetryOutcome>;
  /** Forget deliveries queued before `before` that are no longer pending (delivered or failed); how many. */
  purge(before: number): Promise<number>;
  /** Forget every delivery of an endpoint (it was deleted). */
  removeEndpoint(endpointId: string): Promise<void>;
  /**
   * Forget every delivery of these endpoints with this order key (a user erased): pending, claimed
   * or finished, for their bodies name the person. A delivery claimed now may still reach its
   * endpoint, but its `finish` then answers false and it is never tried again. How many were forgotten.
   */
  removeOrderKey(endpointIds: readonly string[], orderKey: string): Promise<number>;
  /**
   * As `removeOrderKey`, for every order key that starts with `prefix` (in UTF-16 code units): the
   * deliveries of a namespace that went, its users' keys sharing a start (`userOrderKey`), in one
   * pass over each endpoint's deliveries. How many were forgotten.
   */
  removeOrderKeyPrefix(endpointIds: readonly string[], prefix: string): Promise<number>;
  /**
   * How many deliveries of the whole queue, every endpoint's, are pending (queued, claimed or waiting
   * for a retry) and failed (given up, not yet purged): what a service's metrics show. Cheap: an
   * adapter answers it from counts or an index it keeps, never by reading every delivery.
   */
  count(): Promise<DeliveryCounts>;
  /** As `Store.probe`: rejects when a write would be refused now. Optional. */
  probe?(): Promise<void>;
  /** Release the queue's connections and files. */
  close(): Promise<void>;
}

/**
 * The order key of a user of a namespace: `<length of scope>:<scope>:<userId>`, the scope a
 * namespace's name ('' for a service's only or main one). The length makes it one key per pair,
 * whatever characters either holds (`:` included): two pairs never share a key.
 */
export function userOrderKey(scope: string, userId: string): string {
  return `${scope.length}:${scope}:${userId}`;
}

/** The start of every key `userOrderKey` makes for the scope's users (for `removeOrderKeyPrefix`). */
export function scopeOrderKeyPrefix(scope: string): string {
  return `${scope.length}:${scope}:`;
}

/** The scope and user id of a key `userOrderKey` made; null for one it did not make. */
export function userOfOrderKey(orderKey: string): { readonly scope: string; readonly userId: string } | null {
  const digits = /^(0|[1-9][0-9]{0,5}):/.exec(orderKey);
  if (digits === null) return null;
  const start = (digits[1] as string).length + 1;
  const end = start + Number(digits[1]);
  if (end + 1 >= orderKey.length || orderKey[end] !== ':') return null;
  return { scope: orderKey.slice(start, end), userId: orderKey.slice(end + 1) };
}

/**
 * Whether an attempt of a delivery is under way at `now`, every queue's rule for `retry`: pending,
 * handed out by a claim later than the last one that finished (`finished`, the claim number that
 * `finish` last accepted), and that claim's lease (`nextAt`) not yet run out. A lease that ran out
 * holds nothing: its sender is taken for dead, as `claim` takes it.
 */
export function isUnderWay(
  delivery: Pick<Delivery, 'status' | 'claim' | 'nextAt'>,
  finished: number,
  now: number,
): boolean {
  return delivery.status === 'pending' && delivery.claim > finished && (delivery.nextAt ?? now) > now;
}

const MAX_LIMIT = 1000;

/** `limit` checked as every queue and outbox read checks it: a whole number from 1 to 1000, else a RangeError. */
export function checkQueueLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new RangeError(`limit must be a whole number from 1 to ${MAX_LIMIT}, got ${shown(limit)}`);
  return limit;
}

interface Queued {
  seq: number;
  delivery: Delivery;
  /** the number of the last claim whose attempt finished: a higher `delivery.claim` holds it */
  finished: number;
}

/** The reference DeliveryQueue, in memory: for tests and single-process embedding. */
export function memoryDeliveryQueue(): DeliveryQueue {
  /** by endpointId + '\u0000' + id */
  const byKey = new Map<string, Queued>();
  let seq = 0;
  const keyOf = (endpointId: string, id: string) => `${endpointId}\u0000${id}`;
  const chainOf = (d: NewDelivery) => `${d.endpointId}\u0000${d.orderKey}`;
  const copy = (d: Delivery): Delivery => JSON.parse(JSON.stringify(d)) as Delivery;
  /** the first pending delivery of each line, when due by `now` */
  const dueHeads = (now: number): Queued[] => {
    const heads = new Map<string, Queued>();
    for (const queued of byKey.values()) {
      if (queued.delivery.status !== 'pending') continue;
      const chain = chainOf(queued.delivery);
      const head = heads.get(chain);
      if (head === undefined || queued.seq < head.seq) heads.set(chain, queued);
    }
    return [...heads.values()].filter((q) => (q.delivery.nextAt as number) <= now);
  };

  return {
    async enqueue(deliveries) {
      for (const d of deliveries) {
        const key = keyOf(d.endpointId, d.id);
        if (byKey.has(key)) continue;
        byKey.set(key, {
          seq: ++seq,
          finished: 0,
          delivery: {
            id: d.id,
            endpointId: d.endpointId,
            orderKey: d.orderKey,
            type: d.type,
            payload: d.payload,
            createdAt: d.createdAt,
            status: 'pending',
            attempts: 0,
            firstAttemptAt: null,
            nextAt: d.createdAt,
            last: null,
            claim: 0,
          },
        });
      }
    },
    async claim(now, limit, leaseMs) {
      checkQueueLimit(limit);
      const due = dueHeads(now)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit);
      for (const q of due) q.delivery = { ...q.delivery, nextAt: now + leaseMs, claim: q.delivery.claim + 1 };
      return due.map((q) => copy(q.delivery));
    },
    async dueEndpoints(now, limit) {
      checkQueueLimit(limit);
      const earliest = new Map<string, number>();
      for (const q of dueHeads(now)) {
        const at = q.delivery.nextAt as number;
        const before = earliest.get(q.delivery.endpointId);
        if (before === undefined || at < before) earliest.set(q.delivery.endpointId, at);
      }
      return [...earliest]
        .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .slice(0, limit)
        .map(([endpointId]) => endpointId);
    },
    async claimEndpoint(endpointId, now, limit, leaseMs) {
      checkQueueLimit(limit);
      const due = dueHeads(now)
        .filter((q) => q.delivery.endpointId === endpointId)
        .sort((a, b) => (a.delivery.nextAt as number) - (b.delivery.nextAt as number) || a.seq - b.seq)
        .slice(0, limit);
      for (const q of due) q.delivery = { ...q.delivery, nextAt: now + leaseMs, claim: q.delivery.claim + 1 };
      return due.map((q) => copy(q.delivery));
    },
    async finish(claimed, attempt, outcome) {
      const queued = byKey.get(keyOf(claimed.endpointId, claimed.id));
      if (queued === undefined || queued.delivery.status !== 'pending' || queued.delivery.claim !== claimed.claim)
        return false;
      const d = queued.delivery;
      queued.finished = claimed.claim;
      queued.delivery = {
        ...d,
        status: outcome.status,
        attempts: d.attempts + 1,
        firstAttemptAt: d.firstAttemptAt ?? attempt.at,
        nextAt: outcome.status === 'pending' ? outcome.nextAt : null,
        last: { ...attempt },
      };
      return true;
    },
    async get(endpointId, id) {
      const queued = byKey.get(keyOf(endpointId, id));
      return queued === undefined ? null : copy(queued.delivery);
    },
    async list(endpointId, limit, before) {
      checkQueueLimit(limit);
      // a cursor this queue did not give (not a sequence number) pages nothing
      const below =
        before === undefined || before === null
          ? Number.POSITIVE_INFINITY
          : /^[1-9]\d{0,15}$/.test(before)
            ? Number(before)
            : 0;
      const mine = [...byKey.values()]
        .filter((q) => q.delivery.endpointId === endpointId && q.seq < below)
        .sort((a, b) => b.seq - a.seq);
      const page = mine.slice(0, limit);
      return {
        deliveries: page.map((q) => copy(q.delivery)),
        next: mine.length > limit ? String((page[page.length - 1] as Queued).seq) : null,
      };
    },
    async retry(endpointId, id, now) {
      const queued = byKey.get(keyOf(endpointId, id));
      if (queued === undefined) return 'unknown';
      if (isUnderWay(queued.delivery, queued.finished, now)) return 'underWay';
      queued.delivery = { ...queued.delivery, status: 'pending', nextAt: now };
      return 'due';
    },
    async purge(before) {
      let removed = 0;
      for (const [key, q] of byKey) {
        if (q.delivery.status !== 'pending' && q.delivery.createdAt < before) {
          byKey.delete(key);
          removed++;
        }
      }
      return removed;
    },
    async removeEndpoint(endpointId) {
      for (const [key, q] of byKey) if (q.delivery.endpointId === endpointId) byKey.delete(key);
    },
    async removeOrderKey(endpointIds, orderKey) {
      const endpoints = new Set(endpointIds);
      let removed = 0;
      for (const [key, q] of byKey) {
        if (q.delivery.orderKey === orderKey && endpoints.has(q.delivery.endpointId)) {
          byKey.delete(key);
          removed++;
        }
      }
      return removed;
    },
    async removeOrderKeyPrefix(endpointIds, prefix) {
      const endpoints = new Set(endpointIds);
      let removed = 0;
      for (const [key, q] of byKey) {
        if (q.delivery.orderKey.startsWith(prefix) && endpoints.has(q.delivery.endpointId)) {
          byKey.delete(key);
          removed++;
        }
      }
      return removed;
    },
    async count() {
      let pending = 0;
      let failed = 0;
      for (const { delivery } of byKey.values()) {
        if (delivery.status === 'pending') pending++;
        else if (delivery.status === 'failed') failed++;
      }
      return { pending, failed };
    },
    async close() {
      byKey.clear();
    },
  };
}
