/**
 * The delivery queue's table, its indexes and every statement on it (delivery-queue.ts runs them).
 * Each statement reads an index range: the line heads that are due (of every endpoint, or of one, and
 * the endpoints that have one), one delivery by its ids, an
 * endpoint's page, the finished ones older than an instant, the pending and the failed to count
 * (the tests check the query plans).
 */
import type Database from 'better-sqlite3';
import type { DeliveryStatus } from '@kindling/core/adapter';

/**
 * One table of its own name, created when missing, so that it may live in the control plane's file.
 * Ids, endpoint ids and order keys (user ids) are BLOBs of their UTF-16 code units, as the store
 * keeps user ids (rows.ts): every string, lone surrogates included, stays itself. seq is the queue
 * order and the cursor of an endpoint's pages; AUTOINCREMENT never gives a number twice.
 *
 * claimable_at is next_at on the first pending delivery of its line (endpoint_id, order_key), NULL on
 * every other row: a claim reads the due heads from its index alone, however many deliveries wait
 * behind them. `last` is the last attempt as JSON (a DeliveryAttempt). `claims` counts the claims
 * that handed the delivery out: `finish` names the one it answers (Delivery.claim), and notes it in
 * `finished_claim`, so that a pending delivery with more claims than that is held by an attempt under
 * way until its lease (next_at) runs out, which `retry` refuses (core's isUnderWay).
 */

/**
 * The form of the order keys, noted in a one-row table beside the queue's: 2, the keys a service
 * makes with `userOrderKey` (a namespace's and a user's). A queue without the note was made before
 * it and holds bare user ids: opening it moves each key to `userOrderKey('', id)`, the main
 * namespace's, every row of a line to the same new line, so no delivery is lost and no line's order
 * changes (delivery-queue.ts). A bare id did not say its namespace: the deliveries a tenant's user
 * had queued before stay in that line, where an erasure in the tenant does not find them, until
 * they are sent and their log expires.
 */
export const ORDER_KEYS_FORM = 2;
export const DELIVERY_QUEUE_FORM_SCHEMA = 'CREATE TABLE delivery_queue_version (version INTEGER NOT NULL)';

/** Tables made before `claims`: the column added (their deliveries start at claim 0). */
export const DELIVERY_QUEUE_CLAIMS = 'ALTER TABLE delivery_queue ADD COLUMN claims INTEGER NOT NULL DEFAULT 0';
/**
 * Tables made before `finished_claim`: the column added, each delivery taken as finished by its last
 * claim (none under way at the upgrade: a "send again" of one then goes, as it did before).
 */
export const DELIVERY_QUEUE_FINISHED_CLAIM =
  'ALTER TABLE delivery_queue ADD COLUMN finished_claim INTEGER NOT NULL DEFAULT 0; UPDATE delivery_queue SET finished_claim = claims';
export const DELIVERY_QUEUE_SCHEMA = `
CREATE TABLE IF NOT EXISTS delivery_queue (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint_id BLOB NOT NULL,
  id BLOB NOT NULL,
  order_key BLOB NOT NULL,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL,
  first_attempt_at INTEGER,
  next_at INTEGER,
  claimable_at INTEGER,
  last TEXT,
  claims INTEGER NOT NULL DEFAULT 0,
  finished_claim INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS delivery_queue_ids ON delivery_queue (endpoint_id, id);
CREATE INDEX IF NOT EXISTS delivery_queue_lines ON delivery_queue (endpoint_id, order_key) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS delivery_queue_claimable ON delivery_queue (claimable_at) WHERE claimable_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS delivery_queue_endpoint_heads ON delivery_queue (endpoint_id, claimable_at) WHERE claimable_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS delivery_queue_by_endpoint ON delivery_queue (endpoint_id);
CREATE INDEX IF NOT EXISTS delivery_queue_finished ON delivery_queue (created_at) WHERE status <> 'pending';
CREATE INDEX IF NOT EXISTS delivery_queue_failed ON delivery_queue (seq) WHERE status = 'failed';
`;

