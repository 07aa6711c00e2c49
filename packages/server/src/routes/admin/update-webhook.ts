/**
 * PATCH /admin/v1/webhooks/:id: change an endpoint's URL, its types, or turn it on or off. Turning
 * it on clears the reason the server turned it off.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import type { Settings } from '../../settings.js';
import { changeWebhook } from '../../accounts/webhooks.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { webhookUrlProblem } from '../../webhooks/target.js';
import { webhookSchema, webhookWire } from '../../wire/webhook-wire.js';
import { idParams, TAG, webhookChange } from './schemas.js';
import { webhookNotFound } from './webhook-lookup.js';

/** What the route takes of the server: the lower layers it calls. */
export interface UpdateWebhookDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
  readonly settings: Settings;
}

export function updateWebhookRoute(app: App, ctx: UpdateWebhookDeps): void {
  app.patch(
    '/admin/v1/webhooks/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Change a webhook endpoint',
        tags: [TAG],
        params: idParams,
        body: webhookChange,
        response: { 200: webhookSchema, ...errors(404) },
      },
    },
    async (request) => {
      const { url } = request.body;
      if (url !== undefined) {
        const problem = webhookUrlProblem(url, ctx.settings.webhookAllowPrivate);
        if (problem !== null) throw new HttpError('INVALID_INPUT', problem);
      }
      const changed = await changeWebhook(ctx.accounts, callerOf(request).accountId, request.params.id, request.body);
      if (changed === null) throw webhookNotFound(request.params.id);
      // turned on or off: this process's engine writes the news of changes, or stops, at once
      ctx.engines.invalidate(callerOf(request).accountId);
      return webhookWire(changed);
    },
  );
}
