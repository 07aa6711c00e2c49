/**
 * GET /admin/v1/points?limit=&skip=&includeArchived=true: a page of the account's points systems
 * (10 unless asked, at most 100); archived ones are listed, and counted in the page, only when asked.
 */
import { pointsSystemsOf } from '../../accounts/points-systems.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsSystemSchema, pointsSystemWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { metricListQuery, TAG } from './schemas.js';

export function listPointsSystemsRoute(app: App, deps: PointsRouteDeps): void {
  app.get(
    '/admin/v1/points',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'List points systems',
        tags: [TAG],
        querystring: metricListQuery,
        response: { 200: { type: 'array', items: pointsSystemSchema }, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { limit, skip, includeArchived } = request.query;
      return (await pointsSystemsOf(deps.accounts, accountId))
        .filter((s) => includeArchived === 'true' || s.status === 'active')
        .slice(skip, skip + limit)
        .map(pointsSystemWire);
    },
  );
}
