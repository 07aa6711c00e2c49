/**
 * GET /admin/v1/tenants/:id: one tenant by its id (404 when the account has none with it).
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { readTenantIndex } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { tenantSchema, tenantWire } from '../../wire/tenant-wire.js';
import { idParams, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface GetTenantDeps {
  readonly accounts: AccountDeps;
}

export function getTenantRoute(app: App, ctx: GetTenantDeps): void {
  app.get(
    '/admin/v1/tenants/:id',
    {
      config: { access: 'admin', invalidInput: 422, tenant: 'ignored' },
      schema: {
        summary: 'Get a tenant',
        tags: [TAG],
        params: idParams,
        response: { 200: tenantSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const tenants = await readTenantIndex(ctx.accounts, callerOf(request).accountId);
      const tenant = tenants.byId.get(request.params.id);
      if (tenant === undefined)
        throw new HttpError('NOT_FOUND', `no tenant of this account has the id ${JSON.stringify(request.params.id)}`);
      return tenantWire(tenant);
    },
  );
}
