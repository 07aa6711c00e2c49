/**
 * POST /admin/v1/points/:systemId/triggers: create 1..100 triggers of a points system; an item the
 * rules refuse (accounts/points-triggers.ts) is an issue naming its field, the others are made: 201 when
 * one was, 200 when none. 404 NOT_FOUND without the system.
 */
import { createPointsTriggers } from '../../accounts/points-triggers.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsTriggerAnswers, pointsTriggerWire } from '../../wire/points-wire.js';
import { statusOf } from './bulk.js';
import type { PointsRouteDeps } from './points-deps.js';
import { newPointsTrigger, systemParams } from './points-schemas.js';
import { bulkOf, TAG } from './schemas.js';
import { rebuildStaleStates } from '../../jobs/stale-states.js';

export function createPointsTriggersRoute(app: App, deps: PointsRouteDeps): void {
  app.post(
    '/admin/v1/points/:systemId/triggers',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Create triggers of a points system',
        tags: [TAG],
        params: systemParams,
        body: bulkOf(newPointsTrigger),
        response: { 200: pointsTriggerAnswers.created, 201: pointsTriggerAnswers.created, ...errors(422, 404) },
      },
    },
    async (request, reply) => {
      const { accountId } = callerOf(request);
      const { applied, issues, before, config } = await createPointsTriggers(
        deps.accounts,
        accountId,
        request.params.systemId,
        request.body,
      );
      deps.engines.invalidate(accountId);
      // a time trigger added, changed or gone: every user's points lines anew (S33)
      rebuildStaleStates(deps, accountId, before, config);
      return reply
        .code(statusOf(applied.length))
        .send({ created: applied.map((item) => pointsTriggerWire(item)), issues });
    },
  );
}
