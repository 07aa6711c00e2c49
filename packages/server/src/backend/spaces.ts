/**
 * The namespaces of an account's user data: the account's own (requests without Tenant-ID) and one
 * per tenant, each a store of its own. A namespace's store name is the account id, or the account
 * id and the tenant's internal id: the stores know nothing of tenants, a name is a name to them.
 * Configuration (metrics, the streak rule, achievements, webhooks) is the account's, shared by all.
 * The list of an account's namespaces is made once per read of its tenants (`Control.tenantIndex`,
 * kept for the cache time): a loop over them costs what it does in each, not a parse of the
 * tenants document.
 */
import { scopeOrderKeyPrefix, userOrderKey } from '@kindling/core/adapter';
import type { Control, TenantIndex } from '../control/control.js';

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

/** The namespaces made from one read of an account's tenants. */
const spacesByIndex = new WeakMap<TenantIndex, readonly Space[]>();

/** Every namespace of the account: its own first, then its active tenants' (a copy of the list made once per read). */
export async function spacesOf(control: Control, accountId: string): Promise<Space[]> {
  const index = await control.tenantIndex(accountId);
  let spaces = spacesByIndex.get(index);
  if (spaces === undefined) {
    spaces = Object.freeze([accountSpace(accountId), ...index.active.map((t) => tenantSpace(accountId, t.id))]);
    spacesByIndex.set(index, spaces);
  }
  return spaces.slice();
}

/** The namespace of the account with this store name, or null when it is not one of its own or of an active tenant. */
export async function spaceNamed(control: Control, accountId: string, store: string): Promise<Space | null> {
  if (store === accountId) return accountSpace(accountId);
  const prefix = `${accountId}/tenant/`;
  if (!store.startsWith(prefix)) return null;
  const tenant = (await control.tenantIndex(accountId)).byId.get(store.slice(prefix.length));
  return tenant !== undefined && tenant.status === 'active' ? tenantSpace(accountId, tenant.id) : null;
}
