// @ts-check
// HTTP benchmark (pnpm bench:http): the BUILT server (@kindling/server's dist) under a load generator
// (wrk, or autocannon where wrk is absent: load.mjs), each server in a child process of its own
// (bench-servers.mjs), against a bare Fastify in another child.
//
//   (a) POST /v1/metrics/lessons/event on SQLite, cycling over 10,000 users, vs a bare Fastify POST
//       that parses the same JSON body and answers a small JSON;
//   (a') the same event workload on a copy of the data served with KINDLING_SQLITE_SYNC=normal (no
//       disk sync in each commit): what the durability of the default costs, shown beside the verdict;
//   (b) GET /v1/users/:id/streak?historyPeriods=366 of users with a year of history (about 37 KB
//       each), vs a bare Fastify GET that sends the very bytes Kindling answered for that path,
//       prepared before the run: what the server adds to sending its answer (the verdict), each
//       pair of blocks on a new Kindling process and a new bare one (decision 028); then the same
//       read on the long-lived pair that served (a) and (a'), shown beside it;
//   (b') the same at the default 7 periods (a few hundred bytes), vs the same small bytes sent bare;
//   (b'') the 366-period read asking for gzip as the hosted service's SDKs do, and with the read
//       cache off, each vs a bare GET answering a small JSON;
//   (b''') GET /v1/users/:id/metrics/lessons/event-summary?aggregation=daily over the last 366 days
//       of the users with a year of history, vs a bare GET sending the same bytes (target: 0.6x or more);
//   (a'') the same events sent 1,000 at a time to POST /admin/v1/metrics/events (4 connections),
//       beside the event endpoint's events/s in the same blocks' alternation (the target: 3x or more);
//   (c) the event endpoint on Redis: one server process, then two sharing the Redis behind a
//       client-side round-robin (two load generators, half the connections each, summed);
//   (d) the batch endpoint against `kindling import` per event (target: batches at least as fast):
//       the same N events (KINDLING_BENCH_IMPORT_EVENTS) written once as an NDJSON file for the
//       built CLI and as batches of 1,000 for a freshly started server, each into a fresh SQLite
//       data folder, alternating for KINDLING_BENCH_ROUNDS rounds; events/s = N / seconds.
//   (e) points (issue 46): the event endpoint of an account with two points systems of five active
//       triggers each and one global boost live (points-account.mjs) against the same account without
//       them, on SQLite and on Redis (target: 0.85x or more on each); then GET /v1/users/:id/points/xp
//       of users with 10 awards or more (the 10 a read answers by default), each pair on new
//       processes, vs a bare GET sending the same bytes (target: 0.8x or more).
//
// Blocks alternate (bare, server, server, bare, ...), after 5 s of each side's load untimed; each
// pair gives one ratio, and "vs bare" is the median of those ratios. Each block also reports the CPU
// of the server child and of the load generator, in % of one core: on a 2-core machine, whichever is
// near 100% is the limit. Progress goes to stderr, the results (a table and PASS/FAIL lines) to
// stdout. It is a report, not a test: it exits 0 whatever the verdicts (1 only if the script itself
// fails).
//
// Environment:
//   KINDLING_BENCH_PARTS           which parts run, comma-separated: base (parts a to d), points (part e);
//                                  default both
//   KINDLING_BENCH_LOADGEN         wrk or autocannon (default: wrk when it is on the PATH)
//   KINDLING_BENCH_PIN             on or off: with wrk, the measured server's main thread on CPU 0 and wrk
//                                  on CPU 1 (default on where taskset is installed and there are 2 CPUs)
//   KINDLING_BENCH_SECONDS         seconds per measured block (default 10)
//   KINDLING_BENCH_ROUNDS          block pairs per comparison (default 3)
//   KINDLING_BENCH_CONNECTIONS     connections (default 50)
//   KINDLING_BENCH_USERS           users the events cycle over (default 10000)
//   KINDLING_BENCH_HISTORY_USERS   users with a year of history whose streaks are read (default 200);
//                                  the other users start with one event
//   KINDLING_REDIS_URL             the Redis of part (c) (default redis://127.0.0.1:6379; "off" skips it)
//   KINDLING_BENCH_IMPORT_EVENTS   events of part (d), over 2,000 users (default 20000)
//   KINDLING_BENCH_CPU_PROF        a folder: the SQLite server child runs with --cpu-prof into it, and
//                                  so do part (d)'s batch servers and import processes and part (e)'s
//                                  long-lived servers
//   KINDLING_BENCH_DIR             where the server's data folder is made (default: the OS temp folder;
//                                  /dev/shm shows the cost without the disk's fsync)
//
// Files go to a new folder under the OS temp folder, removed at the end. Every Redis key it writes
// starts with "klbench-http-p<pid>" (":", "-plain:" or "-points:"), and it deletes them at the end; it
// never flushes anything.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DAY_MS, envInt, userId } from '../../core/bench/workload.mjs';
import { median, quantile } from '../../core/bench/report.mjs';
import { alternate, answersOf, forkServer, QUIET } from './children.mjs';
import { blast, cpuSeconds, LOADGEN, PLACEMENT, sendEach } from './load.mjs';
import { seedYearOfLessons, zoneOf } from './read-data.mjs';
import { deleteRedisKeys } from './redis-keys.mjs';
import { configurePointsAccount, READ_SYSTEM } from './points-account.mjs';

/** @typedef {import('./load.mjs').Load} Load */
/** @typedef {import('./load.mjs').Block} Block */
/** @typedef {import('./children.mjs').Comparison} Comparison */
/** @typedef {import('./children.mjs').Child} Child */

const TARGET_EVENT_SHARE = 0.5;
const TARGET_EVENT_P99_MS = 10;
/** the 366-period read against a bare route sending the same bytes */
const TARGET_READ_SAME_BYTES = 0.9;
/** events per second through 1,000-event batches, against the single-event endpoint */
const TARGET_BATCH_EVENTS = 3;
const BATCH_SIZE = 1000;
/** a year of daily sums summarised per day, against a bare route sending the same bytes */
const TARGET_SUMMARY_SAME_BYTES = 0.6;
const BATCH_CONNECTIONS = 4;
/** the batch endpoint's events/s against `kindling import`'s, the same events into a fresh data folder each */
const TARGET_BATCH_VS_IMPORT = 1;
const HISTORY_PERIODS = 366;
/** the event with two points systems against the same event without any, on each store (issue 46) */
const TARGET_POINTS_EVENT = 0.85;
/** a user's points read against a bare route sending the same bytes (issue 46) */
const TARGET_POINTS_READ = 0.8;
/** the awards a user's points read answers by default, and how many each read user has at least */
const READ_AWARDS = 10;
const PARTS = new Set((process.env.KINDLING_BENCH_PARTS || 'base,points').split(','));

