/**
 * GET /admin/v1/webhooks: the account's webhook endpoints (never their secret).
 */
import { listWebhooks } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { webhookSchema, webhookWire } from '../../wire/webhook-wire.js';
import { TAG } from './schemas.js';

export function listWebhooksRoute(app: App, ctx: ServerContext): void {
  app.get(
    '/admin/v1/webhooks',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List webhook endpoints',
        tags: [TAG],
        response: { 200: { type: 'array', items: webhookSchema }, ...errors() },
      },
    },
    async (request) => (await listWebhooks(ctx.accounts, callerOf(request).accountId)).map(webhookWire),
  );
}
