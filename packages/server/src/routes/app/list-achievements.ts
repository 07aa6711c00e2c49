/**
 * GET /v1/achievements: every active achievement with completions and rarity.
 */
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import { achievementsWithStats } from './achievement-stats.js';

export function listAchievementsRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/v1/achievements', { config: { access: 'app' }, schema: { summary: 'List achievements with their completion stats', tags: ['achievements'], response: errors() } }, async (request) => {
    const runtime = await ctx.engines.runtimeFor(callerOf(request).accountId);
    return (await achievementsWithStats(ctx, runtime)).map(({ wire }) => wire);
  });
}
