/**
 * POST /admin/v1/application-api-keys: `[{ userId }]`, 1..100 application keys, each bound to its
 * user: it acts for that user only (403 KEY_BOUND_TO_USER for another, access/acts-for.ts). The user
 * is the one of the namespace the request's Tenant-ID names (the account's own without it), and the
 * key acts in that namespace only. Each answer holds the whole key this once; the server keeps its
 * SHA-256. The caller's key or session is read from the control plane (`credentials: 'fresh'`): a
 * key revoked in another process makes none.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { createApplicationKeys } from '../../accounts/keys.js';
import { applicationKeyWire, createdApplicationKeysSchema } from '../../wire/tenant-wire.js';
import { statusOf } from './bulk.js';
import { bulkOf, newApplicationKey, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface CreateApplicationKeysDeps {
  readonly accounts: AccountDeps;
}

export function createApplicationKeysRoute(app: App, ctx: CreateApplicationKeysDeps): void {
  app.post(
    '/admin/v1/application-api-keys',
    {
      config: { access: 'admin', invalidInput: 422, credentials: 'fresh' },
      schema: {
        summary: 'Create application API keys, each acting for one user (each secret shown once)',
        tags: [TAG],
        body: bulkOf(newApplicationKey),
        response: { 200: createdApplicationKeysSchema, 201: createdApplicationKeysSchema, ...errors(422) },
      },
    },
    async (request, reply) => {
      const { accountId, space } = callerOf(request);
      const { applied, issues } = await createApplicationKeys(ctx.accounts, accountId, space.tenantId, request.body);
      const created = applied.map((made) => applicationKeyWire({ ...made.record, userId: made.userId }, made.key));
      return reply.code(statusOf(created.length)).send({ created, issues });
    },
  );
}
