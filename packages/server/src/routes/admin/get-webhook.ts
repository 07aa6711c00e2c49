/**
 * GET /admin/v1/webhooks/:id: one webhook endpoint (never its secret).
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { webhookSchema, webhookWire } from '../../wire/webhook-wire.js';
import { idParams, TAG } from './schemas.js';
import { endpointOf } from './webhook-lookup.js';

/** What the route takes of the server: the lower layers it calls. */
export interface GetWebhookDeps {
  readonly accounts: AccountDeps;
}

export function getWebhookRoute(app: App, ctx: GetWebhookDeps): void {
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
