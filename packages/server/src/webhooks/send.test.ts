import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESPONSE_SNIPPET, RETRY_FOR_MS, retryAt, sendAttempt } from './send.js';
import { newWebhookSecret, signDelivery } from './signature.js';

const secret = newWebhookSecret();
const body = JSON.stringify({ type: 'streak.lost', user: { id: 'ana' }, length: 3 });
const received: Array<{ body: string; headers: IncomingMessage['headers'] }> = [];

/** A receiver on loopback whose behaviour each test picks by path. */
function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
    if (req.url === '/ok') return void res.end('thanks');
    if (req.url === '/fail') return void res.writeHead(500).end('database down');
    if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    if (req.url === '/big') return void res.end('x'.repeat(100_000));
    if (req.url === '/hang') return; // never answers
    if (req.url === '/trickle') return void res.writeHead(200).write('ok, still writing'); // answers, never ends
  });
}

let receiver: Server;
let base: string;
beforeAll(async () => {
  receiver = createServer(handle);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const attempt = (path: string, options: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
  sendAttempt({
    url: `${base}${path}`,
    body,
    headers: signDelivery({ id: 'evt_1', timestamp: Date.now(), body, secret }),
    timeoutMs: options.timeoutMs ?? 2000,
    allowPrivate: options.allowPrivate ?? true,
    userAgent: 'Kindling-Webhooks/test',
  });

describe('a delivery attempt', () => {
  it('posts the signed body, which the receiver verifies, and counts a 2xx as delivered', async () => {
    received.length = 0;
    const outcome = await attempt('/ok');
    expect(outcome).toMatchObject({ delivered: true, status: 200, error: null, response: 'thanks' });
    const [got] = received;
    expect(got?.body).toBe(body);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['user-agent']).toBe('Kindling-Webhooks/test');
    expect(new Webhook(secret).verify(got?.body ?? '', got?.headers as Record<string, string>)).toEqual(
      JSON.parse(body),
    );
  });

  it('fails on another status, keeping the start of the answer', async () => {
    expect(await attempt('/fail')).toMatchObject({
      delivered: false,
      status: 500,
      error: 'status 500',
      response: 'database down',
    });
  });

  it('does not follow a redirect', async () => {
    received.length = 0;
    expect(await attempt('/redirect')).toMatchObject({ delivered: false, status: 302, error: 'status 302' });
    expect(received).toHaveLength(1);
  });

  it('keeps at most 1 KB of a long answer', async () => {
    const outcome = await attempt('/big');
    expect(outcome.delivered).toBe(true);
    expect(outcome.response.length).toBe(MAX_RESPONSE_SNIPPET);
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    const outcome = await attempt('/hang', { timeoutMs: 300 });
    expect(outcome).toMatchObject({ delivered: false, status: null, error: 'timeout after 300 ms' });
    expect(outcome.ms).toBeGreaterThanOrEqual(290);
  });

  it('counts a 2xx as delivered when the answer began in time but its body never ends', async () => {
    const outcome = await attempt('/trickle', { timeoutMs: 300 });
    expect(outcome).toMatchObject({ delivered: true, status: 200, error: null, response: 'ok, still writing' });
  });

  it('fails with the reason when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const outcome = await sendAttempt({
      url: `http://127.0.0.1:${port}/`,
      body,
      headers: signDelivery({ id: 'evt_1', timestamp: Date.now(), body, secret }),
      timeoutMs: 2000,
      allowPrivate: true,
      userAgent: 'test',
    });
    expect(outcome).toMatchObject({ delivered: false, status: null, error: 'ECONNREFUSED' });
  });

  it('is refused before connecting when the target is private and private targets are not allowed', async () => {
    received.length = 0;
    expect(await attempt('/ok', { allowPrivate: false })).toMatchObject({
      delivered: false,
      error: expect.stringMatching(/KINDLING_WEBHOOK_ALLOW_PRIVATE/),
    });
    expect(received).toHaveLength(0);
  });
});

describe('retries', () => {
  it('wait 30 s, then twice as long each time up to an hour, each spread over half its delay', () => {
    // random 0 waits half the delay, random 0.5 three quarters of it
    expect([1, 2, 3, 4].map((attempts) => retryAt(0, attempts, 0, 0))).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(retryAt(0, 1, 0, 0.5)).toBe(22_500);
    expect(retryAt(0, 20, 0, 0)).toBe(1_800_000);
    expect(retryAt(0, 20, 0, 0.5)).toBe(2_700_000);
    expect(retryAt(0, 1_000, 0, 0.5)).toBe(2_700_000);
  });

  it('stop a day after the first attempt', () => {
    expect(retryAt(0, 30, RETRY_FOR_MS - 1_800_000, 0)).toBe(RETRY_FOR_MS);
    expect(retryAt(0, 30, RETRY_FOR_MS - 1_799_999, 0)).toBeNull();
  });
});
