/**
 * PATCH /admin/v1/tenants: rename 1..100 tenants or change their customer id, by id. A tenant's data
 * stays with it (it is kept under its id), so requests reach it under the new customer id at once
 * and no longer under the old one.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { updateTenants } from '../../accounts/tenants.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { tenantWire, updatedTenantsSchema } from '../../wire/tenant-wire.js';
import { bulkOf, TAG, tenantChange } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface UpdateTenantsDeps {
  readonly accounts: AccountDeps;
}

export function updateTenantsRoute(app: App, ctx: UpdateTenantsDeps): void {
  app.patch(
    '/admin/v1/tenants',
    {
      config: { access: 'admin', invalidInput: 422, tenant: 'ignored' },
      schema: {
        summary: 'Update tenants',
        tags: [TAG],
        body: bulkOf(tenantChange),
        response: { 200: updatedTenantsSchema, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await updateTenants(ctx.accounts, accountId, request.body);
      return { updated: applied.map(tenantWire), issues };
    },
  );
}
