// @ts-check
// Where the main thread of the endpoints that take events spends its CPU, by package: what the
// engine's own cost per event weighs in the service, on the store it runs on.
//
//   pnpm bench:profile        (builds everything, then runs this file)
//
// The BUILT server runs in a child process on a fresh SQLite data folder (KINDLING_SQLITE_SYNC as
// set, `full` by default), then on Redis. The load generator (wrk, or autocannon: load.mjs) sends,
// after each of the workload's 10,000 users has had a first event, two loads in turn: POST
// /v1/metrics/lessons/event over the users (50 connections), and POST /admin/v1/metrics/events
// with 1,000 events a request (4 connections, as bench:http's batch comparison). Each load has 3 s
// of warm-up, then V8's CPU profiler runs on the server's main thread for its measured block alone.
// Each sample counts for the package of the nearest JavaScript frame above it (profile-shares.mjs):
// a SQLite statement is the store's time, an Intl call the engine's.
//
// Environment:
//   KINDLING_BENCH_SECONDS       seconds of each measured block (default 15)
//   KINDLING_BENCH_ALLOCATION_SECONDS  seconds of each allocation block (default 5)
//   KINDLING_BENCH_CONNECTIONS   connections of the single-event load (default 50)
//   KINDLING_BENCH_USERS         users the events cycle over (default 10000)
//   KINDLING_BENCH_SEED          seed of the workload the placement loop places (default 20250101)
//   KINDLING_BENCH_DIR           where the data folder is made (default: the OS temp folder)
//   KINDLING_BENCH_PROFILES      a folder: each block's profile is also written there as
//                                <store>-<single|batches>.cpuprofile, and each allocation block's as
//                                <store>-<single|batches>.heapprofile (Chrome DevTools opens them)
//   KINDLING_REDIS_URL           the Redis run, keys under a prefix of the run's own, deleted after
//                                (default redis://127.0.0.1:6379; "off" profiles SQLite alone)
//
// After each CPU block, a block of ALLOCATION_SECONDS under the same load with V8's sampling heap
// profiler on instead (allocations counted for parts the same way): the engine's share of the bytes
// allocated is the share of the collector's time counted as the engine's.
//
// Between the stores, in this process with no load running, the placement loop of bench:core
// (packages/core/bench/placement.mjs: each event placed on its local date with a cached Intl
// formatter) is timed in CPU per event, so that the engine's cost per event in the service is put
// beside it in one run: issue 16's ratio, asked where its reason lies (the service's main thread on
// the stores it runs on) rather than on the memory store. A report: it always exits 0; its last
// lines give each endpoint's ceiling for an engine that cost nothing, 1 / (1 - the engine's share),
// the ratios to the placement loop, and the verdict: PASS when the engine, with its part of the
// collector, is at most a tenth of the main thread on every endpoint (issue 16's intent).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { placeEvents, placementFormats } from '../../core/bench/placement.mjs';
import { cpuSeconds, fmtInt, median, table } from '../../core/bench/report.mjs';
import { envInt, generateWorkload, userId, ZONES } from '../../core/bench/workload.mjs';
import { forkServer } from './children.mjs';
import { blast, LOADGEN, PLACEMENT, sendEach } from './load.mjs';
import { allocationsOf, PARTS, sharesOf } from './profile-shares.mjs';
import { deleteRedisKeys } from './redis-keys.mjs';

const SECONDS = envInt('KINDLING_BENCH_SECONDS', 15, 1);
const ALLOCATION_SECONDS = envInt('KINDLING_BENCH_ALLOCATION_SECONDS', 5, 1);
const SEED = envInt('KINDLING_BENCH_SEED', 20250101, 0);
const CONNECTIONS = envInt('KINDLING_BENCH_CONNECTIONS', 50, 2);
const USERS = envInt('KINDLING_BENCH_USERS', 10_000, 1);
const REDIS_URL = process.env.KINDLING_REDIS_URL || 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `klbench-profile-p${process.pid}`;
const PROFILES = process.env.KINDLING_BENCH_PROFILES || null;

