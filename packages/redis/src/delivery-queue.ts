/**
 * A webhook relay's delivery queue (`DeliveryQueue` of @kindling/core) on Redis (single or
 * cluster). Every key of one queue starts with `{<prefix>}`, one hash tag, so the queue lives in one
 * slot and each operation is one Lua script (delivery-queue-scripts.ts): atomic, on a Cluster too,
 * which is what keeps two processes from claiming the same delivery and a line from handing out a
 * delivery while an earlier one of it is pending. The connection is the store's (connection.ts),
 * the process's one client of the address, shared with the stores and the control plane opened on
 * it: every command bounded by `timeoutMs`, every failure (unreachable, timed out, CLUSTERDOWN…) a
 * StoreError.
 *
 * Order keys. A queue written before keys named a namespace holds bare user ids; before its first
 * operation a queue object moves them to the main namespace's keys (`userOrderKey('', id)`), a batch
 * per script (MOVE_KEYS_LUA), then notes the form (`{<prefix>}form`): no delivery is lost or changes
 * line, and every operation of this version waits until the move is done.
 *
 * By endpoint. The scripts keep each endpoint's lines and the endpoints with one (delivery-queue-scripts.ts),
 * so that `dueEndpoints` and `claimEndpoint` read what is due, endpoint by endpoint; a queue written
 * before them has them made in the same first step (ENDPOINT_INDEX_LUA). Every process on a queue
 * runs a version that keeps them: one before would queue lines `claimEndpoint` does not find.
 *
 * Counts. The scripts keep how many deliveries are pending and failed (`{<prefix>}counts`), so
 * `count` reads two fields; a queue written before the counts has them made in the same first step
 * (COUNTS_LUA), one walk of its lines and finished deliveries.
 */
import { StoreError } from '@kindling/core';
import {
  checkQueueLimit,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryPage,
  type DeliveryQueue,
  type DeliveryStatus,
  type NewDelivery,
  userOrderKey,
} from '@kindling/core/adapter';
import { connect, type Connection } from './connection.js';
import {
  CLAIM_ENDPOINT_LUA,
  CLAIM_LUA,
  COUNT_LUA,
  COUNTS_LUA,
  DUE_ENDPOINTS_LUA,
  ENDPOINT_INDEX_LUA,
  ENQUEUE_LUA,
  FINISH_LUA,
  GET_LUA,
  LIST_LUA,
  MOVE_KEYS_LUA,
  PURGE_LUA,
  REMOVE_ENDPOINT_LUA,
  REMOVE_ORDER_KEY_LUA,
  REMOVE_ORDER_KEY_PREFIX_LUA,
  RETRY_LUA,
} from './delivery-queue-scripts.js';
import { escapeName, unescapeName } from './keys.js';
import { damaged } from './damaged.js';

export interface RedisDeliveryQueueOptions {
  url?: string;
  cluster?: ReadonlyArray<{ host: string; port: number }>;
  /** every key is `{<prefix>}…` (the braces make the queue one hash slot); no `{` or `}`; default 'kindling:deliveries:' */
  prefix?: string;
  /** how long one command may wait; default that of @kindling/redis (2000 ms) */
  timeoutMs?: number;
}

const SCRIPTS = {
  kindlingQueueEnqueue: ENQUEUE_LUA,
  kindlingQueueClaim: CLAIM_LUA,
  kindlingQueueDueEndpoints: DUE_ENDPOINTS_LUA,
  kindlingQueueClaimEndpoint: CLAIM_ENDPOINT_LUA,
  kindlingQueueIndexEndpoints: ENDPOINT_INDEX_LUA,
  kindlingQueueFinish: FINISH_LUA,
  kindlingQueueRetry: RETRY_LUA,
  kindlingQueueGet: GET_LUA,
  kindlingQueueList: LIST_LUA,
  kindlingQueuePurge: PURGE_LUA,
  kindlingQueueRemoveEndpoint: REMOVE_ENDPOINT_LUA,
  kindlingQueueRemoveOrderKey: REMOVE_ORDER_KEY_LUA,
  kindlingQueueRemoveOrderKeyPrefix: REMOVE_ORDER_KEY_PREFIX_LUA,
  kindlingQueueMoveKeys: MOVE_KEYS_LUA,
  kindlingQueueCount: COUNT_LUA,
  kindlingQueueMakeCounts: COUNTS_LUA,
} as const;

