/**
 * Slow clients against the built server: hundreds of sockets that send their headers and then no
 * body, or half a header line and then nothing, while a well-behaved client records events on a
 * new connection each time. The server closes each slow socket once its timeout has passed (408,
 * `REQUEST_TIMEOUT`), never runs out of files, keeps answering the well-behaved client within a
 * bounded time, and refuses connections over its cap at once. Loopback only, bounded in count and time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { built, type ServerProcess, sleep, startServerProcess } from './server-process.js';

if (!built) console.warn('\n*** e2e/faults SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n');
const dir = mkdtempSync(join(tmpdir(), 'kindling-faults-slow-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADERS_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 4_000;
/** How late after its timeout a slow socket may still be open: the server checks its connections once a second. */
const CLOSE_SLACK_MS = 1_000 + 1_000;
/** Sockets of each kind per wave. */
const PER_KIND = 300;
/** The well-behaved client's slowest answer allowed while the slow sockets are open. */
const LATENCY_BOUND_MS = 1_000;

type Kind = 'slow-body' | 'slow-header';

interface SlowSocket {
  readonly kind: Kind;
  readonly opened: number;
  closed: number | null;
  received: string;
  readonly done: Promise<void>;
}

/** Opens one socket that sends what `kind` says and then nothing more; records when the server closed it and what it said. */
function openSlowSocket(url: string, key: string, kind: Kind): SlowSocket {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const body = '{"user":{"id":"slow"},"value":1}';
  const sent =
    kind === 'slow-body'
      ? `POST /v1/metrics/lessons/event HTTP/1.1\r\nHost: ${hostname}\r\nX-API-KEY: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`
      : `GET /v1/users/slow/streak HTTP/1.1\r\nHost: ${hostname}\r\nX-API-KE`;
  const record: SlowSocket = {
    kind,
    opened: Date.now(),
    closed: null,
    received: '',
    done: new Promise((resolve) => {
      socket.on('close', () => {
        record.closed = Date.now();
        resolve();
      });
    }),
  };
  socket.on('error', () => {});
  socket.on('data', (chunk: Buffer) => (record.received += chunk.toString()));
  socket.write(sent);
  return record;
}

/** Opens `PER_KIND` sockets of each kind, fifty at a time (the listen backlog is finite). */
async function openWave(url: string, key: string): Promise<SlowSocket[]> {
  const sockets: SlowSocket[] = [];
  for (let i = 0; i < PER_KIND; i += 50) {
    for (let j = 0; j < 50; j++)
      sockets.push(openSlowSocket(url, key, 'slow-body'), openSlowSocket(url, key, 'slow-header'));
    await sleep(20);
  }
  return sockets;
}

/** Resolves once every socket is closed, or after `ms`, whichever comes first. */
async function closedOrAfter(sockets: readonly SlowSocket[], ms: number): Promise<void> {
  await Promise.race([Promise.all(sockets.map((s) => s.done)), sleep(ms)]);
}

interface Outcome {
  readonly status: number | string;
  readonly ms: number;
}

/** One event on a connection of its own (no keep-alive), as a client behind a simple HTTP library sends it. */
function recordEvent(url: string, key: string, userId: string): Promise<Outcome> {
  const started = Date.now();
  const body = JSON.stringify({ user: { id: userId }, value: 1 });
  return new Promise((resolve) => {
    const req = request(
      `${url}/v1/metrics/lessons/event`,
      {
        method: 'POST',
        agent: false,
        timeout: 10_000,
        headers: {
          'x-api-key': key,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          connection: 'close',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: error.code ?? error.message, ms: Date.now() - started }),
    );
    req.end(body);
  });
}

/** Records events one after another until `stop()`; the outcomes so far. */
function wellBehavedClient(url: string, key: string) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      outcomes.push(await recordEvent(url, key, `steady-${i % 20}`));
      await sleep(50);
    }
  })();
  return {
    outcomes,
    async stop() {
      running = false;
      await loop;
      return outcomes;
    },
  };
}

function lifetimes(sockets: readonly SlowSocket[]): number[] {
  return sockets.map((s) => (s.closed === null ? Number.POSITIVE_INFINITY : s.closed - s.opened)).sort((a, b) => a - b);
}

