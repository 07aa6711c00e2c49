/**
 * GET /admin/v1/leaderboards?limit=&skip=: a page of the account's leaderboards (10 unless asked,
 * at most 100), in the order they were made.
 */
import { leaderboardsIn } from '../../accounts/leaderboards.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { adminLeaderboardSchema, adminLeaderboardWire } from '../../wire/admin-leaderboard-wire.js';
import type { LeaderboardRouteDeps } from './leaderboard-deps.js';
import { pageQuery, TAG } from './schemas.js';

export function listLeaderboardsRoute(app: App, deps: LeaderboardRouteDeps): void {
  app.get(
    '/admin/v1/leaderboards',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'List leaderboards',
        tags: [TAG],
        querystring: pageQuery,
        response: { 200: { type: 'array', items: adminLeaderboardSchema }, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { limit, skip } = request.query;
      const config = await deps.accounts.control.config(accountId);
      const now = deps.accounts.clock();
      return (await leaderboardsIn(deps.accounts, accountId))
        .slice(skip, skip + limit)
        .map((def) => adminLeaderboardWire(def, config, now));
    },
  );
}
