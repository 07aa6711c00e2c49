/**
 * DELETE /admin/v1/achievements?ids=a,b: archive achievements. Users keep the ones they completed;
 * an archived achievement completes no more and leaves the lists. One that a composite not archived
 * with it lists as a prerequisite stays, with an issue naming the composite.
 */
import type { AchievementDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { archiveByIds, idsFrom, issue, type Issue } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

export function archiveAchievementsRoute(app: App, ctx: ServerContext): void {
  app.delete(
    '/admin/v1/achievements',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Archive achievements',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors() },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      let result: ReturnType<typeof archiveByIds<AchievementDef>> = { items: [], deleted: [], issues: [] };
      await ctx.backend.control.changeConfig(accountId, (config) => {
        const going = new Set(ids);
        const needed: Issue[] = [];
        const free = ids.filter((id) => {
          const def = config.achievements.find((a) => a.id === id);
          const composite = config.achievements.find(
            (a) =>
              a.status !== 'archived' && !going.has(a.id) && def !== undefined && a.prerequisites?.includes(def.key),
          );
          if (composite === undefined) return true;
          needed.push(issue({ id }, `The achievement is a prerequisite of ${JSON.stringify(composite.key)}`));
          return false;
        });
        result =
          free.length === 0
            ? { items: config.achievements, deleted: [], issues: [] }
            : archiveByIds(config.achievements, free, 'Achievement');
        result = { ...result, issues: [...needed, ...result.issues] };
        return { ...config, achievements: result.items };
      });
      ctx.engines.invalidate(accountId);
      return { deleted: result.deleted, issues: result.issues };
    },
  );
}
