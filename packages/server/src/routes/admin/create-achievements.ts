/**
 * POST /admin/v1/achievements: create 1..100 achievements. A metric achievement needs an active
 * metric and a finite threshold, a streak achievement a length >= 1 and a configured streak rule;
 * what is wrong with one item (including what the engine refuses) is that item's issue.
 */
import { ConfigError } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { AccountConfig, AchievementDef } from '../../control/types.js';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { engineFor } from '../../runtime/engines.js';
import { newId } from '../../secrets.js';
import { achievementAdminWire, createdAchievementsSchema } from '../../wire/admin-wire.js';
import { issue, nameAndKey, statusOf, type Issue } from './bulk.js';
import { bulkOf, newAchievement, TAG } from './schemas.js';

type NewAchievement = FromSchema<typeof newAchievement>;

/** What is wrong with the trigger of `item` under `config`, or null. */
function triggerProblem(item: NewAchievement, config: AccountConfig): string | null {
  if (item.trigger === 'metric') {
    if (item.metric === undefined) return 'A metric achievement needs a metric';
    const metric = config.metrics.find((m) => m.key === item.metric);
    if (metric === undefined) return `No metric has the key ${JSON.stringify(item.metric)}`;
    if (metric.status !== 'active') return `The metric ${JSON.stringify(item.metric)} is archived`;
    if (item.threshold === undefined || !Number.isFinite(item.threshold))
      return 'A metric achievement needs a finite threshold';
  }
  if (item.trigger === 'streak') {
    if (item.streakLength === undefined || !Number.isInteger(item.streakLength) || item.streakLength < 1)
      return 'A streak achievement needs a streakLength of 1 or more';
    if (config.streak === null) return 'Configure the streak rule before creating streak achievements';
  }
  return null;
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
      await ctx.backend.control.changeConfig(accountId, (config) => {
        created = [];
        issues = [];
        for (const [index, item] of request.body.entries()) {
          const named = nameAndKey(
            item,
            index,
            (key) => [...config.achievements, ...created].some((a) => a.key === key),
            'achievement',
          );
          if ('message' in named) {
            issues.push(named);
            continue;
          }
          const { name, key } = named;
          const problem = triggerProblem(item, config);
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
            status: 'active',
            created: at,
          };
          try {
            engineFor({ ...config, achievements: [...config.achievements, ...created, def] }, store);
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error;
            issues.push(issue({ index }, error.message));
            continue;
          }
          created.push(def);
        }
        return { ...config, achievements: [...config.achievements, ...created] };
      });
      ctx.engines.invalidate(accountId);
      return reply
        .code(statusOf(created.length))
        .send({ created: created.map((a) => achievementAdminWire(a)), issues });
    },
  );
}
