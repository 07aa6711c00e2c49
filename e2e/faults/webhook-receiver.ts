/**
 * The webhook faults' receiver and calls: a receiver on loopback that checks both signatures of every
 * delivery (X-Trophy-Signature and the Standard Webhooks one) with the endpoint's secret, keeps what
 * it was sent in arrival order and answers 200 after a pause; admin and app calls that never throw;
 * the whole delivery log of an endpoint; polling with a deadline; dropping a test's Redis keys.
 */
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from './server-process.js';

export interface Received {
  /** the body's id (the receiver checks that the webhook-id header is the same) */
  readonly id: string;
  readonly type: string;
  readonly userId: string;
  readonly timestamp: string;
  /** the raw body, as signed */
  readonly raw: string;
  /** Date.now() when it arrived */
  readonly at: number;
}

export interface Receiver {
  readonly url: string;
  /** every correctly signed delivery, in arrival order, duplicates included */
  readonly received: Received[];
  /** why each refused delivery was refused (a bad signature, header or body) */
  readonly refused: string[];
  /** the endpoint's secret, set from the answer that created the endpoint */
  secret: string;
  close(): Promise<void>;
}

const FIVE_MINUTES_S = 300;

/** Why a delivery is not signed right with `secret`, or null when both signatures hold. */
function signatureProblem(raw: string, headers: IncomingHttpHeaders, secret: string): string | null {
  const trophy = createHmac('sha256', secret).update(raw).digest('base64');
  if (headers['x-trophy-signature'] !== trophy) return 'bad X-Trophy-Signature';
  const id = headers['webhook-id'];
  const seconds = headers['webhook-timestamp'];
  if (typeof id !== 'string' || typeof seconds !== 'string') return 'no webhook-id or webhook-timestamp';
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const standard = createHmac('sha256', key).update(`${id}.${seconds}.${raw}`).digest('base64');
  if (headers['webhook-signature'] !== `v1,${standard}`) return 'bad webhook-signature';
  if (Math.abs(Number(seconds) - Date.now() / 1000) > FIVE_MINUTES_S)
    return `webhook-timestamp ${seconds} is more than five minutes off`;
  return null;
}

/** A receiver on 127.0.0.1 answering each good delivery 200 after `delayMs` (a range: a random pause in it). */
export async function startReceiver(options: { delayMs?: readonly [number, number] } = {}): Promise<Receiver> {
  const [least, most] = options.delayMs ?? [0, 0];
  const received: Received[] = [];
  const refused: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    // a sender killed mid-request cuts the connection: nothing to answer then
    req.on('error', () => {});
    res.on('error', () => {});
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const problem = signatureProblem(raw, req.headers, receiver.secret);
      let body: { id?: unknown; type?: unknown; timestamp?: unknown; user?: { id?: unknown } } = {};
      try {
        body = JSON.parse(raw);
      } catch {}
      const fault =
        problem ??
        (body.id !== req.headers['webhook-id'] ? `body id ${body.id} is not the webhook-id header` : null) ??
        (typeof body.type !== 'string' || typeof body.user?.id !== 'string' ? 'no type or user.id' : null);
      if (fault !== null) {
        refused.push(fault);
        res.writeHead(401).end(fault);
        return;
      }
      received.push({
        id: body.id as string,
        type: body.type as string,
        userId: body.user?.id as string,
        timestamp: body.timestamp as string,
        raw,
        at: Date.now(),
      });
      const pause = least + Math.random() * (most - least);
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(200).end('thanks');
      }, pause);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    refused,
    secret: '',
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

/** One JSON call with an API key; status 0 when the connection failed. Never throws. */
export async function ask(
  url: string,
  options: { key: string; method?: 'GET' | 'POST'; body?: unknown },
): Promise<{ status: number; json: any }> {
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: {
        'x-api-key': options.key,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, json: text === '' ? null : JSON.parse(text) };
  } catch {
    return { status: 0, json: null };
  }
}

export interface LoggedDelivery {
  readonly id: string;
  readonly type: string;
  readonly userId: string;
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
}

/** An endpoint's whole delivery log, every page of it. */
export async function deliveryLog(serverUrl: string, adminKey: string, endpointId: string): Promise<LoggedDelivery[]> {
  const all: LoggedDelivery[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page = await ask(`${serverUrl}/admin/v1/webhooks/${endpointId}/deliveries?limit=100${query}`, {
      key: adminKey,
    });
    if (page.status !== 200) throw new Error(`the delivery log answered ${page.status}: ${JSON.stringify(page.json)}`);
    all.push(...(page.json.deliveries as LoggedDelivery[]));
    cursor = page.json.next as string | null;
  } while (cursor !== null);
  return all;
}

/** Polls `done` every `everyMs` until it holds or `deadlineMs` has passed; whether it held. */
export async function until(done: () => boolean | Promise<boolean>, deadlineMs: number, everyMs = 100) {
  const end = Date.now() + deadlineMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() >= end) return false;
    await sleep(everyMs);
  }
}

/** Deletes the Redis keys under `prefix` (a test's own prefix) on the local Redis, those in a hash tag too. */
export function dropRedisPrefix(prefix: string): void {
  spawnSync(
    'sh',
    // plain keys, and the delivery queue's, whose hash tag begins with the prefix
    [
      '-c',
      `for p in '${prefix}:*' '{${prefix}:*'; do redis-cli -h 127.0.0.1 --scan --pattern "$p" | xargs -r redis-cli -h 127.0.0.1 del; done`,
    ],
    { stdio: 'ignore' },
  );
}
