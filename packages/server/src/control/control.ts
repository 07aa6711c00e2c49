/**
 * The control plane: accounts, their configuration, API keys, dashboard sessions, rebuild progress,
 * pauses by id, webhook endpoints, tenants, and activity counters, as JSON documents and counters on a ControlKV.
 */
import { type ControlKV, StoreError } from '@kindling/core';
import type { WebhookEndpoint } from '../webhooks/endpoint.js';
import {
  IDLE_REBUILD,
  type Account,
  type AccountConfig,
  type ApiKeyRecord,
  type Rebuild,
  type Session,
  type Tenant,
} from './types.js';

const EMPTY_CONFIG: AccountConfig = { version: 1, metrics: [], streak: null, achievements: [] };

export class ConfigConflictError extends Error {
  constructor(accountId: string) {
    super(`the configuration of account ${accountId} changed while this change was made; try again`);
  }
}

/** A key's field in its account's `key-ids`: the order it was made in, and its hash. */
function keyEntry(made: number, hash: string): string {
  return `${made} ${hash}`;
}

function entryOf(entry: string): { made: number; hash: string } {
  const space = entry.indexOf(' ');
  return { made: Number(entry.slice(0, space)), hash: entry.slice(space + 1) };
}

/**
 * A control-plane record read back. One that is not JSON was not written by this server (or was
 * damaged since): a lasting StoreError naming the record (500 STORE_DAMAGED over HTTP, logged as an
 * error), never a SyntaxError that could pass for a client's malformed body.
 */
function parse<T>(text: string | null, key: string): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new StoreError(`the control record ${key} is not JSON: damaged, or not written by Kindling`, {
      cause: error,
      lasting: true,
    });
  }
}

export class Control {
  constructor(readonly kv: ControlKV) {}

  async createAccount(account: Account): Promise<void> {
    await this.kv.put(`account:${account.id}`, JSON.stringify(account));
    await this.kv.swap(`config:${account.id}`, null, JSON.stringify(EMPTY_CONFIG));
    await this.update<string[]>('accounts', [], (ids) => (ids.includes(account.id) ? ids : [...ids, account.id]));
  }

  async accounts(): Promise<Account[]> {
    const ids = parse<string[]>(await this.kv.get('accounts'), 'accounts') ?? [];
    const accounts = await Promise.all(ids.map((id) => this.account(id)));
    return accounts.filter((a): a is Account => a !== null);
  }

  async account(id: string): Promise<Account | null> {
    return parse<Account>(await this.kv.get(`account:${id}`), `account:${id}`);
  }

  async saveAccount(account: Account): Promise<void> {
    await this.kv.put(`account:${account.id}`, JSON.stringify(account));
  }

  async config(accountId: string): Promise<AccountConfig> {
    return parse<AccountConfig>(await this.kv.get(`config:${accountId}`), `config:${accountId}`) ?? EMPTY_CONFIG;
  }

  /** Applies `change` to the account's configuration as one compare-and-set; the result has version + 1. */
  async changeConfig(accountId: string, change: (config: AccountConfig) => AccountConfig): Promise<AccountConfig> {
    return this.changeDocument(`config:${accountId}`, accountId, EMPTY_CONFIG, (current) => ({
      ...change(current),
      version: current.version + 1,
    }));
  }

  async webhooks(accountId: string): Promise<WebhookEndpoint[]> {
    return parse<WebhookEndpoint[]>(await this.kv.get(`webhooks:${accountId}`), `webhooks:${accountId}`) ?? [];
  }

  /** Applies `change` to the account's webhook endpoints as one compare-and-set. */
  async changeWebhooks(
    accountId: string,
    change: (endpoints: WebhookEndpoint[]) => WebhookEndpoint[],
  ): Promise<WebhookEndpoint[]> {
    return this.changeDocument(`webhooks:${accountId}`, accountId, [], change);
  }

  async tenants(accountId: string): Promise<Tenant[]> {
    return parse<Tenant[]>(await this.kv.get(`tenants:${accountId}`), `tenants:${accountId}`) ?? [];
  }

  /** Applies `change` to the account's tenants (one document) as one compare-and-set. */
  async changeTenants(accountId: string, change: (tenants: Tenant[]) => Tenant[]): Promise<Tenant[]> {
    return this.changeDocument(`tenants:${accountId}`, accountId, [], change);
  }

