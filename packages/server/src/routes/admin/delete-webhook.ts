/**
 * DELETE /admin/v1/webhooks/:id: remove an endpoint and its delivery log; nothing more is sent to it.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { removeWebhook } from '../../accounts/webhooks.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { type DeliveryLogDeps, forgetDeliveries } from '../../webhooks/delivery-log.js';
import { webhookSchema, webhookWire } from '../../wire/webhook-wire.js';
import { idParams, TAG } from './schemas.js';
import { webhookNotFound } from './webhook-lookup.js';

/** What the route takes of the server: the lower layers it calls. */
export interface DeleteWebhookDeps {
  readonly accounts: AccountDeps;
  readonly backend: DeliveryLogDeps['backend'];
  readonly engines: Engines;
}

export function deleteWebhookRoute(app: App, ctx: DeleteWebhookDeps): void {
  app.delete(
    '/admin/v1/webhooks/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Delete a webhook endpoint',
        tags: [TAG],
        params: idParams,
        response: { 200: webhookSchema, ...errors(404) },
      },
    },
    async (request) => {
      const removed = await removeWebhook(ctx.accounts, callerOf(request).accountId, request.params.id);
      if (removed === null) throw webhookNotFound(request.params.id);
      ctx.engines.invalidate(callerOf(request).accountId);
      // its log and what was still to be sent go with it
      await forgetDeliveries(ctx, removed.id);
      return webhookWire(removed);
    },
  );
}