const SECONDS = envInt('KINDLING_BENCH_SECONDS', 10, 1);
const ROUNDS = envInt('KINDLING_BENCH_ROUNDS', 3, 1);
const CONNECTIONS = envInt('KINDLING_BENCH_CONNECTIONS', 50, 2);
const USERS = envInt('KINDLING_BENCH_USERS', 10_000, 1);
const HISTORY_USERS = Math.min(envInt('KINDLING_BENCH_HISTORY_USERS', 200, 1), USERS);
const REDIS_URL = process.env.KINDLING_REDIS_URL || 'redis://127.0.0.1:6379';
const IMPORT_EVENTS = envInt('KINDLING_BENCH_IMPORT_EVENTS', 20_000, 1);
const IMPORT_USERS = Math.min(2_000, IMPORT_EVENTS);
/** the built CLI, as `kindling` runs once installed */
const CLI = fileURLToPath(new URL('../bin/kindling.mjs', import.meta.url));
const CPU_PROF = process.env.KINDLING_BENCH_CPU_PROF || null;
const REDIS_PREFIX = `klbench-http-p${process.pid}`;
/** the durability the measured server runs with: the default unless the environment sets it */
const SYNC = process.env.KINDLING_SQLITE_SYNC || 'full';
const EVENT_PATH = '/v1/metrics/lessons/event';
const BARE_EVENT_PATH = '/bare/lessons/event';

const progress = (/** @type {unknown[]} */ ...parts) => console.error('[bench:http]', ...parts);
const fmt = (/** @type {number} */ n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const EVENT_BODIES = Array.from({ length: USERS }, (_, u) =>
  JSON.stringify({ user: { id: userId(u), tz: zoneOf(u) }, value: 1 }),
);
const READ_PATHS = Array.from(
  { length: HISTORY_USERS },
  (_, u) => `/v1/users/${userId(u)}/streak?historyPeriods=${HISTORY_PERIODS}`,
);
/** the same users read at the default history (7 periods) */
const SMALL_READ_PATHS = Array.from({ length: HISTORY_USERS }, (_, u) => `/v1/users/${userId(u)}/streak`);
/** Each history user's metric summed per local day over the last 366 days (a year of daily data). */
const SUMMARY_PATHS = (() => {
  const day = (/** @type {number} */ offset) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
  return Array.from(
    { length: HISTORY_USERS },
    (_, u) =>
      `/v1/users/${userId(u)}/metrics/lessons/event-summary?aggregation=daily&startDate=${day(-365)}&endDate=${day(0)}`,
  );
})();
/** What the hosted service's SDKs send on every call (fetch): the answer may come gzipped. */
const SDK_ENCODING = { 'accept-encoding': 'gzip, deflate' };

/** Each history user's points in the system read (the default 10 awards). */
const POINTS_READ_PATHS = Array.from(
  { length: HISTORY_USERS },
  (_, u) => `/v1/users/${userId(u)}/points/${READ_SYSTEM}`,
);

/** @returns {Load} */
const eventLoad = (/** @type {string} */ path, /** @type {string | null} */ key) => ({
  method: 'POST',
  paths: [path],
  bodies: EVENT_BODIES,
  headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }) },
});
/**
 * One batch of BATCH_SIZE events, each of another of the workload's users (the same batch sent again
 * adds to their totals: events without idempotency keys).
 * @returns {Load}
 */
const batchLoad = (/** @type {string} */ key) => ({
  method: 'POST',
  paths: ['/admin/v1/metrics/events'],
  bodies: [
    JSON.stringify(
      Array.from({ length: BATCH_SIZE }, (_, i) => ({
        key: 'lessons',
        user: { id: userId((i * 7) % USERS), tz: zoneOf((i * 7) % USERS) },
        value: 1,
      })),
    ),
  ],
  headers: { 'content-type': 'application/json', 'x-api-key': key },
});
/** @returns {Load} */
const readLoad = (
  /** @type {string[]} */ paths,
  /** @type {string | null} */ key,
  /** @type {Record<string, string>} */ headers = {},
) => ({ method: 'GET', paths, headers: { ...(key === null ? {} : { 'x-api-key': key }), ...headers } });
/** the bare server's path answering what Kindling answered for `path` (prepared bytes, or a small JSON) */
const bare = (/** @type {string[]} */ paths, /** @type {'/bare-bytes/' | '/bare/'} */ prefix) =>
  paths.map((path) => path.replace('/v1/', prefix));

/** Seconds of each comparison's two loads, run untimed just before its blocks. */
const WARM_SECONDS = 5;

/**
 * Alternating blocks of `server` and `baseline`, ROUNDS pairs: per-pair ratios. Each side first
 * takes WARM_SECONDS of its load, untimed: a server that sat idle while the comparisons before ran
 * on other processes answers its first seconds of load slower, and the first block would measure
 * that, not the server under steady traffic (decisions 023, 027).
 */
const compare = async (
  /** @type {string} */ label,
  /** @type {(seconds?: number) => Promise<Block>} */ server,
  /** @type {(seconds?: number) => Promise<Block>} */ baseline,
) => {
  await baseline(WARM_SECONDS);
  await server(WARM_SECONDS);
  return alternate(
    label,
    () => server(),
    () => baseline(),
    ROUNDS,
    (line) => progress(line),
  );
};

/** The median of `pick` over the blocks, or null when a block has none (its CPU not measured). */
function medianOf(/** @type {Block[]} */ blocks, /** @type {(b: Block) => number | null} */ pick) {
  const values = blocks.map(pick);
  return values.every((v) => v !== null) ? median(/** @type {number[]} */ (values)) : null;
}

/** Slices each side's block is cut into on a new pair of processes, the two sides' slices alternated. */
const SLICES = 5;

/** Slices of one side as one block: requests over seconds; latencies and CPU the median of the slices'. */
function merged(/** @type {Block[]} */ slices) {
  const total = slices.reduce((n, b) => n + b.total, 0);
  const seconds = slices.reduce((n, b) => n + (b.rps > 0 ? b.total / b.rps : 0), 0);
  return {
    rps: seconds > 0 ? total / seconds : 0,
    p50: median(slices.map((b) => b.p50)),
    p99: median(slices.map((b) => b.p99)),
    failed: slices.reduce((n, b) => n + b.failed, 0),
    total,
    serverCpu: medianOf(slices, (b) => b.serverCpu),
    clientCpu: medianOf(slices, (b) => b.clientCpu),
  };
}

