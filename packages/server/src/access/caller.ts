/**
 * Who a request's caller is and which callers a route accepts: the caller the guards set on the
 * request (`auth.ts`), and the route options they read (access, tenant, invalid input, fresh credentials).
 */
import type { Space } from '../backend/spaces.js';

/** Who is calling: resolved from X-API-KEY or the dashboard's session cookie, and the Tenant-ID header. */
export interface Caller {
  readonly accountId: string;
  readonly via: 'admin-key' | 'application-key' | 'session';
  readonly keyId: string | null;
  /** the namespace of user data the request reads and writes (the account's own unless Tenant-ID names a tenant) */
  readonly space: Space;
  /** the one user an application key bound to a user acts for, else null */
  readonly userId: string | null;
  /**
   * the server clock's instant when the caller was known: read once per request and shared by its
   * checks (the key cache, the rate limit, a kept read's day), not read again by each
   */
  readonly at: number;
}

/** Which callers a route accepts. */
export type Access = 'public' | 'app' | 'admin' | 'operator' | 'scraper';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** 'ignored': the route is over the account itself (tenants; deleting application API keys) and reads no Tenant-ID */
    tenant?: 'ignored';
    /**
     * 422: the route serves an endpoint of the hosted service whose reference documents invalid input
     * as 422 and not 400, and answers its input errors so (errors.ts), that the hosted service's SDK
     * raises the error class it documents for them; the route declares 422 among its errors.
     */
    invalidInput?: 422;
    /**
     * 'fresh': the caller's key, or its session's key or password, is read from the control plane on
     * every request, never from the key cache (auth.ts): the routes that make or revoke keys, which a
     * key revoked in another process must not reach within the cache's time.
     */
    credentials?: 'fresh';
  }
}
