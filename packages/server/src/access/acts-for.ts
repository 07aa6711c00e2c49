/**
 * An application key bound to one user acts for that user only: a request whose path
 * (`/v1/users/:id/…`), query (`userIds`) or body (`user.id`, or `id` of POST /v1/users) names
 * another user is refused with 403 KEY_BOUND_TO_USER before the route runs: the path and query as
 * soon as the caller is known (authorize), a body before the handler of the routes that take one.
 * Routes that name no user (the achievements list) are open to it as to any application key.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors/errors.js';
import { isRecord } from '../http/is-record.js';

function refuse(bound: string): never {
  throw new HttpError(
    'KEY_BOUND_TO_USER',
    `this application key acts for the user ${JSON.stringify(bound.length > 64 ? `${bound.slice(0, 64)}…` : bound)} only`,
  );
}

/** The user ids a request names in its path (`/users/:id`) and query (`userIds`): known once it is routed. */
export function checkTargetActsFor(request: FastifyRequest): void {
  const bound = request.caller?.userId;
  if (bound === null || bound === undefined) return;
  const { params, query } = request;
  if (/\/users\/:id(\/|$)/.test(request.routeOptions.url ?? '') && isRecord(params) && params.id !== bound)
    refuse(bound);
  if (isRecord(query) && query.userIds !== undefined) {
    const parts = Array.isArray(query.userIds) ? query.userIds : [query.userIds];
    for (const part of parts)
      for (const id of String(part).split(',')) if (id.trim() !== '' && id.trim() !== bound) refuse(bound);
  }
}

/** The user a body names (`user.id`, or `id` of POST /v1/users): a preHandler of the routes that take a body. */
export async function checkBodyActsFor(request: FastifyRequest): Promise<void> {
  const bound = request.caller?.userId;
  if (bound === null || bound === undefined) return;
  const { body } = request;
  if (!isRecord(body)) return;
  if (isRecord(body.user) && body.user.id !== bound) refuse(bound);
  // a body that is a user itself (POST /v1/users)
  if (request.routeOptions.url === '/v1/users' && body.id !== bound) refuse(bound);
}
