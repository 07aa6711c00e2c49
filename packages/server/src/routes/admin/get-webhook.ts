/**
 * GET /admin/v1/webhooks/:id: one webhook endpoint (never its secret).
 */
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { webhookSchema, webhookWire } from '../../wire/webhook-wire.js';
import { idParams, TAG } from './schemas.js';
import { webhookNotFound } from './webhook-not-found.js';

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
      const endpoints = await ctx.backend.control.webhooks(callerOf(request).accountId);
      const endpoint = endpoints.find((e) => e.id === request.params.id);
      if (endpoint === undefined) throw webhookNotFound(request.params.id);
      return webhookWire(endpoint);
    },
  );
}
