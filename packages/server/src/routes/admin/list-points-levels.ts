/**
 * GET /admin/v1/points/:systemId/levels?limit=&skip=: a page of a points system's levels (10 unless
 * asked, at most 100); 404 NOT_FOUND when the account has no such system (or it is archived).
 */
import { pointsLevelsOf } from '../../accounts/points-levels.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsLevelSchema, pointsLevelWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { systemParams } from './points-schemas.js';
import { pageQuery, TAG } from './schemas.js';

export function listPointsLevelsRoute(app: App, deps: PointsRouteDeps): void {
  app.get(
    '/admin/v1/points/:systemId/levels',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'List the levels of a points system',
        tags: [TAG],
        params: systemParams,
        querystring: pageQuery,
        response: { 200: { type: 'array', items: pointsLevelSchema }, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const all = await pointsLevelsOf(deps.accounts, accountId, request.params.systemId);
      const { limit, skip } = request.query;
      return all.slice(skip, skip + limit).map((item) => pointsLevelWire(item));
    },
  );
}
