/**
 * DELETE /admin/v1/points/:systemId/triggers?ids=a,b: delete triggers of a points system; each is
 * archived: the awards made keep naming it, no list or get shows it any more. An id that names none is an issue. 404 NOT_FOUND without the system.
 */
import { deletePointsTriggers } from '../../accounts/points-triggers.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsTriggerAnswers } from '../../wire/points-wire.js';
import { idsFrom } from './bulk.js';
import type { PointsRouteDeps } from './points-deps.js';
import { systemParams } from './points-schemas.js';
import { idsQuery, TAG } from './schemas.js';
import { rebuildStaleStates } from '../../jobs/stale-states.js';

export function deletePointsTriggersRoute(app: App, deps: PointsRouteDeps): void {
  app.delete(
    '/admin/v1/points/:systemId/triggers',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Delete triggers of a points system',
        tags: [TAG],
        params: systemParams,
        querystring: idsQuery,
        response: { 200: pointsTriggerAnswers.deleted, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      const { applied, issues, before, config } = await deletePointsTriggers(
        deps.accounts,
        accountId,
        request.params.systemId,
        ids,
      );
      deps.engines.invalidate(accountId);
      // a time trigger added, changed or gone: every user's points lines anew (S33)
      rebuildStaleStates(deps, accountId, before, config);
      return { deleted: applied, issues };
    },
  );
}
