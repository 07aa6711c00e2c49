/**
 * Authentication and authorisation of every request, before its body is read: the API key or the
 * dashboard session decides the account; the route's `access` decides whether it may go on.
 * Application keys may not call admin routes (403); a session must send the CSRF header on writes,
 * and lasts only while the key or password it was signed in with holds (session-source.ts). A route
 * whose config asks its credentials `fresh` (the key routes) has them read from the control plane,
 * not the key cache, on every request.
 */
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { ApiKeyRecord } from '../control/types.js';
import { accountSpace, type Space } from '../backend/spaces.js';
import { checkTargetActsFor } from './acts-for.js';
import { hashKey } from '../secrets.js';
import type { AccessDeps } from './access-deps.js';
import type { Access, Caller } from './caller.js';
import { checkScraper } from './scraper-token.js';
import { HttpError } from '../errors/errors.js';
import { sourceHolds } from './session-source.js';
import { singleHeader } from '../http/single-header.js';
import { spaceOf, TENANT_HEADER } from './tenant-header.js';

export const SESSION_COOKIE = 'kindling_session';
export const CSRF_HEADER = 'x-kindling-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type RouteConfig = FastifyContextConfig;

/** Who called, before the Tenant-ID header is read; a key bound to a user names that user's tenant. */
type Identity = Omit<Caller, 'space'> & { readonly userTenant: string | null };

/** The caller a key's record names (null: no such key), after the revocation and rate-limit checks, at `now`. */
function identityOfRecord(ctx: AccessDeps, record: ApiKeyRecord | null, now: number): Identity {
  if (record === null) throw new HttpError('INVALID_API_KEY', 'the API key is not valid');
  if (record.revokedAt !== null)
    throw new HttpError('REVOKED_API_KEY', `the API key ${record.prefix}… was revoked at ${record.revokedAt}`);
  const retry = ctx.limiter.take(record.id, now);
  if (retry > 0) {
    throw new HttpError('RATE_LIMITED', `too many requests for this API key; retry in ${retry} s`, {
      headers: { 'retry-after': String(retry) },
    });
  }
  ctx.keys.markUsed(record, now);
  return {
    accountId: record.accountId,
    via: record.kind === 'admin' ? 'admin-key' : 'application-key',
    keyId: record.id,
    userId: record.kind === 'application' ? (record.userId ?? null) : null,
    at: now,
    userTenant: record.tenantId ?? null,
  };
}

async function callerFromKey(ctx: AccessDeps, key: string, fresh: boolean): Promise<Identity> {
  const record = await ctx.keys.find(key, fresh);
  return identityOfRecord(ctx, record, ctx.clock());
}

async function callerFromSession(
  ctx: AccessDeps,
  request: FastifyRequest,
  token: string,
  fresh: boolean,
): Promise<Identity> {
  const hash = hashKey(token);
  const asked = ctx.clock();
  const session = await ctx.accounts.control.session(hash, asked);
  if (session === null)
    throw new HttpError('SESSION_EXPIRED', 'the session has expired or was signed out; sign in again');
  if (!(await sourceHolds(ctx.keys, session, asked, fresh))) {
    await ctx.accounts.control.removeSession(hash);
    throw new HttpError(
      'SESSION_EXPIRED',
      'the key or password this session was signed in with was revoked or changed; sign in again',
    );
  }
  if (!SAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] === undefined) {
    throw new HttpError('CSRF_HEADER_REQUIRED', `a signed-in change must carry the ${CSRF_HEADER} header`);
  }
  const now = ctx.clock();
  const retry = ctx.limiter.take(`session:${session.accountId}`, now);
  if (retry > 0)
    throw new HttpError('RATE_LIMITED', `too many requests; retry in ${retry} s`, {
      headers: { 'retry-after': String(retry) },
    });
  return { accountId: session.accountId, via: 'session', keyId: null, userId: null, at: now, userTenant: null };
}

/** The API key a request carries, if any. */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const key = singleHeader(
    request,
    'x-api-key',
    () => new HttpError('INVALID_API_KEY', 'send one X-API-KEY header: a request carries one key'),
  );
  return key === '' ? undefined : key;
}

/**
 * The name of the session cookie for this request. Over HTTPS it carries the `__Host-` prefix: a
 * browser keeps such a cookie only when it is Secure, for `/` and set by this origin itself, so no
 * page on another port of this host, or on a sibling name, can plant one (RFC 6265bis, 4.1.3.2).
 */
