/**
 * The namespaces of an account's user data: the account's own (requests without Tenant-ID) and one
 * per tenant, each a store of its own. A namespace's store name is the account id, or the account
 * id and the tenant's internal id: the stores know nothing of tenants, a name is a name to them.
 * Configuration (metrics, the streak rule, achievements, webhooks) is the account's, shared by all.
 */
import { scopeOrderKeyPrefix, userOrderKey } from '@kindling/core';
import type { Control } from '../control/control.js';

export interface Space {
  readonly accountId: string;
  /** the internal id of the tenant, or null for the account's own namespace */
  readonly tenantId: string | null;
  /** the name of the namespace's store (and of what the control plane keeps per namespace: pauses, rebuild progress) */
  readonly store: string;
}

/** The account's own namespace. */
export function accountSpace(accountId: string): Space {
  return { accountId, tenantId: null, store: accountId };
}

/** A tenant's namespace, named by the tenant's internal id (never its customer id, which may change). */
export function tenantSpace(accountId: string, tenantId: string): Space {
  return { accountId, tenantId, store: `${accountId}${TENANT_PART}${tenantId}` };
}

const TENANT_PART = '/tenant/';

/** The namespace a store name names (the inverse of `accountSpace` and `tenantSpace`). */
export function spaceOfStore(store: string): Space {
  const at = store.indexOf(TENANT_PART);
  return at === -1
    ? accountSpace(store)
    : { accountId: store.slice(0, at), tenantId: store.slice(at + TENANT_PART.length), store };
}

/**
 * The webhook delivery order key of a user of the namespace: scoped by the tenant's internal id
 * ('' for the account's own), so that a user's line of deliveries, and their erasure, are theirs
 * alone, not those of the same id in the account's other namespaces.
 */
export function deliveryOrderKey(space: Space, userId: string): string {
  return userOrderKey(space.tenantId ?? '', userId);
}

/** The start every `deliveryOrderKey` of the namespace's users has. */
export function deliveryOrderKeyPrefix(space: Space): string {
  return scopeOrderKeyPrefix(space.tenantId ?? '');
}

/** Every namespace of the account: its own first, then its active tenants'. */
export async function spacesOf(control: Control, accountId: string): Promise<Space[]> {
  const tenants = await control.tenants(accountId);
  return [
    accountSpace(accountId),
    ...tenants.filter((t) => t.status === 'active').map((t) => tenantSpace(accountId, t.id)),
  ];
}
