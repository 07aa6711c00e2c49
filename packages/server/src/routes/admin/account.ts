/**
 * GET /admin/v1/account: the caller's account.
 */
import { readAccount } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { accountSchema, accountWire } from '../../wire/admin-wire.js';
import { TAG } from './schemas.js';

export function accountRoute(app: App, ctx: ServerContext): void {
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
