/**
 * DELETE /admin/v1/points/:systemId/boosts?ids=a,b: delete boosts of a points system; each is
 * removed. An id that names none is an issue. 404 NOT_FOUND without the system.
 */
import { deletePointsBoosts } from '../../accounts/points-boosts.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsBoostAnswers } from '../../wire/points-wire.js';
import { idsFrom } from './bulk.js';
import type { PointsRouteDeps } from './points-deps.js';
import { systemParams } from './points-schemas.js';
import { idsQuery, TAG } from './schemas.js';

export function deletePointsBoostsRoute(app: App, deps: PointsRouteDeps): void {
  app.delete(
    '/admin/v1/points/:systemId/boosts',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Delete boosts of a points system',
        tags: [TAG],
        params: systemParams,
        querystring: idsQuery,
        response: { 200: pointsBoostAnswers.deleted, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      const { applied, issues } = await deletePointsBoosts(deps.accounts, accountId, request.params.systemId, ids);
      deps.engines.invalidate(accountId);
      return { deleted: applied, issues };
    },
  );
}
