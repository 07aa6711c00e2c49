/**
 * GET /admin/v1/achievements?includeArchived=true: the account's achievements with how many users
 * completed each and the share of users that is (rarity, percent).
 */
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import { achievementsWithStats } from '../app/achievement-stats.js';
import { achievementAdminWire } from '../../wire/admin-wire.js';
import { includeArchivedQuery, TAG } from './schemas.js';

export function listAchievementsRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { includeArchived?: string } }>(
    '/admin/v1/achievements',
    { config: { access: 'admin' }, schema: { summary: 'List achievements with their stats', tags: [TAG], querystring: includeArchivedQuery, response: errors() } },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).accountId);
      const all = await achievementsWithStats(ctx, runtime, request.query.includeArchived === 'true');
      return all.map(({ def, wire }) => achievementAdminWire(def, wire));
    },
  );
}
