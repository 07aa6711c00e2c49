// @ts-check
// What the metrics cost (pnpm bench:metrics): the BUILT server with KINDLING_METRICS=1 against the
// same server with metrics off, each in a child process of its own (bench-servers.mjs) on a data
// folder of its own, under the load generator of bench:http (load.mjs), on two workloads:
//
//   (a) POST /v1/metrics/lessons/event on SQLite, cycling over the workload's users: each answer
//       counted, each store call timed;
//   (b) GET /v1/users/:id/streak of the same users, answered from the read cache: the cheapest
//       answer, where a fixed cost per request shows most.
//
// Blocks alternate (off, on, on, off, ...) after a few seconds of each side's load untimed; each
// pair gives one ratio on / off, and the result is their median with the lowest and highest, the
// spread of the runs: of the req/s, and of the server's CPU per answer (its child's CPU seconds over
// the block by the answers), which the neighbours of a shared machine move far less. Progress goes to stderr, the table to stdout; it exits 0 whatever the figures.
//
// Environment: KINDLING_BENCH_SECONDS (per block, default 10), KINDLING_BENCH_ROUNDS (pairs, default
// 3), KINDLING_BENCH_CONNECTIONS (default 50), KINDLING_BENCH_USERS (default 10000),
// KINDLING_BENCH_LOADGEN and KINDLING_BENCH_PIN as for bench:http.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { envInt, userId } from '../../core/bench/workload.mjs';
import { median } from '../../core/bench/report.mjs';
import { alternate, forkServer } from './children.mjs';
import { blast, LOADGEN, PLACEMENT, sendEach } from './load.mjs';

const SECONDS = envInt('KINDLING_BENCH_SECONDS', 10, 1);
const ROUNDS = envInt('KINDLING_BENCH_ROUNDS', 3, 1);
const CONNECTIONS = envInt('KINDLING_BENCH_CONNECTIONS', 50, 1);
const USERS = envInt('KINDLING_BENCH_USERS', 10_000, 1);
const WARM_SECONDS = 3;

const progress = (/** @type {unknown[]} */ ...parts) => console.error('[bench:metrics]', ...parts);
const EVENT_BODIES = Array.from({ length: USERS }, (_, u) => JSON.stringify({ user: { id: userId(u) }, value: 1 }));
const READ_PATHS = Array.from({ length: USERS }, (_, u) => `/v1/users/${userId(u)}/streak`);

/** @returns {import('./load.mjs').Load} */
const events = (/** @type {string} */ key) => ({
  method: 'POST',
  paths: ['/v1/metrics/lessons/event'],
  bodies: EVENT_BODIES,
  headers: { 'content-type': 'application/json', 'x-api-key': key },
});
/** @returns {import('./load.mjs').Load} */
const reads = (/** @type {string} */ key) => ({ method: 'GET', paths: READ_PATHS, headers: { 'x-api-key': key } });

async function main() {
  const root = mkdtempSync(join(os.tmpdir(), 'kindling-bench-metrics-'));
  const off = await forkServer('kindling', { KINDLING_DATA_DIR: join(root, 'off'), KINDLING_SWEEP_MS: '0' });
  const on = await forkServer('kindling', {
    KINDLING_DATA_DIR: join(root, 'on'),
    KINDLING_SWEEP_MS: '0',
    KINDLING_METRICS: '1',
  });
  try {
    /** @type {Array<[string, (key: string) => import('./load.mjs').Load]>} */
    const workloads = [
      ['POST /v1/metrics/lessons/event', events],
      ['GET /v1/users/:id/streak (cached)', reads],
    ];
    /** @type {string[]} */
    const lines = [];
    for (const [label, load] of workloads) {
      for (const server of [off, on]) {
        const key = /** @type {string} */ (server.appKey);
        // every user exists before the reads, so each read is a cached answer after its first
        if (load === reads) await sendEach(server.url, events(key), USERS, 20);
        await blast(server.url, load(key), { connections: CONNECTIONS, seconds: WARM_SECONDS, pid: server.pid });
      }
      const run = (/** @type {typeof on} */ server) => () =>
        blast(server.url, load(/** @type {string} */ (server.appKey)), {
          connections: CONNECTIONS,
          seconds: SECONDS,
          pid: server.pid,
        });
      const result = await alternate(label, run(on), run(off), ROUNDS, (line) => progress(line));
      const rps = (/** @type {import('./load.mjs').Block[]} */ blocks) =>
        Math.round(median(blocks.map((b) => b.rps))).toLocaleString('en-US');
      const p99 = (/** @type {import('./load.mjs').Block[]} */ blocks) => median(blocks.map((b) => b.p99)).toFixed(1);
      // the server's CPU per answer, µs: what a busy shared machine moves least (req/s follow the neighbours' load)
      const cpu = (/** @type {import('./load.mjs').Block | undefined} */ b) =>
        b?.serverCpu == null || b.rps === 0 ? Number.NaN : (b.serverCpu / 100 / b.rps) * 1e6;
      const cpuRatios = result.rows.server.map((b, i) => cpu(b) / cpu(result.rows.baseline[i]));
      const us = (/** @type {import('./load.mjs').Block[]} */ blocks) => median(blocks.map(cpu)).toFixed(0);
      const range = (/** @type {number[]} */ xs) => `${Math.min(...xs).toFixed(3)} to ${Math.max(...xs).toFixed(3)}`;
      lines.push(
        `| ${label} | ${rps(result.rows.baseline)} / ${rps(result.rows.server)} | ${median(result.ratios).toFixed(3)} (${range(result.ratios)}) | ${us(result.rows.baseline)} / ${us(result.rows.server)} | ${median(cpuRatios).toFixed(3)} (${range(cpuRatios)}) | ${p99(result.rows.baseline)} / ${p99(result.rows.server)} |`,
      );
    }
    console.log(
      `\nmetrics on vs off: ${LOADGEN}, ${PLACEMENT}; ${CONNECTIONS} connections, ${ROUNDS} pairs of ${SECONDS} s blocks, ${USERS} users\n`,
    );
    console.log(
      '| workload | req/s off / on | req/s on / off, median (lowest to highest pair) | server CPU µs per answer off / on | CPU per answer on / off, median (range) | p99 ms off / on |',
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const line of lines) console.log(line);
  } finally {
    await off.stop();
    await on.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
