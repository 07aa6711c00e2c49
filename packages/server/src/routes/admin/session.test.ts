import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';
import { SIGN_IN_BURST } from '../../access/sign-in-limits.js';

const PASSWORD = 'correct horse battery';
let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now, env: { KINDLING_OWNER_PASSWORD: PASSWORD } });
});
afterEach(() => t.close());

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const line = Array.isArray(header) ? String(header[0]) : String(header);
  return line.split(';')[0] as string;
}

describe('POST /admin/v1/session', () => {
  it('signs in with the owner password, sets a strict HttpOnly cookie and answers the account', async () => {
    const res = await t.call('POST', '/admin/v1/session', { key: null, body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ account: { id: t.server.firstStart?.account.id, name: 'default' } });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^kindling_session=[\w-]{20,};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Secure');
  });

  it('signs in with an admin key, and tells an application key that an admin key is needed', async () => {
    const admin = await t.call('POST', '/admin/v1/session', { key: null, body: { key: t.adminKey } });
    expect(admin.status).toBe(200);
    const app = await t.call('POST', '/admin/v1/session', { key: null, body: { key: t.appKey } });
    expect(app.status).toBe(403);
    expect(app.body).toEqual({ error: expect.stringContaining('admin key'), code: 'ADMIN_KEY_REQUIRED' });
  });

  it('answers a wrong password, an unknown account and a wrong key with the same 401', async () => {
    const wrong = await t.call('POST', '/admin/v1/session', { key: null, body: { password: 'not the password' } });
    const unknown = await t.call('POST', '/admin/v1/session', {
      key: null,
      body: { account: 'nobody', password: PASSWORD },
    });
    const badKey = await t.call('POST', '/admin/v1/session', { key: null, body: { key: 'kl_admin_nope' } });
    for (const res of [wrong, unknown, badKey]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(wrong.body);
    }
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a body with neither or both of password and key', async () => {
    expect((await t.call('POST', '/admin/v1/session', { key: null, body: {} })).status).toBe(400);
    expect(
      (await t.call('POST', '/admin/v1/session', { key: null, body: { password: PASSWORD, key: t.adminKey } })).status,
    ).toBe(400);
  });

  it('picks the account by name or id when there are several', async () => {
    const id = t.server.firstStart?.account.id as string;
    await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'second' } });
    const byName = await t.call('POST', '/admin/v1/session', {
      key: null,
      body: { account: 'default', password: PASSWORD },
    });
    const byId = await t.call('POST', '/admin/v1/session', { key: null, body: { account: id, password: PASSWORD } });
    const passwordless = await t.call('POST', '/admin/v1/session', {
      key: null,
      body: { account: 'second', password: PASSWORD },
    });
    expect(byName.body.account.id).toBe(id);
    expect(byId.body.account.id).toBe(id);
    expect(passwordless.status).toBe(401);
  });

  it('limits sign-in attempts per account and answers 429 with Retry-After, even for the right password', async () => {
    for (let i = 0; i < SIGN_IN_BURST; i++) {
      expect((await t.call('POST', '/admin/v1/session', { key: null, body: { password: `wrong ${i}` } })).status).toBe(
        401,
      );
    }
    const limited = await t.call('POST', '/admin/v1/session', { key: null, body: { password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    now += Number(limited.headers['retry-after']) * 1000;
    expect((await t.call('POST', '/admin/v1/session', { key: null, body: { password: PASSWORD } })).status).toBe(200);
  });
});

/** A sign-in attempt from a client address of its own. */
async function signInFrom(
  address: string,
  body: unknown,
): Promise<{ status: number; code: string; retryAfter: unknown }> {
  const res = await t.server.app.inject({
    method: 'POST',
    url: '/admin/v1/session',
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, code: JSON.parse(res.body).code, retryAfter: res.headers['retry-after'] };
}

describe('limits on sign-in attempts', () => {
  it('limits one client however many account names it tries, and not the other clients', async () => {
    for (let i = 0; i < SIGN_IN_BURST; i++)
      expect((await signInFrom('203.0.113.5', { account: `nobody-${i}`, password: 'x' })).status).toBe(401);
    expect(await signInFrom('203.0.113.5', { account: 'nobody-else', password: 'x' })).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect(await signInFrom('203.0.113.5', { key: t.adminKey })).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // The same IPv6 /64 network is the same client.
    for (let i = 0; i < SIGN_IN_BURST; i++)
      expect((await signInFrom(`2001:db8:7:7::${i + 1}`, { account: `n-${i}`, password: 'x' })).status).toBe(401);
    expect((await signInFrom('2001:db8:7:7:ffff::1', { account: 'n', password: 'x' })).status).toBe(429);
    expect((await signInFrom('203.0.113.6', { password: PASSWORD })).status).toBe(200);
  });

  it('limits password attempts at one account from any number of clients, while an admin key still signs in', async () => {
    for (let i = 0; i < SIGN_IN_BURST; i++)
      expect((await signInFrom(`198.51.100.${i}`, { password: `wrong ${i}` })).status).toBe(401);
    const limited = await signInFrom('198.51.100.200', { password: PASSWORD });
    expect(limited).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect((await signInFrom('198.51.100.201', { key: t.adminKey })).status).toBe(200);
  });

  it('limits attempts at a name no account has as it limits those at an account, so the answers tell nothing', async () => {
    const answers = async (account: string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= SIGN_IN_BURST; i++)
        statuses.push((await signInFrom(`192.0.2.${i}`, { account, password: 'x' })).status);
      return statuses;
    };
    const known = await answers('default');
    now += 3_600_000;
    expect(await answers('ghost')).toEqual(known);
    expect(known.at(-1)).toBe(429);
  });

  it('answers 429 SIGN_IN_BUSY at once when the line of password checks is full, for known and unknown accounts alike', async () => {
    const slots = t.server.ctx.signIns.checks;
    const held: Array<Promise<() => void>> = [];
    for (let slot = slots.enter(); slot !== null; slot = slots.enter()) held.push(slot);
    expect(held).toHaveLength(slots.concurrency + slots.maxWaiting);
    for (const account of ['default', 'ghost']) {
      expect(await signInFrom('192.0.2.77', { account, password: PASSWORD })).toEqual({
        status: 429,
        code: 'SIGN_IN_BUSY',
        retryAfter: '1',
      });
    }
    // A key needs no password check.
    expect((await signInFrom('192.0.2.78', { key: t.adminKey })).status).toBe(200);
    for (const slot of held) (await slot)();
    expect((await signInFrom('192.0.2.77', { password: PASSWORD })).status).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy, so it cannot pick its own address', async () => {
    for (let i = 0; i < SIGN_IN_BURST; i++) {
      expect(
        (
          await t.call('POST', '/admin/v1/session', {
            key: null,
            headers: { 'x-forwarded-for': `203.0.113.${i}` },
            body: { account: `n-${i}`, password: 'x' },
          })
        ).status,
      ).toBe(401);
    }
    expect(
      (
        await t.call('POST', '/admin/v1/session', {
          key: null,
          headers: { 'x-forwarded-for': '203.0.113.99' },
          body: { account: 'n', password: 'x' },
        })
      ).status,
    ).toBe(429);
  });

  it('counts the client a proxy named in KINDLING_TRUST_PROXY forwards for, not the proxy', async () => {
    const proxied = await startTestServer({
      env: { KINDLING_OWNER_PASSWORD: PASSWORD, KINDLING_TRUST_PROXY: '127.0.0.1' },
    });
    try {
      const attempt = (client: string, account: string) =>
        proxied.call('POST', '/admin/v1/session', {
          key: null,
          headers: { 'x-forwarded-for': client },
          body: { account, password: 'x' },
        });
      for (let i = 0; i < SIGN_IN_BURST; i++) expect((await attempt('203.0.113.1', `n-${i}`)).status).toBe(401);
      expect((await attempt('203.0.113.1', 'n')).status).toBe(429);
      expect((await attempt('203.0.113.2', 'n')).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('refuses oversized values before any check, and takes __proto__ for a name like any other', async () => {
    expect(await signInFrom('192.0.2.90', { password: 'x'.repeat(20_000) })).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    });
    expect(await signInFrom('192.0.2.90', { key: `kl_admin_${'x'.repeat(20_000)}` })).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    });
    expect(await signInFrom('192.0.2.90', { account: 'x'.repeat(20_000), password: 'x' })).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    });
    for (const account of ['__proto__', 'constructor', 'hasOwnProperty']) {
      expect(await signInFrom('192.0.2.91', { account, password: PASSWORD })).toMatchObject({
        status: 401,
        code: 'INVALID_CREDENTIALS',
      });
    }
    expect((await signInFrom('192.0.2.92', { password: PASSWORD })).status).toBe(200);
  });
});

