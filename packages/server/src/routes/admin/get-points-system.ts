/**
 * GET /admin/v1/points/:id: one points system of the account by its id (an archived one too, with
 * its status); 404 NOT_FOUND when the account has none with it.
 */
import { pointsSystemsOf } from '../../accounts/points-systems.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsSystemSchema, pointsSystemWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { idParams, TAG } from './schemas.js';

export function getPointsSystemRoute(app: App, deps: PointsRouteDeps): void {
  app.get(
    '/admin/v1/points/:id',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Get a points system',
        tags: [TAG],
        params: idParams,
        response: { 200: pointsSystemSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { id } = request.params;
      const found = (await pointsSystemsOf(deps.accounts, accountId)).find((s) => s.id === id);
      if (found === undefined)
        throw new HttpError('NOT_FOUND', `no points system of this account has the id ${JSON.stringify(id)}`);
      return pointsSystemWire(found);
    },
  );
}
