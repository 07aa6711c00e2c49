/**
 * GET /admin/v1/webhooks: the account's webhook endpoints (never their secret).
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { listWebhooks } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { webhookSchema, webhookWire } from '../../wire/webhook-wire.js';
import { TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListWebhooksDeps {
  readonly accounts: AccountDeps;
}

export function listWebhooksRoute(app: App, ctx: ListWebhooksDeps): void {
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
