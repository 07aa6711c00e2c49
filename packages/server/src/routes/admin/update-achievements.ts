/**
 * PATCH /admin/v1/achievements: change 1..100 achievements by id: the name, the status (inactive →
 * active ↔ locked), the badge, and what completes it (a metric's threshold, a streak's length, a
 * composite's prerequisites); the key and the trigger never change. A change that makes it complete
 * for users who already qualify (activating it, lowering what it asks) starts a rebuild of every
 * user, which completes it for them silently (S22); the answer carries its first progress. Users
 * keep what they hold, whatever the change.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Activity } from '../../engines/activity.js';
import type { Backend } from '../../backend/backend.js';
import type { Engines } from '../../engines/engines.js';
import type { Rebuilds } from '../../jobs/rebuilds.js';
import { updateAchievements } from '../../accounts/achievements.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { rebuildStaleStates } from '../../jobs/stale-states.js';
import { achievementAdminWire, rebuildWire, updatedAchievementsSchema } from '../../wire/admin-wire.js';
import { achievementsWithStats } from '../app/achievement-stats.js';
import { achievementChange, bulkOf, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface UpdateAchievementsDeps {
  readonly accounts: AccountDeps;
  readonly activity: Activity;
  readonly backend: Backend;
  readonly engines: Engines;
  readonly rebuilds: Rebuilds;
}

export function updateAchievementsRoute(app: App, ctx: UpdateAchievementsDeps): void {
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
      const { applied, issues, before, saved } = await updateAchievements(
        ctx.accounts,
        ctx.backend,
        accountId,
        request.body,
      );
      ctx.engines.invalidate(accountId);
      const rebuild = rebuildStaleStates(ctx, accountId, before, saved);
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const all = await achievementsWithStats(ctx, runtime, () => true);
      return {
        updated: applied.flatMap((id) => {
          const found = all.find(({ def }) => def.id === id);
          return found === undefined ? [] : [achievementAdminWire(found.def, found.wire)];
        }),
        issues,
        rebuild: rebuild === null ? null : rebuildWire(rebuild),
      };
    },
  );
}
