import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({
    listen: true,
    env: { KINDLING_OWNER_PASSWORD: 'correct horse battery', KINDLING_SQLITE_SYNC: 'normal' },
  });
});
afterEach(() => t.close());

const ATTEMPTS = 200;
const AT_ONCE = 20;

interface Attempt {
  status: number;
  code: string;
  retryAfter: string | null;
}

/**
 * The attacker runs in a thread of its own, as it would on another machine: this thread's event
 * loop then carries only the server (and the honest client), which is what is measured.
 */
const ATTACKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, attempts, atOnce } = workerData;
let sent = 0;
const results = [];
async function attacker() {
  while (sent < attempts) {
    const n = sent++;
    const res = await fetch(url + '/admin/v1/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'nobody-' + n, password: 'x' }),
    });
    const body = await res.json();
    results.push({ status: res.status, code: body.code, retryAfter: res.headers.get('retry-after') });
  }
}
parentPort.postMessage('ready');
parentPort.once('message', () => Promise.all(Array.from({ length: atOnce }, attacker)).then(() => parentPort.postMessage(results)));
`;

/** Starts the attacker's thread; `go()` sends the flood and answers every attempt's outcome. */
async function attacker(url: string): Promise<{ go(): Promise<Attempt[]> }> {
  const worker = new Worker(ATTACKER, { eval: true, workerData: { url, attempts: ATTEMPTS, atOnce: AT_ONCE } });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    go: () =>
      new Promise((resolve, reject) => {
        worker.once('message', (results: Attempt[]) => void worker.terminate().then(() => resolve(results)));
        worker.once('error', reject);
        worker.postMessage('go');
      }),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface Measure {
  loopP99: number;
  loopMax: number;
  eventP50: number;
  eventP99: number;
  events: number;
}

/** The event loop's delay and an honest client's event latencies (ms) while `until` runs (at least 20 events). */
async function measure(record: (userId: string) => Promise<Response>, until: Promise<unknown>): Promise<Measure> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let running = true;
  void until.finally(() => (running = false));
  const latencies: number[] = [];
  for (let i = 0; running || latencies.length < 20; i++) {
    const started = performance.now();
    const res = await record(`user-${i % 10}`);
    await res.arrayBuffer();
    expect(res.status).toBe(201);
    latencies.push(performance.now() - started);
  }
  await until;
  delay.disable();
  return {
    loopP99: delay.percentile(99) / 1e6,
    loopMax: delay.max / 1e6,
    eventP50: percentile(latencies, 50),
    eventP99: percentile(latencies, 99),
    events: latencies.length,
  };
}

function summary(m: Measure): string {
  return `event loop delay p99 ${m.loopP99.toFixed(1)} ms (max ${m.loopMax.toFixed(1)}), events p50 ${m.eventP50.toFixed(1)} ms, p99 ${m.eventP99.toFixed(1)} ms over ${m.events}`;
}

describe('a flood of sign-in attempts for accounts that do not exist', () => {
  it('is refused with 429 beyond the limits and leaves the event loop free for other clients', async () => {
    const url = t.server.url;
    const record = (userId: string) =>
      fetch(`${url}/v1/metrics/lessons/event`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': t.appKey },
        body: JSON.stringify({ user: { id: userId }, value: 1 }),
      });
    // Warm up first (the store opens, the first password check is made): the flood is measured, not the start.
    expect((await record('warm-up')).status).toBe(201);
    expect(
      (
        await fetch(`${url}/admin/v1/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"password":"x"}',
        })
      ).status,
    ).toBe(401);

    // The same measure without the flood first: what this machine's own noise is right now.
    const quiet = await measure(record, new Promise((resolve) => setTimeout(resolve, 500)));
    const flood = await attacker(url);
    const going = flood.go();
    const loud = await measure(record, going);
    const attempts = await going;

    const refused = attempts.filter((a) => a.status === 429);
    const codes: Record<string, number> = {};
    for (const a of attempts) codes[a.code] = (codes[a.code] ?? 0) + 1;
    console.log(
      `sign-in flood: ${JSON.stringify(codes)}; without the flood ${summary(quiet)}; during it ${summary(loud)}`,
    );
    expect(attempts).toHaveLength(ATTEMPTS);
    expect(attempts.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    // A client sending fresh account names is limited like one guessing at one account.
    expect(refused.length).toBeGreaterThanOrEqual(ATTEMPTS - 50);
    expect(refused.every((a) => Number(a.retryAfter) >= 1)).toBe(true);
    // The flood adds less than 100 ms to the event loop's p99 delay and 50 ms to the other client's median.
    expect(loud.loopP99).toBeLessThan(quiet.loopP99 + 100);
    expect(loud.eventP50).toBeLessThan(quiet.eventP50 + 50);
  }, 60_000);
});
