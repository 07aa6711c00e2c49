/**
 * GET /admin/v1/keys: the account's API keys (never their secret or hash), with last use.
 */
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { keySchema, keyWire } from '../../wire/admin-wire.js';
import { TAG } from './schemas.js';

export function listKeysRoute(app: App, ctx: ServerContext): void {
  app.get(
    '/admin/v1/keys',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List API keys',
        tags: [TAG],
        response: { 200: { type: 'array', items: keySchema }, ...errors() },
      },
    },
    async (request) => {
      await ctx.keys.flush();
      return (await ctx.backend.control.keys(callerOf(request).accountId)).map(keyWire);
    },
  );
}
