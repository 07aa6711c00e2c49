/**
 * GET /admin/v1/streak: the account's streak rule (null when none) and the progress of the last
 * rebuild; GET /admin/v1/streak/rebuild is in get-rebuild.ts.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { readRebuild } from '../../jobs/rebuild-record.js';
import { readConfig } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { rebuildWire, streakSettingsSchema } from '../../wire/admin-wire.js';
import { TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface GetStreakRuleDeps {
  readonly accounts: AccountDeps;
}

export function getStreakRuleRoute(app: App, ctx: GetStreakRuleDeps): void {
  app.get(
    '/admin/v1/streak',
    {
      config: { access: 'admin' },
      schema: { summary: 'Get the streak rule', tags: [TAG], response: { 200: streakSettingsSchema, ...errors() } },
    },
    async (request) => {
      const { accountId, space } = callerOf(request);
      const [config, rebuild] = await Promise.all([
        readConfig(ctx.accounts, accountId),
        readRebuild(ctx.accounts, space.store),
      ]);
      return { rule: config.streak, rebuild: rebuildWire(rebuild) };
    },
  );
}
