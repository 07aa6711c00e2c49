/**
 * DELETE /admin/v1/application-api-keys?ids=a,b: revoke application keys for good (an admin key's
 * id, or one revoked already, is an issue: admin keys are revoked with DELETE /admin/v1/keys/:id).
 * The caller's key or session is read from the control plane (`credentials: 'fresh'`).
 */
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { idsFrom, missingIdIssue, type Issue } from './bulk.js';
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
      const at = new Date(ctx.clock()).toISOString();
      const deleted: Array<{ id: string }> = [];
      const issues: Issue[] = [];
      for (const id of ids) {
        const key = await ctx.backend.control.key(accountId, id);
        const live = key !== null && key.kind === 'application' && key.revokedAt === null;
        const revoked = live ? await ctx.backend.control.revokeKey(accountId, id, at) : null;
        if (revoked === null) {
          issues.push(missingIdIssue(id, 'Application API key'));
          continue;
        }
        ctx.keys.forget(revoked.hash);
        deleted.push({ id });
      }
      return { deleted, issues };
    },
  );
}