export function sessionCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * The dashboard session's token a request carries in its cookie, if any: parsed here, on the routes
 * that take a session only, not by a hook on every request. Two cookies of the name are refused,
 * whichever comes first: a browser sends every cookie that matches, one planted by another site on
 * this host (over HTTP, where the name has no prefix) first when its path is longer, and reading
 * either would act in an account the owner did not sign in to, or end each sign-in at once.
 */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  const name = sessionCookieName(request);
  const carried = header.split(';').filter((pair) => {
    const eq = pair.indexOf('=');
    return eq >= 0 && pair.slice(0, eq).trim() === name;
  }).length;
  if (carried > 1)
    throw new HttpError(
      'SESSION_COOKIE_CONFLICT',
      `the request carries ${carried} ${name} cookies, and another site on this host set all but one of them: clear this site's cookies in the browser, then sign in again`,
    );
  const token = fastifyCookie.parse(header)[name];
  return token === '' || token === undefined ? undefined : token;
}

/** The caller of a request, or null when it carries no credentials; `fresh`: its credentials read from the control plane. */
export async function identify(
  ctx: AccessDeps,
  request: FastifyRequest,
  access: Access,
  fresh = false,
): Promise<Identity | null> {
  const key = apiKeyOf(request);
  if (key !== undefined) return callerFromKey(ctx, key, fresh);
  const token = access === 'admin' || access === 'operator' ? sessionTokenOf(request) : undefined;
  if (token !== undefined) return callerFromSession(ctx, request, token, fresh);
  return null;
}

/** The caller, if the route's access lets it in: checked before anything else is looked up (the operator flag, a tenant). */
function allowed(caller: Identity | null, access: Access): Identity {
  if (caller === null) throw new HttpError('MISSING_API_KEY', 'send your API key in the X-API-KEY header');
  if (access !== 'app' && caller.via === 'application-key') {
    throw new HttpError(
      'ADMIN_KEY_REQUIRED',
      'this route needs an admin key; application keys may only record events and read streaks',
    );
  }
  return caller;
}

/** The caller in the namespace the request names, set on the request once its key may act there. */
function admit(request: FastifyRequest, config: RouteConfig, caller: Identity, space: Space): void {
  // A key bound to a user acts in that user's namespace only: the same user id elsewhere is another user.
  if (caller.userId !== null && config.tenant !== 'ignored' && space.tenantId !== caller.userTenant)
    throw new HttpError(
      'KEY_BOUND_TO_USER',
      caller.userTenant === null
        ? "this application key acts for a user of the account's own namespace only: send no Tenant-ID"
        : "this application key acts for a user of one tenant only: send that tenant's Tenant-ID",
    );
  request.caller = {
    accountId: caller.accountId,
    via: caller.via,
    keyId: caller.keyId,
    userId: caller.userId,
    space,
    at: caller.at,
  };
  if (caller.userId !== null) checkTargetActsFor(request);
}

async function authorizeFromStores(
  ctx: AccessDeps,
  request: FastifyRequest,
  config: RouteConfig,
  access: Access,
): Promise<void> {
  const caller = allowed(await identify(ctx, request, access, config.credentials === 'fresh'), access);
  if (access === 'operator') {
    const account = await ctx.accounts.control.account(caller.accountId);
    if (account === null || !account.operator)
      throw new HttpError('OPERATOR_REQUIRED', 'only the server operator account may manage accounts');
  }
  const space =
    config.tenant === 'ignored' || request.headers[TENANT_HEADER] === undefined
      ? accountSpace(caller.accountId)
      : await spaceOf(ctx, request, caller.accountId);
  admit(request, config, caller, space);
}

/**
 * Sets `request.caller` for the route's `access` (its `config`, bound when it was registered), or throws the HttpError that refuses the request.
 * Most requests (a key whose record is cached, no Tenant-ID, not an operator route) are decided
 * here without a promise; the others return one that settles once the stores have answered.
 */
export function authorize(ctx: AccessDeps, request: FastifyRequest, config: RouteConfig): Promise<void> | undefined {
  const access = config.access ?? 'public';
  request.caller = null;
  if (access === 'public') return undefined;
  if (access === 'scraper') {
    checkScraper(ctx.settings.metrics?.token ?? null, request);
    return undefined;
  }
  const key = apiKeyOf(request);
  // The one reading of the clock the request's checks share (Caller.at).
  const now = ctx.clock();
  const record = key === undefined ? undefined : ctx.keys.peek(key, now);
  if (
    record === undefined ||
    config.credentials === 'fresh' ||
    access === 'operator' ||
    (config.tenant !== 'ignored' && request.headers[TENANT_HEADER] !== undefined)
  )
    return authorizeFromStores(ctx, request, config, access);
  const caller = allowed(identityOfRecord(ctx, record, now), access);
  admit(request, config, caller, accountSpace(caller.accountId));
  return undefined;
}

/** The caller of a route that required one. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === null) throw new HttpError('MISSING_API_KEY', 'send your API key in the X-API-KEY header');
  return request.caller;
}
