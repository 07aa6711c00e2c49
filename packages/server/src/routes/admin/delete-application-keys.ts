/**
 * DELETE /admin/v1/application-api-keys?ids=a,b: revoke application keys for good (an admin key's
 * id, or one revoked already, is an issue: admin keys are revoked with DELETE /admin/v1/keys/:id).
 * The caller's key or session is read from the control plane (`credentials: 'fresh'`).
 */
import { revokeApplicationKeys } from '../../accounts/keys.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { idsFrom } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

export function deleteApplicationKeysRoute(app: App, ctx: ServerContext): void {
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
