/**
 * API key lookups for the hot path: a key's record by the hash of the key, cached for `cacheMs`
 * (a revocation made in this process is seen at once), and last-use times written in batches.
 */
import type { Control } from '../control/control.js';
import type { ApiKeyRecord } from '../control/types.js';
import { hashKey } from '../secrets.js';

export class KeyCache {
  private readonly cache = new Map<string, { record: ApiKeyRecord | null; at: number }>();
  private used = new Map<string, Record<string, string>>();

  constructor(
    private readonly control: Control,
    private readonly cacheMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The record of this key (revoked or not), or null when no such key exists. */
  async find(key: string): Promise<ApiKeyRecord | null> {
    const hash = hashKey(key);
    const now = this.clock();
    const hit = this.cache.get(hash);
    if (hit !== undefined && now - hit.at < this.cacheMs) return hit.record;
    const record = await this.control.keyByHash(hash);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { record, at: now });
    return record;
  }

  markUsed(record: ApiKeyRecord, at: number): void {
    let account = this.used.get(record.accountId);
    if (account === undefined) this.used.set(record.accountId, (account = {}));
    account[record.id] = new Date(at).toISOString();
  }

  /** Forget a key's cached record (after revoking it here). */
  forget(hash: string): void {
    this.cache.delete(hash);
  }

  async flush(): Promise<void> {
    const used = this.used;
    this.used = new Map();
    for (const [accountId, fields] of used) await this.control.touchKeys(accountId, fields);
  }
}
