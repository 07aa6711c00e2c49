/**
 * POST /admin/v1/points: create 1..100 points systems, each with the levels, boosts and triggers it
 * names (answered with them); an item the rules refuse (accounts/points-systems.ts), or whose part
 * they refuse, is an issue, the others are made: 201 when one was, 200 when none.
 */
import { createPointsSystems } from '../../accounts/points-systems.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { createdPointsSystemWire, pointsSystemAnswers } from '../../wire/points-wire.js';
import { statusOf } from './bulk.js';
import { type PointsRouteDeps, usersIn } from './points-deps.js';
import { newPointsSystem } from './points-schemas.js';
import { bulkOf, TAG } from './schemas.js';
import { rebuildStaleStates } from '../../jobs/stale-states.js';

export function createPointsSystemsRoute(app: App, deps: PointsRouteDeps): void {
  app.post(
    '/admin/v1/points',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Create points systems',
        tags: [TAG],
        body: bulkOf(newPointsSystem),
        response: { 200: pointsSystemAnswers.created, 201: pointsSystemAnswers.created, ...errors(422) },
      },
    },
    async (request, reply) => {
      const { accountId, space } = callerOf(request);
      const { applied, issues, before, config } = await createPointsSystems(
        deps.accounts,
        accountId,
        request.body,
        usersIn(deps.engines, space),
      );
      deps.engines.invalidate(accountId);
      // a time trigger added, changed or gone: every user's points lines anew (S33)
      rebuildStaleStates(deps, accountId, before, config);
      const now = deps.accounts.clock();
      return reply
        .code(statusOf(applied.length))
        .send({ created: applied.map((made) => createdPointsSystemWire(made, now)), issues });
    },
  );
}
