/**
 * API key lookups for the hot path: a key's record, cached for `cacheMs` under the key as presented
 * (so a key seen again is not hashed again; a revocation made in this process is seen at once), and
 * last-use times written in batches. The cache is bounded: it forgets everything when it fills.
 */
import type { Control } from '../control/control.js';
import type { ApiKeyRecord } from '../control/types.js';
import { hashKey } from '../secrets.js';

interface Entry {
  readonly hash: string;
  readonly record: ApiKeyRecord | null;
  readonly at: number;
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
    const hash = hit?.hash ?? hashKey(key);
    const entry = { hash, record: await this.control.keyByHash(hash), at: now };
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, entry);
    return entry.record;
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
