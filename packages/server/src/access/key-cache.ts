/**
 * The credentials every request checks, for the hot path: API key records by hash and accounts (for
 * their password), each cached for `cacheMs`. A key presented again is not hashed again; a
 * revocation made in this process is seen at once (`forget`), one made in another process within
 * `cacheMs`. Dashboard sessions check what they were signed in with through this same cache
 * (session-source.ts), so a key's revocation ends them in the same time. A read asked `fresh` goes
 * to the control plane whatever the cache holds (and refreshes it): what the key routes ask, so a
 * key revoked elsewhere makes or revokes no key once its revocation is written. Last-use times are
 * written in batches. Every map is bounded: it forgets everything when it fills.
 */
import type { Control } from '../control/control.js';
import type { Account, ApiKeyRecord } from '../control/types.js';
import { readOrKeep } from '../backend/read-or-keep.js';
import { hashKey } from '../secrets.js';

interface Entry<T> {
  value: T;
  at: number;
  /** the re-read in flight */
  reading: Promise<T> | null;
  /** the last re-read failed */
  failed: boolean;
}

/** entries kept per map before it is emptied (unknown keys sent at random cannot grow it) */
const MAX_ENTRIES = 10_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(key, value);
}

export class KeyCache {
  /** the hash of each key as presented */
  private readonly hashes = new Map<string, string>();
  private readonly records = new Map<string, Entry<ApiKeyRecord | null>>();
  private readonly accounts = new Map<string, Entry<Account | null>>();
  /** last use per account, per key id, as instants; formatted when written */
  private used = new Map<string, Map<string, number>>();

  constructor(
    private readonly control: Control,
    private readonly cacheMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The record of this key (revoked or not), or null when no such key exists; `fresh`: read from the control plane. */
  async find(key: string, fresh = false): Promise<ApiKeyRecord | null> {
    let hash = this.hashes.get(key);
    if (hash === undefined) remember(this.hashes, key, (hash = hashKey(key)));
    return this.findByHash(hash, fresh);
  }

  /**
   * The record of this key when the cache holds it and it is fresh (null: no such key), without a
   * promise; undefined when it must be read (`find`). `now`: the request's instant, if read already.
   */
  peek(key: string, now: number = this.clock()): ApiKeyRecord | null | undefined {
    const hash = this.hashes.get(key);
    const hit = hash === undefined ? undefined : this.records.get(hash);
    return hit !== undefined && this.isFresh(hit, now) ? hit.value : undefined;
  }

  /** Whether a cached value was read less than `cacheMs` before `now`. */
  private isFresh(entry: { at: number }, now: number): boolean {
    return now - entry.at < this.cacheMs;
  }

  /** The record of the key with this hash (revoked or not), or null when no such key exists; `fresh`: read from the control plane. */
  async findByHash(hash: string, fresh = false): Promise<ApiKeyRecord | null> {
    const now = this.clock();
    return this.cached(this.records, hash, now, fresh, () => this.control.keyByHash(hash));
  }

  /** The account (with its password hash), or null when it does not exist; `fresh`: read from the control plane. */
  async account(accountId: string, fresh = false): Promise<Account | null> {
    return this.cached(this.accounts, accountId, this.clock(), fresh, () => this.control.account(accountId));
  }

  /**
   * A value cached for `cacheMs`; past that, re-read once at a time and kept while the re-read fails
   * or is slow. `fresh`: read now and waited for, its failure thrown, and what it read cached.
   */
  private async cached<T>(
    map: Map<string, Entry<T>>,
    key: string,
    now: number,
    fresh: boolean,
    read: () => Promise<T>,
  ): Promise<T> {
    const hit = map.get(key);
    if (!fresh && hit !== undefined && this.isFresh(hit, now)) return hit.value;
    if (hit === undefined || fresh) {
      const value = await read();
      remember(map, key, { value, at: now, reading: null, failed: false });
      return value;
    }
    if (hit.reading !== null) return hit.value;
    const reading = read();
    hit.reading = reading;
    reading.then(
      (value) => {
        hit.value = value;
        hit.at = now;
        hit.failed = false;
        hit.reading = null;
      },
      () => {
        hit.failed = true;
        hit.reading = null;
      },
    );
    return hit.failed ? hit.value : readOrKeep(reading, hit.value);
  }

  markUsed(record: ApiKeyRecord, at: number): void {
    this.keepUse(record.accountId, record.id, at);
  }

  /** Forget a key's cached record (after revoking it here). */
  forget(hash: string): void {
    this.records.delete(hash);
  }

  /**
   * The last use of the key of `record`: the one this process saw and has not written yet when it
   * is later than the stored one. An answer that shows last uses reads them here rather than
   * writing them first, so a read does not fail with the control store's writes.
   */
  lastUsedAt(record: ApiKeyRecord): string | null {
    const at = this.used.get(record.accountId)?.get(record.id);
    if (at === undefined) return record.lastUsedAt;
    const seen = new Date(at).toISOString();
    return record.lastUsedAt === null || seen > record.lastUsedAt ? seen : record.lastUsedAt;
  }

  /** Writes the last uses seen since the last flush; those it could not write are kept for the next. */
  async flush(): Promise<void> {
    const used = this.used;
    this.used = new Map();
    try {
      for (const [accountId, keys] of used) {
        const fields: Record<string, string> = {};
        for (const [id, at] of keys) fields[id] = new Date(at).toISOString();
        await this.control.touchKeys(accountId, fields);
        used.delete(accountId);
      }
    } catch (error) {
      for (const [accountId, keys] of used) for (const [id, at] of keys) this.keepUse(accountId, id, at);
      throw error;
    }
  }

  private keepUse(accountId: string, id: string, at: number): void {
    let account = this.used.get(accountId);
    if (account === undefined) this.used.set(accountId, (account = new Map()));
    if ((account.get(id) ?? Number.NEGATIVE_INFINITY) < at) account.set(id, at);
  }
}