/** A row as the statements that read one give it. */
export interface DeliveryRow {
  seq: number;
  endpoint_id: Buffer;
  id: Buffer;
  order_key: Buffer;
  type: string;
  payload: string;
  created_at: number;
  status: DeliveryStatus;
  attempts: number;
  first_attempt_at: number | null;
  next_at: number | null;
  last: string | null;
  claims: number;
  finished_claim: number;
}

type Statement<P extends unknown[], R = unknown> = Database.Statement<P, R>;

export interface DeliveryQueueStatements {
  /** a pending delivery due at its createdAt, unless (endpoint_id, id) is queued already */
  insert: Statement<[Buffer, Buffer, Buffer, string, string, number, number]>;
  /** makes the line's first pending delivery claimable from its next_at (it may be so already) */
  setHead: Statement<[Buffer, Buffer]>;
  /** no pending delivery of the line claimable (before setHead chooses again) */
  clearHeads: Statement<[Buffer, Buffer]>;
  /** the line heads due by an instant, oldest queued first, at most a limit */
  due: Statement<[number, number], DeliveryRow>;
  /**
   * the endpoints with a line head due by an instant, the longest due first, at most a limit: one
   * step of the endpoint heads' index per endpoint (a skip scan), whatever each has waiting
   */
  dueEndpoints: Statement<[number, number], { endpoint_id: Buffer }>;
  /** one endpoint's line heads due by an instant, soonest due first, at most a limit: a range of its heads */
  dueOfEndpoint: Statement<[Buffer, number, number], DeliveryRow>;
  /** next_at and claimable_at of one delivery (its lease's end), and its claim counted */
  hold: Statement<[number, number, number]>;
  /**
   * status, first attempt, next_at and last attempt of a pending delivery still held by the claim
   * named, that claim noted as finished; its order key, or nothing when not pending or claimed since
   */
  finish: Statement<[DeliveryStatus, number, number | null, string, Buffer, Buffer, number], { order_key: Buffer }>;
  /** pending again and due at an instant; its order key, or nothing when unknown */
  retry: Statement<[number, Buffer, Buffer], { order_key: Buffer }>;
  get: Statement<[Buffer, Buffer], DeliveryRow>;
  /** an endpoint's deliveries queued before a seq, newest first, at most a limit */
  list: Statement<[Buffer, number, number], DeliveryRow>;
  purge: Statement<[number]>;
  /** how many are pending and how many failed, each counted on its own partial index (no row read) */
  count: Statement<[], { pending: number; failed: number }>;
  removeEndpoint: Statement<[Buffer]>;
  /** every delivery of one endpoint with one order key (a user erased): the endpoint's range, the whole line with it */
  removeOrderKey: Statement<[Buffer, Buffer]>;
  /** every delivery of one endpoint whose order key starts with these bytes (their count, then the bytes) */
  removeOrderKeyPrefix: Statement<[Buffer, number, Buffer]>;
}

const COLUMNS =
  'seq, endpoint_id, id, order_key, type, payload, created_at, status, attempts, first_attempt_at, next_at, last, claims, finished_claim';

