/**
 * A key revoked by one process, and the key routes of another that still caches it as valid: key
 * creation and revocation read the caller's key (or its session's) from the control plane itself.
 * Two servers on the same data in one test process, each with its own key cache.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server.js';
import { startTestServer, type TestServer, testSettings } from '../../../test/server.js';

const now = Date.parse('2026-03-02T10:00:00Z');
// a cache far longer than the test: whatever B answers from its cache, it answers for the whole test
const env = { KINDLING_CACHE_MS: '600000' };
let a: TestServer;
let b: RunningServer;
beforeEach(async () => {
  a = await startTestServer({ clock: () => now, env });
  b = await startServer(testSettings(a.dir, env), { clock: () => now, listen: false });
});
afterEach(async () => {
  await b.close();
  await a.close();
});

/** A request to process B, with a key or a session cookie (and the CSRF header a session's write needs). */
async function callB(method: string, url: string, auth: { key?: string; cookie?: string }, body?: unknown) {
  const headers: Record<string, string> = {
    ...(auth.key !== undefined ? { 'x-api-key': auth.key } : {}),
    ...(auth.cookie !== undefined ? { cookie: auth.cookie, 'x-kindling-csrf': '1' } : {}),
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
  };
  const res = await b.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** An admin key made in A, used in B (so that B caches it) by key and by a session signed in with it there. */
async function keyKnownToB() {
  const made = await a.call('POST', '/admin/v1/keys', { key: a.adminKey, body: { name: 'ops', kind: 'admin' } });
  expect(made.status).toBe(201);
  const signedIn = await callB('POST', '/admin/v1/session', {}, { key: made.body.key });
  expect(signedIn.status).toBe(200);
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
  expect((await callB('GET', '/admin/v1/keys', { key: made.body.key })).status).toBe(200);
  expect((await callB('GET', '/admin/v1/keys', { cookie })).status).toBe(200);
  const revoked = await a.call('DELETE', `/admin/v1/keys/${made.body.id}`, { key: a.adminKey });
  expect(revoked.status).toBe(200);
  return { key: made.body.key as string, cookie, otherId: a.server.firstStart?.applicationKey.record.id as string };
}

describe('a key revoked in another process', () => {
  it('makes and revokes no key in this one once the revocation is written, by the key or by its session', async () => {
    const { key, cookie, otherId } = await keyKnownToB();
    for (const auth of [{ key }, { cookie }]) {
      const minted = await callB('POST', '/admin/v1/keys', auth, { name: 'minted', kind: 'admin' });
      const appKeys = await callB('POST', '/admin/v1/application-api-keys', auth, [{ userId: 'ada' }]);
      const revoke = await callB('DELETE', `/admin/v1/keys/${otherId}`, auth);
      const revokeApp = await callB('DELETE', `/admin/v1/application-api-keys?ids=${otherId}`, auth);
      const expected = auth.key !== undefined ? 'REVOKED_API_KEY' : 'SESSION_EXPIRED';
      for (const answer of [minted, appKeys, revoke, revokeApp])
        expect([answer.status, answer.body.code]).toEqual([401, expected]);
    }
    // nothing was made or revoked: A lists the first start's keys and the revoked one only
    const listed = await a.call('GET', '/admin/v1/keys', { key: a.adminKey });
    expect(listed.body.filter((k: { revokedAt: string | null }) => k.revokedAt === null)).toHaveLength(2);
  });
});