  /**
   * A key is its record at `key:<hash>` and one field (id -> hash) of the account's `key-ids`: each
   * key is created, found, marked used and revoked without reading the others, as an application
   * key is made per user and an account may hold as many as it has users.
   */
  async addKey(record: ApiKeyRecord): Promise<void> {
    // the account's older keys are numbered first
    await this.moveKeyList(record.accountId);
    await this.kv.put(`key:${record.hash}`, JSON.stringify(record));
    const { made = 0 } = await this.kv.addCounters(`key-count:${record.accountId}`, { made: 1 });
    await this.kv.setFields(`key-ids:${record.accountId}`, { [record.id]: keyEntry(made, record.hash) });
  }

  async keyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const record = parse<ApiKeyRecord>(await this.kv.get(`key:${hash}`), `key:${hash}`);
    if (record === null) return null;
    const used = await this.kv.readField(`key-used:${record.accountId}`, record.id);
    return used === null ? record : { ...record, lastUsedAt: used };
  }

  /** The account's key of that id, or null. */
  async key(accountId: string, id: string): Promise<ApiKeyRecord | null> {
    await this.moveKeyList(accountId);
    const entry = await this.kv.readField(`key-ids:${accountId}`, id);
    const record = entry === null ? null : await this.keyByHash(entryOf(entry).hash);
    return record?.accountId === accountId ? record : null;
  }

  /**
   * The account's keys in the order they were made, or a page of them (`skip` first, then at most
   * `limit`): only the page's records and last uses are read.
   */
  async keys(accountId: string, page?: { skip: number; limit: number }): Promise<ApiKeyRecord[]> {
    await this.moveKeyList(accountId);
    const all = Object.entries(await this.kv.readFields(`key-ids:${accountId}`))
      .map(([id, entry]) => ({ id, ...entryOf(entry) }))
      .sort((a, b) => a.made - b.made);
    const entries = page === undefined ? all : all.slice(page.skip, page.skip + page.limit);
    // every last use at once for the whole list, one by one for a page
    const usedOfAll = page === undefined ? await this.kv.readFields(`key-used:${accountId}`) : null;
    const records = await Promise.all(
      entries.map(async ({ id, hash }) => {
        const record = parse<ApiKeyRecord>(await this.kv.get(`key:${hash}`), `key:${hash}`);
        if (record === null) return null;
        const used = usedOfAll === null ? await this.kv.readField(`key-used:${accountId}`, id) : usedOfAll[id];
        return { ...record, lastUsedAt: used ?? record.lastUsedAt };
      }),
    );
    return records.filter((r): r is ApiKeyRecord => r !== null);
  }

  async revokeKey(accountId: string, id: string, at: string): Promise<ApiKeyRecord | null> {
    const record = await this.key(accountId, id);
    if (record === null) return null;
    const revoked = { ...record, revokedAt: record.revokedAt ?? at };
    await this.kv.put(`key:${record.hash}`, JSON.stringify(revoked));
    return revoked;
  }

  /**
   * Data written before `key-ids` kept an account's keys as one list document (`keys:<account>`,
   * their hashes): its keys become fields, numbered after the keys counted so far, and the list is
   * swapped for an empty one only if no key was added to it meanwhile (an older process still
   * appending during a rollout), else moved again. The empty list stays: removing it could drop a
   * key appended between the read and the removal. Writing a field again is harmless, so two
   * processes may both move it.
   */
  private async moveKeyList(accountId: string): Promise<void> {
    for (;;) {
      const raw = await this.kv.get(`keys:${accountId}`);
      const hashes = parse<string[]>(raw, `keys:${accountId}`) ?? [];
      if (raw === null || hashes.length === 0) return;
      const records = await Promise.all(
        hashes.map(async (hash) => parse<ApiKeyRecord>(await this.kv.get(`key:${hash}`), `key:${hash}`)),
      );
      const { made = 0 } = await this.kv.addCounters(`key-count:${accountId}`, { made: hashes.length });
      const fields: Record<string, string> = {};
      records.forEach((record, i) => {
        if (record !== null) fields[record.id] = keyEntry(made - hashes.length + i + 1, record.hash);
      });
      await this.kv.setFields(`key-ids:${accountId}`, fields);
      if (await this.kv.swap(`keys:${accountId}`, raw, '[]')) return;
    }
  }

  async touchKeys(accountId: string, lastUsed: Readonly<Record<string, string>>): Promise<void> {
    await this.kv.setFields(`key-used:${accountId}`, lastUsed);
  }

  /**
   * Keeps a session for its lifetime (`expiresAt` after `created`), then storage drops it: nothing
   * else removes a session nobody signs out of. Its expiry is still judged by the server's clock.
   */
  async addSession(hash: string, session: Session): Promise<void> {
    const lifetime = session.expiresAt - Date.parse(session.created);
    await this.kv.put(
      `session:${hash}`,
      JSON.stringify(session),
      Number.isFinite(lifetime) ? Math.max(1, lifetime) : undefined,
    );
  }

  async session(hash: string, now: number): Promise<Session | null> {
    const session = parse<Session>(await this.kv.get(`session:${hash}`), `session:${hash}`);
    if (session === null || session.expiresAt <= now) return null;
    return session;
  }

  async removeSession(hash: string): Promise<void> {
    await this.kv.remove(`session:${hash}`);
  }

  async rebuild(accountId: string): Promise<Rebuild> {
    return parse<Rebuild>(await this.kv.get(`rebuild:${accountId}`), `rebuild:${accountId}`) ?? IDLE_REBUILD;
  }

  /** The rebuild and the text it is stored as, for swapRebuild. */
  async rebuildRecord(accountId: string): Promise<{ rebuild: Rebuild; raw: string | null }> {
    const raw = await this.kv.get(`rebuild:${accountId}`);
    return { rebuild: parse<Rebuild>(raw, `rebuild:${accountId}`) ?? IDLE_REBUILD, raw };
  }

  /** Writes `rebuild` if the stored text is still `expected` (null: none); the text written, or null when it was not. */
  async swapRebuild(accountId: string, expected: string | null, rebuild: Rebuild): Promise<string | null> {
    const raw = JSON.stringify(rebuild);
    return (await this.kv.swap(`rebuild:${accountId}`, expected, raw)) ? raw : null;
  }

  /** Forgets what is kept under a namespace's store name (its pauses' users, its rebuild's progress): the namespace is gone. */
  async forgetSpace(space: string): Promise<void> {
    await this.kv.remove(`pauses:${space}`);
    await this.kv.remove(`rebuild:${space}`);
  }

  /** Keeps which user of the namespace (its store name) a pause belongs to. */
  async addPause(space: string, pauseId: string, userId: string): Promise<void> {
    await this.kv.setFields(`pauses:${space}`, { [pauseId]: userId });
  }

  /** Forgets which pauses of the namespace were the user's (the user erased): every one, past ones too. */
  async forgetPausesOf(space: string, userId: string): Promise<void> {
    const owners = await this.kv.readFields(`pauses:${space}`);
    const theirs = Object.keys(owners).filter((pauseId) => owners[pauseId] === userId);
    await this.kv.removeFields(`pauses:${space}`, theirs);
  }

  async pauseOwner(space: string, pauseId: string): Promise<string | null> {
    return (await this.kv.readFields(`pauses:${space}`))[pauseId] ?? null;
  }

  /** Activity counters that versions before the store counted them wrote here (read-only now). */
  async activity(accountId: string, key: string): Promise<Record<string, number>> {
    return this.kv.readCounters(`activity:${accountId}:${key}`);
  }

  /** A tiny write, so that readiness can tell whether the control plane takes writes now. */
  async probeWrite(at: number): Promise<void> {
    await this.kv.probe?.();
    await this.kv.put('ready-probe', new Date(at).toISOString());
  }

  async close(): Promise<void> {
    await this.kv.close();
  }

  /** One document changed by compare-and-set, given a copy; tried five times, then a ConfigConflictError. */
  private async changeDocument<T>(key: string, accountId: string, empty: T, change: (current: T) => T): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const text = await this.kv.get(key);
      const next = change(structuredClone(parse<T>(text, key) ?? empty));
      if (await this.kv.swap(key, text, JSON.stringify(next))) return next;
    }
    throw new ConfigConflictError(accountId);
  }

  private async update<T>(key: string, empty: T, change: (value: T) => T): Promise<void> {
    for (;;) {
      const text = await this.kv.get(key);
      const next = JSON.stringify(change(parse<T>(text, key) ?? empty));
      if (await this.kv.swap(key, text, next)) return;
    }
  }
}
