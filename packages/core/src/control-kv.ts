/**
 * The few storage operations a service's control plane needs (accounts, keys, sessions, limits), so
 * that it runs unchanged on SQLite and on Redis (single or cluster: every operation touches one
 * key). The engine does not use it; the storage adapters implement it (`sqliteControlKV`,
 * `redisControlKV`) and @kindling/server's control plane runs on it. It lives here, as `Store` does,
 * because the core is the one package the adapters and the server all depend on.
 */
export interface ControlKV {
  /** The value stored under `key`; null when there is none (or it expired). */
  get(key: string): Promise<string | null>;
  /**
   * Write a document. With `expireMs`, it is dropped once that long has passed (what a session is
   * kept by: nothing else removes it); without, a time to live it had is cleared.
   */
  put(key: string, value: string, expireMs?: number): Promise<void>;
  /**
   * Write `next` only if the stored value is `expected` (null: absent). True when written. The time
   * to live is then as `put` sets it: with `expireMs` the document is dropped once that long has
   * passed, without it a time to live it had is cleared.
   */
  swap(key: string, expected: string | null, next: string, expireMs?: number): Promise<boolean>;
  /** Remove `key` and its value (nothing happens when there is none). */
  remove(key: string): Promise<void>;
  /**
   * Add to numeric fields of a record of counters (created at 0); answers those fields' values after.
   * With `expireMs`, the whole record is dropped once that long has passed since this addition.
   */
  addCounters(
    key: string,
    increments: Readonly<Record<string, number>>,
    expireMs?: number,
  ): Promise<Record<string, number>>;
  /** a record without a prototype (ownRecord) */
  readCounters(key: string): Promise<Record<string, number>>;
  /** Set string fields of a record (last writer wins per field). */
  setFields(key: string, fields: Readonly<Record<string, string>>): Promise<void>;
  /** Remove these fields of a record of fields; one not there is ignored. */
  removeFields(key: string, fields: readonly string[]): Promise<void>;
  /** a record without a prototype (ownRecord) */
  readFields(key: string): Promise<Record<string, string>>;
  /** One field of a record of fields, or null: what a lookup by id reads in a record that grows with its users. */
  readField(key: string, field: string): Promise<string | null>;
  /** As `Store.probe`: rejects when a write would be refused now. Optional. */
  probe?(): Promise<void>;
  /** Release the control plane's connections and files. */
  close(): Promise<void>;
}

/**
 * A record of fields read from storage. Field names come from users (pause ids in URLs, metric
 * keys): the record has no prototype, so a name like `constructor` is absent unless it was stored.
 */
export function ownRecord<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  for (const [field, value] of entries) record[field] = value;
  return record;
}