const progress = (/** @type {unknown[]} */ ...parts) => console.error('[bench:profile]', ...parts);

const BODIES = Array.from({ length: USERS }, (_, u) =>
  JSON.stringify({ user: { id: userId(u), tz: ZONES[u % ZONES.length] ?? 'UTC' }, value: 1 }),
);

/** Events per batch, and the batch endpoint's connections: bench:http's batch comparison. */
const BATCH_SIZE = 1000;
const BATCH_CONNECTIONS = 4;

/**
 * @typedef {object} Endpoint
 * @property {string} name
 * @property {string} file  the name of its profile's file, without the store
 * @property {import('./load.mjs').Load} load
 * @property {number} connections
 * @property {number} eventsPerRequest
 */

/** The two ways events come in: one per request (the application key), 1,000 per request (the admin key). */
function endpointsOf(/** @type {import('./children.mjs').Child} */ server) {
  if (server.appKey === null || server.adminKey === null) throw new Error('the server did not make its first account');
  /** @type {Endpoint[]} */
  const endpoints = [
    {
      name: 'POST /v1/metrics/lessons/event',
      file: 'single',
      load: {
        method: 'POST',
        paths: ['/v1/metrics/lessons/event'],
        bodies: BODIES,
        headers: { 'content-type': 'application/json', 'x-api-key': server.appKey },
      },
      connections: CONNECTIONS,
      eventsPerRequest: 1,
    },
    {
      name: `POST /admin/v1/metrics/events, ${fmtInt(BATCH_SIZE)} events a request`,
      file: 'batches',
      load: {
        method: 'POST',
        paths: ['/admin/v1/metrics/events'],
        bodies: [
          JSON.stringify(
            Array.from({ length: BATCH_SIZE }, (_, i) => {
              const u = (i * 7) % USERS;
              return { key: 'lessons', user: { id: userId(u), tz: ZONES[u % ZONES.length] ?? 'UTC' }, value: 1 };
            }),
          ),
        ],
        headers: { 'content-type': 'application/json', 'x-api-key': server.adminKey },
      },
      connections: BATCH_CONNECTIONS,
      eventsPerRequest: BATCH_SIZE,
    },
  ];
  return endpoints;
}

/**
 * A block of `seconds` under the endpoint's load with one of the child's profilers on ('profile':
 * V8's CPU profiler; 'allocations': its sampling heap profiler): the profile, written to
 * KINDLING_BENCH_PROFILES when set, and the load's counts. A failed request fails the bench.
 * @param {import('./children.mjs').Child} server
 * @param {string} store
 * @param {Endpoint} endpoint
 * @param {'profile' | 'allocations'} kind
 * @param {number} seconds
 */
async function profiledBlock(server, store, endpoint, kind, seconds) {
  await server.ask({ [kind]: 'start' });
  const block = await blast(server.url, endpoint.load, {
    connections: endpoint.connections,
    pid: server.pid,
    seconds,
  });
  const answer = /** @type {Record<string, unknown>} */ (await server.ask({ [kind]: 'stop' }))[kind];
  if (block.failed > 0)
    throw new Error(`${block.failed} of ${block.total} requests failed: ${store}, ${endpoint.name}`);
  if (PROFILES !== null) {
    mkdirSync(PROFILES, { recursive: true });
    const file = join(
      PROFILES,
      `${store.toLowerCase()}-${endpoint.file}.${kind === 'profile' ? 'cpuprofile' : 'heapprofile'}`,
    );
    writeFileSync(file, JSON.stringify(answer));
    progress(`${store}, ${endpoint.name}: ${kind} written to ${file}`);
  }
  return { answer, block };
}

