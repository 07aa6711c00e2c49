/**
 * PATCH /admin/v1/points/:systemId/levels: change 1..100 levels of a points system by id (what an
 * item leaves out stays); each changed one once in the answer, as it ends, and an issue for each
 * item refused. 404 NOT_FOUND without the system.
 */
import { updatePointsLevels } from '../../accounts/points-levels.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsLevelAnswers, pointsLevelWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { pointsLevelChange, systemParams } from './points-schemas.js';
import { bulkOf, TAG } from './schemas.js';

export function updatePointsLevelsRoute(app: App, deps: PointsRouteDeps): void {
  app.patch(
    '/admin/v1/points/:systemId/levels',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Change levels of a points system',
        tags: [TAG],
        params: systemParams,
        body: bulkOf(pointsLevelChange),
        response: { 200: pointsLevelAnswers.updated, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await updatePointsLevels(
        deps.accounts,
        accountId,
        request.params.systemId,
        request.body,
      );
      deps.engines.invalidate(accountId);
      return { updated: applied.map((item) => pointsLevelWire(item)), issues };
    },
  );
}
