/**
 * DELETE /admin/v1/tenants?ids=a,b: delete tenants. A deleted tenant is unreachable at once (its
 * customer id answers 404 UNKNOWN_TENANT, in other processes within the cache time) and may be made
 * again, empty: its users' data stays in the store, under the deleted tenant's id, until the
 * operator removes it.
 */
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { idsFrom, issue, type Issue } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

export function deleteTenantsRoute(app: App, ctx: ServerContext): void {
  app.delete(
    '/admin/v1/tenants',
    {
      config: { access: 'admin', tenant: 'ignored' },
      schema: {
        summary: 'Delete tenants',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors() },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      let deleted: Array<{ id: string }> = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeTenants(accountId, (tenants) => {
        const found = new Set(tenants.filter((t) => ids.includes(t.id)).map((t) => t.id));
        deleted = ids.filter((id) => found.has(id)).map((id) => ({ id }));
        issues = ids.filter((id) => !found.has(id)).map((id) => issue({ id }, 'Tenant not found by ID'));
        return tenants.filter((t) => !found.has(t.id));
      });
      ctx.tenants.forget(accountId);
      return { deleted, issues };
    },
  );
}
