/**
 * PATCH /admin/v1/achievements: change 1..100 achievements by id: the name, the status (inactive →
 * active ↔ locked), the badge, and what completes it (a metric's threshold, a streak's length, a
 * composite's prerequisites); the key and the trigger never change. A change that makes it complete
 * for users who already qualify (activating it, lowering what it asks) starts a rebuild of every
 * user, which completes it for them silently (S22); the answer carries its first progress. Users
 * keep what they hold, whatever the change.
 */
import { ConfigError } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { AccountConfig, AchievementDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { backdate } from './backdate.js';
import { engineFor } from '../../engines/engines.js';
import { achievementAdminWire, rebuildWire, updatedAchievementsSchema } from '../../wire/admin-wire.js';
import { achievementsWithStats } from '../app/achievement-stats.js';
import {
  badgeUrlProblem,
  refusalByKey,
  prerequisitesProblem,
  transitionProblem,
  triggerProblem,
  userAttributesProblem,
  eventAttributesProblem,
} from '../../accounts/achievement-checks.js';
import { issue, type Issue } from './bulk.js';
import { achievementChange, bulkOf, TAG } from './schemas.js';

type Change = FromSchema<typeof achievementChange>;

/** `def` changed by `change`, or the problem that refuses it, among the account's `achievements`. */
function applyChange(
  def: AchievementDef,
  change: Change,
  config: AccountConfig,
  achievements: readonly AchievementDef[],
): AchievementDef | string {
  if (def.status === 'archived') return 'The achievement is archived';
  const next: AchievementDef = { ...def };
  if (change.name !== undefined) {
    if (change.name.trim() === '') return 'Name must not be blank';
    next.name = change.name.trim();
  }
  if (change.status !== undefined) {
    const problem = transitionProblem(def.status, change.status);
    if (problem !== null) return problem;
    next.status = change.status;
  }
  if (change.badgeUrl !== undefined) {
    const problem = badgeUrlProblem(change.badgeUrl);
    if (problem !== null) return problem;
    next.badgeUrl = change.badgeUrl;
  }
  if (change.userAttributes !== undefined) {
    const problem = userAttributesProblem(change.userAttributes, config);
    if (problem !== null) return problem;
    next.userAttributes = change.userAttributes.map(({ key, value }) => ({ key, value }));
  }
  if (change.eventAttributes !== undefined) {
    const problem = eventAttributesProblem(change.eventAttributes, def.trigger, config);
    if (problem !== null) return problem;
    next.eventAttributes = change.eventAttributes.map(({ key, value }) => ({ key, value }));
  }
  const only = (field: string, trigger: string) => `${field} applies to ${trigger} achievements only`;
  if (change.threshold !== undefined) {
    if (def.trigger !== 'metric') return only('threshold', 'metric');
    next.threshold = change.threshold;
  }
  if (change.streakLength !== undefined) {
    if (def.trigger !== 'streak') return only('streakLength', 'streak');
    next.streakLength = change.streakLength;
  }
  if (change.prerequisites !== undefined) {
    if (def.trigger !== 'achievement') return only('prerequisites', 'composite (trigger achievement)');
    const problem = prerequisitesProblem(change.prerequisites, achievements);
    if (problem !== null) return problem;
    next.prerequisites = [...change.prerequisites];
  }
  if (change.threshold !== undefined || change.streakLength !== undefined) {
    const problem = triggerProblem(
      {
        trigger: next.trigger,
        ...(next.metric !== null ? { metric: next.metric } : {}),
        ...(next.threshold !== null ? { threshold: next.threshold } : {}),
        ...(next.streakLength !== null ? { streakLength: next.streakLength } : {}),
      },
      config,
    );
    if (problem !== null) return problem;
  }
  return next;
}

export function updateAchievementsRoute(app: App, ctx: ServerContext): void {
  app.patch(
    '/admin/v1/achievements',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Change achievements: name, status, badge, what completes them',
        tags: [TAG],
        body: bulkOf(achievementChange),
        response: { 200: updatedAchievementsSchema, ...errors() },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const store = ctx.backend.storeFor(accountId);
      let updated: string[] = [];
      let issues: Issue[] = [];
      let before = null as AccountConfig | null;
      const saved = await ctx.backend.control.changeConfig(accountId, (config) => {
        before = config;
        updated = [];
        issues = [];
        let achievements = config.achievements;
        for (const change of request.body) {
          const def = achievements.find((a) => a.id === change.id);
          if (def === undefined) {
            issues.push(issue({ id: change.id }, 'Achievement not found by ID'));
            continue;
          }
          const next = applyChange(def, change, config, achievements);
          if (typeof next === 'string') {
            issues.push(issue({ id: change.id }, next));
            continue;
          }
          const candidate = achievements.map((a) => (a === def ? next : a));
          const tried = { ...config, achievements: candidate };
          try {
            engineFor(tried, store);
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error;
            issues.push(issue({ id: change.id }, refusalByKey(error.message, tried)));
            continue;
          }
          achievements = candidate;
          if (!updated.includes(def.id)) updated.push(def.id);
        }
        return { ...config, achievements };
      });
      ctx.engines.invalidate(accountId);
      const rebuild = before === null ? null : backdate(ctx, accountId, before, saved);
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const all = await achievementsWithStats(ctx, runtime, () => true);
      return {
        updated: updated.flatMap((id) => {
          const found = all.find(({ def }) => def.id === id);
          return found === undefined ? [] : [achievementAdminWire(found.def, found.wire)];
        }),
        issues,
        rebuild: rebuild === null ? null : rebuildWire(rebuild),
      };
    },
  );
}
