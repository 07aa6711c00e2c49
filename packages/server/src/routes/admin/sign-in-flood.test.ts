import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ listen: true, env: { KINDLING_OWNER_PASSWORD: 'correct horse battery', KINDLING_SQLITE_SYNC: 'normal' } });
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
    expect((await fetch(`${url}/admin/v1/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"password":"x"}' })).status).toBe(401);

    const flood = await attacker(url);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    let flooding = true;
    const latencies: number[] = [];
    const client = async () => {
      for (let i = 0; flooding || latencies.length < 20; i++) {
        const started = performance.now();
        const res = await record(`user-${i % 10}`);
        await res.arrayBuffer();
        expect(res.status).toBe(201);
        latencies.push(performance.now() - started);
      }
    };
    const normal = client();
    const attempts = await flood.go();
    flooding = false;
    await normal;
    delay.disable();

    const refused = attempts.filter((a) => a.status === 429);
    const p99 = delay.percentile(99) / 1e6;
    const p50 = percentile(latencies, 50);
    const codes = attempts.reduce<Record<string, number>>((counts, a) => ({ ...counts, [a.code]: (counts[a.code] ?? 0) + 1 }), {});
    console.log(
      `sign-in flood: ${JSON.stringify(codes)}; event loop delay p99 ${p99.toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms; ` +
        `other client's events p50 ${p50.toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms over ${latencies.length}`,
    );
    expect(attempts).toHaveLength(ATTEMPTS);
    expect(attempts.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    // A client sending fresh account names is limited like one guessing at one account.
    expect(refused.length).toBeGreaterThanOrEqual(ATTEMPTS - 50);
    expect(refused.every((a) => Number(a.retryAfter) >= 1)).toBe(true);
    expect(p99).toBeLessThan(100);
    expect(p50).toBeLessThan(50);
  }, 60_000);
});
