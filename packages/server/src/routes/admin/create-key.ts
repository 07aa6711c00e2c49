/**
 * POST /admin/v1/keys: a new admin or application key; the answer is the only time its secret is shown.
 * The caller's key or session is read from the control plane (`credentials: 'fresh'`), not the key
 * cache: a key revoked in another process makes no key once the revocation is written.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { createKey } from '../../accounts/accounts.js';
import { createdKeySchema, keyWire } from '../../wire/admin-wire.js';
import { newKeyBody, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface CreateKeyDeps {
  readonly accounts: AccountDeps;
  readonly clock: () => number;
}

export function createKeyRoute(app: App, ctx: CreateKeyDeps): void {
  app.post(
    '/admin/v1/keys',
    {
      config: { access: 'admin', credentials: 'fresh' },
      schema: {
        summary: 'Create an API key (its secret is shown once)',
        tags: [TAG],
        body: newKeyBody,
        response: { 201: createdKeySchema, ...errors() },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (name === '') throw new HttpError('INVALID_INPUT', 'name must not be blank');
      const made = await createKey(
        ctx.accounts.control,
        callerOf(request).accountId,
        request.body.kind,
        name,
        ctx.clock(),
      );
      return reply.code(201).send({ ...keyWire(made.record), key: made.key });
    },
  );
}
