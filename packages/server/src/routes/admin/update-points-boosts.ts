/**
 * PATCH /admin/v1/points/:systemId/boosts: change 1..100 boosts of a points system by id (what an
 * item leaves out stays); each changed one once in the answer, as it ends, and an issue for each
 * item refused. 404 NOT_FOUND without the system.
 */
import { updatePointsBoosts } from '../../accounts/points-boosts.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsBoostAnswers, pointsBoostWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { pointsBoostChange, systemParams } from './points-schemas.js';
import { bulkOf, TAG } from './schemas.js';

export function updatePointsBoostsRoute(app: App, deps: PointsRouteDeps): void {
  app.patch(
    '/admin/v1/points/:systemId/boosts',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Change boosts of a points system',
        tags: [TAG],
        params: systemParams,
        body: bulkOf(pointsBoostChange),
        response: { 200: pointsBoostAnswers.updated, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await updatePointsBoosts(
        deps.accounts,
        accountId,
        request.params.systemId,
        request.body,
      );
      deps.engines.invalidate(accountId);
      return { updated: applied.map((item) => pointsBoostWire(item, deps.accounts.clock())), issues };
    },
  );
}
