/**
 * GET and POST /admin/v1/accounts (operator only): the accounts this server holds, and a new one
 * with its first admin and application keys (shown once). Names are unique: they sign in.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { listAccounts } from '../../accounts/account-reads.js';
import { HttpError } from '../../errors/errors.js';
import { ConflictError } from '../../errors/service-errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { createAccount } from '../../accounts/accounts.js';
import { accountSchema, accountWire } from '../../wire/admin-wire.js';
import { newAccountBody, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface AccountsDeps {
  readonly accounts: AccountDeps;
  readonly clock: () => number;
}

/** The new account and its first keys, shown this once. */
const newAccountAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['account', 'adminKey', 'applicationKey'],
  properties: { account: accountSchema, adminKey: { type: 'string' }, applicationKey: { type: 'string' } },
} as const;

/** An account id's shape: a UUID, in any case. */
const ACCOUNT_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function accountsRoutes(app: App, ctx: AccountsDeps): void {
  app.get(
    '/admin/v1/accounts',
    {
      config: { access: 'operator' },
      schema: {
        summary: 'List accounts (operator only)',
        tags: [TAG],
        response: { 200: { type: 'array', items: accountSchema }, ...errors(403) },
      },
    },
    async () => (await listAccounts(ctx.accounts)).map(accountWire),
  );

  app.post(
    '/admin/v1/accounts',
    {
      config: { access: 'operator' },
      schema: {
        summary: 'Create an account with its first keys (operator only)',
        tags: [TAG],
        body: newAccountBody,
        response: { 201: newAccountAnswer, ...errors(403, 409) },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (name === '') throw new HttpError('INVALID_INPUT', 'name must not be blank');
      // signing in reads an account's id before its name: a name shaped as an id would name another
      if (ACCOUNT_ID_SHAPE.test(name))
        throw new HttpError(
          'INVALID_INPUT',
          'name must not be shaped as an account id (a UUID): sign-in would read it as one',
        );
      if ((await listAccounts(ctx.accounts)).some((a) => a.name === name)) {
        throw new ConflictError('ACCOUNT_NAME_TAKEN', `an account is already named ${JSON.stringify(name)}`);
      }
      const created = await createAccount(ctx.accounts.control, {
        name,
        operator: false,
        password: null,
        at: ctx.clock(),
      });
      return reply.code(201).send({
        account: accountWire(created.account),
        adminKey: created.adminKey.key,
        applicationKey: created.applicationKey.key,
      });
    },
  );
}
