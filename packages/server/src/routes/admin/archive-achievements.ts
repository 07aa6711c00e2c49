/**
 * DELETE /admin/v1/achievements?ids=a,b: archive achievements. Users keep the ones they completed;
 * an archived achievement completes no more and leaves the lists.
 */
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import { idsFrom, issue, type Issue } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

export function archiveAchievementsRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.delete<{ Querystring: { ids: string[] } }>(
    '/admin/v1/achievements',
    { config: { access: 'admin' }, schema: { summary: 'Archive achievements', tags: [TAG], querystring: idsQuery, response: errors() } },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      let deleted: Array<{ id: string }> = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeConfig(accountId, (config) => {
        deleted = [];
        issues = [];
        const achievements = config.achievements.map((a) => {
          if (!ids.includes(a.id)) return a;
          deleted.push({ id: a.id });
          return { ...a, status: 'archived' as const };
        });
        for (const id of ids) if (!deleted.some((d) => d.id === id)) issues.push(issue({ id }, 'Achievement not found by ID'));
        return { ...config, achievements };
      });
      ctx.engines.invalidate(accountId);
      return { deleted, issues };
    },
  );
}
