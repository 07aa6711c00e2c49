/**
 * The control plane: accounts, their configuration, API keys, dashboard sessions, rebuild progress,
 * pauses by id, webhook endpoints, tenants, and activity counters, as JSON documents and counters on a ControlKV.
 *
 * An account's tenants are one document (up to 10,000 of them, about 1.7 MB), changed by one
 * compare-and-set: a change of several (a bulk create, the customer id unique within the account,
 * the limit) is then one atomic step on every ControlKV, Redis Cluster included, where a record per
 * tenant plus an index would need a step across keys that the KV does not have. What costs is
 * reading it, so it is read through `tenantIndex`: parsed once per text, indexed by id and customer
 * id, and kept for `cacheMs` per process (re-read after that, and parsed again only if the text
 * changed); a change made through this Control replaces it at once, one made by another process is
 * seen within `cacheMs`. The rebuilds running in an account's namespaces are listed in one record
 * (`rebuilding:<account>`, a field per namespace), kept by `swapRebuild`, so that a look for
 * abandoned rebuilds reads what runs, not every namespace.
 */
import { StoreError } from '@kindling/core';
import type { ControlKV } from '@kindling/core/adapter';
import { ConfigConflictError } from '../errors/service-errors.js';
import type { WebhookEndpoint } from './webhook-endpoint.js';
import {
  IDLE_REBUILD,
  type Account,
  type AccountConfig,
  type ApiKeyRecord,
  type Rebuild,
  type Session,
  type Tenant,
} from './types.js';

/** An account's tenants as read once: the document's list, its active ones, and both lookups. */
export interface TenantIndex {
  readonly all: readonly Tenant[];
  readonly active: readonly Tenant[];
  readonly byId: ReadonlyMap<string, Tenant>;
  readonly byCustomerId: ReadonlyMap<string, Tenant>;
}

/** How many accounts' tenants a process keeps at most: past it, it forgets them all. */
const MAX_TENANT_ACCOUNTS = 10_000;

function indexTenants(tenants: readonly Tenant[]): TenantIndex {
  const all = tenants.map((tenant) => Object.freeze({ ...tenant }));
  return {
    all,
    active: all.filter((tenant) => tenant.status === 'active'),
    byId: new Map(all.map((tenant) => [tenant.id, tenant])),
    byCustomerId: new Map(all.map((tenant) => [tenant.customerId, tenant])),
  };
}

/** The account a namespace's store name belongs to (the name itself, or what comes before `/tenant/`). */
function accountOfSpace(space: string): string {
  const at = space.indexOf('/tenant/');
  return at === -1 ? space : space.slice(0, at);
}

const EMPTY_CONFIG: AccountConfig = { version: 1, metrics: [], streak: null, achievements: [] };

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

export interface ControlOptions {
  /** how long an account's tenants are kept before they are read again (0: read every time, parsed only when changed) */
  cacheMs?: number;
  clock?: () => number;
}

export class Control {
  /** each account's tenants as last read, the text they were parsed from and when */
  private readonly tenantIndexes = new Map<string, { raw: string | null; index: TenantIndex; at: number }>();
  private readonly tenantReads = new Map<string, Promise<TenantIndex>>();
  /** bumped by each change of an account's tenants made here: a read begun before it does not replace what it wrote */
  private readonly tenantChanges = new Map<string, number>();
  private readonly cacheMs: number;
  private readonly clock: () => number;

  constructor(
    readonly kv: ControlKV,
    options: ControlOptions = {},
  ) {
    this.cacheMs = options.cacheMs ?? 0;
    this.clock = options.clock ?? Date.now;
  }

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

  /** The account's tenants, oldest first (shared, frozen: see tenantIndex). */
  async tenants(accountId: string): Promise<readonly Tenant[]> {
    return (await this.tenantIndex(accountId)).all;
  }

  /**
   * The account's tenants, read at most once per `cacheMs` (reads at once share one), parsed only
   * when the stored text changed: what the Tenant-ID header, the namespaces of the background
   * work and the tenant routes all look in.
   */
  async tenantIndex(accountId: string): Promise<TenantIndex> {
    const kept = this.tenantIndexes.get(accountId);
    if (kept !== undefined && this.clock() - kept.at < this.cacheMs) return kept.index;
    let reading = this.tenantReads.get(accountId);
    if (reading === undefined) {
      reading = this.readTenants(accountId).finally(() => this.tenantReads.delete(accountId));
      this.tenantReads.set(accountId, reading);
    }
    return reading;
  }

