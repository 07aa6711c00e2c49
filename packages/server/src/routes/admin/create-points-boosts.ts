/**
 * POST /admin/v1/points/:systemId/boosts: create 1..100 boosts of a points system; an item the
 * rules refuse (accounts/points-boosts.ts) is an issue naming its field, the others are made: 201 when
 * one was, 200 when none. 404 NOT_FOUND without the system.
 */
import { createPointsBoosts } from '../../accounts/points-boosts.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsBoostAnswers, pointsBoostWire } from '../../wire/points-wire.js';
import { statusOf } from './bulk.js';
import { type PointsRouteDeps, usersIn } from './points-deps.js';
import { newPointsBoost, systemParams } from './points-schemas.js';
import { bulkOf, TAG } from './schemas.js';

export function createPointsBoostsRoute(app: App, deps: PointsRouteDeps): void {
  app.post(
    '/admin/v1/points/:systemId/boosts',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Create boosts of a points system',
        tags: [TAG],
        params: systemParams,
        body: bulkOf(newPointsBoost),
        response: { 200: pointsBoostAnswers.created, 201: pointsBoostAnswers.created, ...errors(422, 404) },
      },
    },
    async (request, reply) => {
      const { accountId, space } = callerOf(request);
      const { applied, issues } = await createPointsBoosts(
        deps.accounts,
        accountId,
        request.params.systemId,
        request.body,
        usersIn(deps.engines, space),
      );
      deps.engines.invalidate(accountId);
      return reply
        .code(statusOf(applied.length))
        .send({ created: applied.map((item) => pointsBoostWire(item, deps.accounts.clock())), issues });
    },
  );
}
