/**
 * What the admin routes read of an account, as the control plane keeps it: the accounts, one
 * account, its configuration, its webhook endpoints and its tenants. Reads only; what may change
 * is in the module of each resource.
 */
import type { TenantIndex } from '../control/control.js';
import type { Account, AccountConfig, Tenant } from '../control/types.js';
import type { WebhookEndpoint } from '../control/webhook-endpoint.js';
import type { AccountDeps } from './account-deps.js';

type Reads = Pick<AccountDeps, 'control'>;

/** Every account of the server. */
export function listAccounts(deps: Reads): Promise<Account[]> {
  return deps.control.accounts();
}

/** The account, or null when no account has the id. */
export function readAccount(deps: Reads, accountId: string): Promise<Account | null> {
  return deps.control.account(accountId);
}

/** The account's configuration: its metrics, attributes, achievements and streak rule. */
export function readConfig(deps: Reads, accountId: string): Promise<AccountConfig> {
  return deps.control.config(accountId);
}

/** The account's webhook endpoints. */
export function listWebhooks(deps: Reads, accountId: string): Promise<WebhookEndpoint[]> {
  return deps.control.webhooks(accountId);
}

/** The account's tenants, in the order they were made. */
export function listTenants(deps: Reads, accountId: string): Promise<readonly Tenant[]> {
  return deps.control.tenants(accountId);
}

/** The account's tenants, indexed by id and customer id. */
export function readTenantIndex(deps: Reads, accountId: string): Promise<TenantIndex> {
  return deps.control.tenantIndex(accountId);
}
