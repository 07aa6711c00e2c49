/**
 * API key lookups for the hot path: a key's record, cached for `cacheMs` under the key as presented
 * (so a key seen again is not hashed again; a revocation made in this process is seen at once), and
 * last-use times written in batches. The cache is bounded: it forgets everything when it fills.
 * A record due for a re-read is re-read once at a time, and kept while the control plane fails or
 * is slow to answer (read-or-keep.ts).
 */
import type { Control } from '../control/control.js';
import type { ApiKeyRecord } from '../control/types.js';
import { readOrKeep } from '../runtime/read-or-keep.js';
import { hashKey } from '../secrets.js';

interface Entry {
  readonly hash: string;
  record: ApiKeyRecord | null;
  at: number;
  /** the re-read in flight */
  reading: Promise<ApiKeyRecord | null> | null;
  /** the last re-read failed */
  failed: boolean;
}

/** entries kept before the cache is emptied (unknown keys sent at random cannot grow it) */
const MAX_ENTRIES = 10_000;

export class KeyCache {
  private readonly cache = new Map<string, Entry>();
  /** last use per account, per key id, as instants; formatted when written */
  private used = new Map<string, Map<string, number>>();

  constructor(
    private readonly control: Control,
    private readonly cacheMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The record of this key (revoked or not), or null when no such key exists. */
  async find(key: string): Promise<ApiKeyRecord | null> {
    const now = this.clock();
    const hit = this.cache.get(key);
    if (hit !== undefined && now - hit.at < this.cacheMs) return hit.record;
    if (hit === undefined) {
      const hash = hashKey(key);
      const record = await this.control.keyByHash(hash);
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(key, { hash, record, at: now, reading: null, failed: false });
      return record;
    }
    if (hit.reading !== null) return hit.record;
    const reading = this.control.keyByHash(hit.hash);
    hit.reading = reading;
    reading.then(
      (record) => {
        hit.record = record;
        hit.at = now;
        hit.failed = false;
        hit.reading = null;
      },
      () => {
        hit.failed = true;
        hit.reading = null;
      },
    );
    return hit.failed ? hit.record : readOrKeep(reading, hit.record);
  }

  markUsed(record: ApiKeyRecord, at: number): void {
    let account = this.used.get(record.accountId);
    if (account === undefined) this.used.set(record.accountId, (account = new Map()));
    account.set(record.id, at);
  }

  /** Forget a key's cached record (after revoking it here); revocations are rare, so this looks through the cache. */
  forget(hash: string): void {
    for (const [key, entry] of this.cache) if (entry.hash === hash) this.cache.delete(key);
  }

  async flush(): Promise<void> {
    const used = this.used;
    this.used = new Map();
    for (const [accountId, keys] of used) {
      const fields: Record<string, string> = {};
      for (const [id, at] of keys) fields[id] = new Date(at).toISOString();
      await this.control.touchKeys(accountId, fields);
    }
  }
}
