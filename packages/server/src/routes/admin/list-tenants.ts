/**
 * GET /admin/v1/tenants?limit=&skip=: a page of the account's tenants, oldest first.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { listTenants } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { tenantSchema, tenantWire } from '../../wire/tenant-wire.js';
import { pageQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListTenantsDeps {
  readonly accounts: AccountDeps;
}

export function listTenantsRoute(app: App, ctx: ListTenantsDeps): void {
  app.get(
    '/admin/v1/tenants',
    {
      config: { access: 'admin', invalidInput: 422, tenant: 'ignored' },
      schema: {
        summary: 'List tenants',
        tags: [TAG],
        querystring: pageQuery,
        response: { 200: { type: 'array', items: tenantSchema }, ...errors(422) },
      },
    },
    async (request) => {
      const { limit = 10, skip = 0 } = request.query;
      const tenants = await listTenants(ctx.accounts, callerOf(request).accountId);
      return tenants.slice(skip, skip + limit).map(tenantWire);
    },
  );
}