/** One store's profiles: the server started on `env`, warmed, then each endpoint measured for SECONDS under load. */
async function profileOn(/** @type {string} */ store, /** @type {Record<string, string>} */ env) {
  const server = await forkServer('kindling', env);
  try {
    const endpoints = endpointsOf(server);
    const [single] = endpoints;
    if (single === undefined) throw new Error('no single-event endpoint');
    progress(`${store}: each of ${fmtInt(USERS)} users' first event`);
    const refused = await sendEach(server.url, single.load, USERS, CONNECTIONS);
    if (refused > 0) throw new Error(`${refused} of the ${USERS} first events failed on ${store}`);
    const runs = [];
    for (const endpoint of endpoints) {
      const options = { connections: endpoint.connections, pid: server.pid };
      progress(
        `${store}, ${endpoint.name}: 3 s of warm-up, ${SECONDS} s measured, ${endpoint.connections} connections, ${LOADGEN}`,
      );
      await blast(server.url, endpoint.load, { ...options, seconds: 3 });
      const { answer: cpu, block } = await profiledBlock(server, store, endpoint, 'profile', SECONDS);
      progress(`${store}, ${endpoint.name}: ${ALLOCATION_SECONDS} s more with the sampling heap profiler`);
      const { answer: heap, block: sampled } = await profiledBlock(
        server,
        store,
        endpoint,
        'allocations',
        ALLOCATION_SECONDS,
      );
      runs.push({
        store,
        endpoint,
        events: block.total * endpoint.eventsPerRequest,
        shares: sharesOf(/** @type {import('./profile-shares.mjs').CpuProfile} */ (cpu)),
        allocated: {
          ...allocationsOf(/** @type {import('./profile-shares.mjs').HeapProfile} */ (heap)),
          events: sampled.total * endpoint.eventsPerRequest,
        },
      });
    }
    return runs;
  } finally {
    await server.stop();
  }
}

/** Workload events the placement loop places per timed run (bench:core's workload, its seed). */
const PLACEMENT_EVENTS = 200_000;
/**
 * The target (issue 16's intent): on every endpoint the engine, with its part of the collector, is at
 * most this share of the main thread's busy time, so that an engine that cost nothing would raise
 * the events/s by less than 1 / (1 - share), about 1.11x: less than the endpoints' own spread from
 * run to run (decision 002, seventh pass).
 */
const SHARE_LIMIT = 0.1;
/** The issue's ratio, printed for reference: the engine's CPU per event against the placement loop's. */
const PLACEMENT_RATIO = 1;

/**
 * The placement loop's CPU per event in µs, `runs` timed runs after one untimed: measured here, in
 * this process with no load running, between the stores' blocks.
 */
function placementRuns(/** @type {import('../../core/bench/workload.mjs').Workload} */ w, runs = 3) {
  const formats = placementFormats();
  placeEvents(w, PLACEMENT_EVENTS, formats);
  /** @type {number[]} */
  const micros = [];
  for (let run = 0; run < runs; run++) {
    const c0 = process.cpuUsage();
    const check = placeEvents(w, PLACEMENT_EVENTS, formats);
    if (check === 0) throw new Error('the placement loop placed nothing');
    micros.push((cpuSeconds(c0) * 1e6) / PLACEMENT_EVENTS);
  }
  return micros;
}

