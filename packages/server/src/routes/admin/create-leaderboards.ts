/**
 * POST /admin/v1/leaderboards: create 1..100 leaderboards; an item the rules refuse
 * (accounts/leaderboards.ts) is an issue, the others are made: 201 when one was, 200 when none.
 */
import { createLeaderboards } from '../../accounts/leaderboards.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { adminLeaderboardWire, leaderboardAnswers } from '../../wire/admin-leaderboard-wire.js';
import { statusOf } from './bulk.js';
import type { LeaderboardRouteDeps } from './leaderboard-deps.js';
import { newLeaderboard } from './leaderboard-schemas.js';
import { bulkOf, TAG } from './schemas.js';

export function createLeaderboardsRoute(app: App, deps: LeaderboardRouteDeps): void {
  app.post(
    '/admin/v1/leaderboards',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Create leaderboards',
        tags: [TAG],
        body: bulkOf(newLeaderboard),
        response: { 200: leaderboardAnswers.created, 201: leaderboardAnswers.created, ...errors(422) },
      },
    },
    async (request, reply) => {
      const { accountId } = callerOf(request);
      const { applied, issues, config } = await createLeaderboards(deps.accounts, accountId, request.body);
      deps.engines.invalidate(accountId);
      const now = deps.accounts.clock();
      return reply
        .code(statusOf(applied.length))
        .send({ created: applied.map((def) => adminLeaderboardWire(def, config, now)), issues });
    },
  );
}
