/**
 * GET /admin/v1/points/:systemId/boosts?limit=&skip=: a page of a points system's boosts (10 unless
 * asked, at most 100); 404 NOT_FOUND when the account has no such system (or it is archived).
 */
import { pointsBoostsOf } from '../../accounts/points-boosts.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsBoostSchema, pointsBoostWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { systemParams } from './points-schemas.js';
import { pageQuery, TAG } from './schemas.js';

export function listPointsBoostsRoute(app: App, deps: PointsRouteDeps): void {
  app.get(
    '/admin/v1/points/:systemId/boosts',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'List the boosts of a points system',
        tags: [TAG],
        params: systemParams,
        querystring: pageQuery,
        response: { 200: { type: 'array', items: pointsBoostSchema }, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const all = await pointsBoostsOf(deps.accounts, accountId, request.params.systemId);
      const { limit, skip } = request.query;
      return all.slice(skip, skip + limit).map((item) => pointsBoostWire(item, deps.accounts.clock()));
    },
  );
}
