/**
 * POST /admin/v1/webhooks: a new webhook endpoint; the answer is the only time its signing secret is shown.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import type { Settings } from '../../settings.js';
import { addWebhook } from '../../accounts/webhooks.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { ConflictError } from '../../errors/service-errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { newWebhookSecret } from '../../webhooks/signature.js';
import { webhookUrlProblem } from '../../webhooks/target.js';
import { createdWebhookSchema, webhookWire } from '../../wire/webhook-wire.js';
import { newWebhookBody, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface CreateWebhookDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
  readonly settings: Settings;
}

export function createWebhookRoute(app: App, ctx: CreateWebhookDeps): void {
  app.post(
    '/admin/v1/webhooks',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Create a webhook endpoint (its signing secret is shown once)',
        tags: [TAG],
        body: newWebhookBody,
        response: { 201: createdWebhookSchema, ...errors(409) },
      },
    },
    async (request, reply) => {
      const problem = webhookUrlProblem(request.body.url, ctx.settings.webhookAllowPrivate);
      if (problem !== null) throw new HttpError('INVALID_INPUT', problem);
      const { accountId } = callerOf(request);
      const added = await addWebhook(ctx.accounts, accountId, {
        ...request.body,
        secret: newWebhookSecret(),
      });
      if ('full' in added)
        throw new ConflictError(
          'LIMIT_REACHED',
          `an account may have ${added.full} webhook endpoints; delete one first`,
        );
      const endpoint = added.added;
      // this process's engine writes the news of changes from now on; others' within KINDLING_CACHE_MS
      ctx.engines.invalidate(accountId);
      return reply.code(201).send({ ...webhookWire(endpoint), secret: endpoint.secret });
    },
  );
}
