/**
 * GET /admin/v1/webhooks/:id: one webhook endpoint (never its secret).
 */
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { webhookSchema, webhookWire } from '../../wire/webhook-wire.js';
import { idParams, TAG } from './schemas.js';
import { endpointOf } from './webhook-lookup.js';

export function getWebhookRoute(app: App, ctx: ServerContext): void {
  app.get(
    '/admin/v1/webhooks/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Get a webhook endpoint',
        tags: [TAG],
        params: idParams,
        response: { 200: webhookSchema, ...errors(404) },
      },
    },
    async (request) => {
      const endpoint = await endpointOf(ctx, callerOf(request).accountId, request.params.id);
      return webhookWire(endpoint);
    },
  );
}
