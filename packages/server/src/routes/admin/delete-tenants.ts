/**
 * DELETE /admin/v1/tenants?ids=a,b: delete tenants. A deleted tenant is unreachable at once (its
 * customer id answers 404 UNKNOWN_TENANT, in other processes within the cache time) and may be made
 * again, empty: its users' data stays in the store, under the deleted tenant's id, until the
 * operator removes it (`kindling tenants purge-deleted`, accounts/purge-tenants.ts).
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { deleteTenants } from '../../accounts/tenants.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { idsFrom } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface DeleteTenantsDeps {
  readonly accounts: AccountDeps;
}

export function deleteTenantsRoute(app: App, ctx: DeleteTenantsDeps): void {
  app.delete(
    '/admin/v1/tenants',
    {
      config: { access: 'admin', invalidInput: 422, tenant: 'ignored' },
      schema: {
        summary: 'Delete tenants',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      const { applied, issues } = await deleteTenants(ctx.accounts, accountId, ids);
      return { deleted: applied, issues };
    },
  );
}
