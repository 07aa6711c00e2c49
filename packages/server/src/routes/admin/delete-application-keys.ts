/**
 * DELETE /admin/v1/application-api-keys?ids=a,b: revoke application keys for good (an admin key's
 * id, or one revoked already, is an issue: admin keys are revoked with DELETE /admin/v1/keys/:id).
 * The caller's key or session is read from the control plane (`credentials: 'fresh'`).
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { KeyCache } from '../../access/key-cache.js';
import { revokeApplicationKeys } from '../../accounts/keys.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { idsFrom } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface DeleteApplicationKeysDeps {
  readonly accounts: AccountDeps;
  readonly keys: KeyCache;
}

export function deleteApplicationKeysRoute(app: App, ctx: DeleteApplicationKeysDeps): void {
  app.delete(
    '/admin/v1/application-api-keys',
    {
      config: { access: 'admin', invalidInput: 422, tenant: 'ignored', credentials: 'fresh' },
      schema: {
        summary: 'Delete application API keys',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      await ctx.keys.flush();
      const { applied, issues } = await revokeApplicationKeys(ctx.accounts, accountId, ids, (revoked) =>
        ctx.keys.forget(revoked.hash),
      );
      const deleted = applied.map((revoked) => ({ id: revoked.id }));
      return { deleted, issues };
    },
  );
}
