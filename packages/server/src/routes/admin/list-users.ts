/**
 * GET /admin/v1/users?limit=25&after=…&search=…: the account's users a page at a time, in user id
 * order, each with the streak rule's current and longest streak now, zone and latest event; reads
 * only (a state kept under older rules is shown as rebuilt, not written).
 */
import type { Engines } from '../../engines/engines.js';
import { LOOKED_AT_PER_PAGE } from '@kindling/core';
import { callerOf } from '../../access/auth.js';
import { errors, userId } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { userPageSchema } from '../../wire/user-list-wire.js';
import { TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListUsersDeps {
  readonly clock: () => number;
  readonly engines: Engines;
}

const usersQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
    after: {
      ...userId,
      minLength: 0,
      description: "the cursor: the page starts after this user id (a page's `next`)",
    },
    search: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'users whose id starts with it (first), then users whose email holds it, ignoring case',
    },
  },
} as const;

export function listUsersRoute(app: App, ctx: ListUsersDeps): void {
  app.get(
    '/admin/v1/users',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List users, a page at a time',
        description: `Users in id order, after \`after\`. With \`search\`: first the users whose id starts with it (from the ordered id list), then, from the start of the list, those whose email holds it ignoring case (the first run left out); the email part looks at most ${LOOKED_AT_PER_PAGE.toLocaleString('en')} users per request, so a page may hold fewer than \`limit\` users and still have a \`next\` to go on from where it stopped.`,
        tags: [TAG],
        querystring: usersQuery,
        response: { 200: userPageSchema, ...errors() },
      },
    },
    async (request) => {
      const { engine } = await ctx.engines.runtimeFor(callerOf(request).space);
      const { limit, after, search } = request.query;
      return engine.listUsers({ limit, after: after ?? null, search: search ?? null, at: ctx.clock() });
    },
  );
}
