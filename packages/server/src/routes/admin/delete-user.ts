/**
 * DELETE /admin/v1/users/:id: erase a user of the namespace `Tenant-ID` names (S26): their state,
 * journal, idempotency records, outbox entries, index lines and place in the user list, and the
 * webhook deliveries queued for them (accounts/erase-user.ts); the activity counts keep their
 * totals. 204, or 404 for a user the namespace does not hold (whose queued deliveries are forgotten
 * all the same). The hosted service has no such route.
 */
import type { Backend } from '../../backend/backend.js';
import type { Engines } from '../../engines/engines.js';
import type { ReadCache } from '../../engines/read-cache.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, userParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { eraseUser } from '../../accounts/erase-user.js';
import { TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface DeleteUserDeps {
  readonly backend: Backend;
  readonly engines: Engines;
  readonly streakReads: ReadCache;
}

export function deleteUserRoute(app: App, ctx: DeleteUserDeps): void {
  app.delete(
    '/admin/v1/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Erase a user and everything kept of them',
        tags: [TAG],
        params: userParams,
        response: { 204: { type: 'null', description: 'erased' }, ...errors(404) },
      },
    },
    async (request, reply) => {
      const { erased } = await eraseUser(
        ctx.backend,
        ctx.engines,
        callerOf(request).space,
        request.params.id,
        ctx.streakReads,
      );
      if (!erased) throw new HttpError('UNKNOWN_USER', `no user has the id ${JSON.stringify(request.params.id)}`);
      return reply.code(204).send(null);
    },
  );
}
