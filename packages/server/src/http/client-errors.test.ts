import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let port = 0;
beforeAll(async () => {
  t = await startTestServer({ listen: true });
  port = Number(new URL(t.server.url).port);
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** what came after the blank line that ends the headers */
  body: string;
}

/** Splits what a server wrote on a socket into its answers (each read by Content-Length; none after a HEAD). */
function parseAnswers(text: string, heads: readonly boolean[] = []): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = heads[answers.length] === true ? 0 : Number(headers['content-length'] ?? rest.length);
    const body = rest.slice(end + 4, end + 4 + length);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.slice(end + 4 + length);
  }
  if (rest !== '' && answers.length > 0) (answers[answers.length - 1] as RawAnswer).body += rest;
  return answers;
}

/** Writes `bytes` on a new connection and collects everything the server sends until it closes (or 3 s pass). */
function exchange(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => socket.destroy(), 3_000);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.write(bytes);
  });
}

/** The body must be exactly `{ error, code }`. */
function refusal(answer: RawAnswer | undefined): { status: number; code: string; error: string } {
  if (answer === undefined) throw new Error('no answer');
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'error']);
  return { status: answer.status, code: body.code as string, error: body.error as string };
}

const BIG_HEADER = `X-Padding: ${'a'.repeat(20 * 1024)}\r\n`;

describe("the server's answers to requests Node itself refuses", () => {
  it('answers a malformed request line with 400 MALFORMED_REQUEST in the one error shape', async () => {
    const [answer] = parseAnswers(await exchange('GARBAGE\r\n\r\n'));
    expect(refusal(answer)).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST' });
  });

  it('answers an invalid header line with 400 MALFORMED_REQUEST', async () => {
    const [answer] = parseAnswers(await exchange('GET /healthz HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'));
    expect(refusal(answer)).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST' });
  });

  // Each route gets its admission hook when it is registered: the plugins' routes and a path no route takes are refused as well.
  it.each([
    'GET /healthz',
    'GET /v1/users/ada/streak',
    'HEAD /v1/users/ada/streak',
    'POST /v1/metrics/lessons/event',
    'GET /admin/v1/metrics',
    'GET /openapi.json',
    'GET /docs',
    'GET /docs/static/index.html',
    'GET /no/such/route',
  ])('answers an HTTP/1.1 request without a Host header with 400 MISSING_HOST: %s', async (request) => {
    const [answer] = parseAnswers(await exchange(`${request} HTTP/1.1\r\nConnection: close\r\n\r\n`));
    expect(answer?.status).toBe(400);
    if (!request.startsWith('HEAD')) expect(refusal(answer)).toMatchObject({ status: 400, code: 'MISSING_HOST' });
  });

  it('answers an Expect header other than 100-continue with 417 EXPECTATION_FAILED', async () => {
    const [answer] = parseAnswers(
      await exchange(
        'POST /v1/metrics/lessons/event HTTP/1.1\r\nHost: x\r\nExpect: bogus\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      ),
    );
    expect(refusal(answer)).toMatchObject({ status: 417, code: 'EXPECTATION_FAILED' });
  });

  it('answers a CONNECT (a proxy tunnel, which Node leaves to a listener) with 400 in the one error shape, not a closed socket', async () => {
    const [answer] = parseAnswers(await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'));
    expect(refusal(answer)).toMatchObject({ status: 400, code: 'BAD_REQUEST', error: expect.stringMatching(/proxy/) });
    expect(answer?.headers.connection).toBe('close');
  });

  it('answers 20 KB of headers with 431 HEADERS_TOO_LARGE', async () => {
    const [answer] = parseAnswers(await exchange(`GET /healthz HTTP/1.1\r\nHost: x\r\n${BIG_HEADER}\r\n`));
    expect(refusal(answer)).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
    expect(answer?.headers.connection).toBe('close');
  });

  it('answers a HEAD with 20 KB of headers with 431 and nothing after the headers', async () => {
    const text = await exchange(`HEAD /healthz HTTP/1.1\r\nHost: x\r\n${BIG_HEADER}\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(text.endsWith('\r\n\r\n')).toBe(true);
  });
});

describe('a request Node refuses behind one still being answered on the same connection', () => {
  const event = (userId: string) => {
    const body = JSON.stringify({ user: { id: userId }, value: 1 });
    return (
      `POST /v1/metrics/lessons/event HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${t.adminKey}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    );
  };

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    ['20 KB of headers', `GET /healthz HTTP/1.1\r\nHost: x\r\n${BIG_HEADER}\r\n`, 431, 'HEADERS_TOO_LARGE'],
  ])(
    'is refused after the answer to the one before it, not instead of it: %s',
    async (_what, follower, status, code) => {
      const userId = `pipelined-${code}`;
      const answers = parseAnswers(await exchange(event(userId) + follower));
      expect(answers.map((answer) => answer.status)).toEqual([201, status]);
      expect(JSON.parse(answers[0]?.body ?? '{}')).toMatchObject({ total: 1 });
      expect(refusal(answers[1])).toMatchObject({ status, code });
      const user = await t.call('GET', `/v1/users/${userId}`, { key: t.adminKey });
      expect(user.status).toBe(200);
    },
  );
});

describe('HEAD requests that fail', () => {
  it('carry the status and no body, on a connection that then serves the next request', async () => {
    const text = await exchange(
      'HEAD /v1/users/ada/streak HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    const [head, next] = parseAnswers(text, [true, false]);
    expect(head?.status).toBe(401);
    expect(head?.body).toBe('');
    expect(next?.status).toBe(200);
    expect(JSON.parse(next?.body ?? '')).toEqual({ status: 'ok' });
  });
});

/**
 * A server that starts to stop while an event is in flight on a kept-alive connection (its body
 * half sent); the rest of the body is sent once the stop began, then `after`. What the server wrote
 * on the connection, and whether it closed the connection itself within 3 s.
 */
async function stopWithEventInFlight(after: (appKey: string) => string): Promise<{ text: string; closed: boolean }> {
  const t2 = await startTestServer({ listen: true });
  const { hostname, port: p } = new URL(t2.server.url);
  const body = JSON.stringify({ user: { id: 'ada' }, value: 1 });
  const socket = connect(Number(p), hostname);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const closedByServer = new Promise<boolean>((resolve) => socket.on('close', () => resolve(true)));
  socket.write(
    `POST /v1/metrics/lessons/event HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${t2.appKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const stopping = t2.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.write(`${body.slice(5)}${after(t2.appKey)}`);
  const closed = await Promise.race([closedByServer, new Promise<boolean>((r) => setTimeout(() => r(false), 3_000))]);
  socket.destroy();
  await stopping;
  return { text, closed };
}

describe('a request in flight when the server starts to stop', () => {
  it('finishes, and one that arrives after it on the connection is refused with 503 in the one error shape', async () => {
    const { text } = await stopWithEventInFlight(
      (key) => `GET /v1/users/ada/streak HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${key}\r\n\r\n`,
    );
    const [first, second] = parseAnswers(text);
    expect(first?.status).toBe(201);
    expect(refusal(second)).toMatchObject({ status: 503, code: 'NOT_READY' });
    expect(second?.headers.connection).toBe('close');
  });

  it('is answered, then its kept-alive connection is closed, so that the stop does not wait for the client', async () => {
    const { text, closed } = await stopWithEventInFlight(() => '');
    expect(parseAnswers(text)[0]?.status).toBe(201);
    expect(closed).toBe(true);
  });
});
