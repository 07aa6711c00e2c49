// @ts-check
// Where the event endpoint's main thread spends its CPU, by package: what the engine's own cost per
// event weighs in the service, on the store it runs on.
//
//   pnpm bench:profile        (builds everything, then runs this file)
//
// The BUILT server runs in a child process on a fresh SQLite data folder (KINDLING_SQLITE_SYNC as
// set, `full` by default). The load generator (wrk, or autocannon: load.mjs) sends POST
// /v1/metrics/lessons/event over the shared workload's 10,000 users, each user's first event
// before the measured block; V8's CPU profiler runs on the server's main thread for the block
// alone. Each sample counts for the package of the nearest JavaScript frame above it
// (profile-shares.mjs): a SQLite statement is the store's time, an Intl call the engine's.
//
// Environment:
//   KINDLING_BENCH_SECONDS       seconds of the measured block (default 15)
//   KINDLING_BENCH_CONNECTIONS   connections (default 50)
//   KINDLING_BENCH_USERS         users the events cycle over (default 10000)
//   KINDLING_BENCH_DIR           where the data folder is made (default: the OS temp folder)
//   KINDLING_REDIS_URL           the same on this Redis, keys under a prefix of the run's own, deleted
//                                after (default redis://127.0.0.1:6379; "off" profiles SQLite alone)
//
// A report, not a test: no target of its own, it always exits 0. Its last line is the ceiling an
// engine that cost nothing would put on the event endpoint's events/s: 1 / (1 - engine's share).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { envInt, userId, ZONES } from '../../core/bench/workload.mjs';
import { fmtInt, table } from '../../core/bench/report.mjs';
import { forkServer } from './children.mjs';
import { blast, LOADGEN, sendEach } from './load.mjs';
import { PARTS, sharesOf } from './profile-shares.mjs';
import { deleteRedisKeys } from './redis-keys.mjs';

const SECONDS = envInt('KINDLING_BENCH_SECONDS', 15, 1);
const CONNECTIONS = envInt('KINDLING_BENCH_CONNECTIONS', 50, 2);
const USERS = envInt('KINDLING_BENCH_USERS', 10_000, 1);
const REDIS_URL = process.env.KINDLING_REDIS_URL || 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `klbench-profile-p${process.pid}`;

const progress = (/** @type {unknown[]} */ ...parts) => console.error('[bench:profile]', ...parts);

const BODIES = Array.from({ length: USERS }, (_, u) =>
  JSON.stringify({ user: { id: userId(u), tz: ZONES[u % ZONES.length] ?? 'UTC' }, value: 1 }),
);

/** One store's profile: the server started on `env`, warmed, measured for SECONDS under load. */
async function profileOn(/** @type {string} */ name, /** @type {Record<string, string>} */ env) {
  const server = await forkServer('kindling', env);
  try {
    if (server.appKey === null) throw new Error(`the server on ${name} did not make its first account`);
    /** @type {import('./load.mjs').Load} */
    const load = {
      method: 'POST',
      paths: ['/v1/metrics/lessons/event'],
      bodies: BODIES,
      headers: { 'content-type': 'application/json', 'x-api-key': server.appKey },
    };
    progress(`${name}: each of ${fmtInt(USERS)} users' first event, then 3 s of warm-up`);
    const refused = await sendEach(server.url, load, USERS, CONNECTIONS);
    if (refused > 0) throw new Error(`${refused} of the ${USERS} first events failed on ${name}`);
    await blast(server.url, load, { connections: CONNECTIONS, seconds: 3 });
    await server.ask({ profile: 'start' });
    progress(`${name}: ${SECONDS} s measured, ${CONNECTIONS} connections, ${LOADGEN}`);
    const block = await blast(server.url, load, { connections: CONNECTIONS, seconds: SECONDS, pid: server.pid });
    const { profile } = /** @type {{ profile: import('./profile-shares.mjs').CpuProfile }} */ (
      await server.ask({ profile: 'stop' })
    );
    if (block.failed > 0) throw new Error(`${block.failed} of ${block.total} events failed on ${name}`);
    return { name, block, shares: sharesOf(profile) };
  } finally {
    await server.stop();
  }
}

async function main() {
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR || os.tmpdir(), 'kindling-bench-profile-'));
  try {
    const none = join(dir, 'none');
    const runs = [await profileOn('SQLite', { KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: none })];
    if (REDIS_URL !== 'off') {
      try {
        runs.push(
          await profileOn('Redis', { REDIS_URL, KINDLING_REDIS_PREFIX: REDIS_PREFIX, KINDLING_DASHBOARD_DIR: none }),
        );
      } finally {
        progress(`Redis: deleted ${await deleteRedisKeys(REDIS_URL, REDIS_PREFIX)} keys under ${REDIS_PREFIX}:`);
      }
    }
    console.log('Kindling: the event endpoint main thread, CPU by package');
    console.log(
      `node ${process.version}, ${os.cpus().length} logical cores, load average ${os.loadavg()[0]?.toFixed(2)}`,
    );
    console.log('');
    for (const { name, block, shares } of runs) {
      const events = block.total;
      console.log(
        `${name}: ${fmtInt(block.rps)} events/s over ${SECONDS} s (${fmtInt(events)} events), main thread busy ` +
          `${((shares.busy / (shares.busy + shares.idle)) * 100).toFixed(0)}% of the block, ${(shares.busy / events).toFixed(1)} µs per event`,
      );
      const printer = table([
        ['part', 78],
        ['share', 7, true],
        ['µs/event', 9, true],
      ]);
      printer.header();
      for (const [part, title] of PARTS) {
        const micros = shares.micros[part];
        printer.row([title, `${((micros / shares.busy) * 100).toFixed(1)}%`, (micros / events).toFixed(2)]);
      }
      console.log('');
    }
    for (const { name, shares } of runs) {
      const engine = shares.micros.engine / shares.busy;
      const withCollector = (shares.micros.engine + shares.micros.gc) / shares.busy;
      console.log(
        `${name}: the engine is ${(engine * 100).toFixed(1)}% of the main thread's busy time: an engine that cost nothing ` +
          `would raise the event endpoint's events/s by at most ${(1 / (1 - engine)).toFixed(2)}× ` +
          `(${(1 / (1 - withCollector)).toFixed(2)}× if the whole collector's time went with it)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
