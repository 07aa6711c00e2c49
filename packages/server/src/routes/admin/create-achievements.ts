/**
 * POST /admin/v1/achievements: create 1..100 achievements. A metric achievement needs an active
 * metric and a finite threshold above 0, a streak achievement a length >= 1 and a configured streak rule, a
 * composite (trigger achievement) the keys of achievements not archived (made before, or earlier in
 * the same body), a badge an https URL; what is wrong with one item (including what the engine
 * refuses: a cycle of prerequisites) is that item's issue. An achievement made active whose
 * condition some users already meet starts a rebuild that completes it for them (S22); the answer
 * carries its first progress.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Backend } from '../../backend/backend.js';
import type { Engines } from '../../engines/engines.js';
import type { Rebuilds } from '../../jobs/rebuilds.js';
import { createAchievements } from '../../accounts/achievements.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { rebuildStaleStates } from '../../jobs/stale-states.js';
import { achievementAdminWire, createdAchievementsSchema, rebuildWire } from '../../wire/admin-wire.js';
import { statusOf } from './bulk.js';
import { bulkOf, newAchievement, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface CreateAchievementsDeps {
  readonly accounts: AccountDeps;
  readonly backend: Backend;
  readonly engines: Engines;
  readonly rebuilds: Rebuilds;
}

export function createAchievementsRoute(app: App, ctx: CreateAchievementsDeps): void {
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
      const { applied, issues, before, saved } = await createAchievements(
        ctx.accounts,
        ctx.backend,
        accountId,
        request.body,
      );
      ctx.engines.invalidate(accountId);
      const rebuild = rebuildStaleStates(ctx, accountId, before, saved);
      return reply.code(statusOf(applied.length)).send({
        created: applied.map((a) => achievementAdminWire(a)),
        issues,
        rebuild: rebuild === null ? null : rebuildWire(rebuild),
      });
    },
  );
}
