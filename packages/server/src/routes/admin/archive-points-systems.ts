/**
 * DELETE /admin/v1/points?ids=a,b: archive points systems. An archived system keeps its key, its
 * triggers, levels and boosts, and shows in get with its status, but takes no more changes.
 */
import { archivePointsSystems } from '../../accounts/points-systems.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsSystemAnswers } from '../../wire/points-wire.js';
import { idsFrom } from './bulk.js';
import type { PointsRouteDeps } from './points-deps.js';
import { idsQuery, TAG } from './schemas.js';
import { rebuildStaleStates } from '../../jobs/stale-states.js';

export function archivePointsSystemsRoute(app: App, deps: PointsRouteDeps): void {
  app.delete(
    '/admin/v1/points',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Archive points systems',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: pointsSystemAnswers.deleted, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { applied, issues, before, config } = await archivePointsSystems(
        deps.accounts,
        accountId,
        idsFrom(request.query.ids),
      );
      deps.engines.invalidate(accountId);
      // a time trigger added, changed or gone: every user's points lines anew (S33)
      rebuildStaleStates(deps, accountId, before, config);
      return { deleted: applied, issues };
    },
  );
}
