/**
 * Identify a user (the hosted service's user calls): POST /v1/users creates one ahead of any event
 * (201; an id already known is updated with what is given, 200), PUT /v1/users/:id creates or
 * updates what is given (the hosted service's upsert; 200 either way: a field not given stays), PATCH
 * /v1/users/:id updates what is given of a known user (404 otherwise). A changed zone settles the
 * user's streaks as an event carrying it would (S4, S5). Each answers the full user.
 */
import type { Engines } from '../../engines/engines.js';
import type { IdentifyMode } from '@kindling/core';
import { callerOf } from '../../access/auth.js';
import { errors, newUserParams, updatedUser, upsertedUser } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { checkAttributes } from '../../engines/attributes.js';
import type { Space } from '../../backend/spaces.js';
import { profileInputOf, userSchema, userWire, type UserBody } from '../../wire/user-wire.js';

/** What the route takes of the server: the lower layers it calls. */
export interface IdentifyUserDeps {
  readonly engines: Engines;
}

async function identifyUser(ctx: IdentifyUserDeps, space: Space, userId: string, body: UserBody, mode: IdentifyMode) {
  const runtime = await ctx.engines.runtimeFor(space);
  checkAttributes(runtime.attributes, body.attributes, 'user');
  const { user, created } = await runtime.engine.identify(userId, profileInputOf(body), { mode });
  return { user: userWire(user), created };
}

const IDENTIFY_PATHS = [
  ['/v1/users/:id', 'Identify a user (upsert)'],
  ['/api/users/:id', 'Identify a user (upsert; the path of the hosted service documentation snippets)'],
] as const;

export function identifyUserRoutes(app: App, ctx: IdentifyUserDeps): void {
  app.post(
    '/v1/users',
    {
      config: { access: 'app' },
      schema: {
        summary: 'Identify a new user',
        description:
          'Creates the user ahead of any event (201). An id already known is updated with the fields given, as PATCH does (200).',
        tags: ['users'],
        body: upsertedUser,
        response: { 200: userSchema, 201: userSchema, ...errors() },
      },
    },
    async (request, reply) => {
      const { id, ...body } = request.body;
      const { user, created } = await identifyUser(ctx, callerOf(request).space, id, body, 'create');
      return reply.code(created ? 201 : 200).send(user);
    },
  );

  // the hosted service's SDK path, and the path of its documentation's snippets
  for (const [path, summary] of IDENTIFY_PATHS)
    app.put(
      path,
      {
        config: { access: 'app' },
        schema: {
          summary,
          description:
            'Creates the user, or changes the fields given of a known user (attributes key by key), as the hosted service identifies: a field not given (or null) is left as it is, so a call that names only the name keeps the user’s email consent.',
          tags: ['users'],
          params: newUserParams,
          body: updatedUser,
          response: { 200: userSchema, ...errors() },
        },
      },
      async (request) =>
        (await identifyUser(ctx, callerOf(request).space, request.params.id, request.body, 'create')).user,
    );

  app.patch(
    '/v1/users/:id',
    {
      config: { access: 'app' },
      schema: {
        summary: 'Update a user',
        description: 'Changes the fields given of a known user (attributes key by key); 404 for an unknown id.',
        tags: ['users'],
        params: newUserParams,
        body: updatedUser,
        response: { 200: userSchema, ...errors(404) },
      },
    },
    async (request) =>
      (await identifyUser(ctx, callerOf(request).space, request.params.id, request.body, 'update')).user,
  );
}
