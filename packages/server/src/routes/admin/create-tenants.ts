/**
 * POST /admin/v1/tenants: create 1..100 tenants, each a namespace of users of its own that requests
 * name with the Tenant-ID header. A customer id taken (or repeated in the body) or unfit for a
 * header is an issue of its item; the others are created.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { createTenants } from '../../accounts/tenants.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { createdTenantsSchema, tenantWire } from '../../wire/tenant-wire.js';
import { statusOf } from './bulk.js';
import { bulkOf, newTenant, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface CreateTenantsDeps {
  readonly accounts: AccountDeps;
}

export function createTenantsRoute(app: App, ctx: CreateTenantsDeps): void {
  app.post(
    '/admin/v1/tenants',
    {
      config: { access: 'admin', invalidInput: 422, tenant: 'ignored' },
      schema: {
        summary: 'Create tenants',
        tags: [TAG],
        body: bulkOf(newTenant),
        response: { 200: createdTenantsSchema, 201: createdTenantsSchema, ...errors(422) },
      },
    },
    async (request, reply) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await createTenants(ctx.accounts, accountId, request.body);
      return reply.code(statusOf(applied.length)).send({ created: applied.map(tenantWire), issues });
    },
  );
}
