// @ts-check
// A healthy webhook endpoint's delivery delay beside endpoints that hang (`pnpm bench:webhooks`):
// the built server in a child process on SQLite, relaying every second with its default attempt
// timeout (10 s). A first account has 0, 1 or 3 endpoints on loopback that read each delivery and
// never answer, each with a backlog (300 of its users' first events); a second account has one
// endpoint that answers at once. Events of the second account's users are then sent a few a second,
// and each delivery's delay is the time from its event's answer to its arrival at the endpoint (both
// clocks this process's). The run with no hung endpoint is the baseline, measured in the same run;
// the target is the relay interval and a second, whatever the other endpoints do.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { quantile } from '../../core/bench/report.mjs';
import { forkServer } from './children.mjs';

const RELAY_MS = 1_000;
const TARGET_MS = RELAY_MS + 1_000;
const BACKLOG = Number(process.env.KINDLING_BENCH_BACKLOG ?? 300);
const EVENTS = Number(process.env.KINDLING_BENCH_EVENTS ?? 40);
const EVERY_MS = 250;

/** @param {import('node:http').RequestListener} handler */
async function listen(handler) {
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/**
 * @param {string} base
 * @param {string} path
 * @param {string} key
 * @param {unknown} body
 * @param {string} [method]
 */
async function call(base, path, key, body, method = 'POST') {
  const res = await fetch(new URL(path, base), {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** The healthy endpoint's delays (ms, sorted; Infinity: not arrived 120 s after the last event) with `hung` endpoints hanging beside it. */
async function measure(/** @type {number} */ hung) {
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR ?? os.tmpdir(), 'kindling-webhook-fairness-'));
  /** @type {Array<() => Promise<unknown>>} */
  const cleanups = [];
  try {
    /** @type {Map<string, number>} */
    const arrived = new Map();
    const healthy = await listen((req, res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        arrived.set(JSON.parse(Buffer.concat(chunks).toString('utf8')).user.id, performance.now());
        res.writeHead(200).end('thanks');
      });
    });
    cleanups.push(healthy.close);
    const server = await forkServer('kindling', {
      KINDLING_DATA_DIR: join(dir, 'data'),
      KINDLING_DASHBOARD_DIR: join(dir, 'none'),
      KINDLING_WEBHOOK_ALLOW_PRIVATE: '1',
      KINDLING_WEBHOOK_RELAY_MS: String(RELAY_MS),
    });
    cleanups.unshift(() => server.stop());
    const adminKey = server.adminKey ?? '';
    for (let i = 0; i < hung; i++) {
      const never = await listen(() => {});
      cleanups.push(never.close);
      await call(server.url, '/admin/v1/webhooks', adminKey, { url: never.url, types: ['streak.started'] });
    }
    const other = await call(server.url, '/admin/v1/accounts', adminKey, { name: 'other' });
    await call(server.url, '/admin/v1/metrics', other.adminKey, [{ name: 'Lessons', key: 'lessons' }]);
    await call(
      server.url,
      '/admin/v1/streak',
      other.adminKey,
      { frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] },
      'PUT',
    );
    await call(server.url, '/admin/v1/webhooks', other.adminKey, { url: healthy.url, types: ['streak.started'] });
    if (hung > 0)
      for (let i = 0; i < BACKLOG; i++)
        await call(server.url, '/v1/metrics/lessons/event', server.appKey ?? '', {
          user: { id: `waiting-${i}`, tz: 'UTC' },
          value: 1,
        });
    // the backlog handed on and its attempts hanging before the healthy endpoint's events start
    await new Promise((resolve) => setTimeout(resolve, RELAY_MS * 2));
    /** @type {Map<string, number>} */
    const answered = new Map();
    for (let i = 0; i < EVENTS; i++) {
      await call(server.url, '/v1/metrics/lessons/event', other.applicationKey, {
        user: { id: `healthy-${i}`, tz: 'UTC' },
        value: 1,
      });
      answered.set(`healthy-${i}`, performance.now());
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
    const deadline = performance.now() + 120_000;
    while (arrived.size < EVENTS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return [...answered]
      .map(([user, at]) => (arrived.get(user) ?? Number.POSITIVE_INFINITY) - at)
      .sort((a, b) => a - b);
  } finally {
    for (const cleanup of cleanups) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [];
let baseline = Number.NaN;
for (const hung of [0, 1, 3]) {
  const delays = await measure(hung);
  const p99 = quantile(delays, 0.99);
  const max = delays[delays.length - 1] ?? Number.NaN;
  const late = delays.filter((delay) => delay === Number.POSITIVE_INFINITY).length;
  if (hung === 0) baseline = p99;
  rows.push({ hung, p99, max, ratio: p99 / baseline });
  process.stdout.write(
    `hung endpoints ${hung}: healthy endpoint p99 ${Math.round(p99)} ms, max ${Math.round(max)} ms (${(p99 / baseline).toFixed(2)}x of none${late > 0 ? `; ${late} of ${EVENTS} not arrived 120 s after the last event` : ''}; target < ${TARGET_MS} ms: ${p99 < TARGET_MS ? 'PASS' : 'FAIL'})\n`,
  );
}
const pass = rows.every((row) => row.p99 < TARGET_MS);
process.stdout.write(
  `webhook fairness: ${pass ? 'PASS' : 'FAIL'} (backlog ${BACKLOG} per hung endpoint, ${EVENTS} healthy deliveries each run)\n`,
);
