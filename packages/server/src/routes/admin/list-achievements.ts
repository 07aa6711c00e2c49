/**
 * GET /admin/v1/achievements?includeArchived=true: the account's achievements (inactive, active and
 * locked; archived ones too when asked) with how many users completed each and the share of users
 * that is (rarity, percent).
 */
import type { Activity } from '../../engines/activity.js';
import type { Engines } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { achievementAdminSchema, achievementAdminWire } from '../../wire/admin-wire.js';
import { achievementsWithStats } from '../app/achievement-stats.js';
import { includeArchivedQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListAchievementsDeps {
  readonly activity: Activity;
  readonly engines: Engines;
}

export function listAchievementsRoute(app: App, ctx: ListAchievementsDeps): void {
  app.get(
    '/admin/v1/achievements',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List achievements with their stats',
        tags: [TAG],
        querystring: includeArchivedQuery,
        response: { 200: { type: 'array', items: achievementAdminSchema }, ...errors() },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const archived = request.query.includeArchived === 'true';
      const all = await achievementsWithStats(ctx, runtime, (def) => archived || def.status !== 'archived');
      return all.map(({ def, wire }) => achievementAdminWire(def, wire));
    },
  );
}
