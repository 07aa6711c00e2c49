/**
 * DELETE /admin/v1/points/:systemId/levels?ids=a,b: delete levels of a points system; each is
 * removed; its key is free again. An id that names none is an issue. 404 NOT_FOUND without the system.
 */
import { deletePointsLevels } from '../../accounts/points-levels.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsLevelAnswers } from '../../wire/points-wire.js';
import { idsFrom } from './bulk.js';
import type { PointsRouteDeps } from './points-deps.js';
import { systemParams } from './points-schemas.js';
import { idsQuery, TAG } from './schemas.js';

export function deletePointsLevelsRoute(app: App, deps: PointsRouteDeps): void {
  app.delete(
    '/admin/v1/points/:systemId/levels',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Delete levels of a points system',
        tags: [TAG],
        params: systemParams,
        querystring: idsQuery,
        response: { 200: pointsLevelAnswers.deleted, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      const { applied, issues } = await deletePointsLevels(deps.accounts, accountId, request.params.systemId, ids);
      deps.engines.invalidate(accountId);
      return { deleted: applied, issues };
    },
  );
}
