import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestServer;
let port = 0;
beforeAll(async () => {
  // a short request timeout, to see the 408 the HTTP layer answers
  t = await startTestServer({
    listen: true,
    env: { KINDLING_HEADERS_TIMEOUT_MS: '300', KINDLING_REQUEST_TIMEOUT_MS: '300' },
  });
  port = Number(new URL(t.server.url).port);
});
afterAll(() => t.close());

/** Writes `bytes` on a new connection and answers the status line and headers of what the server sends until it closes. */
function exchange(bytes: string | Buffer): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const [statusLine = '', ...lines] = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
    socket.write(bytes);
  });
}

describe('Request-Id', () => {
  it('is a fresh UUID on an answer to a request that sent none, and a new one on each', async () => {
    const a = await t.call('GET', '/v1/users/u1/streak');
    const b = await t.call('GET', '/v1/users/u1/streak');
    expect(a.headers['request-id']).toMatch(UUID);
    expect(b.headers['request-id']).toMatch(UUID);
    expect(a.headers['request-id']).not.toBe(b.headers['request-id']);
  });

  it("keeps the client's id when it is up to 200 printable ASCII characters without spaces", async () => {
    const sent = `trace-${'x'.repeat(150)}:/=+_~!"#$%&'()*,;<>?@[\\]^\`{|}`;
    const answer = await t.call('GET', '/v1/users/u1/streak', { headers: { 'request-id': sent } });
    expect(answer.headers['request-id']).toBe(sent);
  });

  // Node refuses headers over 16 KB (431) and a DEL in a value (400) before the server reads them: those answers carry a fresh id too.
  it.each([
    ['20 KB long', 'r'.repeat(20_000), 431],
    ['15 KB long', 'r'.repeat(15_000), 200],
    ['201 characters long', 'r'.repeat(201), 200],
    ['holding a space', 'two words', 200],
    ['holding a tab', 'tab\there', 200],
    ['holding a DEL', 'del\u007fhere', 400],
    ['holding latin-1 bytes', 'caf\u00e9', 200],
    ['sent twice (joined with a comma and a space)', null, 200],
  ])('is replaced by a fresh one, not echoed, when the one sent is %s', async (_what, sent, status) => {
    const line = sent === null ? 'Request-Id: one\r\nRequest-Id: two' : `Request-Id: ${sent}`;
    const answer = await exchange(
      Buffer.from(
        `GET /v1/users/u1/streak HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${t.appKey}\r\n${line}\r\nConnection: close\r\n\r\n`,
        'latin1',
      ),
    );
    expect(answer.status).toBe(status);
    expect(answer.headers['request-id']).toMatch(UUID);
  });

  it.each([
    ['a refused key (401)', 'GET', '/v1/users/u1/streak', { 'x-api-key': 'kl_app_wrong' }, undefined, 401],
    ['an unknown path (404)', 'GET', '/no/such/path', {}, undefined, 404],
    ['a path the router cannot decode (400)', 'GET', '/v1/users/%E0%A4%A/streak', {}, undefined, 400],
    [
      'a body over 64 KB (413)',
      'POST',
      '/v1/metrics/lessons/event',
      {},
      JSON.stringify({ user: { id: 'u1' }, value: 1, pad: 'x'.repeat(70_000) }),
      413,
    ],
    ['a body of another type (415)', 'POST', '/v1/metrics/lessons/event', { 'content-type': 'text/plain' }, 'x', 415],
    ['a hosted path not supported (501)', 'GET', '/v1/users/u1/wrapped', {}, undefined, 501],
  ])('is on the answer to %s, the one sent kept', async (_what, method, url, headers, body, status) => {
    const response = await t.server.app.inject({
      method: method as 'GET',
      url,
      headers: {
        'x-api-key': t.appKey,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
        'request-id': 'client-chosen-1',
      },
      ...(body !== undefined ? { payload: body } : {}),
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['request-id']).toBe('client-chosen-1');
  });

  it('is on the 408 of a request not sent in time, and on the 417 of an Expect the server cannot meet', async () => {
    const late = await exchange('GET /v1/users/u1/streak HTTP/1.1\r\nHost: x\r\n');
    expect(late.status).toBe(408);
    expect(late.headers['request-id']).toMatch(UUID);
    const expect417 = await exchange(
      'GET /v1/users/u1/streak HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nRequest-Id: mine-417\r\nConnection: close\r\n\r\n',
    );
    expect(expect417.status).toBe(417);
    expect(expect417.headers['request-id']).toBe('mine-417');
  });
});
