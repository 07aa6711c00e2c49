/**
 * PATCH /admin/v1/leaderboards: change 1..100 leaderboards by id (null clears the end, the window
 * and the repetition); what decides the run and group of a counted change only while inactive.
 */
import { updateLeaderboards } from '../../accounts/leaderboards.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { adminLeaderboardWire, leaderboardAnswers } from '../../wire/admin-leaderboard-wire.js';
import type { LeaderboardRouteDeps } from './leaderboard-deps.js';
import { leaderboardChange } from './leaderboard-schemas.js';
import { bulkOf, TAG } from './schemas.js';

export function updateLeaderboardsRoute(app: App, deps: LeaderboardRouteDeps): void {
  app.patch(
    '/admin/v1/leaderboards',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Change leaderboards',
        tags: [TAG],
        body: bulkOf(leaderboardChange),
        response: { 200: leaderboardAnswers.updated, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await updateLeaderboards(deps.accounts, accountId, request.body);
      deps.engines.invalidate(accountId);
      const config = await deps.accounts.control.config(accountId);
      const now = deps.accounts.clock();
      return { updated: applied.map((def) => adminLeaderboardWire(def, config, now)), issues };
    },
  );
}
