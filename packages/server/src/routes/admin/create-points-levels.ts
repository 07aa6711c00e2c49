/**
 * POST /admin/v1/points/:systemId/levels: create 1..100 levels of a points system; an item the
 * rules refuse (accounts/points-levels.ts) is an issue naming its field, the others are made: 201 when
 * one was, 200 when none. 404 NOT_FOUND without the system.
 */
import { createPointsLevels } from '../../accounts/points-levels.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsLevelAnswers, pointsLevelWire } from '../../wire/points-wire.js';
import { statusOf } from './bulk.js';
import type { PointsRouteDeps } from './points-deps.js';
import { newPointsLevel, systemParams } from './points-schemas.js';
import { bulkOf, TAG } from './schemas.js';

export function createPointsLevelsRoute(app: App, deps: PointsRouteDeps): void {
  app.post(
    '/admin/v1/points/:systemId/levels',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Create levels of a points system',
        tags: [TAG],
        params: systemParams,
        body: bulkOf(newPointsLevel),
        response: { 200: pointsLevelAnswers.created, 201: pointsLevelAnswers.created, ...errors(422, 404) },
      },
    },
    async (request, reply) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await createPointsLevels(
        deps.accounts,
        accountId,
        request.params.systemId,
        request.body,
      );
      deps.engines.invalidate(accountId);
      return reply
        .code(statusOf(applied.length))
        .send({ created: applied.map((item) => pointsLevelWire(item)), issues });
    },
  );
}