async function main() {
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR || os.tmpdir(), 'kindling-bench-profile-'));
  try {
    const none = join(dir, 'none');
    const workload = generateWorkload({ events: PLACEMENT_EVENTS, users: USERS, seed: SEED });
    progress(`the placement loop, ${fmtInt(PLACEMENT_EVENTS)} events, before the stores`);
    const placements = placementRuns(workload);
    const runs = await profileOn('SQLite', { KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: none });
    progress('the placement loop, after SQLite');
    placements.push(...placementRuns(workload));
    if (REDIS_URL !== 'off') {
      try {
        runs.push(
          ...(await profileOn('Redis', {
            REDIS_URL,
            KINDLING_REDIS_PREFIX: REDIS_PREFIX,
            KINDLING_DASHBOARD_DIR: none,
          })),
        );
      } finally {
        progress(`Redis: deleted ${await deleteRedisKeys(REDIS_URL, REDIS_PREFIX)} keys under ${REDIS_PREFIX}:`);
      }
      progress('the placement loop, after Redis');
      placements.push(...placementRuns(workload));
    }
    const placement = median(placements);
    console.log('Kindling: the main thread of the endpoints that take events, CPU by package');
    console.log(
      `node ${process.version}, ${os.cpus().length} logical cores, load average ${os.loadavg()[0]?.toFixed(2)}; ${LOADGEN}, ${PLACEMENT}`,
    );
    console.log('');
    for (const { store, endpoint, events, shares, allocated } of runs) {
      console.log(
        `${store}, ${endpoint.name}: ${fmtInt(events / SECONDS)} events/s over ${SECONDS} s (${fmtInt(events)} events), ` +
          `main thread busy ${((shares.busy / (shares.busy + shares.idle)) * 100).toFixed(0)}% of the block, ${(shares.busy / events).toFixed(1)} µs per event`,
      );
      const printer = table([
        ['part', 68],
        ['share', 7, true],
        ['µs/event', 9, true],
        ['allocated', 10, true],
        ['bytes/event', 12, true],
      ]);
      printer.header();
      for (const [part, title] of PARTS) {
        const micros = shares.micros[part];
        const bytes = allocated.bytes[part];
        printer.row([
          title,
          `${((micros / shares.busy) * 100).toFixed(1)}%`,
          (micros / events).toFixed(2),
          part === 'gc' ? '' : `${((bytes / allocated.total) * 100).toFixed(1)}%`,
          part === 'gc' ? '' : fmtInt(bytes / allocated.events),
        ]);
      }
      console.log('');
    }
    console.log(
      `the placement loop (bench:core's baseline), CPU per event, ${placements.length} runs of ${fmtInt(PLACEMENT_EVENTS)} events ` +
        `between the stores: median ${placement.toFixed(2)} µs (${placements.map((m) => m.toFixed(2)).join(', ')})`,
    );
    const verdicts = table([
      ['endpoint', 72],
      ['engine', 8, true],
      ['its GC', 8, true],
      ['µs/event', 9, true],
      ['vs placement', 13, true],
    ]);
    verdicts.header();
    /** @type {number[]} */
    const ratios = [];
    let met = true;
    for (const { store, endpoint, events, shares, allocated } of runs) {
      const own = shares.micros.engine / events;
      const collector = ((shares.micros.gc / events) * allocated.bytes.engine) / allocated.total;
      const ratio = placement / (own + collector);
      ratios.push(ratio);
      verdicts.row([
        `${store}, ${endpoint.name}`,
        own.toFixed(2),
        collector.toFixed(2),
        (own + collector).toFixed(2),
        `${ratio.toFixed(2)}×`,
      ]);
    }
    console.log('');
    for (const { store, endpoint, shares, allocated } of runs) {
      const engine = shares.micros.engine / shares.busy;
      const withItsCollector =
        (shares.micros.engine + (shares.micros.gc * allocated.bytes.engine) / allocated.total) / shares.busy;
      const withCollector = (shares.micros.engine + shares.micros.gc) / shares.busy;
      if (!(withItsCollector <= SHARE_LIMIT)) met = false;
      console.log(
        `${store}, ${endpoint.name}: the engine is ${(engine * 100).toFixed(1)}% of the main thread's busy time, ` +
          `${(withItsCollector * 100).toFixed(1)}% with its part of the collector; one that cost nothing would raise the ` +
          `events/s by at most ${(1 / (1 - withItsCollector)).toFixed(2)}× ` +
          `(${(1 / (1 - withCollector)).toFixed(2)}× if all of the collector's time went with it)`,
      );
    }
    const atOnePlacement = ratios.filter((ratio) => ratio >= PLACEMENT_RATIO).length;
    console.log(
      `for reference, the engine's CPU per event with its part of the collector against the placement loop: ` +
        `${ratios.map((ratio) => `${ratio.toFixed(2)}×`).join(', ')} (>= ${PLACEMENT_RATIO}× on ${atOnePlacement} of ${ratios.length} endpoints)`,
    );
    console.log(
      `${met ? 'PASS' : 'FAIL'}: the engine, with its part of the collector, at most ${SHARE_LIMIT * 100}% of the main ` +
        `thread's busy time on ${met ? 'every' : 'not every'} endpoint (issue 16's intent: the engine is not what bounds ` +
        'the event endpoints; decision 002, seventh pass)',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
