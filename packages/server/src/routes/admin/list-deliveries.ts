/**
 * GET /admin/v1/webhooks/:id/deliveries: the endpoint's delivery log, newest first, a page at a
 * time (`?limit=` up to 100, `?cursor=` from the page before); kept for KINDLING_WEBHOOK_LOG_DAYS.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { type DeliveryLogDeps, listDeliveries } from '../../webhooks/delivery-log.js';
import { deliveryPageSchema, deliveryWire } from '../../wire/delivery-wire.js';
import { idParams, TAG } from './schemas.js';
import { endpointOf } from './webhook-lookup.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListDeliveriesDeps {
  readonly accounts: AccountDeps;
  readonly backend: DeliveryLogDeps['backend'];
}

const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    cursor: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

export function listDeliveriesRoute(app: App, ctx: ListDeliveriesDeps): void {
  app.get(
    '/admin/v1/webhooks/:id/deliveries',
    {
      config: { access: 'admin' },
      schema: {
        summary: "A webhook endpoint's delivery log",
        tags: [TAG],
        params: idParams,
        querystring: pageQuery,
        response: { 200: deliveryPageSchema, ...errors(404) },
      },
    },
    async (request) => {
      const endpoint = await endpointOf(ctx, callerOf(request).accountId, request.params.id);
      const page = await listDeliveries(ctx, endpoint.id, request.query.limit ?? 20, request.query.cursor ?? null);
      return { deliveries: page.deliveries.map(deliveryWire), next: page.next };
    },
  );
}
