/**
 * What the request's guards take (authentication, the Tenant-ID header, admission): the key and
 * tenant caches, the rate limiter, the account rules' dependencies for the control plane's
 * sessions and accounts, the metrics token and the clock. The server's context holds them all.
 */
import type { AccountDeps } from '../accounts/account-deps.js';
import type { Settings } from '../settings.js';
import type { KeyCache } from './key-cache.js';
import type { Limiter } from './shared-limits.js';
import type { TenantCache } from './tenant-cache.js';

export interface AccessDeps {
  readonly settings: Pick<Settings, 'metrics'>;
  readonly accounts: AccountDeps;
  readonly keys: KeyCache;
  readonly tenants: TenantCache;
  readonly limiter: Limiter;
  readonly clock: () => number;
}