function summary(values: readonly number[]): string {
  const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
  return `min ${values[0]} ms, median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${values[values.length - 1]} ms (${values.length})`;
}

async function answersAfterwards(server: ServerProcess, key: string): Promise<void> {
  for (let i = 0; i < 20; i++) expect((await recordEvent(server.url, key, `after-${i}`)).status).toBe(201);
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
}

describe.skipIf(!built)('slow clients', () => {
  it('are closed once their timeouts pass, while a well-behaved client is served on new connections throughout', async () => {
    // 1024 open files: two waves of 600 slow sockets would take more than that if the first stayed open.
    const server = await startServerProcess({
      args: ['--data', join(dir, 'waves')],
      env: {
        KINDLING_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        KINDLING_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      },
      openFiles: 1024,
    });
    const key = server.firstStart?.applicationKey as string;
    try {
      const client = wellBehavedClient(server.url, key);
      await sleep(500);
      const waves: SlowSocket[][] = [];
      for (let wave = 0; wave < 2; wave++) {
        const sockets = await openWave(server.url, key);
        waves.push(sockets);
        await closedOrAfter(sockets, REQUEST_TIMEOUT_MS + CLOSE_SLACK_MS + 1_000);
      }
      const outcomes = await client.stop();

      const slow = waves.flat();
      const body = lifetimes(slow.filter((s) => s.kind === 'slow-body'));
      const header = lifetimes(slow.filter((s) => s.kind === 'slow-header'));
      const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
      console.log(`slow-body sockets lived ${summary(body)}`);
      console.log(`slow-header sockets lived ${summary(header)}`);
      console.log(`well-behaved client: ${summary(latencies)}`);

      expect(outcomes.filter((o) => o.status !== 201)).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(50);
      expect(latencies[latencies.length - 1]).toBeLessThan(LATENCY_BOUND_MS);
      // Each slow socket lived until its timeout, not less (it was not refused) and not much more.
      expect(header[0]).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      expect(header[header.length - 1]).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + CLOSE_SLACK_MS);
      expect(body[0]).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
      expect(body[body.length - 1]).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS + CLOSE_SLACK_MS);
      // ...and was told why, in the one error shape.
      for (const socket of slow) {
        expect(socket.received).toMatch(/^HTTP\/1\.1 408 /);
        expect(JSON.parse(socket.received.slice(socket.received.indexOf('\r\n\r\n') + 4))).toMatchObject({
          code: 'REQUEST_TIMEOUT',
        });
      }
      await answersAfterwards(server, key);
    } finally {
      await server.kill();
    }
  }, 60_000);

  it('over the connection cap are refused at once, and the server serves again once the timeouts close the rest', async () => {
    const cap = 100;
    const server = await startServerProcess({
      args: ['--data', join(dir, 'cap')],
      env: { KINDLING_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), KINDLING_MAX_CONNECTIONS: String(cap) },
    });
    const key = server.firstStart?.applicationKey as string;
    try {
      const sockets: SlowSocket[] = [];
      for (let i = 0; i < 250; i += 50) {
        for (let j = 0; j < 50; j++) sockets.push(openSlowSocket(server.url, key, 'slow-header'));
        await sleep(20);
      }
      await closedOrAfter(sockets, HEADERS_TIMEOUT_MS + CLOSE_SLACK_MS + 1_000);
      const lived = lifetimes(sockets);
      const refused = lived.filter((ms) => ms < HEADERS_TIMEOUT_MS / 2);
      const held = lived.filter((ms) => ms >= HEADERS_TIMEOUT_MS / 2);
      console.log(
        `over a cap of ${cap}: ${refused.length} refused (${summary(refused)}), ${held.length} held (${summary(held)})`,
      );

      expect(held.length).toBeLessThanOrEqual(cap);
      expect(refused.length).toBeGreaterThanOrEqual(250 - cap);
      expect(held[held.length - 1]).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + CLOSE_SLACK_MS);
      await answersAfterwards(server, key);
    } finally {
      await server.kill();
    }
  }, 60_000);
});
