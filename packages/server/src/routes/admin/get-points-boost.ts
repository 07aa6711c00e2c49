/**
 * GET /admin/v1/points/:systemId/boosts/:id: one boost of a points system; 404 NOT_FOUND when the
 * account has no such system or the system no such boost.
 */
import { pointsBoostsOf } from '../../accounts/points-boosts.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsBoostSchema, pointsBoostWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { systemItemParams } from './points-schemas.js';
import { TAG } from './schemas.js';

export function getPointsBoostRoute(app: App, deps: PointsRouteDeps): void {
  app.get(
    '/admin/v1/points/:systemId/boosts/:id',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Get a boost of a points system',
        tags: [TAG],
        params: systemItemParams,
        response: { 200: pointsBoostSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { systemId, id } = request.params;
      const found = (await pointsBoostsOf(deps.accounts, accountId, systemId)).find((item) => item.id === id);
      if (found === undefined)
        throw new HttpError('NOT_FOUND', `no boost of this points system has the id ${JSON.stringify(id)}`);
      return pointsBoostWire(found, deps.accounts.clock());
    },
  );
}
