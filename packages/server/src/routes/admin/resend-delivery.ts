/**
 * POST /admin/v1/webhooks/:id/deliveries/:deliveryId/retry: send one delivery again (delivered or
 * failed: pending and due now, its attempts kept). It goes out with the relay's next pass, after the
 * user's deliveries to the endpoint queued before it. While an attempt of it is under way the queue
 * refuses (DeliveryQueue.retry), answered 409 DELIVERY_UNDER_WAY: never two attempts at once, never
 * a 202 that the attempt's outcome then overwrites.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Backend } from '../../backend/backend.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { ConflictError } from '../../errors/service-errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deliverySchema, deliveryWire } from '../../wire/delivery-wire.js';
import { TAG } from './schemas.js';
import { endpointOf } from './webhook-lookup.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ResendDeliveryDeps {
  readonly accounts: AccountDeps;
  readonly backend: Backend;
  readonly clock: () => number;
}

const params = {
  type: 'object',
  required: ['id', 'deliveryId'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 255 },
    deliveryId: { type: 'string', minLength: 1, maxLength: 255 },
  },
} as const;

export function resendDeliveryRoute(app: App, ctx: ResendDeliveryDeps): void {
  app.post(
    '/admin/v1/webhooks/:id/deliveries/:deliveryId/retry',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Send a webhook delivery again',
        tags: [TAG],
        params,
        response: { 202: deliverySchema, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const endpoint = await endpointOf(ctx, callerOf(request).accountId, request.params.id);
      const { deliveryId } = request.params;
      const noDelivery = () =>
        new HttpError('NOT_FOUND', `endpoint ${endpoint.id} has no delivery with the id ${JSON.stringify(deliveryId)}`);
      const outcome = await ctx.backend.deliveries.retry(endpoint.id, deliveryId, ctx.clock());
      if (outcome === 'unknown') throw noDelivery();
      if (outcome === 'underWay') throw new ConflictError('DELIVERY_UNDER_WAY');
      const delivery = await ctx.backend.deliveries.get(endpoint.id, deliveryId);
      if (delivery === null) throw noDelivery();
      reply.code(202);
      return deliveryWire(delivery);
    },
  );
}
