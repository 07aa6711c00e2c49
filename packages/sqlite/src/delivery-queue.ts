/**
 * A webhook relay's queue of deliveries (`DeliveryQueue` of @kindling/core) on a SQLite file, opened
 * as the control plane's is (open.ts: the header checked, the busy timeout set before the first
 * statement, WAL with the busy retry), so that every process of a service shares it. Its one table
 * has a name of its own and is created when missing (delivery-queue-sql.ts): the file may be the
 * control plane's.
 *
 * Order. A line is the deliveries of one (endpoint, order key); only its first pending delivery (the
 * lowest seq) may be handed out. That row alone carries `claimable_at` (its next_at), so `claim`
 * reads the due heads from their index instead of testing each waiting delivery against those
 * queued before it. Each write that may change which row of a line comes first (enqueue, finish,
 * retry) chooses the line's head again in its own transaction. A second index of the heads, by
 * endpoint, answers which endpoints have one due (a skip scan: a step per endpoint) and one
 * endpoint's due heads (a range), so that a relay claims endpoint by endpoint and a backlog of one
 * is never read to reach another's.
 *
 * Order keys. A queue made before the keys named a namespace holds bare user ids: opening it moves
 * them to the main namespace's keys in the transaction that opens it (noteKeysForm below,
 * delivery-queue-sql.ts ORDER_KEYS_FORM).
 *
 * Atomicity. Every write is one IMMEDIATE transaction: `claim` takes the file's write lock before it
 * reads the heads, and moves their next_at to the lease's end before it lets go, so a claim of
 * another connection or process, which waits for the lock, never finds them due.
 *
 * Durability. What must survive a power cut is written with synchronous FULL (the log synced
 * before the commit returns): a queued delivery (the outbox entry it came from is gone once it is
 * queued) and a "send again". Claims and attempts' outcomes, a few per delivery, are written with
 * NORMAL (no sync of their own; a later FULL commit or a checkpoint syncs them): one lost to a power
 * cut is a delivery sent again with the same id, which the contract allows, and a sync per attempt
 * on the event loop cost the event endpoint a third of its rate with webhooks on (bench:sweep).
 */
import {
  checkQueueLimit,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryQueue,
  type DeliveryStatus,
  isUnderWay,
  type NewDelivery,
  type RetryOutcome,
  userOrderKey,
} from '@kindling/core/adapter';
import type Database from 'better-sqlite3';
import {
  DELIVERY_QUEUE_CLAIMS,
  DELIVERY_QUEUE_FINISHED_CLAIM,
  DELIVERY_QUEUE_FORM_SCHEMA,
  DELIVERY_QUEUE_SCHEMA,
  type DeliveryQueueStatements,
  type DeliveryRow,
  ORDER_KEYS_FORM,
  prepareQueueStatements,
} from './delivery-queue-sql.js';
import { isInMemory, labelOf, toStoreError } from './errors.js';
import { fileIdentityCheck, openSqlite, useWriteAheadLog } from './open.js';
import { decodeKey, encodeKey, parseJson } from './rows.js';

export interface SqliteDeliveryQueueOptions {
  /** how long a statement waits for another connection's lock, opening included, in ms; default 10000 */
  readonly busyTimeout?: number;
}

