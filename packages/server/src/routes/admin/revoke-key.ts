/**
 * DELETE /admin/v1/keys/:id: revoke a key. This process refuses it at once; other processes
 * within their key cache time, except on the key routes, which read the caller's key or session
 * from the control plane (`credentials: 'fresh'`). Revoking the key that makes the request is allowed.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { KeyCache } from '../../access/key-cache.js';
import { revokeKey } from '../../accounts/key-records.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { keySchema, keyWire } from '../../wire/admin-wire.js';
import { idParams, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface RevokeKeyDeps {
  readonly accounts: AccountDeps;
  readonly keys: KeyCache;
}

export function revokeKeyRoute(app: App, ctx: RevokeKeyDeps): void {
  app.delete(
    '/admin/v1/keys/:id',
    {
      config: { access: 'admin', credentials: 'fresh' },
      schema: {
        summary: 'Revoke an API key',
        tags: [TAG],
        params: idParams,
        response: { 200: keySchema, ...errors(404) },
      },
    },
    async (request) => {
      await ctx.keys.flush();
      const record = await revokeKey(ctx.accounts, callerOf(request).accountId, request.params.id);
      if (record === null)
        throw new HttpError('NOT_FOUND', `no key of this account has the id ${JSON.stringify(request.params.id)}`);
      ctx.keys.forget(record.hash);
      return keyWire(record);
    },
  );
}
