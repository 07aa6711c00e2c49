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
