/**
 * A header that selects something (the tenant, the idempotency key, the API key) is taken from one
 * header line only. Node joins repeated lines into one value ("a, b"), which could name another
 * tenant or another idempotency key: a request that repeats such a header is refused, over a real
 * socket, where the repeat is on the wire.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ listen: true });
  const made = await t.call('POST', '/admin/v1/tenants', {
    key: t.adminKey,
    body: [
      { customerId: 'a', name: 'A' },
      { customerId: 'a, b', name: 'A and B, a legal customer id' },
    ],
  });
  expect(made.status).toBe(201);
});
afterAll(() => t.close());

/** A request whose headers may repeat a line: each array is sent as one line a value. */
function send(
  method: string,
  path: string,
  headers: Record<string, string | string[]>,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const url = new URL(path, t.server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('a header that selects something', () => {
  it('sent twice as Tenant-ID is refused, not read as the tenant "a, b"', async () => {
    const answer = await send('GET', '/v1/users/u-1/streak', { 'x-api-key': t.adminKey, 'tenant-id': ['a', 'b'] });
    expect(answer).toMatchObject({ status: 400, body: { code: 'INVALID_TENANT_ID' } });
    expect(answer.body.error).toMatch(/one Tenant-ID header/);
  });

  it('sent once names its tenant, a comma and all', async () => {
    const answer = await send('GET', '/v1/users/u-1/streak', { 'x-api-key': t.adminKey, 'tenant-id': 'a, b' });
    expect(answer.status).toBe(200);
  });

  it('sent twice as Idempotency-Key is refused, not read as the key "k1, k2"', async () => {
    const answer = await send(
      'POST',
      '/v1/metrics/lessons/event',
      { 'x-api-key': t.appKey, 'idempotency-key': ['k1', 'k2'] },
      { user: { id: 'u-1' }, value: 1 },
    );
    expect(answer).toMatchObject({ status: 400, body: { code: 'INVALID_IDEMPOTENCY_KEY' } });
    expect(answer.body.error).toMatch(/one Idempotency-Key header/);
    const user = await t.call('GET', '/admin/v1/users/u-1', { key: t.adminKey });
    expect(user.status).toBe(404);
  });

  it('sent twice as X-API-KEY is refused, even when both lines carry the same valid key', async () => {
    const answer = await send('GET', '/v1/users/u-1/streak', { 'x-api-key': [t.appKey, t.appKey] });
    expect(answer).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    expect(answer.body.error).toMatch(/one X-API-KEY header/);
  });
});
