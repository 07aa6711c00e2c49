/**
 * The dashboard's session: POST /admin/v1/session signs in with the owner password (or an admin
 * key) and sets the `kindling_session` cookie; GET answers who is signed in; DELETE signs out.
 * Sign-in attempts are limited per account (10 at once, then one every 10 s), and a wrong password,
 * an unknown account and a wrong key all answer the same 401.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account, SessionSource } from '../../control/types.js';
import { callerOf, SESSION_COOKIE } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { RateLimiter } from '../../http/rate-limit.js';
import { errors } from '../../http/schemas.js';
import { keySource, passwordSource } from '../../http/session-source.js';
import { hashKey, hashPassword, isApplicationKey, newSecret, verifyPassword } from '../../secrets.js';
import { signInBody, TAG } from './schemas.js';

export const SESSION_MS = 12 * 60 * 60 * 1000;
export const SIGN_IN_BURST = 10;
const SIGN_IN_PER_SECOND = 0.1;

interface SignIn {
  password?: string;
  account?: string;
  key?: string;
}

const invalid = () => new HttpError(401, 'INVALID_CREDENTIALS', 'the sign-in details are not valid');

/** Compared against when there is no account or no password, so that every refusal costs the same. */
let decoy: string | null = null;

function checkPassword(password: string, account: Account | null): boolean {
  const stored = account?.passwordHash ?? null;
  decoy ??= hashPassword(newSecret());
  const matches = verifyPassword(password, stored ?? decoy);
  return matches && stored !== null;
}

async function findAccount(ctx: ServerContext, named: string | undefined): Promise<Account | null> {
  const accounts = await ctx.backend.control.accounts();
  if (named === undefined) return accounts.find((a) => a.operator) ?? (accounts.length === 1 ? (accounts[0] as Account) : null);
  return accounts.find((a) => a.id === named) ?? accounts.find((a) => a.name === named) ?? null;
}

export function sessionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const attempts = new RateLimiter(SIGN_IN_PER_SECOND, SIGN_IN_BURST, ctx.clock);
  const limit = (id: string) => {
    const retry = attempts.take(`signin:${id}`);
    if (retry > 0) throw new HttpError(429, 'RATE_LIMITED', `too many sign-in attempts; retry in ${retry} s`, { 'retry-after': String(retry) });
  };

  /** The account signing in and what its session is made from. */
  async function signIn(request: FastifyRequest<{ Body: SignIn }>): Promise<{ account: Account; source: SessionSource }> {
    const { password, key, account: named } = request.body;
    if ((password === undefined) === (key === undefined)) throw new HttpError(400, 'INVALID_INPUT', 'send either { password } (with account when there are several) or { key }');
    if (key !== undefined) {
      if (isApplicationKey(key)) throw new HttpError(403, 'ADMIN_KEY_REQUIRED', 'the dashboard signs in with an admin key (kl_admin_…); this is an application key');
      const record = await ctx.backend.control.keyByHash(hashKey(key));
      limit(record?.accountId ?? `ip:${request.ip}`);
      if (record === null || record.kind !== 'admin' || record.revokedAt !== null) throw invalid();
      const account = await ctx.backend.control.account(record.accountId);
      if (account === null) throw invalid();
      return { account, source: keySource(record) };
    }
    const account = await findAccount(ctx, named);
    limit(account?.id ?? `name:${named ?? ''}`);
    if (!checkPassword(password as string, account)) throw invalid();
    return { account: account as Account, source: passwordSource(account as Account & { passwordHash: string }) };
  }

  app.post<{ Body: SignIn }>(
    '/admin/v1/session',
    {
      config: { access: 'public' },
      schema: { summary: 'Sign in to the dashboard (sets the session cookie)', tags: [TAG], security: [], body: signInBody, response: errors(403) },
    },
    async (request, reply) => {
      const { account, source } = await signIn(request);
      const secret = newSecret();
      const now = ctx.clock();
      await ctx.backend.control.addSession(hashKey(secret), { accountId: account.id, created: new Date(now).toISOString(), expiresAt: now + SESSION_MS, source });
      void reply.setCookie(SESSION_COOKIE, secret, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure: request.protocol === 'https',
        maxAge: SESSION_MS / 1000,
      });
      return { account: { id: account.id, name: account.name } };
    },
  );

  app.get('/admin/v1/session', { config: { access: 'admin' }, schema: { summary: 'Who is signed in', tags: [TAG], response: errors() } }, async (request) => {
    const account = await ctx.backend.control.account(callerOf(request).accountId);
    if (account === null) throw new HttpError(401, 'SESSION_EXPIRED', 'the account of this session no longer exists');
    return { account: { id: account.id, name: account.name } };
  });

  app.delete('/admin/v1/session', { config: { access: 'admin' }, schema: { summary: 'Sign out', tags: [TAG], response: errors() } }, async (request, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token !== undefined && token !== '') await ctx.backend.control.removeSession(hashKey(token));
    void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
    return reply.code(204).send();
  });
}
