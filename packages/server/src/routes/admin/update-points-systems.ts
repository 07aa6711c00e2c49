/**
 * PATCH /admin/v1/points: change the name, description, badge or bound of 1..100 points systems
 * by id (null removes the last three; the key never changes).
 */
import { updatePointsSystems } from '../../accounts/points-systems.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsSystemAnswers, pointsSystemWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { pointsSystemChange } from './points-schemas.js';
import { bulkOf, TAG } from './schemas.js';

export function updatePointsSystemsRoute(app: App, deps: PointsRouteDeps): void {
  app.patch(
    '/admin/v1/points',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Change points systems',
        tags: [TAG],
        body: bulkOf(pointsSystemChange),
        response: { 200: pointsSystemAnswers.updated, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await updatePointsSystems(deps.accounts, accountId, request.body);
      deps.engines.invalidate(accountId);
      return { updated: applied.map(pointsSystemWire), issues };
    },
  );
}
