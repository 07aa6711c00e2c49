/**
 * What a deleted tenant leaves, and its removal. Deleting a tenant (routes/admin/delete-tenants.ts)
 * makes its namespace unreachable at once, but its users' data stays in its store, under the
 * tenant's internal id, and nothing in the control plane names it any more: the namespaces of an
 * account's deleted tenants are the store names `<account>/tenant/<id>` found in the data
 * (`Backend.storeNames`) whose id no tenant of the account has. A purge erases each user of such a
 * namespace (S26, a page at a time, so that a stop between two users leaves every user whole and
 * the next purge goes on), then its activity counts and what the control plane keeps under its
 * name (its pauses' users, its rebuild's progress). The webhook deliveries of its users, pending or
 * logged, go first, in one pass over each endpoint's log (their order keys share the namespace's
 * start: spaces.ts), where one pass per user read the whole log once per user; the namespace is
 * unreachable, so no delivery of it is queued after.
 */
import type { Backend } from '../backend/backend.js';
import { deliveryOrderKeyPrefix, type Space, tenantSpace } from '../backend/spaces.js';

/** Users erased between two looks at `signal`. */
const PAGE = 500;

/** The namespaces of the account's deleted tenants that still hold data, in name order. */
export async function deletedTenantSpaces(backend: Backend, accountId: string): Promise<Space[]> {
  const prefix = `${accountId}/tenant/`;
  const live = (await backend.control.tenantIndex(accountId)).byId;
  return (await backend.storeNames())
    .filter((name) => name.startsWith(prefix) && !live.has(name.slice(prefix.length)))
    .map((name) => tenantSpace(accountId, name.slice(prefix.length)));
}

export interface Purge {
  /** users erased by this call */
  readonly users: number;
  /** false when `signal` stopped it before the namespace was empty */
  readonly done: boolean;
}

/** Removes everything of one namespace; `onProgress` after each user, with the users it held at the start. */
export async function purgeSpace(
  backend: Backend,
  space: Space,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<Purge> {
  const store = backend.storeFor(space.store);
  const total = await store.countUsers();
  // every endpoint of the account, those turned off too: their logs name the users as well
  const endpointIds = (await backend.control.webhooks(space.accountId)).map((endpoint) => endpoint.id);
  await backend.deliveries.removeOrderKeyPrefix(endpointIds, deliveryOrderKeyPrefix(space));
  let users = 0;
  for (;;) {
    const page = await store.users(null, PAGE);
    if (page.length === 0) break;
    for (const userId of page) {
      if (options.signal?.aborted) return { users, done: false };
      await store.deleteUser(userId);
      users++;
      options.onProgress?.(users, Math.max(total, users));
    }
  }
  if (options.signal?.aborted) return { users, done: false };
  await store.clearAccount();
  await backend.control.forgetSpace(space.store);
  return { users, done: true };
}
