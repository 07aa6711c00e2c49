/**
 * POST /admin/v1/webhooks: a new webhook endpoint; the answer is the only time its signing secret is shown.
 */
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { HttpError } from '../../errors/errors.js';
import { ConflictError } from '../../errors/service-errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { newId } from '../../random-ids.js';
import { MAX_WEBHOOKS, type WebhookEndpoint } from '../../control/webhook-endpoint.js';
import { newWebhookSecret } from '../../webhooks/signature.js';
import { webhookUrlProblem } from '../../webhooks/target.js';
import { createdWebhookSchema, webhookWire } from '../../wire/webhook-wire.js';
import { newWebhookBody, TAG } from './schemas.js';

export function createWebhookRoute(app: App, ctx: ServerContext): void {
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
      const at = new Date(ctx.clock()).toISOString();
      const endpoint: WebhookEndpoint = {
        id: newId(),
        url: request.body.url,
        types: [...request.body.types],
        secret: newWebhookSecret(),
        enabled: request.body.enabled ?? true,
        disabledReason: null,
        created: at,
        updated: at,
      };
      let full = false;
      await ctx.backend.control.changeWebhooks(callerOf(request).accountId, (endpoints) => {
        full = endpoints.length >= MAX_WEBHOOKS;
        return full ? endpoints : [...endpoints, endpoint];
      });
      if (full)
        throw new ConflictError(
          'LIMIT_REACHED',
          `an account may have ${MAX_WEBHOOKS} webhook endpoints; delete one first`,
        );
      // this process's engine writes the news of changes from now on; others' within KINDLING_CACHE_MS
      ctx.engines.invalidate(callerOf(request).accountId);
      return reply.code(201).send({ ...webhookWire(endpoint), secret: endpoint.secret });
    },
  );
}