/**
 * ROUNDS pairs of blocks, each pair on two processes started for it (`start`, `startBaseline`) and
 * stopped after it, each side warmed WARM_SECONDS first. Each pair is then a sample of a new process
 * rather than of one process's history: in a long-lived process, where V8 settles a hot function of
 * Node's own (process.nextTick's tick object) moves the read's cost by a fifth, and the traffic a
 * process served before can move it (decision 028). Each side's block is SLICES slices, alternated
 * with the other side's, so that the machine's drift over the pair's seconds falls on both alike.
 */
async function freshPairs(
  /** @type {string} */ label,
  /** @type {() => Promise<Child>} */ start,
  /** @type {Load} */ load,
  /** @type {() => Promise<Child>} */ startBaseline,
  /** @type {Load} */ baselineLoad,
) {
  /** @type {Comparison} */
  const result = { rows: { server: [], baseline: [] }, ratios: [] };
  const slice = Math.max(1, Math.round(SECONDS / SLICES));
  for (let round = 0; round < ROUNDS; round++) {
    const server = await start();
    const baseline = await startBaseline();
    try {
      const run = (/** @type {Child} */ child, /** @type {Load} */ what, seconds = slice) =>
        blast(child.url, what, { connections: CONNECTIONS, seconds, pid: child.pid });
      await run(baseline, baselineLoad, WARM_SECONDS);
      await run(server, load, WARM_SECONDS);
      /** @type {{ server: Block[], baseline: Block[] }} */
      const slices = { server: [], baseline: [] };
      for (let i = 0; i < SLICES; i++) {
        /** @type {('baseline' | 'server')[]} */
        const order = (round + i) % 2 === 0 ? ['baseline', 'server'] : ['server', 'baseline'];
        for (const which of order) {
          slices[which].push(which === 'server' ? await run(server, load) : await run(baseline, baselineLoad));
        }
      }
      for (const which of /** @type {const} */ (['baseline', 'server'])) {
        const block = merged(slices[which]);
        result.rows[which].push(block);
        progress(
          `${label} round ${round + 1}/${ROUNDS} (new processes, ${SLICES} slices of ${slice} s) ${which}: ${fmt(block.rps)} req/s, p50 ${block.p50} ms, p99 ${block.p99} ms`,
        );
      }
    } finally {
      await server.stop();
      await baseline.stop();
    }
    const [s, b] = [result.rows.server[round], result.rows.baseline[round]];
    if (s !== undefined && b !== undefined) result.ratios.push(s.rps / b.rps);
  }
  return result;
}

/** @param {Block[]} blocks */
function summary(blocks) {
  return {
    rps: median(blocks.map((b) => b.rps)),
    p50: median(blocks.map((b) => b.p50)),
    p99: median(blocks.map((b) => b.p99)),
    failed: blocks.reduce((n, b) => n + b.failed, 0),
    serverCpu: medianOf(blocks, (b) => b.serverCpu),
    clientCpu: medianOf(blocks, (b) => b.clientCpu),
  };
}

/** Part (c): the event endpoint on Redis, one server process vs two behind a client-side round-robin. */
async function redisPart() {
  const env = { REDIS_URL, KINDLING_REDIS_PREFIX: REDIS_PREFIX };
  const first = await forkServer('kindling', env);
  const second = await forkServer('kindling', env);
  try {
    const load = eventLoad(EVENT_PATH, first.appKey);
    progress(`redis: warm-up, one event for each of ${USERS} users`);
    await sendEach(first.url, load, USERS);
    await blast(second.url, load, { connections: CONNECTIONS, seconds: 2 });
    const one = (seconds = SECONDS) => blast(first.url, load, { connections: CONNECTIONS, seconds });
    const two = async (seconds = SECONDS) => {
      const half = Math.floor(CONNECTIONS / 2);
      const [a, b] = await Promise.all([first, second].map((s) => blast(s.url, load, { connections: half, seconds })));
      if (a === undefined || b === undefined) throw new Error('two load generators, two results');
      return {
        rps: a.rps + b.rps,
        p50: Math.max(a.p50, b.p50),
        p99: Math.max(a.p99, b.p99),
        failed: a.failed + b.failed,
        total: a.total + b.total,
        serverCpu: null,
        clientCpu: null,
      };
    };
    return await compare('redis event: 2 processes vs 1', two, one);
  } finally {
    await Promise.all([first.stop(), second.stop()]);
    progress(`redis: deleted ${await deleteRedisKeys(REDIS_URL, REDIS_PREFIX)} keys under ${REDIS_PREFIX}:`);
  }
}

/**
 * @typedef {object} ImportRun  one timed run of part (d)
 * @property {number} rate      events recorded per second: IMPORT_EVENTS / seconds
 * @property {number} seconds
 * @property {number | null} cpu  the recording process's CPU (the import, or the server child), % of one core
 * @property {number | null} p50  a batch request's latency, ms (null for the import)
 * @property {number | null} p99
 */

/**
 * Part (d): the batch endpoint against the CLI import, per event. The events are the bench's event
 * workload (one lesson, the user's zone, users in turn), here over IMPORT_USERS users, each event
 * with an idempotency key of its own: the import always records with a key (a hash of the line when
 * the file has none), so both sides carry the same ones and do the same work in the engine. They
 * have no `at`: the batch endpoint takes none (every event is recorded now), so the import records
 * them now as well. Each run starts from a fresh data folder made by a first start of the built
 * server (the import needs the account and its metric `lessons` to exist); which side goes first
 * alternates by round, as in the other parts.
 *
 * What each figure includes: the import is timed from spawn to exit, so it includes starting Node,
 * opening the store and closing it, because that is what an operator waits for, and it is what every
 * import pays. The batch figure runs from the first request to the last answer on a server already
 * listening: a server is started once and takes many batches, so its start belongs to no batch (and
 * timing it from fork would add the first start's account setup, which the import's figure does not
 * hold). Both processes are cold (no warm-up), as a fresh import is. An import of an empty file, once
 * per round, shows the import's fixed part; the INFO line gives the ratio without it as well.
 * The batches go BATCH_CONNECTIONS at a time, the concurrency of the batch comparison above.
 */
