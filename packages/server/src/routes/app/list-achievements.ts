/**
 * GET /v1/achievements: every active achievement with completions and rarity.
 */
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { achievementStatsSchema } from '../../wire/achievement-wire.js';
import { achievementsWithStats } from './achievement-stats.js';

export function listAchievementsRoute(app: App, ctx: ServerContext): void {
  app.get(
    '/v1/achievements',
    {
      config: { access: 'app' },
      schema: {
        summary: 'List achievements with their completion stats',
        tags: ['achievements'],
        response: { 200: { type: 'array', items: achievementStatsSchema }, ...errors() },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      return (await achievementsWithStats(ctx, runtime)).map(({ wire }) => wire);
    },
  );
}
