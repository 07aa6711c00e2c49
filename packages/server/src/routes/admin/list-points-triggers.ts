/**
 * GET /admin/v1/points/:systemId/triggers?limit=&skip=: a page of a points system's triggers (10 unless
 * asked, at most 100); 404 NOT_FOUND when the account has no such system (or it is archived).
 */
import { pointsTriggersOf } from '../../accounts/points-triggers.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsTriggerSchema, pointsTriggerWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { systemParams } from './points-schemas.js';
import { pageQuery, TAG } from './schemas.js';

export function listPointsTriggersRoute(app: App, deps: PointsRouteDeps): void {
  app.get(
    '/admin/v1/points/:systemId/triggers',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'List the triggers of a points system',
        tags: [TAG],
        params: systemParams,
        querystring: pageQuery,
        response: { 200: { type: 'array', items: pointsTriggerSchema }, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const all = await pointsTriggersOf(deps.accounts, accountId, request.params.systemId);
      const { limit, skip } = request.query;
      return all.slice(skip, skip + limit).map((item) => pointsTriggerWire(item));
    },
  );
}
