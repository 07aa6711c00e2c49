/**
 * POST /admin/v1/webhooks/:id/deliveries/:deliveryId/retry: send one delivery again (delivered or
 * failed: pending and due now, its attempts kept). It goes out with the relay's next pass, after the
 * user's deliveries to the endpoint queued before it. While an attempt of it is under way the queue
 * refuses (DeliveryQueue.retry), answered 409 DELIVERY_UNDER_WAY: never two attempts at once, never
 * a 202 that the attempt's outcome then overwrites.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { type DeliveryLogDeps, resendDelivery } from '../../webhooks/delivery-log.js';
import { deliverySchema, deliveryWire } from '../../wire/delivery-wire.js';
import { TAG } from './schemas.js';
import { endpointOf } from './webhook-lookup.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ResendDeliveryDeps extends DeliveryLogDeps {
  readonly accounts: AccountDeps;
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
      const delivery = await resendDelivery(ctx, endpoint.id, request.params.deliveryId);
      reply.code(202);
      return deliveryWire(delivery);
    },
  );
}
