/**
 * POST /admin/v1/achievements: create 1..100 achievements. A metric achievement needs an active
 * metric and a finite threshold above 0, a streak achievement a length >= 1 and a configured streak rule, a
 * composite (trigger achievement) the keys of achievements not archived (made before, or earlier in
 * the same body), a badge an https URL; what is wrong with one item (including what the engine
 * refuses: a cycle of prerequisites) is that item's issue. An achievement made active whose
 * condition some users already meet starts a rebuild that completes it for them (S22); the answer
 * carries its first progress.
 */
import { limitMessage, roomFor } from '../../control/limits.js';
import { ConfigError } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { AccountConfig, AchievementDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { backdate } from './backdate.js';
import { engineFor } from '../../engines/engines.js';
import { newId } from '../../random-ids.js';
import { achievementAdminWire, createdAchievementsSchema, rebuildWire } from '../../wire/admin-wire.js';
import {
  badgeUrlProblem,
  refusalByKey,
  eventAttributesProblem,
  prerequisitesProblem,
  triggerProblem,
  userAttributesProblem,
} from '../../accounts/achievement-checks.js';
import { issue, nameAndKey, statusOf, type Issue } from './bulk.js';
import { bulkOf, newAchievement, TAG } from './schemas.js';

type NewAchievement = FromSchema<typeof newAchievement>;

/** What is wrong with `item` among `achievements` (the account's and those made before it), or null. */
function itemProblem(
  item: NewAchievement,
  config: AccountConfig,
  achievements: readonly AchievementDef[],
): string | null {
  if (item.trigger === 'achievement') {
    const problem = prerequisitesProblem(item.prerequisites, achievements);
    if (problem !== null) return problem;
  } else if (item.prerequisites !== undefined)
    return 'prerequisites are for composite achievements (trigger achievement) only';
  return (
    triggerProblem(item, config) ??
    badgeUrlProblem(item.badgeUrl) ??
    userAttributesProblem(item.userAttributes, config) ??
    eventAttributesProblem(item.eventAttributes, item.trigger, config)
  );
}

export function createAchievementsRoute(app: App, ctx: ServerContext): void {
  app.post(
    '/admin/v1/achievements',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Create achievements',
        tags: [TAG],
        body: bulkOf(newAchievement),
        response: { 200: createdAchievementsSchema, 201: createdAchievementsSchema, ...errors() },
      },
    },
    async (request, reply) => {
      const { accountId } = callerOf(request);
      const at = new Date(ctx.clock()).toISOString();
      const store = ctx.backend.storeFor(accountId);
      let created: AchievementDef[] = [];
      let issues: Issue[] = [];
      let before = null as AccountConfig | null;
      const saved = await ctx.backend.control.changeConfig(accountId, (config) => {
        before = config;
        created = [];
        issues = [];
        for (const [index, item] of request.body.entries()) {
          const achievements = [...config.achievements, ...created];
          const named = nameAndKey(item, index, (key) => achievements.some((a) => a.key === key), 'achievement');
          if ('message' in named) {
            issues.push(named);
            continue;
          }
          const { name, key } = named;
          if (!roomFor('achievements', achievements.length)) {
            issues.push(issue({ index }, limitMessage('achievements')));
            continue;
          }
          const problem = itemProblem(item, config, achievements);
          if (problem !== null) {
            issues.push(issue({ index }, problem));
            continue;
          }
          const def: AchievementDef = {
            id: newId(),
            key,
            name,
            trigger: item.trigger,
            metric: item.trigger === 'metric' ? (item.metric as string) : null,
            threshold: item.trigger === 'metric' ? (item.threshold as number) : null,
            streakLength: item.trigger === 'streak' ? (item.streakLength as number) : null,
            prerequisites: item.trigger === 'achievement' ? [...(item.prerequisites as string[])] : null,
            badgeUrl: item.badgeUrl ?? null,
            ...(item.userAttributes !== undefined && item.userAttributes.length > 0
              ? { userAttributes: item.userAttributes.map(({ key, value }) => ({ key, value })) }
              : {}),
            ...(item.eventAttributes !== undefined && item.eventAttributes.length > 0
              ? { eventAttributes: item.eventAttributes.map(({ key, value }) => ({ key, value })) }
              : {}),
            status: item.status ?? 'active',
            created: at,
          };
          const tried = { ...config, achievements: [...achievements, def] };
          try {
            engineFor(tried, store);
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error;
            issues.push(issue({ index }, refusalByKey(error.message, tried)));
            continue;
          }
          created.push(def);
        }
        return { ...config, achievements: [...config.achievements, ...created] };
      });
      ctx.engines.invalidate(accountId);
      const rebuild = before === null ? null : backdate(ctx, accountId, before, saved);
      return reply.code(statusOf(created.length)).send({
        created: created.map((a) => achievementAdminWire(a)),
        issues,
        rebuild: rebuild === null ? null : rebuildWire(rebuild),
      });
    },
  );
}
