/**
 * GET /admin/v1/points/:systemId/triggers/:id: one trigger of a points system; 404 NOT_FOUND when the
 * account has no such system or the system no such trigger.
 */
import { pointsTriggersOf } from '../../accounts/points-triggers.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { pointsTriggerSchema, pointsTriggerWire } from '../../wire/points-wire.js';
import type { PointsRouteDeps } from './points-deps.js';
import { systemItemParams } from './points-schemas.js';
import { TAG } from './schemas.js';

export function getPointsTriggerRoute(app: App, deps: PointsRouteDeps): void {
  app.get(
    '/admin/v1/points/:systemId/triggers/:id',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Get a trigger of a points system',
        tags: [TAG],
        params: systemItemParams,
        response: { 200: pointsTriggerSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { systemId, id } = request.params;
      const found = (await pointsTriggersOf(deps.accounts, accountId, systemId)).find((item) => item.id === id);
      if (found === undefined)
        throw new HttpError('NOT_FOUND', `no trigger of this points system has the id ${JSON.stringify(id)}`);
      return pointsTriggerWire(found);
    },
  );
}
