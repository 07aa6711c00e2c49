/**
 * GET /v1/achievements: every active achievement with completions and rarity. Inactive ones are
 * never shown; locked ones are shown only to the users who hold them, so only in a user's
 * achievements (GET /v1/users/:id/achievements), not in this list of all. `?userAttributes=plan:pro`
 * keeps those a user with these attributes may complete.
 */
import type { Activity } from '../../engines/activity.js';
import type { Engines } from '../../engines/engines.js';
import type { AchievementDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { achievementStatsSchema } from '../../wire/achievement-wire.js';
import { achievementsWithStats } from './achievement-stats.js';
import { parseAttributePairs } from './attribute-pairs.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListAchievementsDeps {
  readonly activity: Activity;
  readonly engines: Engines;
}

export function listAchievementsRoute(app: App, ctx: ListAchievementsDeps): void {
  app.get(
    '/v1/achievements',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: 'List achievements with their completion stats',
        tags: ['achievements'],
        querystring: {
          type: 'object',
          properties: {
            userAttributes: {
              type: 'string',
              maxLength: 4000,
              description:
                'attr:value,attr:value: only the achievements a user with these attributes may complete (those without user attribute filters, and those whose filters they all hold)',
            },
          },
        },
        response: { 200: { type: 'array', items: achievementStatsSchema }, ...errors(422) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const given = request.query.userAttributes;
      const held = given === undefined ? null : parseAttributePairs(given);
      const open = (def: AchievementDef) =>
        held === null || (def.userAttributes ?? []).every(({ key, value }) => held.get(key) === value);
      return (await achievementsWithStats(ctx, runtime, (def) => def.status === 'active' && open(def))).map(
        ({ wire }) => wire,
      );
    },
  );
}