async function importPart(/** @type {string} */ dir) {
  mkdirSync(dir, { recursive: true });
  const events = Array.from({ length: IMPORT_EVENTS }, (_, i) => {
    const u = i % IMPORT_USERS;
    return { user: { id: userId(u), tz: zoneOf(u) }, value: 1, idempotencyKey: `bench-import-${i}` };
  });
  const file = join(dir, 'events.ndjson');
  writeFileSync(file, events.map((event) => `${JSON.stringify({ metric: 'lessons', ...event })}\n`).join(''));
  const empty = join(dir, 'empty.ndjson');
  writeFileSync(empty, '');
  /** @type {string[]} */
  const bodies = [];
  for (let i = 0; i < events.length; i += BATCH_SIZE)
    bodies.push(JSON.stringify(events.slice(i, i + BATCH_SIZE).map((event) => ({ key: 'lessons', ...event }))));
  const profile = CPU_PROF === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`];

  let folders = 0;
  /** a fresh data folder, and a first start of the built server in it (stopped unless `keep`) */
  const firstStart = async (/** @type {boolean} */ keep) => {
    const data = join(dir, `data-${folders++}`);
    const env = { KINDLING_DATA_DIR: data, KINDLING_DASHBOARD_DIR: join(data, 'none') };
    const server = await forkServer('kindling', env, keep ? CPU_PROF : null);
    if (!keep) await server.stop();
    return { data, server };
  };
  /** `kindling import` of `path` into `data`, from spawn to exit; fails unless every line was recorded */
  const runImport = async (/** @type {string} */ path, /** @type {string} */ data, /** @type {number} */ lines) => {
    const before = cpuSeconds('self', true);
    const started = performance.now();
    const child = spawn(process.execPath, [...profile, CLI, 'import', path, '--data', data, '--json'], {
      env: { ...process.env, ...QUIET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const closed = new Promise((resolve) => child.once('close', resolve));
    // stdout: the summary (--json); stderr: the progress bar, and any error
    let [out, err] = ['', ''];
    child.stdout.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => (err += chunk));
    const code = await exited;
    const seconds = (performance.now() - started) / 1000;
    await closed;
    const after = cpuSeconds('self', true);
    /** @type {{ recorded?: number, replayed?: number, rejected?: number, complete?: boolean } | null} */
    let summary = null;
    try {
      summary = JSON.parse(out);
    } catch {}
    if (code !== 0 || summary === null || summary.recorded !== lines || summary.rejected !== 0 || !summary.complete)
      throw new Error(`kindling import ${path} (exit ${code}) did not record all ${lines} events:\n${out}${err}`);
    return { seconds, cpu: before === null || after === null ? null : ((after - before) / seconds) * 100 };
  };

  /** the import of an empty file in each round: what every import pays before its first event */
  /** @type {number[]} */
  const fixedSeconds = [];
  /** @returns {Promise<ImportRun>} */
  const importRun = async () => {
    const { data } = await firstStart(false);
    try {
      const fixed = await runImport(empty, data, 0);
      const run = await runImport(file, data, IMPORT_EVENTS);
      fixedSeconds.push(fixed.seconds);
      return { rate: IMPORT_EVENTS / run.seconds, seconds: run.seconds, cpu: run.cpu, p50: null, p99: null };
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  };
  /** @returns {Promise<ImportRun>} */
  const batchRun = async () => {
    const { data, server } = await firstStart(true);
    try {
      const url = new URL('/admin/v1/metrics/events', server.url);
      const headers = { 'content-type': 'application/json', 'x-api-key': server.adminKey ?? '' };
      /** @type {number[]} */
      const latencies = [];
      /** @type {string[]} */
      const problems = [];
      let accepted = 0;
      let next = 0;
      const worker = async () => {
        while (next < bodies.length) {
          const n = next++;
          const sent = performance.now();
          const response = await fetch(url, { method: 'POST', headers, body: bodies[n] });
          const text = await response.text();
          latencies.push(performance.now() - sent);
          /** @type {{ accepted?: number, issues?: unknown[] } | null} */
          let answer = null;
          try {
            answer = JSON.parse(text);
          } catch {}
          if (response.status !== 202 || typeof answer?.accepted !== 'number' || answer.issues?.length !== 0)
            problems.push(`batch ${n}: ${response.status} ${text.slice(0, 300)}`);
          else accepted += answer.accepted;
        }
      };
      const cpuBefore = cpuSeconds(server.pid);
      const started = performance.now();
      await Promise.all(Array.from({ length: BATCH_CONNECTIONS }, worker));
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuSeconds(server.pid);
      if (problems.length > 0 || accepted !== IMPORT_EVENTS)
        throw new Error(
          `the batch endpoint accepted ${accepted} of ${IMPORT_EVENTS} events:\n${problems.slice(0, 5).join('\n')}`,
        );
      latencies.sort((a, b) => a - b);
      return {
        rate: IMPORT_EVENTS / seconds,
        seconds,
        cpu: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) / seconds) * 100,
        p50: quantile(latencies, 0.5),
        p99: quantile(latencies, 0.99),
      };
    } finally {
      await server.stop();
      rmSync(data, { recursive: true, force: true });
    }
  };

  /** @type {{ batch: ImportRun[], import: ImportRun[] }} */
  const rows = { batch: [], import: [] };
  /** @type {number[]} */
  const ratios = [];
  const label = `batch endpoint vs kindling import, ${IMPORT_EVENTS} events`;
  for (let round = 0; round < ROUNDS; round++) {
    /** @type {('import' | 'batch')[]} */
    const order = round % 2 === 0 ? ['import', 'batch'] : ['batch', 'import'];
    for (const which of order) {
      const run = which === 'batch' ? await batchRun() : await importRun();
      rows[which].push(run);
      progress(
        `${label} round ${round + 1}/${ROUNDS} ${which}: ${fmt(run.rate)} events/s, ${run.seconds.toFixed(2)} s`,
      );
    }
    const [b, i] = [rows.batch[round], rows.import[round]];
    if (b !== undefined && i !== undefined) ratios.push(b.rate / i.rate);
  }
  return { rows, ratios, fixedSeconds, batches: bodies.length };
}

/**
 * Part (e): the points of issue 46. On each store, two first starts set up by points-account.mjs,
 * one with the points systems and one without, each warmed with one event per user, then compared
 * on the event endpoint. On SQLite, then the user points read: each history user is given
 * READ_AWARDS more events, so that their read answers READ_AWARDS awards, and the read is compared,
 * each pair on new processes on the same data (as the verdict's streak read is), with a bare GET
 * sending the very bytes Kindling answered.
 */
async function pointsPart() {
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR || os.tmpdir(), 'kindling-bench-points-'));
  const sqliteEnv = (/** @type {string} */ name) => ({
    KINDLING_DATA_DIR: join(dir, name),
    KINDLING_DASHBOARD_DIR: join(dir, 'none'),
  });
  const redisEnv = (/** @type {string} */ name) => ({ REDIS_URL, KINDLING_REDIS_PREFIX: `${REDIS_PREFIX}-${name}` });
  /** @type {Child[]} */
  const running = [];
  const stopAll = async () => {
    for (const child of running.splice(0)) await child.stop();
  };
  /** a first start on `env`, its account set up, every user given one event */
  const startSide = async (/** @type {Record<string, string>} */ env, /** @type {boolean} */ points) => {
    const child = await forkServer('kindling', env, CPU_PROF);
    running.push(child);
    if (child.appKey === null || child.adminKey === null) throw new Error('the points servers should be first starts');
    await configurePointsAccount(child.url, child.adminKey, { points });
    const failed = await sendEach(child.url, eventLoad(EVENT_PATH, child.appKey), USERS);
    if (failed > 0) throw new Error(`${failed} of the warm-up events failed`);
    return { child, appKey: child.appKey };
  };
  /** the event with the points systems against without, on the store of `env` */
  const eventsOn = async (/** @type {string} */ store, /** @type {(name: string) => Record<string, string>} */ env) => {
    progress(`points: ${store}, two accounts set up and warmed with one event for each of ${USERS} users`);
    const plain = await startSide(env('plain'), false);
    const withPoints = await startSide(env('points'), true);
    const on =
      (/** @type {{ child: Child, appKey: string }} */ side) =>
      (seconds = SECONDS) =>
        blast(side.child.url, eventLoad(EVENT_PATH, side.appKey), {
          connections: CONNECTIONS,
          seconds,
          pid: side.child.pid,
        });
    const event = await compare(`${store} event with 2 points systems vs without`, on(withPoints), on(plain));
    return { event, withPoints };
  };
  try {
    const sqlite = await eventsOn('sqlite', sqliteEnv);
    const { child: reader, appKey } = sqlite.withPoints;
    const readUsers = { ...eventLoad(EVENT_PATH, appKey), bodies: EVENT_BODIES.slice(0, HISTORY_USERS) };
    await sendEach(reader.url, readUsers, HISTORY_USERS * READ_AWARDS);
    await stopAll();
    const first = await forkServer('kindling', sqliteEnv('points'));
    const answers = await answersOf(first.url, appKey, POINTS_READ_PATHS);
    await first.stop();
    for (const [path, body] of answers.answers) {
      const awards = /** @type {{ awards?: unknown[] }} */ (JSON.parse(body)).awards?.length;
      if (awards !== READ_AWARDS) throw new Error(`${path} answered ${awards} awards, not ${READ_AWARDS}`);
    }
    progress(`points read answers: ${fmt(answers.meanBytes)} bytes (mean over ${HISTORY_USERS} users)`);
    const read = await freshPairs(
      `sqlite user points read (${READ_AWARDS} awards) vs a bare GET sending the same bytes`,
      () => forkServer('kindling', sqliteEnv('points')),
      readLoad(POINTS_READ_PATHS, appKey),
      async () => {
        const fresh = await forkServer('bare');
        await fresh.ask({ answers: answers.answers, headers: answers.headers });
        return fresh;
      },
      readLoad(bare(POINTS_READ_PATHS, '/bare-bytes/'), null),
    );
    let redis = null;
    if (REDIS_URL !== 'off') {
      try {
        redis = (await eventsOn('redis', redisEnv)).event;
      } finally {
        await stopAll();
        for (const name of ['plain', 'points'])
          progress(
            `points: deleted ${await deleteRedisKeys(REDIS_URL, `${REDIS_PREFIX}-${name}`)} keys under ${REDIS_PREFIX}-${name}:`,
          );
      }
    }
    return { sqlite: sqlite.event, read, readBytes: answers.meanBytes, redis };
  } finally {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Part (e)'s table and verdicts. @param {Awaited<ReturnType<typeof pointsPart>>} results */
function pointsReport({ sqlite, read, readBytes, redis }) {
  console.log(
    `\npoints (issue 46) — load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; 2 systems × 5 active triggers, one boost live, against the same account without them\n`,
  );
  tableHeader();
  tableLine('POST event', `Kindling, SQLite (${SYNC}), 2 points systems`, summary(sqlite.rows.server), sqlite.ratios);
  tableLine('POST event', `Kindling, SQLite (${SYNC}), no points system`, summary(sqlite.rows.baseline), null);
  if (redis !== null) {
    tableLine('POST event', 'Kindling, Redis, 2 points systems', summary(redis.rows.server), redis.ratios);
    tableLine('POST event', 'Kindling, Redis, no points system', summary(redis.rows.baseline), null);
  }
  tableLine(
    `GET user points, ${READ_AWARDS} awards (${fmt(readBytes)} bytes)`,
    'Kindling, SQLite, a new process per pair',
    summary(read.rows.server),
    read.ratios,
  );
  tableLine('GET, the same bytes prepared', 'bare Fastify', summary(read.rows.baseline), null);
  console.log('');
  const spread = (/** @type {number[]} */ ratios) => ratios.map((r) => r.toFixed(2)).join(', ');
  verdict(
    median(sqlite.ratios) >= TARGET_POINTS_EVENT,
    `SQLite event with 2 points systems at ${median(sqlite.ratios).toFixed(2)}× the events/s of the same event without (${spread(sqlite.ratios)}); target >= ${TARGET_POINTS_EVENT}×`,
  );
  if (redis !== null)
    verdict(
      median(redis.ratios) >= TARGET_POINTS_EVENT,
      `Redis event with 2 points systems at ${median(redis.ratios).toFixed(2)}× the events/s of the same event without (${spread(redis.ratios)}); target >= ${TARGET_POINTS_EVENT}×`,
    );
  verdict(
    median(read.ratios) >= TARGET_POINTS_READ,
    `user points read (${READ_AWARDS} awards) at ${median(read.ratios).toFixed(2)}× of a bare Fastify GET sending the same bytes, a new pair of processes for each of ${read.ratios.length} pairs (${spread(read.ratios)}); target >= ${TARGET_POINTS_READ}×`,
  );
}

async function main() {
  if (PARTS.has('base')) await basePart();
  if (PARTS.has('points')) pointsReport(await pointsPart());
}

async function basePart() {
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR || os.tmpdir(), 'kindling-bench-http-'));
  /** @type {(() => unknown)[]} */
  const cleanups = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    progress(`load generator: ${LOADGEN}; seeding ${USERS} users, ${HISTORY_USERS} of them with a year of history`);
    const { appKey, adminKey, events } = await seedYearOfLessons(dir, {
      users: USERS,
      historyUsers: HISTORY_USERS,
      progress,
    });
    const relaxedDir = `${dir}-normal`;
    cpSync(dir, relaxedDir, { recursive: true });
    cleanups.push(() => rmSync(relaxedDir, { recursive: true, force: true }));
    const none = join(dir, 'none');
    const server = await forkServer('kindling', { KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: none }, CPU_PROF);
    cleanups.unshift(() => server.stop());
    const bareServer = await forkServer('bare');
    cleanups.unshift(() => bareServer.stop());
    // The same data served without the read cache: every read loads, advances and serializes.
    const cold = await forkServer('kindling', {
      KINDLING_DATA_DIR: dir,
      KINDLING_DASHBOARD_DIR: none,
      KINDLING_READ_CACHE_MB: '0',
    });
    cleanups.unshift(() => cold.stop());
    // The same events committed without a disk sync each (a copy of the data, so the two never share a file).
    const relaxed = await forkServer('kindling', {
      KINDLING_DATA_DIR: relaxedDir,
      KINDLING_DASHBOARD_DIR: none,
      KINDLING_SQLITE_SYNC: 'normal',
    });
    cleanups.unshift(() => relaxed.stop());

    // The bare server sends, for each read path, the bytes Kindling answered for it.
    const large = await answersOf(server.url, appKey, READ_PATHS);
    const small = await answersOf(server.url, appKey, SMALL_READ_PATHS);
    const summaries = await answersOf(server.url, appKey, SUMMARY_PATHS);
    await bareServer.ask({
      answers: [...large.answers, ...small.answers, ...summaries.answers],
      headers: large.headers,
    });
    progress(
      `read answers: ${fmt(large.meanBytes)} bytes at ${HISTORY_PERIODS} periods, ${fmt(small.meanBytes)} at the default 7 (mean over ${HISTORY_USERS} users)`,
    );

    /** Drives a child: a block of `load` with its pid for the CPU column. */
    const on =
      (/** @type {Child} */ child) =>
      (/** @type {Load} */ load, seconds = SECONDS) =>
        blast(child.url, load, { connections: CONNECTIONS, seconds, pid: child.pid });
    const [onServer, onCold, onRelaxed, onBare] = [on(server), on(cold), on(relaxed), on(bareServer)];
    const loads = {
      event: eventLoad(EVENT_PATH, appKey),
      bareEvent: eventLoad(BARE_EVENT_PATH, null),
      read: readLoad(READ_PATHS, appKey),
      readBytes: readLoad(bare(READ_PATHS, '/bare-bytes/'), null),
      smallRead: readLoad(SMALL_READ_PATHS, appKey),
      smallReadBytes: readLoad(bare(SMALL_READ_PATHS, '/bare-bytes/'), null),
      gzipRead: readLoad(READ_PATHS, appKey, SDK_ENCODING),
      bareRead: readLoad(bare(READ_PATHS, '/bare/'), null),
      batch: batchLoad(adminKey),
      summary: readLoad(SUMMARY_PATHS, appKey),
      summaryBytes: readLoad(bare(SUMMARY_PATHS, '/bare-bytes/'), null),
    };

    const event = await compare(
      'sqlite event vs bare POST',
      (seconds) => onServer(loads.event, seconds),
      (seconds) => onBare(loads.bareEvent, seconds),
    );
    // Batches: events/s is requests/s times the batch's 1,000, against the single events' in the same alternation.
    const batchRun = await compare(
      `sqlite events in batches of ${BATCH_SIZE} vs the event endpoint`,
      (seconds = SECONDS) =>
        blast(server.url, loads.batch, { connections: BATCH_CONNECTIONS, seconds, pid: server.pid }),
      (seconds) => onServer(loads.event, seconds),
    );
    const batch = {
      ...batchRun,
      ratios: batchRun.rows.server.map(
        (block, i) => (block.rps * BATCH_SIZE) / /** @type {Block} */ (batchRun.rows.baseline[i]).rps,
      ),
    };
    const normal = await compare(
      'sqlite event, synchronous=normal, vs bare POST',
      (seconds) => onRelaxed(loads.event, seconds),
      (seconds) => onBare(loads.bareEvent, seconds),
    );
    // The verdict's read: each pair on a new Kindling process (on the same data) and a new bare one.
    const read = await freshPairs(
      `sqlite streak read, ${HISTORY_PERIODS} periods, vs a bare GET sending the same bytes`,
      () => forkServer('kindling', { KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: none }),
      loads.read,
      async () => {
        const fresh = await forkServer('bare');
        await fresh.ask({ answers: large.answers, headers: large.headers });
        return fresh;
      },
      loads.readBytes,
    );
    // The same read on the two processes that served the event comparisons before it.
    const readAfterEvents = await compare(
      `sqlite streak read, ${HISTORY_PERIODS} periods, on the processes that served the events, vs the same bytes sent bare`,
      (seconds) => onServer(loads.read, seconds),
      (seconds) => onBare(loads.readBytes, seconds),
    );
    const smallRead = await compare(
      'sqlite streak read, 7 periods, vs a bare GET sending the same bytes',
      (seconds) => onServer(loads.smallRead, seconds),
      (seconds) => onBare(loads.smallReadBytes, seconds),
    );
    const gzip = await compare(
      'sqlite streak read, gzip asked as the SDK does, vs a bare GET answering a small JSON',
      (seconds) => onServer(loads.gzipRead, seconds),
      (seconds) => onBare(loads.bareRead, seconds),
    );
    const summary = await compare(
      'sqlite event summary, a year by day, vs a bare GET sending the same bytes',
      (seconds) => onServer(loads.summary, seconds),
      (seconds) => onBare(loads.summaryBytes, seconds),
    );
    const coldRead = await compare(
      'sqlite streak read without the read cache vs a bare GET answering a small JSON',
      (seconds) => onCold(loads.read, seconds),
      (seconds) => onBare(loads.bareRead, seconds),
    );
    for (const cleanup of cleanups.splice(0, 4)) await cleanup();

    const importDir = `${dir}-import`;
    cleanups.push(() => rmSync(importDir, { recursive: true, force: true }));
    const imported = await importPart(importDir);
    const redis = REDIS_URL === 'off' ? null : await redisPart();
    report({
      event,
      batch,
      normal,
      read,
      readAfterEvents,
      smallRead,
      gzip,
      coldRead,
      summary,
      summaryBytes: summaries.meanBytes,
      imported,
      redis,
      events,
      largeBytes: large.meanBytes,
      smallBytes: small.meanBytes,
    });
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

const pct = (/** @type {number | null} */ n) => (n === null ? '–' : `${n.toFixed(0)}%`);
const ms = (/** @type {number} */ n) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const verdict = (/** @type {boolean} */ ok, /** @type {string} */ text) =>
  console.log(`${ok ? 'PASS' : 'FAIL'}: ${text}`);

/** The header of a results table: a row per server of a comparison. */
function tableHeader() {
  console.log(
    `| workload | server | req/s (median block) | p50 ms | p99 ms | failed | server CPU | ${LOADGEN} CPU | vs baseline (median of pairs; min .. max) |`,
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
}

/** A row of a results table; `ratios` null for the baseline. @param {string} workload @param {string} name @param {ReturnType<typeof summary>} s @param {number[] | null} ratios */
function tableLine(workload, name, s, ratios) {
  console.log(
    `| ${workload} | ${name} | ${fmt(s.rps)} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.failed} | ${pct(s.serverCpu)} | ${pct(s.clientCpu)} | ${ratios === null ? '1.00×' : `**${median(ratios).toFixed(2)}×** (${Math.min(...ratios).toFixed(2)} .. ${Math.max(...ratios).toFixed(2)})`} |`,
  );
}

/**
 * @param {{ event: Comparison, batch: Comparison, normal: Comparison, read: Comparison, readAfterEvents: Comparison, smallRead: Comparison, gzip: Comparison, coldRead: Comparison,
 *   summary: Comparison, summaryBytes: number, imported: Awaited<ReturnType<typeof importPart>>, redis: Comparison | null, events: number,
 *   largeBytes: number, smallBytes: number }} results
 */
function report({
  event,
  batch,
  normal,
  read,
  readAfterEvents,
  smallRead,
  gzip,
  coldRead,
  summary: summaryRun,
  summaryBytes,
  imported,
  redis,
  events,
  largeBytes,
  smallBytes,
}) {
  const cpus = os.cpus();
  const kb = (/** @type {number} */ bytes) =>
    bytes >= 10_000 ? `${Math.round(bytes / 1000)} KB` : `${fmt(bytes)} bytes`;
  console.log(
    `\nbench:http — ${cpus.length} cores (${cpus[0]?.model.trim()}), Node ${process.version}, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `load generator ${LOADGEN}, ${PLACEMENT}; data folder under ${process.env.KINDLING_BENCH_DIR || os.tmpdir()}; ${CONNECTIONS} connections, ${ROUNDS} pairs of ${SECONDS} s blocks per comparison, ${USERS} users, ${HISTORY_USERS} users with history (${events} events written before the run)\n`,
  );
  tableHeader();
  const ev = summary(event.rows.server);
  const evBare = summary(event.rows.baseline);
  const nm = summary(normal.rows.server);
  tableLine('POST event', `Kindling, SQLite (${SYNC}), 1 process`, ev, event.ratios);
  tableLine('POST event', 'bare Fastify', evBare, null);
  const bt = summary(batch.rows.server);
  tableLine(
    `POST ${BATCH_SIZE} events (events/s: ${fmt(bt.rps * BATCH_SIZE)})`,
    `Kindling, SQLite (${SYNC}), ${BATCH_CONNECTIONS} connections`,
    bt,
    batch.ratios,
  );
  tableLine('POST event', `Kindling, SQLite (${SYNC}), single events`, summary(batch.rows.baseline), null);
  tableLine('POST event', 'Kindling, SQLite (normal: no sync per commit), 1 process', nm, normal.ratios);
  tableLine('POST event', 'bare Fastify', summary(normal.rows.baseline), null);
  tableLine(
    `GET streak, ${HISTORY_PERIODS} periods (${kb(largeBytes)})`,
    'Kindling, SQLite, a new process per pair',
    summary(read.rows.server),
    read.ratios,
  );
  tableLine(
    `GET streak, ${HISTORY_PERIODS} periods, after the events`,
    'Kindling, SQLite, the process of the events',
    summary(readAfterEvents.rows.server),
    readAfterEvents.ratios,
  );
  tableLine('GET, the same bytes prepared', 'bare Fastify', summary(read.rows.baseline), null);
  tableLine(
    `GET streak, 7 periods (${kb(smallBytes)})`,
    'Kindling, SQLite, 1 process',
    summary(smallRead.rows.server),
    smallRead.ratios,
  );
  tableLine('GET, the same bytes prepared', 'bare Fastify', summary(smallRead.rows.baseline), null);
  tableLine(
    `GET streak, ${HISTORY_PERIODS} periods, gzip asked`,
    'Kindling, SQLite, 1 process',
    summary(gzip.rows.server),
    gzip.ratios,
  );
  tableLine('GET, a small JSON', 'bare Fastify', summary(gzip.rows.baseline), null);
  tableLine(
    `GET streak, ${HISTORY_PERIODS} periods`,
    'Kindling, SQLite, read cache off',
    summary(coldRead.rows.server),
    coldRead.ratios,
  );
  tableLine('GET, a small JSON', 'bare Fastify', summary(coldRead.rows.baseline), null);
  tableLine(
    `GET event summary, 366 days by day (${kb(summaryBytes)})`,
    'Kindling, SQLite, 1 process',
    summary(summaryRun.rows.server),
    summaryRun.ratios,
  );
  tableLine('GET, the same bytes prepared', 'bare Fastify', summary(summaryRun.rows.baseline), null);
  if (redis !== null) {
    tableLine('POST event', 'Kindling, Redis, 2 processes', summary(redis.rows.server), redis.ratios);
    tableLine('POST event', 'Kindling, Redis, 1 process', summary(redis.rows.baseline), null);
  }
  // part (d): its own columns, since one of its two sides answers no requests
  const ratio = (/** @type {number[]} */ ratios) =>
    `**${median(ratios).toFixed(2)}×** (${Math.min(...ratios).toFixed(2)} .. ${Math.max(...ratios).toFixed(2)})`;
  const part = (/** @type {'batch' | 'import'} */ which) => {
    const runs = imported.rows[which];
    const pick = (/** @type {(r: ImportRun) => number | null} */ f) =>
      runs.every((r) => f(r) !== null) ? median(runs.map((r) => f(r) ?? 0)) : null;
    const p50 = pick((r) => r.p50);
    const p99 = pick((r) => r.p99);
    return {
      rate: fmt(median(runs.map((r) => r.rate))),
      seconds: median(runs.map((r) => r.seconds)).toFixed(2),
      p50: p50 === null ? '–' : ms(p50),
      p99: p99 === null ? '–' : ms(p99),
      cpu: pct(pick((r) => r.cpu)),
    };
  };
  const [im, bi] = [part('import'), part('batch')];
  console.log(
    `\n| ${fmt(IMPORT_EVENTS)} events, ${fmt(IMPORT_USERS)} users, a fresh SQLite (${SYNC}) folder each | timed | events/s (median round) | seconds | p50 ms | p99 ms | CPU | vs import (median of rounds; min .. max) |`,
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| \`kindling import FILE\` (the built CLI, a child process) | spawn to exit: Node's start, opening and closing the store included | ${im.rate} | ${im.seconds} | ${im.p50} | ${im.p99} | ${im.cpu} | 1.00× |`,
  );
  console.log(
    `| POST /admin/v1/metrics/events, ${imported.batches} batches of ${BATCH_SIZE}, ${BATCH_CONNECTIONS} at a time | first request to last answer: the server's start excluded | ${bi.rate} | ${bi.seconds} | ${bi.p50} | ${bi.p99} | ${bi.cpu} | ${ratio(imported.ratios)} |`,
  );
  console.log('');
  verdict(
    median(event.ratios) >= TARGET_EVENT_SHARE,
    `event endpoint at ${(median(event.ratios) * 100).toFixed(1)}% of the bare Fastify POST; target >= ${TARGET_EVENT_SHARE * 100}%`,
  );
  verdict(
    median(batch.ratios) >= TARGET_BATCH_EVENTS,
    `events through batches of ${BATCH_SIZE} at ${median(batch.ratios).toFixed(2)}× the events/s of the single-event endpoint (median of pairs); target >= ${TARGET_BATCH_EVENTS}×`,
  );
  verdict(
    ev.p99 < TARGET_EVENT_P99_MS,
    `event endpoint p99 ${ms(ev.p99)} ms (median of blocks; the bare POST's own: ${ms(evBare.p99)} ms); target < ${TARGET_EVENT_P99_MS} ms`,
  );
  verdict(
    median(read.ratios) >= TARGET_READ_SAME_BYTES,
    `streak read, ${HISTORY_PERIODS} periods (users read again between their events, so the read cache answers), at ${median(read.ratios).toFixed(2)}× of a bare Fastify GET sending the same bytes, a new pair of processes for each of ${read.ratios.length} pairs of blocks (${read.ratios.map((r) => r.toFixed(2)).join(', ')}); target >= ${TARGET_READ_SAME_BYTES}×` +
      ` (for reference, the small answer: 7 periods at ${median(smallRead.ratios).toFixed(2)}× of the same small bytes sent bare)`,
  );
  const cpuPerRead = (/** @type {Block[]} */ blocks) =>
    medianOf(blocks, (b) => (b.serverCpu === null || b.rps <= 0 ? null : (b.serverCpu / 100 / b.rps) * 1e6));
  const [readCpu, bareCpu] = [cpuPerRead(read.rows.server), cpuPerRead(read.rows.baseline)];
  if (readCpu !== null && bareCpu !== null) {
    console.log(
      `INFO: the same read by the servers' CPU per request (all threads): Kindling ${readCpu.toFixed(1)} µs, the bare route ${bareCpu.toFixed(1)} µs, ${(bareCpu / readCpu).toFixed(2)}× (it does not depend on which side's limit the load generator reached)`,
    );
  }
  console.log(
    `INFO: the same read on the two processes that served the event comparisons before it at ${median(readAfterEvents.ratios).toFixed(2)}× (${readAfterEvents.ratios.map((r) => r.toFixed(2)).join(', ')}): in a long-lived process the read's cost moves with the state V8 leaves Node's own hot functions in (decision 028)`,
  );
  verdict(
    median(summaryRun.ratios) >= TARGET_SUMMARY_SAME_BYTES,
    `event summary of a year by day at ${median(summaryRun.ratios).toFixed(2)}× of a bare Fastify GET sending the same bytes; target >= ${TARGET_SUMMARY_SAME_BYTES}×`,
  );
  verdict(
    median(imported.ratios) >= TARGET_BATCH_VS_IMPORT,
    `the batch endpoint at ${median(imported.ratios).toFixed(2)}× the events/s of \`kindling import\` (median of rounds; the import timed with its process start, the batches without the server's); target >= ${TARGET_BATCH_VS_IMPORT.toFixed(1)}×`,
  );
  console.log(
    `INFO: event endpoint with KINDLING_SQLITE_SYNC=normal (commits not synced to disk; an acknowledged event survives a crash of the process, not of the machine) at ${(median(normal.ratios) * 100).toFixed(0)}% of the bare POST, p99 ${ms(nm.p99)} ms: what the default's sync in every commit costs on this disk`,
  );
  const gz = summary(gzip.rows.server);
  console.log(
    `INFO: streak read asking for gzip as the SDK does at ${median(gzip.ratios).toFixed(2)}× of a bare GET answering a small JSON (server at ${pct(gz.serverCpu)} of a core, ${LOADGEN} at ${pct(gz.clientCpu)})`,
  );
  console.log(
    `INFO: streak read with the read cache off (every read loads, advances, serializes) at ${median(coldRead.ratios).toFixed(2)}× of a bare GET answering a small JSON`,
  );
  const fixed = median(imported.fixedSeconds);
  const withoutFixed = imported.rows.batch.map((b, i) => {
    const run = /** @type {ImportRun} */ (imported.rows.import[i]);
    return b.rate / (IMPORT_EVENTS / (run.seconds - /** @type {number} */ (imported.fixedSeconds[i])));
  });
  console.log(
    `INFO: \`kindling import\` of an empty file took ${fixed.toFixed(2)} s (median of rounds: Node's start, opening and closing the store); without it the batch endpoint is at ${median(withoutFixed).toFixed(2)}× of the import (${Math.min(...withoutFixed).toFixed(2)} .. ${Math.max(...withoutFixed).toFixed(2)})`,
  );
  if (redis !== null)
    console.log(`INFO: Redis, 2 processes at ${median(redis.ratios).toFixed(2)}× the event rate of 1 process`);
}

await main();
