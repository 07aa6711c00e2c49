/**
 * GET /admin/v1/points/:systemId/levels/:id: one level of a points system; 404 NOT_FOUND when the
 * account has no such system or the system no such level.
 */
import { pointsLevelsOf } from '../../accounts/points-levels.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsLevelSchema, pointsLevelWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { systemItemParams } from './points-schemas.js';
import { TAG } from './schemas.js';

export function getPointsLevelRoute(app: App, deps: PointsRouteDeps): void {
  app.get(
    '/admin/v1/points/:systemId/levels/:id',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Get a level of a points system',
        tags: [TAG],
        params: systemItemParams,
        response: { 200: pointsLevelSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { systemId, id } = request.params;
      const found = (await pointsLevelsOf(deps.accounts, accountId, systemId)).find((item) => item.id === id);
      if (found === undefined)
        throw new HttpError('NOT_FOUND', `no level of this points system has the id ${JSON.stringify(id)}`);
      return pointsLevelWire(found);
    },
  );
}
