/**
 * GET /admin/v1/keys?limit=&skip=: a page of the account's API keys (never their secret or hash),
 * with last use, in the order they were made: 100 unless `limit` (1 to 1,000) says otherwise. An
 * application key is made per user, so the list grows with the users: one answer of them all took
 * the event loop for over half a second at 40,000 keys. Last uses not yet written show from the key
 * cache: a list is a read, and answers while the control store takes no writes.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { KeyCache } from '../../access/key-cache.js';
import { listKeys } from '../../accounts/key-records.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { keySchema, keyWire } from '../../wire/admin-wire.js';
import { keysPageQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListKeysDeps {
  readonly accounts: AccountDeps;
  readonly keys: KeyCache;
}

export function listKeysRoute(app: App, ctx: ListKeysDeps): void {
  app.get(
    '/admin/v1/keys',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List API keys',
        tags: [TAG],
        querystring: keysPageQuery,
        response: { 200: { type: 'array', items: keySchema }, ...errors() },
      },
    },
    async (request) => {
      const { limit, skip } = request.query;
      const records = await listKeys(ctx.accounts, callerOf(request).accountId, { skip, limit });
      return records.map((record) => keyWire({ ...record, lastUsedAt: ctx.keys.lastUsedAt(record) }));
    },
  );
}
