/**
 * GET /admin/v1/account: the caller's account.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { readAccount } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { accountSchema, accountWire } from '../../wire/admin-wire.js';
import { TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface AccountRouteDeps {
  readonly accounts: AccountDeps;
}

export function accountRoute(app: App, ctx: AccountRouteDeps): void {
  app.get(
    '/admin/v1/account',
    {
      config: { access: 'admin' },
      schema: { summary: 'Get your account', tags: [TAG], response: { 200: accountSchema, ...errors(404) } },
    },
    async (request) => {
      const account = await readAccount(ctx.accounts, callerOf(request).accountId);
      if (account === null) throw new HttpError('NOT_FOUND', 'the account of this key no longer exists');
      return accountWire(account);
    },
  );
}
