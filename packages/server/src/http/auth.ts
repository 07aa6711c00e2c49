/**
 * Authentication and authorisation of every request, before its body is read: the API key or the
 * dashboard session decides the account; the route's `access` decides whether it may go on.
 * Application keys may not call admin routes (403); a session must send the CSRF header on writes,
 * and lasts only while the key or password it was signed in with holds (session-source.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountSpace } from '../runtime/spaces.js';
import { checkTargetActsFor } from './acts-for.js';
import { hashKey } from '../secrets.js';
import type { Access, Caller, ServerContext } from './context.js';
import { HttpError } from './errors.js';
import { sourceHolds } from './session-source.js';
import { spaceOf, TENANT_HEADER } from './tenant-header.js';

export const SESSION_COOKIE = 'kindling_session';
export const CSRF_HEADER = 'x-kindling-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who called, before the Tenant-ID header is read; a key bound to a user names that user's tenant. */
type Identity = Omit<Caller, 'space'> & { readonly userTenant: string | null };

async function callerFromKey(ctx: ServerContext, key: string): Promise<Identity> {
  const record = await ctx.keys.find(key);
  if (record === null) throw new HttpError('INVALID_API_KEY', 'the API key is not valid');
  if (record.revokedAt !== null)
    throw new HttpError('REVOKED_API_KEY', `the API key ${record.prefix}… was revoked at ${record.revokedAt}`);
  const retry = ctx.limiter.take(record.id);
  if (retry > 0) {
    throw new HttpError('RATE_LIMITED', `too many requests for this API key; retry in ${retry} s`, {
      'retry-after': String(retry),
    });
  }
  ctx.keys.markUsed(record, ctx.clock());
  return {
    accountId: record.accountId,
    via: record.kind === 'admin' ? 'admin-key' : 'application-key',
    keyId: record.id,
    userId: record.kind === 'application' ? (record.userId ?? null) : null,
    userTenant: record.tenantId ?? null,
  };
}

async function callerFromSession(ctx: ServerContext, request: FastifyRequest, token: string): Promise<Identity> {
  const hash = hashKey(token);
  const session = await ctx.backend.control.session(hash, ctx.clock());
  if (session === null)
    throw new HttpError('SESSION_EXPIRED', 'the session has expired or was signed out; sign in again');
  if (!(await sourceHolds(ctx.keys, session))) {
    await ctx.backend.control.removeSession(hash);
    throw new HttpError(
      'SESSION_EXPIRED',
      'the key or password this session was signed in with was revoked or changed; sign in again',
    );
  }
  if (!SAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] === undefined) {
    throw new HttpError('CSRF_HEADER_REQUIRED', `a signed-in change must carry the ${CSRF_HEADER} header`);
  }
  const retry = ctx.limiter.take(`session:${session.accountId}`);
  if (retry > 0)
    throw new HttpError('RATE_LIMITED', `too many requests; retry in ${retry} s`, { 'retry-after': String(retry) });
  return { accountId: session.accountId, via: 'session', keyId: null, userId: null, userTenant: null };
}

/** The caller of a request, or null when it carries no credentials. */
export async function identify(ctx: ServerContext, request: FastifyRequest, access: Access): Promise<Identity | null> {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && key !== '') return callerFromKey(ctx, key);
  const token = access === 'admin' || access === 'operator' ? request.cookies?.[SESSION_COOKIE] : undefined;
  if (token !== undefined && token !== '') return callerFromSession(ctx, request, token);
  return null;
}

export async function authorize(ctx: ServerContext, request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const access = request.routeOptions.config?.access ?? 'public';
  request.caller = null;
  if (access === 'public') return;
  const caller = await identify(ctx, request, access);
  if (caller === null) throw new HttpError('MISSING_API_KEY', 'send your API key in the X-API-KEY header');
  if (access !== 'app' && caller.via === 'application-key') {
    throw new HttpError(
      'ADMIN_KEY_REQUIRED',
      'this route needs an admin key; application keys may only record events and read streaks',
    );
  }
  if (access === 'operator') {
    const account = await ctx.backend.control.account(caller.accountId);
    if (account === null || !account.operator)
      throw new HttpError('OPERATOR_REQUIRED', 'only the server operator account may manage accounts');
  }
  // without a Tenant-ID header (most requests) the account's own namespace, with no await in between
  const space =
    request.routeOptions.config?.tenant === 'ignored' || request.headers[TENANT_HEADER] === undefined
      ? accountSpace(caller.accountId)
      : await spaceOf(ctx, request, caller.accountId);
  // A key bound to a user acts in that user's namespace only: the same user id elsewhere is another user.
  if (
    caller.userId !== null &&
    request.routeOptions.config?.tenant !== 'ignored' &&
    space.tenantId !== caller.userTenant
  )
    throw new HttpError(
      'KEY_BOUND_TO_USER',
      caller.userTenant === null
        ? "this application key acts for a user of the account's own namespace only: send no Tenant-ID"
        : "this application key acts for a user of one tenant only: send that tenant's Tenant-ID",
    );
  const { userTenant: _, ...identity } = caller;
  request.caller = { ...identity, space };
  checkTargetActsFor(request);
}

/** The caller of a route that required one. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === null) throw new HttpError('MISSING_API_KEY', 'send your API key in the X-API-KEY header');
  return request.caller;
}
