/**
 * GET /v1/users/:id: the user as the hosted service's SDK reads it, with our metric totals.
 */
import type { Engines } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, userParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { userSchema, userWire } from '../../wire/user-wire.js';

/** What the route takes of the server: the lower layers it calls. */
export interface GetUserDeps {
  readonly engines: Engines;
}

export function getUserRoute(app: App, ctx: GetUserDeps): void {
  app.get(
    '/v1/users/:id',
    {
      config: { access: 'app' },
      schema: {
        summary: 'Get a user',
        tags: ['users'],
        params: userParams,
        response: { 200: userSchema, ...errors(404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const user = await runtime.engine.user(request.params.id);
      if (user === null) throw new HttpError('UNKNOWN_USER', `no user has the id ${JSON.stringify(request.params.id)}`);
      return userWire(user);
    },
  );
}
