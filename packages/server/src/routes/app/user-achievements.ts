/**
 * GET /v1/users/:id/achievements: the achievements a user completed (with includeIncomplete=true
 * also the others, achievedAt null), each with completions and rarity.
 */
import type { Activity } from '../../engines/activity.js';
import type { Engines } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, userParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { userAchievementStatsSchema } from '../../wire/achievement-wire.js';
import { achievementsWithStats } from './achievement-stats.js';

/** What the route takes of the server: the lower layers it calls. */
export interface UserAchievementsDeps {
  readonly activity: Activity;
  readonly engines: Engines;
}

export function userAchievementsRoute(app: App, ctx: UserAchievementsDeps): void {
  app.get(
    '/v1/users/:id/achievements',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get a user's achievements",
        tags: ['achievements'],
        params: userParams,
        querystring: {
          type: 'object',
          properties: {
            includeIncomplete: {
              type: 'string',
              maxLength: 255,
              description: '"true": the incomplete achievements too; anything else: the completed ones only',
            },
          },
        },
        response: { 200: { type: 'array', items: userAchievementStatsSchema }, ...errors(422, 404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const user = await runtime.engine.user(request.params.id);
      if (user === null) throw new HttpError('UNKNOWN_USER', `no user has the id ${JSON.stringify(request.params.id)}`);
      const achievedAt = new Map(user.achievements.map((a) => [a.key, a.achievedAt]));
      // held ones whatever their status (locked included); not yet held: active ones only
      const all = await achievementsWithStats(ctx, runtime, () => true);
      return all
        .filter(
          ({ def }) =>
            achievedAt.has(def.key) || (request.query.includeIncomplete === 'true' && def.status === 'active'),
        )
        .map(({ def, wire }) => ({ ...wire, achievedAt: achievedAt.get(def.key) ?? null }));
    },
  );
}
