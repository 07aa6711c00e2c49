/**
 * DELETE /admin/v1/leaderboards?ids=a,b: delete leaderboards; an id that names none is an issue.
 * Their rankings stay in the store, read by nothing.
 */
import { deleteLeaderboards } from '../../accounts/leaderboards.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { leaderboardAnswers } from '../../wire/admin-leaderboard-wire.js';
import { idsFrom } from './bulk.js';
import type { LeaderboardRouteDeps } from './leaderboard-deps.js';
import { idsQuery, TAG } from './schemas.js';

export function deleteLeaderboardsRoute(app: App, deps: LeaderboardRouteDeps): void {
  app.delete(
    '/admin/v1/leaderboards',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Delete leaderboards',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: leaderboardAnswers.deleted, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await deleteLeaderboards(deps.accounts, accountId, idsFrom(request.query.ids));
      deps.engines.invalidate(accountId);
      return { deleted: applied, issues };
    },
  );
}
