/**
 * PATCH /admin/v1/tenants: rename 1..100 tenants or change their customer id, by id. A tenant's data
 * stays with it (it is kept under its id), so requests reach it under the new customer id at once
 * and no longer under the old one.
 */
import type { Tenant } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { tenantWire, updatedTenantsSchema } from '../../wire/tenant-wire.js';
import { issue, type Issue } from './bulk.js';
import { bulkOf, TAG, tenantChange } from './schemas.js';
import { customerIdProblem, customerIdTaken, isTaken } from '../../accounts/tenant-fields.js';

export function updateTenantsRoute(app: App, ctx: ServerContext): void {
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
      const at = new Date(ctx.clock()).toISOString();
      let updated: Tenant[] = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeTenants(accountId, (stored) => {
        updated = [];
        issues = [];
        const tenants = stored.map((t) => ({ ...t }));
        for (const item of request.body) {
          const tenant = tenants.find((t) => t.id === item.id);
          const name = item.name?.trim();
          const where = { id: item.id };
          if (tenant === undefined) issues.push(issue(where, 'Tenant not found by ID'));
          else if (item.customerId === undefined && name === undefined)
            issues.push(issue(where, 'Nothing to change: give customerId or name'));
          else if (name === '') issues.push(issue(where, 'Name must not be blank'));
          else if (item.customerId !== undefined && customerIdProblem(item.customerId) !== null)
            issues.push(issue(where, customerIdProblem(item.customerId) as string));
          else if (item.customerId !== undefined && isTaken(tenants, item.customerId, tenant.id))
            issues.push(issue(where, customerIdTaken(item.customerId)));
          else {
            if (item.customerId !== undefined) tenant.customerId = item.customerId;
            if (name !== undefined) tenant.name = name;
            tenant.updated = at;
            if (!updated.includes(tenant)) updated.push(tenant);
          }
        }
        return tenants;
      });
      return { updated: updated.map(tenantWire), issues };
    },
  );
}
