/**
 * What may change in an account's tenants, and how: create (a customer id as `tenant-fields.ts`
 * allows, unique in the account, a name not blank, within the limit), update (rename, or change
 * the customer id; the tenant's data stays under its id) and delete (the tenant is unreachable at
 * once; its users' data stays until purged, `purge-tenants.ts`). Each is one bulk change of the
 * account's tenants document (`bulk-change.ts`).
 */
import { limitMessage, roomFor } from '../control/limits.js';
import type { Tenant } from '../control/types.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';
import { changeInBulk, eachOnce, type CompareAndSet } from './bulk-change.js';
import { issue, missingIdIssue, type Issue } from './issues.js';
import { customerIdProblem, customerIdTaken, isTaken } from './tenant-fields.js';

export interface TenantChange {
  id: string;
  customerId?: string;
  name?: string;
}

function tenantsOf(deps: Pick<AccountDeps, 'control'>, accountId: string): CompareAndSet<Tenant[]> {
  return (change) => deps.control.changeTenants(accountId, change);
}

/** Creates the tenants: those made (in the order of the items) and the issue of each item refused. */
export async function createTenants(
  deps: AccountDeps,
  accountId: string,
  items: readonly { customerId: string; name: string }[],
): Promise<{ applied: Tenant[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  const { applied, issues } = await changeInBulk<{ customerId: string; name: string }, Tenant, Tenant[]>(
    tenantsOf(deps, accountId),
    items,
    (tenants, item, index) => {
      const name = item.name.trim();
      const problem = customerIdProblem(item.customerId);
      if (problem !== null) return { refuse: issue({ index }, problem) };
      if (name === '') return { refuse: issue({ index }, 'Name must not be blank') };
      if (isTaken(tenants, item.customerId)) return { refuse: issue({ index }, customerIdTaken(item.customerId)) };
      if (!roomFor('tenants', tenants.length)) return { refuse: issue({ index }, limitMessage('tenants')) };
      const made: Tenant = {
        id: newId(),
        customerId: item.customerId,
        name,
        status: 'active',
        created: at,
        updated: at,
      };
      return { accept: made, config: [...tenants, made] };
    },
  );
  return { applied, issues };
}

/** Changes the tenants by id: each changed once in the answer (where first named, as it ends), and the issues. */
export async function updateTenants(
  deps: AccountDeps,
  accountId: string,
  items: readonly TenantChange[],
): Promise<{ applied: Tenant[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  const outcome = await changeInBulk<TenantChange, string, Tenant[]>(
    tenantsOf(deps, accountId),
    items,
    (tenants, item) => {
      const tenant = tenants.find((t) => t.id === item.id);
      const name = item.name?.trim();
      const where = { id: item.id };
      if (tenant === undefined) return { refuse: issue(where, 'Tenant not found by ID') };
      if (item.customerId === undefined && name === undefined)
        return { refuse: issue(where, 'Nothing to change: give customerId or name') };
      if (name === '') return { refuse: issue(where, 'Name must not be blank') };
      if (item.customerId !== undefined) {
        const problem = customerIdProblem(item.customerId);
        if (problem !== null) return { refuse: issue(where, problem) };
        if (isTaken(tenants, item.customerId, tenant.id))
          return { refuse: issue(where, customerIdTaken(item.customerId)) };
      }
      const changed: Tenant = {
        ...tenant,
        ...(item.customerId !== undefined ? { customerId: item.customerId } : {}),
        ...(name !== undefined ? { name } : {}),
        updated: at,
      };
      return { accept: tenant.id, config: tenants.map((t) => (t.id === tenant.id ? changed : t)) };
    },
  );
  const applied = eachOnce(outcome.applied, outcome.config);
  return { applied, issues: outcome.issues };
}

/** Deletes the tenants with these ids: the ids deleted and the ids that name none (each in the order given). */
export async function deleteTenants(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  ids: readonly string[],
): Promise<{ applied: Array<{ id: string }>; issues: Issue[] }> {
  const { applied, issues } = await changeInBulk<string, { id: string }, Tenant[]>(
    tenantsOf(deps, accountId),
    ids,
    (tenants, id) =>
      tenants.some((t) => t.id === id)
        ? { accept: { id }, config: tenants.filter((t) => t.id !== id) }
        : { refuse: missingIdIssue(id, 'Tenant') },
  );
  return { applied, issues };
}