/** The queue on the SQLite file at `path` (created if needed), or ':memory:' (a queue of this process alone). */
export function sqliteDeliveryQueue(path: string, options: SqliteDeliveryQueueOptions = {}): DeliveryQueue {
  const label = labelOf(path);
  const busyTimeout = options.busyTimeout ?? 10_000;
  const db = openSqlite(path, label, busyTimeout, (db) => {
    if (!isInMemory(path)) useWriteAheadLog(db, label, busyTimeout);
    // All of it or none: a file with a table of this name that is not the queue's is left as it was.
    db.transaction(() => {
      const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[];
      db.exec(DELIVERY_QUEUE_SCHEMA);
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('delivery_queue');
      if (!columns.includes('claims')) db.exec(DELIVERY_QUEUE_CLAIMS);
      if (!columns.includes('finished_claim')) db.exec(DELIVERY_QUEUE_FINISHED_CLAIM);
      if (tables.includes('delivery_queue_version')) checkKeysForm(db);
      else noteKeysForm(db, tables.includes('delivery_queue'));
    }).immediate();
  });
  let sql: DeliveryQueueStatements;
  try {
    db.pragma('synchronous = NORMAL');
    sql = prepareQueueStatements(db);
  } catch (error) {
    db.close();
    throw toStoreError(label, error);
  }

  const deliveryOf = (row: DeliveryRow): Delivery => ({
    id: decodeKey(row.id),
    endpointId: decodeKey(row.endpoint_id),
    orderKey: decodeKey(row.order_key),
    type: row.type,
    payload: row.payload,
    createdAt: row.created_at,
    status: row.status,
    attempts: row.attempts,
    firstAttemptAt: row.first_attempt_at,
    nextAt: row.next_at,
    claim: row.claims,
    last:
      row.last === null
        ? null
        : parseJson<DeliveryAttempt>(label, () => `the last attempt of delivery ${row.seq}`, row.last),
  });

  /** Marks the first pending delivery of the line claimable from its next_at (after a change of the line). */
  const setHead = (endpointId: Buffer, orderKey: Buffer) => sql.setHead.run(endpointId, orderKey);

  const enqueueAll = db.transaction((deliveries: readonly NewDelivery[]) => {
    for (const d of deliveries) {
      const endpointId = encodeKey(d.endpointId);
      const orderKey = encodeKey(d.orderKey);
      // One queued already stays as it is (ON CONFLICT DO NOTHING): its line is unchanged.
      const added = sql.insert.run(endpointId, encodeKey(d.id), orderKey, d.type, d.payload, d.createdAt, d.createdAt);
      if (added.changes === 1) setHead(endpointId, orderKey);
    }
  });

  const claimHeads = db.transaction((now: number, limit: number, until: number): Delivery[] => {
    const rows = sql.due.all(now, limit);
    for (const row of rows) {
      sql.hold.run(until, until, row.seq);
      row.next_at = until;
      row.claims += 1;
    }
    return rows.map(deliveryOf);
  });

  const claimOfEndpoint = db.transaction(
    (endpointId: Buffer, now: number, limit: number, until: number): Delivery[] => {
      const rows = sql.dueOfEndpoint.all(endpointId, now, limit);
      for (const row of rows) {
        sql.hold.run(until, until, row.seq);
        row.next_at = until;
        row.claims += 1;
      }
      return rows.map(deliveryOf);
    },
  );

  const finishOne = db.transaction(
    (
      endpointId: Buffer,
      id: Buffer,
      claim: number,
      attempt: DeliveryAttempt,
      status: DeliveryStatus,
      nextAt: number | null,
    ) => {
      const line = sql.finish.get(status, attempt.at, nextAt, JSON.stringify(attempt), endpointId, id, claim);
      if (line === undefined) return false;
      setHead(endpointId, line.order_key);
      return true;
    },
  );

  const retryOne = db.transaction((endpointId: Buffer, id: Buffer, now: number): RetryOutcome => {
    const row = sql.get.get(endpointId, id);
    if (row === undefined) return 'unknown';
    // Read and refused in the write transaction: no claim or finish comes in between.
    if (isUnderWay({ status: row.status, claim: row.claims, nextAt: row.next_at }, row.finished_claim, now))
      return 'underWay';
    sql.retry.get(now, endpointId, id);
    // Pending again, it may come before the line's head: the head is chosen anew.
    sql.clearHeads.run(endpointId, row.order_key);
    setHead(endpointId, row.order_key);
    return 'due';
  });

  /** Every delivery of the order key to each endpoint, in one transaction; how many. */
  const removeLines = db.transaction((endpointIds: readonly string[], orderKey: Buffer) => {
    let removed = 0;
    for (const endpointId of endpointIds) removed += sql.removeOrderKey.run(encodeKey(endpointId), orderKey).changes;
    return removed;
  });

  /** Every delivery to each endpoint whose order key starts with `prefix`, in one transaction; how many. */
  const removePrefixed = db.transaction((endpointIds: readonly string[], prefix: Buffer) => {
    let removed = 0;
    for (const endpointId of endpointIds)
      removed += sql.removeOrderKeyPrefix.run(encodeKey(endpointId), prefix.length, prefix).changes;
    return removed;
  });

  const checkFile = fileIdentityCheck(path, label);
  /** `work`, its failure a StoreError naming the file; first, that the file is still the one opened (but on closing). */
  const run = <T>(work: () => T, check = true): Promise<T> => {
    try {
      // a closed queue says so, not that its log file went (closing removes it)
      if (check && db.open) checkFile();
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(toStoreError(label, error));
    }
  };
  /** `work` committed with synchronous FULL: synced before it returns (see Durability above). */
  const durably = <T>(work: () => T): T => {
    db.pragma('synchronous = FULL');
    try {
      return work();
    } finally {
      db.pragma('synchronous = NORMAL');
    }
  };

  return {
    enqueue: (deliveries) =>
      run(() => {
        if (deliveries.length > 0) durably(() => enqueueAll.immediate(deliveries));
      }),
    claim: (now, limit, leaseMs) =>
      run(() => {
        checkQueueLimit(limit);
        checkFinite('now', now);
        checkFinite('leaseMs', leaseMs);
        return claimHeads.immediate(now, limit, now + leaseMs);
      }),
    dueEndpoints: (now, limit) =>
      run(() => {
        checkQueueLimit(limit);
        checkFinite('now', now);
        return sql.dueEndpoints.all(now, limit).map((row) => decodeKey(row.endpoint_id));
      }),
    claimEndpoint: (endpointId, now, limit, leaseMs) =>
      run(() => {
        checkQueueLimit(limit);
        checkFinite('now', now);
        checkFinite('leaseMs', leaseMs);
        return claimOfEndpoint.immediate(encodeKey(endpointId), now, limit, now + leaseMs);
      }),
    finish: (claimed, attempt, outcome) =>
      run(() =>
        finishOne.immediate(
          encodeKey(claimed.endpointId),
          encodeKey(claimed.id),
          claimed.claim,
          attempt,
          outcome.status,
          outcome.status === 'pending' ? outcome.nextAt : null,
        ),
      ),
    get: (endpointId, id) =>
      run(() => {
        const row = sql.get.get(encodeKey(endpointId), encodeKey(id));
        return row === undefined ? null : deliveryOf(row);
      }),
    list: (endpointId, limit, before) =>
      run(() => {
        checkQueueLimit(limit);
        const below = cursorOf(before);
        // A cursor no page gave names no place in the queue: an empty page.
        if (below === null) return { deliveries: [], next: null };
        const rows = sql.list.all(encodeKey(endpointId), below, limit + 1);
        const page = rows.slice(0, limit);
        return {
          deliveries: page.map(deliveryOf),
          next: rows.length > limit ? String((page[page.length - 1] as DeliveryRow).seq) : null,
        };
      }),
    retry: (endpointId, id, now) =>
      run(() => {
        checkFinite('now', now);
        return durably(() => retryOne.immediate(encodeKey(endpointId), encodeKey(id), now));
      }),
    purge: (before) => run(() => sql.purge.run(before).changes),
    count: () =>
      run(() => {
        const counts = sql.count.get() as { pending: number; failed: number };
        return { pending: counts.pending, failed: counts.failed };
      }),
    removeEndpoint: (endpointId) => run(() => void sql.removeEndpoint.run(encodeKey(endpointId))),
    removeOrderKey: (endpointIds, orderKey) =>
      run(() => {
        const key = encodeKey(orderKey);
        // the line goes whole, its head with it: no other line's head moves
        return durably(() => removeLines.immediate(endpointIds, key));
      }),
    removeOrderKeyPrefix: (endpointIds, prefix) =>
      run(() => {
        const start = encodeKey(prefix);
        // whole lines go (every key of a line is the same), their heads with them
        return durably(() => removePrefixed.immediate(endpointIds, start));
      }),
    probe: () =>
      run(() => {
        checkFile('now');
        db.pragma('data_version', { simple: true });
      }, false),
    close: () =>
      run(() => {
        if (db.open) db.close();
      }, false),
  };
}

