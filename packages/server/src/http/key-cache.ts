/**
 * API key lookups for the hot path: a key's record by the hash of the key, cached for `cacheMs`
 * (a revocation made in this process is seen at once), and last-use times written in batches.
 * A key presented again within `cacheMs` is found without hashing it again: the entry is kept
 * under the presented key as well, in a bounded map that forgets everything when it fills.
 */
import type { Control } from '../control/control.js';
import type { ApiKeyRecord } from '../control/types.js';
import { hashKey } from '../secrets.js';

interface Entry {
  readonly hash: string;
  readonly record: ApiKeyRecord | null;
  readonly at: number;
}

/** entries kept per map before it is emptied (unknown keys sent at random cannot grow it) */
const MAX_ENTRIES = 10_000;

export class KeyCache {
  private readonly byHash = new Map<string, Entry>();
  private readonly byKey = new Map<string, Entry>();
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
    const seen = this.byKey.get(key);
    if (seen !== undefined && now - seen.at < this.cacheMs && this.byHash.get(seen.hash) === seen) return seen.record;
    const hash = hashKey(key);
    let entry = this.byHash.get(hash);
    if (entry === undefined || now - entry.at >= this.cacheMs) {
      entry = { hash, record: await this.control.keyByHash(hash), at: now };
      if (this.byHash.size >= MAX_ENTRIES) this.byHash.clear();
      this.byHash.set(hash, entry);
    }
    if (this.byKey.size >= MAX_ENTRIES) this.byKey.clear();
    this.byKey.set(key, entry);
    return entry.record;
  }

  markUsed(record: ApiKeyRecord, at: number): void {
    let account = this.used.get(record.accountId);
    if (account === undefined) this.used.set(record.accountId, (account = new Map()));
    account.set(record.id, at);
  }

  /** Forget a key's cached record (after revoking it here): its presented form goes with it. */
  forget(hash: string): void {
    this.byHash.delete(hash);
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
