/**
 * PUT /admin/v1/streak: replace the streak rule. The rule must be one the engine accepts (400
 * INVALID_CONFIG with the engine's reason) and count only active metrics. Saving starts a rebuild
 * of every user under the new rule; the answer carries its first progress.
 */
import type { AccountConfig, RuleConfig } from '../../control/types.js';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { engineFor } from '../../runtime/engines.js';
import { rebuildWire, streakSettingsSchema } from '../../wire/admin-wire.js';
import { streakRule, TAG } from './schemas.js';

/**
 * `rule` as it is kept: its default zone under the name the engine keeps it by (S1). Throws when it
 * cannot be the rule of `config`: an inactive metric, or a ConfigError of the engine.
 */
function ruleAsKept(ctx: ServerContext, accountId: string, config: AccountConfig, rule: RuleConfig): RuleConfig {
  for (const condition of rule.conditions) {
    const metric = config.metrics.find((m) => m.key === condition.metric);
    if (metric === undefined || metric.status !== 'active') {
      const why = metric === undefined ? 'no metric has this key' : 'the metric is archived';
      throw new HttpError(
        'INVALID_CONFIG',
        `a condition counts the metric ${JSON.stringify(condition.metric)}, but ${why}`,
      );
    }
  }
  const [parsed] = engineFor({ ...config, streak: rule }, ctx.backend.storeFor(accountId)).rules;
  return { ...rule, defaultTimeZone: parsed?.defaultTimeZone ?? rule.defaultTimeZone };
}

export function putStreakRuleRoute(app: App, ctx: ServerContext): void {
  app.put(
    '/admin/v1/streak',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Replace the streak rule and rebuild every user',
        tags: [TAG],
        body: streakRule,
        response: { 200: streakSettingsSchema, ...errors() },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const rule = request.body;
      const saved = await ctx.backend.control.changeConfig(accountId, (config) => {
        return { ...config, streak: ruleAsKept(ctx, accountId, config, rule) };
      });
      ctx.engines.invalidate(accountId);
      const rebuild = ctx.rebuilds.start(accountId, saved.version);
      return { rule: saved.streak, rebuild: rebuildWire(rebuild) };
    },
  );
}