describe('GET and DELETE /admin/v1/session', () => {
  it('answers the signed-in account, then signs out and clears the cookie', async () => {
    const signIn = await t.call('POST', '/admin/v1/session', { key: null, body: { password: PASSWORD } });
    const cookie = cookieOf(signIn);
    const who = await t.call('GET', '/admin/v1/session', { key: null, headers: { cookie } });
    expect(who.status).toBe(200);
    expect(who.body).toEqual(signIn.body);
    const out = await t.call('DELETE', '/admin/v1/session', { key: null, headers: { cookie, 'x-kindling-csrf': '1' } });
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^kindling_session=;/);
    const after = await t.call('GET', '/admin/v1/session', { key: null, headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('ends a session at once when the admin key it was signed in with is revoked', async () => {
    const made = await t.call('POST', '/admin/v1/keys', { key: t.adminKey, body: { name: 'laptop', kind: 'admin' } });
    const cookie = cookieOf(await t.call('POST', '/admin/v1/session', { key: null, body: { key: made.body.key } }));
    const write = {
      key: null,
      headers: { cookie, 'x-kindling-csrf': '1' },
      body: { name: 'by session', kind: 'admin' },
    };
    expect((await t.call('POST', '/admin/v1/keys', write)).status).toBe(201);
    expect((await t.call('DELETE', `/admin/v1/keys/${made.body.id}`, { key: t.adminKey })).status).toBe(200);
    expect((await t.call('GET', '/admin/v1/keys', { key: made.body.key })).status).toBe(401);
    const after = await t.call('POST', '/admin/v1/keys', write);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('SESSION_EXPIRED');
    expect((await t.call('GET', '/admin/v1/session', { key: null, headers: { cookie } })).status).toBe(401);
  });

  it('keeps a session signed in with another key when one key is revoked', async () => {
    const made = await t.call('POST', '/admin/v1/keys', { key: t.adminKey, body: { name: 'laptop', kind: 'admin' } });
    const cookie = cookieOf(await t.call('POST', '/admin/v1/session', { key: null, body: { key: t.adminKey } }));
    expect((await t.call('DELETE', `/admin/v1/keys/${made.body.id}`, { key: t.adminKey })).status).toBe(200);
    expect((await t.call('GET', '/admin/v1/keys', { key: null, headers: { cookie } })).status).toBe(200);
  });

  it('counts a sign-in with an admin key, and each request of the session it made, as a use of the key in GET /admin/v1/keys', async () => {
    const made = await t.call('POST', '/admin/v1/keys', { key: t.adminKey, body: { name: 'laptop', kind: 'admin' } });
    const lastUse = async () => {
      const keys = await t.call('GET', '/admin/v1/keys', { key: t.adminKey });
      return keys.body.find((k: { id: string }) => k.id === made.body.id).lastUsedAt;
    };
    expect(await lastUse()).toBeNull();
    now += 5000;
    const cookie = cookieOf(await t.call('POST', '/admin/v1/session', { key: null, body: { key: made.body.key } }));
    now += 5000;
    expect(await lastUse()).toBe('2026-03-02T10:00:05.000Z');
    now += 5000;
    expect((await t.call('GET', '/admin/v1/session', { key: null, headers: { cookie } })).status).toBe(200);
    expect(await lastUse()).toBe('2026-03-02T10:00:15.000Z');
    // written to the control plane too, as other uses are
    await t.server.ctx.keys.flush();
    const stored = await t.server.ctx.backend.control.keys(t.server.firstStart?.account.id ?? '');
    expect(stored.find((k) => k.id === made.body.id)?.lastUsedAt).toBe('2026-03-02T10:00:15.000Z');
  });

  it('ends a session after 12 hours', async () => {
    const cookie = cookieOf(await t.call('POST', '/admin/v1/session', { key: null, body: { password: PASSWORD } }));
    now += 12 * 60 * 60 * 1000 - 1;
    expect((await t.call('GET', '/admin/v1/metrics', { key: null, headers: { cookie } })).status).toBe(200);
    now += 1;
    expect((await t.call('GET', '/admin/v1/metrics', { key: null, headers: { cookie } })).status).toBe(401);
  });

  it('answers 401 without a session', async () => {
    expect((await t.call('GET', '/admin/v1/session', { key: null })).status).toBe(401);
  });
});

describe('sessions in the control plane', () => {
  it('drop out of storage once their lifetime has passed, whether or not anyone signs out', async () => {
    const control = t.server.ctx.backend.control;
    const created = Date.now();
    const session = { accountId: t.server.firstStart!.account.id, created: new Date(created).toISOString() };
    // a session that lives 50 ms, and one that lives a day
    await control.addSession('short', { ...session, expiresAt: created + 50 });
    await control.addSession('long', { ...session, expiresAt: created + 86_400_000 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    // asked as of the epoch, a session still stored would be answered: only storage can say it is gone
    expect(await control.session('short', 0)).toBeNull();
    expect(await control.session('long', 0)).not.toBeNull();
  });
});

describe('a session cookie planted by another site on this host (another port, a sibling name)', () => {
  it('refuses a request carrying two session cookies, in either order, with 400 SESSION_COOKIE_CONFLICT', async () => {
    const owner = cookieOf(await t.call('POST', '/admin/v1/session', { key: null, body: { password: PASSWORD } }));
    const made = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'other' } });
    const planted = cookieOf(
      await t.call('POST', '/admin/v1/session', { key: null, body: { key: made.body.adminKey } }),
    );
    for (const cookie of [`${planted}; ${owner}`, `${owner}; ${planted}`, `kindling_session=junk; ${owner}`]) {
      const answer = await t.call('GET', '/admin/v1/session', { key: null, headers: { cookie } });
      expect({ status: answer.status, code: answer.body.code }).toEqual({
        status: 400,
        code: 'SESSION_COOKIE_CONFLICT',
      });
      expect(answer.body.error).toContain("clear this site's cookies");
    }
    const write = await t.call('POST', '/admin/v1/keys', {
      key: null,
      headers: { cookie: `${planted}; ${owner}`, 'x-kindling-csrf': '1' },
      body: { name: 'made in the wrong account', kind: 'admin' },
    });
    expect(write.status).toBe(400);
  });

  it('over HTTPS names its cookie __Host-kindling_session, which no other site may set, and reads no other', async () => {
    const proxied = await startTestServer({
      env: { KINDLING_OWNER_PASSWORD: PASSWORD, KINDLING_TRUST_PROXY: '127.0.0.1' },
    });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      const signIn = await proxied.call('POST', '/admin/v1/session', {
        key: null,
        headers: https,
        body: { password: PASSWORD },
      });
      const header = String(signIn.headers['set-cookie']);
      expect(header).toMatch(/^__Host-kindling_session=[\w-]{20,};/);
      expect(header).toContain('Secure');
      expect(header).toContain('Path=/');
      expect(header).not.toContain('Domain');
      const token = cookieOf(signIn).split('=')[1];
      const read = (cookie: string) =>
        proxied.call('GET', '/admin/v1/session', { key: null, headers: { ...https, cookie } });
      expect((await read(`__Host-kindling_session=${token}`)).status).toBe(200);
      expect((await read(`kindling_session=${token}`)).status).toBe(401);
      const out = await proxied.call('DELETE', '/admin/v1/session', {
        key: null,
        headers: { ...https, cookie: `__Host-kindling_session=${token}`, 'x-kindling-csrf': '1' },
      });
      expect(String(out.headers['set-cookie'])).toMatch(/^__Host-kindling_session=;.*Secure/);
    } finally {
      await proxied.close();
    }
  });
});