/** The form of the order keys this version writes: a namespace's and a user's (`userOrderKey`). */
const ORDER_KEYS_FORM = 2;

type QueueScript = keyof typeof SCRIPTS;

/** deliveries queued by one script call */
const ENQUEUE_BATCH = 500;
/** deliveries moved to the keys of namespaces by one script call at most (MOVE_KEYS_LUA) */
const MOVE_BATCH = 2000;
/** deliveries forgotten by one script call of purge and removeEndpoint */
const FORGET_BATCH = 500;
/**
 * lines fallen due moved to ready by one claim at most: when more fall due at once, the oldest
 * queued first holds among those moved (the soonest due), and the rest follow on the next claims
 */
const PROMOTE_BATCH = 2000;

/** What a delivery's hash holds, as the scripts read it: body, status, attempts, first, next, last, claims. */
type StoredFields = [
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
];

function checkPrefix(prefix: string): string {
  if (typeof prefix !== 'string' || prefix.length === 0 || /[{}]/.test(prefix))
    throw new StoreError(`prefix must be a non-empty string without "{" or "}", got ${JSON.stringify(prefix)}`);
  return prefix;
}

function checkInstant(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${String(value)}`);
}

/** The body of a delivery: what was queued, kept as given. */
function bodyOf(d: NewDelivery): string {
  return JSON.stringify([d.id, d.endpointId, d.orderKey, d.type, d.payload, d.createdAt]);
}

function toDelivery(fields: StoredFields, key: string): Delivery {
  const [body, status, attempts, first, next, last, claims] = fields;
  if (body === null || status === null) throw damaged(`${key} is named by the delivery queue but holds no delivery`);
  try {
    const [id, endpointId, orderKey, type, payload, createdAt] = JSON.parse(body) as [
      string,
      string,
      string,
      string,
      string,
      number,
    ];
    return {
      id,
      endpointId,
      orderKey,
      type,
      payload,
      createdAt,
      status: status as DeliveryStatus,
      attempts: Number(attempts),
      firstAttemptAt: first === null || first === '' ? null : Number(first),
      nextAt: next === null || next === '' ? null : Number(next),
      last: last === null || last === '' ? null : (JSON.parse(last) as DeliveryAttempt),
      claim: claims === null || claims === '' ? 0 : Number(claims),
    };
  } catch (error) {
    throw damaged(`${key} does not hold a delivery this queue wrote`, error);
  }
}

export function redisDeliveryQueue(options: RedisDeliveryQueueOptions = {}): DeliveryQueue {
  const base = `{${checkPrefix(options.prefix ?? 'kindling:deliveries:')}}`;
  const connection: Connection = connect(options);
  connection.defineScripts(SCRIPTS);
  const { run } = connection;
  /** A script on the process's shared client, read at each call: a closed queue's fails and sends nothing. */
  const commandOf = (name: QueueScript) =>
    (connection.client as unknown as Record<QueueScript, (...args: Array<string | number>) => Promise<unknown>>)[name];
  const fixedKeys = [`${base}seq`, `${base}ready`, `${base}waiting`, `${base}done`];
  const call = async (name: QueueScript, ...args: Array<string | number>) =>
    run(commandOf(name).call(connection.client, fixedKeys.length, ...fixedKeys, base, ...args), base);
  const mainStart = userOrderKey('', '');
  /** The keys' form checked (and a queue of bare ids moved) once per object; a failed check is tried again next time. */
  let form: Promise<unknown> | null = null;
  const moveKeys = async () => {
    while ((await call('kindlingQueueMoveKeys', ORDER_KEYS_FORM, escapeName(mainStart), mainStart, MOVE_BATCH)) !== -1);
    // the counts of a queue written before them, made once (COUNTS_LUA), before any script moves them
    await call('kindlingQueueMakeCounts');
    // and the index of lines by endpoint (ENDPOINT_INDEX_LUA), once
    await call('kindlingQueueIndexEndpoints');
  };
  const script = async (name: QueueScript, ...args: Array<string | number>) => {
    form ??= moveKeys().catch((error: unknown) => {
      form = null;
      throw error;
    });
    await form;
    return call(name, ...args);
  };
  const refOf = (endpointId: string, id: string) => `${escapeName(endpointId)}:${escapeName(id)}`;
  /**
   * A forgetting script (`name`) run over each endpoint's log a batch at a time, on the line
   * `lineOf` names of the escaped endpoint; each call answers how many it looked at and forgot, and
   * the next starts past what the last kept. Answers how many were forgotten in all.
   */
  const forgetInLogs = async (
    name: QueueScript,
    endpointIds: readonly string[],
    lineOf: (endpoint: string) => string,
  ) => {
    let removed = 0;
    for (const endpointId of endpointIds) {
      const endpoint = escapeName(endpointId);
      let rank = 0;
      for (;;) {
        const [looked, forgot] = (await script(name, endpoint, lineOf(endpoint), rank, FORGET_BATCH)) as [
          number,
          number,
        ];
        removed += forgot;
        if (looked < FORGET_BATCH) break;
        rank += looked - forgot;
      }
    }
    return removed;
  };
  const keyOf = (ref: string) => `${base}d:${ref}`;

  return {
    async enqueue(deliveries) {
      for (let from = 0; from < deliveries.length; from += ENQUEUE_BATCH) {
        const args: Array<string | number> = [];
        for (const d of deliveries.slice(from, from + ENQUEUE_BATCH)) {
          checkInstant('createdAt', d.createdAt);
          args.push(
            refOf(d.endpointId, d.id),
            `${escapeName(d.endpointId)}:${escapeName(d.orderKey)}`,
            escapeName(d.id),
            String(d.createdAt),
            bodyOf(d),
          );
        }
        await script('kindlingQueueEnqueue', ...args);
      }
    },
    async claim(now, limit, leaseMs) {
      checkQueueLimit(limit);
      checkInstant('now', now);
      checkInstant('leaseMs', leaseMs);
      const claimed = (await script(
        'kindlingQueueClaim',
        String(now),
        limit,
        String(now + leaseMs),
        PROMOTE_BATCH,
      )) as StoredFields[];
      return claimed.map((fields) => toDelivery(fields, `${base}ready`));
    },
    async dueEndpoints(now, limit) {
      checkQueueLimit(limit);
      checkInstant('now', now);
      const found = (await script('kindlingQueueDueEndpoints', String(now), limit)) as string[];
      return found.map(unescapeName);
    },
    async claimEndpoint(endpointId, now, limit, leaseMs) {
      checkQueueLimit(limit);
      checkInstant('now', now);
      checkInstant('leaseMs', leaseMs);
      const claimed = (await script(
        'kindlingQueueClaimEndpoint',
        escapeName(endpointId),
        String(now),
        limit,
        String(now + leaseMs),
      )) as StoredFields[];
      return claimed.map((fields) => toDelivery(fields, `${base}el:${escapeName(endpointId)}`));
    },
    async finish({ endpointId, id, claim }, attempt, outcome) {
      checkInstant('claim', claim);
      checkInstant('attempt.at', attempt.at);
      if (outcome.status === 'pending') checkInstant('nextAt', outcome.nextAt);
      const last: DeliveryAttempt = {
        at: attempt.at,
        status: attempt.status,
        error: attempt.error,
        response: attempt.response,
        ms: attempt.ms,
      };
      const reply = await script(
        'kindlingQueueFinish',
        refOf(endpointId, id),
        JSON.stringify(last),
        String(attempt.at),
        outcome.status,
        outcome.status === 'pending' ? String(outcome.nextAt) : '',
        String(claim),
      );
      return reply === 1;
    },
    async get(endpointId, id) {
      const ref = refOf(endpointId, id);
      const fields = (await script('kindlingQueueGet', ref)) as StoredFields;
      return fields[0] === null ? null : toDelivery(fields, keyOf(ref));
    },
    async list(endpointId, limit, before): Promise<DeliveryPage> {
      checkQueueLimit(limit);
      let below = '+inf';
      if (before !== undefined && before !== null) {
        // a cursor this queue did not give names no page
        if (!/^[0-9]{1,15}$/.test(before)) return { deliveries: [], next: null };
        below = `(${before}`;
      }
      const endpoint = escapeName(endpointId);
      const found = (await script('kindlingQueueList', endpoint, below, limit + 1)) as Array<[string, StoredFields]>;
      const page = found.slice(0, limit);
      return {
        deliveries: page.map(([seq, fields]) => toDelivery(fields, `${base}e:${endpoint} seq ${seq}`)),
        next: found.length > limit ? (page[page.length - 1] as [string, StoredFields])[0] : null,
      };
    },
    async retry(endpointId, id, now) {
      checkInstant('now', now);
      const answer = await script('kindlingQueueRetry', refOf(endpointId, id), String(now));
      return answer === 1 ? 'due' : answer === 2 ? 'underWay' : 'unknown';
    },
    async purge(before) {
      if (Number.isNaN(before) || before === Number.NEGATIVE_INFINITY) return 0;
      const bound = before === Number.POSITIVE_INFINITY ? '+inf' : `(${before}`;
      let removed = 0;
      for (;;) {
        const count = (await script('kindlingQueuePurge', bound, FORGET_BATCH)) as number;
        removed += count;
        if (count < FORGET_BATCH) return removed;
      }
    },
    async removeEndpoint(endpointId) {
      const endpoint = escapeName(endpointId);
      let count = FORGET_BATCH;
      while (count === FORGET_BATCH)
        count = (await script('kindlingQueueRemoveEndpoint', endpoint, FORGET_BATCH)) as number;
    },
    async removeOrderKey(endpointIds, orderKey) {
      // finished deliveries are found by endpoint only: its log is walked a batch per call
      return forgetInLogs(
        'kindlingQueueRemoveOrderKey',
        endpointIds,
        (endpoint) => `${endpoint}:${escapeName(orderKey)}`,
      );
    },
    async removeOrderKeyPrefix(endpointIds, prefix) {
      // Escaped a unit at a time, a prefix is the start of every escaped key it starts, but one
      // that ends inside a surrogate pair: its high half is escaped alone, and in a key it is not.
      if (/[\uD800-\uDBFF]$/.test(prefix)) {
        // rare: the endpoints' logs read a page at a time, each key that starts so forgotten whole
        let removed = 0;
        for (const endpointId of endpointIds) {
          const keys = new Set<string>();
          for (let page = await this.list(endpointId, 1000); ; page = await this.list(endpointId, 1000, page.next)) {
            for (const d of page.deliveries) if (d.orderKey.startsWith(prefix)) keys.add(d.orderKey);
            if (page.next === null) break;
          }
          for (const key of keys) removed += await this.removeOrderKey([endpointId], key);
        }
        return removed;
      }
      return forgetInLogs(
        'kindlingQueueRemoveOrderKeyPrefix',
        endpointIds,
        (endpoint) => `${endpoint}:${escapeName(prefix)}`,
      );
    },
    async count() {
      const [pending, failed] = (await script('kindlingQueueCount')) as [number, number];
      return { pending, failed };
    },
    close: () => connection.close(),
  };
}
