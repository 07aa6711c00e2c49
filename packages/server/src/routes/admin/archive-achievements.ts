/**
 * DELETE /admin/v1/achievements?ids=a,b: archive achievements. Users keep the ones they completed;
 * an archived achievement completes no more and leaves the lists. One that a composite not archived
 * with it lists as a prerequisite stays, with an issue naming the composite.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { archiveAchievements } from '../../accounts/achievements.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { idsFrom } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ArchiveAchievementsDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

export function archiveAchievementsRoute(app: App, ctx: ArchiveAchievementsDeps): void {
  app.delete(
    '/admin/v1/achievements',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Archive achievements',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors() },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      const { applied, issues } = await archiveAchievements(ctx.accounts, accountId, ids);
      ctx.engines.invalidate(accountId);
      return { deleted: applied, issues };
    },
  );
}
