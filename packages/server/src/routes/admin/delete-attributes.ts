/**
 * DELETE /admin/v1/attributes?ids=a,b: remove custom attributes. Their key is free again; values
 * users already hold stay in their profiles (shown as kept), but no request may set them any more.
 * One that an achievement filters by stays (an issue names the achievement): a filter on a key no
 * request may carry would quietly stop completing.
 */
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import type { AccountConfig } from '../../control/types.js';
import { idsFrom, issue, removeByIds, type Issue } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

/** `type:key` of every attribute an achievement (not archived) filters by → the first such achievement's key. */
function filtersInUse(config: AccountConfig): Map<string, string> {
  const used = new Map<string, string>();
  for (const achievement of config.achievements) {
    if (achievement.status === 'archived') continue;
    for (const { key } of achievement.userAttributes ?? [])
      if (!used.has(`user:${key}`)) used.set(`user:${key}`, achievement.key);
    for (const { key } of achievement.eventAttributes ?? [])
      if (!used.has(`event:${key}`)) used.set(`event:${key}`, achievement.key);
  }
  return used;
}

export function deleteAttributesRoute(app: App, ctx: ServerContext): void {
  app.delete(
    '/admin/v1/attributes',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Remove custom attributes',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      let removed: { deleted: Array<{ id: string }>; issues: Issue[] } = { deleted: [], issues: [] };
      await ctx.backend.control.changeConfig(accountId, (config) => {
        const inUse = filtersInUse(config);
        const held: Issue[] = [];
        const free = ids.filter((id) => {
          const attribute = (config.attributes ?? []).find((a) => a.id === id);
          const user = attribute === undefined ? undefined : inUse.get(`${attribute.type}:${attribute.key}`);
          if (attribute === undefined || user === undefined) return true;
          held.push(
            issue(
              { id },
              `Attribute ${JSON.stringify(attribute.key)} filters the achievement ${JSON.stringify(user)}; remove the filter first`,
            ),
          );
          return false;
        });
        const result = removeByIds(config.attributes ?? [], free, 'Attribute');
        removed = { deleted: result.deleted, issues: [...held, ...result.issues] };
        return { ...config, attributes: result.items };
      });
      ctx.engines.invalidate(accountId);
      return { deleted: removed.deleted, issues: removed.issues };
    },
  );
}
