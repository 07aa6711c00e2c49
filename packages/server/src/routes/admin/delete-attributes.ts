/**
 * DELETE /admin/v1/attributes?ids=a,b: remove custom attributes. Their key is free again; values
 * users already hold stay in their profiles (shown as kept), but no request may set them any more.
 */
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { idsFrom, removeByIds, type Issue } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

export function deleteAttributesRoute(app: App, ctx: ServerContext): void {
  app.delete(
    '/admin/v1/attributes',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Remove custom attributes',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors() },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      let removed: { deleted: Array<{ id: string }>; issues: Issue[] } = { deleted: [], issues: [] };
      await ctx.backend.control.changeConfig(accountId, (config) => {
        const result = removeByIds(config.attributes ?? [], ids, 'Attribute');
        removed = result;
        return { ...config, attributes: result.items };
      });
      ctx.engines.invalidate(accountId);
      return { deleted: removed.deleted, issues: removed.issues };
    },
  );
}
