/**
 * PUT /admin/v1/streak: replace the streak rule. The rule must be one the engine accepts (400
 * INVALID_CONFIG with the engine's reason) and count only active metrics. Saving starts a rebuild
 * of every user under the new rule; the answer carries its first progress.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import type { Rebuilds } from '../../jobs/rebuilds.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { saveStreakRule } from '../../accounts/streak-rule.js';
import { rebuildWire, streakSettingsSchema } from '../../wire/admin-wire.js';
import { streakRule, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface PutStreakRuleDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
  readonly rebuilds: Rebuilds;
}

export function putStreakRuleRoute(app: App, ctx: PutStreakRuleDeps): void {
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
      const { saved } = await saveStreakRule(ctx.accounts, accountId, rule);
      ctx.engines.invalidate(accountId);
      const rebuild = ctx.rebuilds.start(accountId, saved.version);
      return { rule: saved.streak, rebuild: rebuildWire(rebuild) };
    },
  );
}
