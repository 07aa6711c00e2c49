/**
 * The container the registries hand to the routes (each route names only the members it takes): settings, the backend,
 * the account rules' dependencies, the engines per account, key lookups,
 * activity counters, the metrics, the rate limiter, the sign-in limits, background rebuilds and the clock.
 */
import type { Metrics } from './metrics/metrics.js';
import type { AccountDeps } from './accounts/account-deps.js';
import type { Backend } from './backend/backend.js';
import type { Activity } from './engines/activity.js';
import type { Engines } from './engines/engines.js';
import type { ReadCache } from './engines/read-cache.js';
import type { Rebuilds } from './jobs/rebuilds.js';
import type { Relay } from './webhooks/relay.js';
import type { Sweeper } from './jobs/sweeper.js';
import type { Space } from './backend/spaces.js';
import type { Settings } from './settings.js';
import type { KeyCache } from './access/key-cache.js';
import type { Limiter } from './access/shared-limits.js';
import type { SignInLimits } from './access/sign-in-limits.js';
import type { TenantCache } from './access/tenant-cache.js';

export interface ServerContext {
  readonly settings: Settings;
  readonly backend: Backend;
  /** what the rules of accounts/ take: the control plane and the clock, built once at start */
  readonly accounts: AccountDeps;
  readonly engines: Engines;
  readonly keys: KeyCache;
  /** each account's tenants by customer id, for the Tenant-ID header */
  readonly tenants: TenantCache;
  readonly activity: Activity;
  readonly limiter: Limiter;
  /** dashboard sign-in attempts per client and account, and the password-check slots */
  readonly signIns: SignInLimits;
  readonly rebuilds: Rebuilds;
  /** settles, in the background, the streaks that needed a freeze or were lost */
  readonly sweeper: Sweeper;
  /** hands outbox news on to webhook endpoints */
  readonly relay: Relay;
  /** serialized streak reads by everything they depend on */
  readonly streakReads: ReadCache;
  /** what GET /metrics shows, null when metrics are off (KINDLING_METRICS) */
  readonly metrics: Metrics | null;
  readonly clock: () => number;
  /** false until the store answers, and again while shutting down */
  ready: boolean;
}

/** Who is calling: resolved from X-API-KEY or the dashboard's session cookie, and the Tenant-ID header. */
export interface Caller {
  readonly accountId: string;
  readonly via: 'admin-key' | 'application-key' | 'session';
  readonly keyId: string | null;
  /** the namespace of user data the request reads and writes (the account's own unless Tenant-ID names a tenant) */
  readonly space: Space;
  /** the one user an application key bound to a user acts for, else null */
  readonly userId: string | null;
  /**
   * the server clock's instant when the caller was known: read once per request and shared by its
   * checks (the key cache, the rate limit, a kept read's day), not read again by each
   */
  readonly at: number;
}

/** Which callers a route accepts. */
export type Access = 'public' | 'app' | 'admin' | 'operator' | 'scraper';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** 'ignored': the route is over the account itself (tenants; deleting application API keys) and reads no Tenant-ID */
    tenant?: 'ignored';
    /**
     * 422: the route serves an endpoint of the hosted service whose reference documents invalid input
     * as 422 and not 400, and answers its input errors so (errors.ts), that the hosted service's SDK
     * raises the error class it documents for them; the route declares 422 among its errors.
     */
    invalidInput?: 422;
    /**
     * 'fresh': the caller's key, or its session's key or password, is read from the control plane on
     * every request, never from the key cache (auth.ts): the routes that make or revoke keys, which a
     * key revoked in another process must not reach within the cache's time.
     */
    credentials?: 'fresh';
  }
}
