/**
 * An application key bound to one user acts for that user only: a request whose path
 * (`/v1/users/:id/…`), body (`user.id`, or `id` of POST /v1/users) or query (`userIds`) names another
 * user is refused with 403
 * KEY_BOUND_TO_USER, after validation and before the route runs. Routes that name no user (the
 * achievements list) are open to it as to any application key.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every user id the request names. */
function usersNamed(request: FastifyRequest): unknown[] {
  const named: unknown[] = [];
  const { params, body, query } = request;
  if (/\/users\/:id(\/|$)/.test(request.routeOptions.url ?? '') && isRecord(params)) named.push(params.id);
  if (isRecord(body) && isRecord(body.user)) named.push(body.user.id);
  // a body that is a user itself (POST /v1/users)
  if (request.routeOptions.url === '/v1/users' && isRecord(body)) named.push(body.id);
  if (isRecord(query) && query.userIds !== undefined) {
    const parts = Array.isArray(query.userIds) ? query.userIds : [query.userIds];
    for (const part of parts) for (const id of String(part).split(',')) if (id.trim() !== '') named.push(id.trim());
  }
  return named;
}

export function checkActsFor(request: FastifyRequest): void {
  const bound = request.caller?.userId;
  if (bound === null || bound === undefined) return;
  if (usersNamed(request).some((id) => id !== bound))
    throw new HttpError(
      'KEY_BOUND_TO_USER',
      `this application key acts for the user ${JSON.stringify(bound.length > 64 ? `${bound.slice(0, 64)}…` : bound)} only`,
    );
}
