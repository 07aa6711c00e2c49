/**
 * PATCH /admin/v1/points/:systemId/triggers: change 1..100 triggers of a points system by id (what an
 * item leaves out stays); each changed one once in the answer, as it ends, and an issue for each
 * item refused. 404 NOT_FOUND without the system.
 */
import { updatePointsTriggers } from '../../accounts/points-triggers.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsTriggerAnswers, pointsTriggerWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { pointsTriggerChange, systemParams } from './points-schemas.js';
import { bulkOf, TAG } from './schemas.js';
import { rebuildStaleStates } from '../../jobs/stale-states.js';

export function updatePointsTriggersRoute(app: App, deps: PointsRouteDeps): void {
  app.patch(
    '/admin/v1/points/:systemId/triggers',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Change triggers of a points system',
        tags: [TAG],
        params: systemParams,
        body: bulkOf(pointsTriggerChange),
        response: { 200: pointsTriggerAnswers.updated, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { applied, issues, before, config } = await updatePointsTriggers(
        deps.accounts,
        accountId,
        request.params.systemId,
        request.body,
      );
      deps.engines.invalidate(accountId);
      // a time trigger added, changed or gone: every user's points lines anew (S33)
      rebuildStaleStates(deps, accountId, before, config);
      return { updated: applied.map((item) => pointsTriggerWire(item)), issues };
    },
  );
}