export function prepareQueueStatements(db: Database.Database): DeliveryQueueStatements {
  return {
    insert: db.prepare(
      'INSERT INTO delivery_queue (endpoint_id, id, order_key, type, payload, created_at, status, attempts, next_at) ' +
        "VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?) ON CONFLICT (endpoint_id, id) DO NOTHING",
    ),
    setHead: db.prepare(
      'UPDATE delivery_queue SET claimable_at = next_at WHERE seq = (' +
        "SELECT seq FROM delivery_queue WHERE endpoint_id = ? AND order_key = ? AND status = 'pending' ORDER BY seq LIMIT 1)",
    ),
    clearHeads: db.prepare(
      'UPDATE delivery_queue INDEXED BY delivery_queue_lines SET claimable_at = NULL ' +
        "WHERE endpoint_id = ? AND order_key = ? AND status = 'pending' AND claimable_at IS NOT NULL",
    ),
    // INDEXED BY: a scan in seq order would stop at the limit, but reads every finished and
    // waiting delivery before it; the heads' index costs what is due, whatever the statistics say.
    due: db.prepare(
      `SELECT ${COLUMNS} FROM delivery_queue INDEXED BY delivery_queue_claimable WHERE claimable_at <= ? ORDER BY seq LIMIT ?`,
    ),
    dueEndpoints: db.prepare(
      'WITH RECURSIVE endpoints(id) AS (' +
        'SELECT (SELECT min(endpoint_id) FROM delivery_queue INDEXED BY delivery_queue_endpoint_heads WHERE claimable_at IS NOT NULL) ' +
        'UNION ALL SELECT (SELECT min(endpoint_id) FROM delivery_queue INDEXED BY delivery_queue_endpoint_heads ' +
        'WHERE claimable_at IS NOT NULL AND endpoint_id > endpoints.id) FROM endpoints WHERE endpoints.id IS NOT NULL) ' +
        'SELECT id AS endpoint_id FROM (SELECT id, (SELECT min(claimable_at) FROM delivery_queue INDEXED BY delivery_queue_endpoint_heads ' +
        'WHERE endpoint_id = endpoints.id AND claimable_at IS NOT NULL) AS due FROM endpoints WHERE id IS NOT NULL) ' +
        'WHERE due <= ? ORDER BY due, id LIMIT ?',
    ),
    dueOfEndpoint: db.prepare(
      `SELECT ${COLUMNS} FROM delivery_queue INDEXED BY delivery_queue_endpoint_heads ` +
        'WHERE endpoint_id = ? AND claimable_at <= ? ORDER BY claimable_at, seq LIMIT ?',
    ),
    hold: db.prepare('UPDATE delivery_queue SET next_at = ?, claimable_at = ?, claims = claims + 1 WHERE seq = ?'),
    finish: db.prepare(
      'UPDATE delivery_queue SET status = ?, attempts = attempts + 1, first_attempt_at = coalesce(first_attempt_at, ?), ' +
        'next_at = ?, claimable_at = NULL, last = ?, finished_claim = claims ' +
        "WHERE endpoint_id = ? AND id = ? AND status = 'pending' AND claims = ? RETURNING order_key",
    ),
    retry: db.prepare(
      "UPDATE delivery_queue SET status = 'pending', next_at = ?, claimable_at = NULL " +
        'WHERE endpoint_id = ? AND id = ? RETURNING order_key',
    ),
    get: db.prepare(`SELECT ${COLUMNS} FROM delivery_queue WHERE endpoint_id = ? AND id = ?`),
    list: db.prepare(
      `SELECT ${COLUMNS} FROM delivery_queue WHERE endpoint_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    ),
    purge: db.prepare("DELETE FROM delivery_queue WHERE status <> 'pending' AND created_at < ?"),
    count: db.prepare(
      "SELECT (SELECT count(*) FROM delivery_queue INDEXED BY delivery_queue_lines WHERE status = 'pending') AS pending, " +
        "(SELECT count(*) FROM delivery_queue INDEXED BY delivery_queue_failed WHERE status = 'failed') AS failed",
    ),
    removeEndpoint: db.prepare('DELETE FROM delivery_queue WHERE endpoint_id = ?'),
    removeOrderKey: db.prepare(
      'DELETE FROM delivery_queue INDEXED BY delivery_queue_by_endpoint WHERE endpoint_id = ? AND order_key = ?',
    ),
    // a key's UTF-16 code units are its bytes two by two: a prefix of units is a prefix of bytes
    removeOrderKeyPrefix: db.prepare(
      'DELETE FROM delivery_queue INDEXED BY delivery_queue_by_endpoint WHERE endpoint_id = ? AND substr(order_key, 1, ?) = ?',
    ),
  };
}