  /** Applies `change` to the account's tenants (one document) as one compare-and-set. */
  async changeTenants(accountId: string, change: (tenants: Tenant[]) => Tenant[]): Promise<Tenant[]> {
    this.tenantChanges.set(accountId, (this.tenantChanges.get(accountId) ?? 0) + 1);
    return this.changeDocument(`tenants:${accountId}`, accountId, [], change, (raw, tenants) =>
      this.keepTenants(accountId, raw, indexTenants(tenants)),
    );
  }

  private async readTenants(accountId: string): Promise<TenantIndex> {
    const change = this.tenantChanges.get(accountId);
    const at = this.clock();
    const key = `tenants:${accountId}`;
    const raw = await this.kv.get(key);
    const kept = this.tenantIndexes.get(accountId);
    const index = kept !== undefined && kept.raw === raw ? kept.index : indexTenants(parse<Tenant[]>(raw, key) ?? []);
    if (this.tenantChanges.get(accountId) === change) this.keepTenants(accountId, raw, index, at);
    return index;
  }

  private keepTenants(accountId: string, raw: string | null, index: TenantIndex, at: number = this.clock()): void {
    if (!this.tenantIndexes.has(accountId) && this.tenantIndexes.size >= MAX_TENANT_ACCOUNTS)
      this.tenantIndexes.clear();
    this.tenantIndexes.set(accountId, { raw, index, at });
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

  /**
   * Writes `rebuild` if the stored text is still `expected` (null: none); the text written, or null
   * when it was not. A record that starts running (one not running before, or another run's) is
   * listed in its account's `rebuilding` record first, and one that stops running is taken off it
   * once written: the list holds at least every namespace whose rebuild runs (a heartbeat writes
   * nothing more).
   */
  async swapRebuild(space: string, expected: string | null, rebuild: Rebuild): Promise<string | null> {
    const raw = JSON.stringify(rebuild);
    const running = rebuild.status === 'running';
    const before = running ? parse<Rebuild>(expected, `rebuild:${space}`) : null;
    if (running && (before?.status !== 'running' || before.runId !== rebuild.runId))
      await this.kv.setFields(`rebuilding:${accountOfSpace(space)}`, { [space]: '1' });
    if (!(await this.kv.swap(`rebuild:${space}`, expected, raw))) return null;
    if (!running) await this.kv.removeFields(`rebuilding:${accountOfSpace(space)}`, [space]);
    return raw;
  }

  /**
   * The store names of the account's namespaces that may have a rebuild running (see
   * swapRebuild): each is to be read to know. A name listed whose record is not running is taken
   * off the list by the reader (`forgetRebuilding`).
   */
  async rebuildingSpaces(accountId: string): Promise<string[]> {
    return Object.keys(await this.kv.readFields(`rebuilding:${accountId}`));
  }

  /** Lists a namespace as rebuilding (a record found running that no list named: written by a version before it). */
  async listRebuilding(accountId: string, space: string): Promise<void> {
    await this.kv.setFields(`rebuilding:${accountId}`, { [space]: '1' });
  }

  /** Takes namespaces off their account's list of running rebuilds (their records say they are not). */
  async forgetRebuilding(accountId: string, spaces: readonly string[]): Promise<void> {
    if (spaces.length > 0) await this.kv.removeFields(`rebuilding:${accountId}`, spaces);
  }

  /** Forgets what is kept under a namespace's store name (its pauses' users, its rebuild's progress): the namespace is gone. */
  async forgetSpace(space: string): Promise<void> {
    await this.kv.remove(`pauses:${space}`);
    await this.kv.remove(`rebuild:${space}`);
    await this.kv.removeFields(`rebuilding:${accountOfSpace(space)}`, [space]);
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

  /**
   * One document changed by compare-and-set, given a copy; tried five times, then a
   * ConfigConflictError. `written` is told the text and value once written.
   */
  private async changeDocument<T>(
    key: string,
    accountId: string,
    empty: T,
    change: (current: T) => T,
    written?: (raw: string, value: T) => void,
  ): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const text = await this.kv.get(key);
      const next = change(structuredClone(parse<T>(text, key) ?? empty));
      const raw = JSON.stringify(next);
      if (await this.kv.swap(key, text, raw)) {
        written?.(raw, next);
        return next;
      }
    }
    throw new ConfigConflictError(
      `the configuration of account ${accountId} changed while this change was made; try again`,
    );
  }

  private async update<T>(key: string, empty: T, change: (value: T) => T): Promise<void> {
    for (;;) {
      const text = await this.kv.get(key);
      const next = JSON.stringify(change(parse<T>(text, key) ?? empty));
      if (await this.kv.swap(key, text, next)) return;
    }
  }
}
