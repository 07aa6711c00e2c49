/**
 * GET /admin/v1/leaderboards/:id: one leaderboard of the account by its id; 404 NOT_FOUND when the
 * account has none with it.
 */
import { leaderboardsOf } from '../../accounts/leaderboards.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { adminLeaderboardSchema, adminLeaderboardWire } from '../../wire/admin-leaderboard-wire.js';
import type { LeaderboardRouteDeps } from './leaderboard-deps.js';
import { idParams, TAG } from './schemas.js';

export function getLeaderboardRoute(app: App, deps: LeaderboardRouteDeps): void {
  app.get(
    '/admin/v1/leaderboards/:id',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Get a leaderboard',
        tags: [TAG],
        params: idParams,
        response: { 200: adminLeaderboardSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { id } = request.params;
      const config = await deps.accounts.control.config(accountId);
      const found = leaderboardsOf(config).find((b) => b.id === id);
      if (found === undefined)
        throw new HttpError('NOT_FOUND', `no leaderboard of this account has the id ${JSON.stringify(id)}`);
      return adminLeaderboardWire(found, config, deps.accounts.clock());
    },
  );
}