/**
 * Notes the form of the order keys in a queue without the note: a queue made now holds none yet; one
 * made before holds bare user ids, each moved to the main namespace's key (`userOrderKey('', id)`).
 * Every row of a line gets the same new key, its seq and head kept: the lines stay whole and in order.
 */
function noteKeysForm(db: Database.Database, madeBefore: boolean): void {
  if (madeBefore) {
    const rows = db.prepare('SELECT seq, order_key FROM delivery_queue').all() as Array<{
      seq: number;
      order_key: Buffer;
    }>;
    const move = db.prepare('UPDATE delivery_queue SET order_key = ? WHERE seq = ?');
    for (const row of rows) move.run(encodeKey(userOrderKey('', decodeKey(row.order_key))), row.seq);
  }
  db.exec(DELIVERY_QUEUE_FORM_SCHEMA);
  db.prepare('INSERT INTO delivery_queue_version (version) VALUES (?)').run(ORDER_KEYS_FORM);
}

/** Refuses a queue whose keys are of a form this version does not know (a later one's). */
function checkKeysForm(db: Database.Database): void {
  const version = db.prepare('SELECT version FROM delivery_queue_version').pluck().get();
  if (version !== ORDER_KEYS_FORM)
    throw new Error(
      `its delivery queue notes order keys of form ${String(version)}; this version reads form ${ORDER_KEYS_FORM}: upgrade @kindling/sqlite`,
    );
}

/** The seq below which a page starts: the end for no cursor, null for one no page gave. */
function cursorOf(before: string | null | undefined): number | null {
  if (before === undefined || before === null) return Number.MAX_SAFE_INTEGER;
  if (!/^[1-9][0-9]{0,15}$/.test(before)) return null;
  const seq = Number(before);
  return Number.isSafeInteger(seq) ? seq : null;
}

function checkFinite(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number of ms, got ${String(value)}`);
}
