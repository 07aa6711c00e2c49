/**
 * The dashboard's session: POST /admin/v1/session signs in with the owner password (or an admin
 * key) and sets the session cookie (`kindling_session`; `__Host-kindling_session` over https, see
 * auth.ts); GET answers who is signed in; DELETE signs out.
 * Attempts are limited per client and, with a password, per account, and password checks wait for
 * one of a few slots (access/sign-in-limits.ts). A wrong password, an unknown account and a wrong key
 * all answer the same 401, and an unknown account costs the same password check as a known one.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { KeyCache } from '../../access/key-cache.js';
import type { SignInLimits } from '../../access/sign-in-limits.js';
import { findKeyByHash } from '../../accounts/key-records.js';
import { endSession, startSession } from '../../access/sessions.js';
import { listAccounts, readAccount } from '../../accounts/account-reads.js';
import type { FastifyReply } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { Account, SessionSource } from '../../control/types.js';
import { callerOf, sessionCookieName, sessionTokenOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import { keySource, passwordSource } from '../../access/session-source.js';
import type { App } from '../../http/typed-app.js';
import { hashKey, hashPassword, isApplicationKey, newSecret, verifyPassword } from '../../secrets.js';
import { sessionSchema } from '../../wire/admin-wire.js';
import { signInBody, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface SessionDeps {
  readonly accounts: AccountDeps;
  readonly clock: () => number;
  readonly keys: KeyCache;
  readonly signIns: SignInLimits;
}

export const SESSION_MS = 12 * 60 * 60 * 1000;

type SignIn = FromSchema<typeof signInBody>;

const invalid = () => new HttpError('INVALID_CREDENTIALS', 'the sign-in details are not valid');

/** Compared against when there is no account or no password, so that every refusal costs the same. */
let decoy: Promise<string> | null = null;

async function checkPassword(password: string, account: Account | null): Promise<boolean> {
  const stored = account?.passwordHash ?? null;
  decoy ??= hashPassword(newSecret());
  const matches = await verifyPassword(password, stored ?? (await decoy));
  return matches && stored !== null;
}

async function findAccount(ctx: SessionDeps, named: string | undefined): Promise<Account | null> {
  const accounts = await listAccounts(ctx.accounts);
  if (named === undefined)
    return accounts.find((a) => a.operator) ?? (accounts.length === 1 ? (accounts[0] as Account) : null);
  return accounts.find((a) => a.id === named) ?? accounts.find((a) => a.name === named) ?? null;
}

export function sessionRoutes(app: App, ctx: SessionDeps): void {
  const limits = ctx.signIns;

  async function withKey(key: string): Promise<{ account: Account; source: SessionSource }> {
    if (isApplicationKey(key))
      throw new HttpError(
        'ADMIN_KEY_REQUIRED',
        'the dashboard signs in with an admin key (kl_admin_…); this is an application key',
      );
    const record = await findKeyByHash(ctx.accounts, hashKey(key));
    if (record === null || record.kind !== 'admin' || record.revokedAt !== null) throw invalid();
    const account = await readAccount(ctx.accounts, record.accountId);
    if (account === null) throw invalid();
    // a sign-in is a use of the key, as a request made with it is (written with the others' by the key cache)
    ctx.keys.markUsed(record, ctx.clock());
    return { account, source: keySource(record) };
  }

  async function withPassword(
    password: string,
    named: string | undefined,
  ): Promise<{ account: Account; source: SessionSource }> {
    const exit = await limits.enter();
    try {
      const account = await findAccount(ctx, named);
      limits.account(account !== null ? { id: account.id } : { name: named ?? '' });
      if (!(await checkPassword(password, account))) throw invalid();
      const signedIn = account as Account & { passwordHash: string };
      return { account: signedIn, source: passwordSource(signedIn) };
    } finally {
      exit();
    }
  }

  /** The account signing in and what its session is made from. */
  async function signIn(body: SignIn, client: string): Promise<{ account: Account; source: SessionSource }> {
    const { password, key, account: named } = body;
    if ((password === undefined) === (key === undefined))
      throw new HttpError('INVALID_INPUT', 'send either { password } (with account when there are several) or { key }');
    limits.client(client);
    return key !== undefined ? withKey(key) : withPassword(password as string, named);
  }

  app.post(
    '/admin/v1/session',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in to the dashboard (sets the session cookie)',
        tags: [TAG],
        security: [],
        body: signInBody,
        response: { 200: sessionSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      const { account, source } = await signIn(request.body, request.ip);
      const secret = newSecret();
      const now = ctx.clock();
      await startSession(ctx.accounts, hashKey(secret), {
        accountId: account.id,
        created: new Date(now).toISOString(),
        expiresAt: now + SESSION_MS,
        source,
      });
      void reply.setCookie(sessionCookieName(request), secret, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure: request.protocol === 'https',
        maxAge: SESSION_MS / 1000,
      });
      return { account: { id: account.id, name: account.name } };
    },
  );

  app.get(
    '/admin/v1/session',
    {
      config: { access: 'admin' },
      schema: { summary: 'Who is signed in', tags: [TAG], response: { 200: sessionSchema, ...errors() } },
    },
    async (request) => {
      const account = await readAccount(ctx.accounts, callerOf(request).accountId);
      if (account === null) throw new HttpError('SESSION_EXPIRED', 'the account of this session no longer exists');
      return { account: { id: account.id, name: account.name } };
    },
  );

  app.delete(
    '/admin/v1/session',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Sign out',
        tags: [TAG],
        response: { 204: { type: 'null', description: 'signed out; the cookie is cleared' }, ...errors() },
      },
    },
    async (request, reply: FastifyReply) => {
      const token = sessionTokenOf(request);
      if (token !== undefined) await endSession(ctx.accounts, hashKey(token));
      void reply.clearCookie(sessionCookieName(request), {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
      });
      return reply.code(204).send();
    },
  );
}
