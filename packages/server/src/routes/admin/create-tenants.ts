/**
 * POST /admin/v1/tenants: create 1..100 tenants, each a namespace of users of its own that requests
 * name with the Tenant-ID header. A customer id taken (or repeated in the body) or unfit for a
 * header is an issue of its item; the others are created.
 */
import { limitMessage, roomFor } from '../../control/limits.js';
import type { Tenant } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { newId } from '../../random-ids.js';
import { createdTenantsSchema, tenantWire } from '../../wire/tenant-wire.js';
import { issue, statusOf, type Issue } from './bulk.js';
import { bulkOf, newTenant, TAG } from './schemas.js';
import { customerIdProblem, customerIdTaken, isTaken } from '../../accounts/tenant-fields.js';

export function createTenantsRoute(app: App, ctx: ServerContext): void {
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
      const at = new Date(ctx.clock()).toISOString();
      let created: Tenant[] = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeTenants(accountId, (tenants) => {
        created = [];
        issues = [];
        for (const [index, item] of request.body.entries()) {
          const name = item.name.trim();
          const problem = customerIdProblem(item.customerId);
          if (problem !== null) issues.push(issue({ index }, problem));
          else if (name === '') issues.push(issue({ index }, 'Name must not be blank'));
          else if (isTaken([...tenants, ...created], item.customerId))
            issues.push(issue({ index }, customerIdTaken(item.customerId)));
          else if (!roomFor('tenants', tenants.length + created.length))
            issues.push(issue({ index }, limitMessage('tenants')));
          else
            created.push({
              id: newId(),
              customerId: item.customerId,
              name,
              status: 'active',
              created: at,
              updated: at,
            });
        }
        return [...tenants, ...created];
      });
      return reply.code(statusOf(created.length)).send({ created: created.map(tenantWire), issues });
    },
  );
}
