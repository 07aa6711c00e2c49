// @ts-check
// Instructions the server's main thread executes per cached streak read, counted by valgrind's
// callgrind: the built server against the bare route that sends the same prepared bytes.
//
//   pnpm bench:instructions      (builds everything, then runs this file; needs valgrind)
//
// Why: bench:http's req/s of the read moves by a fifth from one block to the next on a shared
// 2-core machine, so a change of a few percent in the server's own work cannot be seen there. An
// instruction count can: callgrind counts what the process executes, not how long it took, and two
// runs of the same build agree within 0.2% whatever the neighbours do (decision 026). It counts
// user space only: the kernel's copy of each answer into the socket, cache misses and waiting are
// not in it, so it explains bench:http's read ratio, it does not replace it.
//
// How: the data of bench:http's read (a year of daily lessons) for KINDLING_BENCH_USERS users is
// written by the built engine; each server runs under `valgrind --tool=callgrind` with counting
// off, takes KINDLING_BENCH_WARMUP reads (the code is compiled and the caches filled), then counts
// KINDLING_BENCH_READS reads (`callgrind_control -i on`, then `off`). Each of a user's reads is
// GET /v1/users/:id/streak?historyPeriods=N with the application key (the bare route: the same path
// under /bare-bytes/, which answers the bytes Kindling answered for it). The reads go
// KINDLING_BENCH_CONNECTIONS at a time over kept-alive connections from this process (not
// counted). Only the main thread's count is taken (--separate-threads): V8 compiles on other
// threads, and how much of that falls in the counted span depends on timing.
//
// What is counted is what a read from a socket sets off (--toggle-collect on libuv's read callback:
// the request, its answer, the ticks and promises they queue), not what timers run. Under callgrind
// the server runs tens of times slower, so work done once a second (the webhook relay's poll, the
// flush of keys' last use) or once a configured span (the sweeper, the re-read of a cached key or
// configuration) would weigh tens of times more per read than it does at full speed: the sweeper
// is off and keys and configuration are cached for the whole run (KINDLING_SWEEP_MS=0,
// KINDLING_CACHE_MS=600000). The warm-up is long enough that the request path's functions are
// optimised before counting starts: V8's compiler threads get less of valgrind's time, and with
// 10,000 reads some still ran unoptimised (decision 026).
//
// Environment:
//   KINDLING_BENCH_READS        reads counted per run (default 3000)
//   KINDLING_BENCH_WARMUP       reads before counting (default 20000)
//   KINDLING_BENCH_USERS        users read in turn (default 50)
//   KINDLING_BENCH_PERIODS      historyPeriods of each read (default 366; 7 is the small answer)
//   KINDLING_BENCH_CONNECTIONS  reads in flight (default 8)
//   KINDLING_BENCH_REPEATS      runs of each server (default 3; the median is reported: a run that a
//                               major garbage collection or a late compile falls in counts more)
//   KINDLING_BENCH_DIR          where the data folder and callgrind's files are made (default: the OS temp folder)
//
// A report, not a test: no target of its own, it always exits 0 once it has run (2 when valgrind
// is missing). Its last line is the ratio of the two counts.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSettings, startServer } from '@kindling/server';
import { fmtInt, median, table } from '../../core/bench/report.mjs';
import { envInt, userId } from '../../core/bench/workload.mjs';
import { answersOf, QUIET } from './children.mjs';
import { seedYearOfLessons } from './read-data.mjs';

const READS = envInt('KINDLING_BENCH_READS', 3000, 1);
const WARMUP = envInt('KINDLING_BENCH_WARMUP', 20_000, 0);
const USERS = envInt('KINDLING_BENCH_USERS', 50, 1);
const PERIODS = envInt('KINDLING_BENCH_PERIODS', 366, 1);
const CONNECTIONS = envInt('KINDLING_BENCH_CONNECTIONS', 8, 1);
const REPEATS = envInt('KINDLING_BENCH_REPEATS', 3, 1);
const SERVERS = fileURLToPath(new URL('./bench-servers.mjs', import.meta.url));

const progress = (/** @type {unknown[]} */ ...parts) => console.error('[bench:instructions]', ...parts);

for (const tool of ['valgrind', 'callgrind_control']) {
  if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).error !== undefined) {
    console.error(`${tool} is not on the PATH (Debian and Ubuntu: apt-get install valgrind)`);
    process.exit(2);
  }
}

const PATHS = Array.from({ length: USERS }, (_, u) => `/v1/users/${userId(u)}/streak?historyPeriods=${PERIODS}`);
const barePath = (/** @type {string} */ path) => path.replace('/v1/', '/bare-bytes/');

/**
 * What a run reads: its paths in turn, with these headers; for the bare route, the answers it is to send.
 * @typedef {{ paths: string[], headers: Record<string, string>, answers?: { answers: [string, string][], headers: Record<string, string> } }} Load
 */

/** What Kindling answers for each path (the bare route sends these bytes), read from a server started here. */
async function answersFrom(/** @type {string} */ dir, /** @type {string} */ appKey) {
  const server = await startServer(
    parseSettings({ ...QUIET, KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: join(dir, 'none') }),
  );
  try {
    const { answers, headers } = await answersOf(server.url, appKey, PATHS);
    return { answers, headers };
  } finally {
    await server.close();
  }
}

/** `count` GETs of `paths` in turn, CONNECTIONS at a time on kept-alive connections; throws on an answer other than 200. */
async function read(
  /** @type {string} */ url,
  /** @type {string[]} */ paths,
  /** @type {Record<string, string>} */ headers,
  /** @type {number} */ count,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const one = (/** @type {string} */ path) =>
    new Promise((resolve, reject) => {
      const request = http.get(new URL(path, url), { agent, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve(undefined) : reject(new Error(`GET ${path}: ${response.statusCode}`)),
        );
      });
      request.on('error', reject);
    });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      await one(/** @type {string} */ (paths[n % paths.length]));
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    agent.destroy();
  }
}

/**
 * One run: `mode` of bench-servers.mjs under callgrind with counting off, WARMUP reads, then READS
 * counted; the main thread's instructions per read.
 */
async function countRun(
  /** @type {'kindling' | 'bare'} */ mode,
  /** @type {Record<string, string>} */ env,
  /** @type {string} */ outFile,
  /** @type {Load} */ load,
) {
  const childEnv = { ...process.env, ...QUIET, ...env };
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      '--smc-check=all-non-file',
      // only what a read from a socket sets off (the request, its answer, the ticks and promises they
      // queue), not what timers run: see the header
      '--toggle-collect=*LibuvStreamWrap::OnUvRead*',
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      SERVERS,
      mode,
    ],
    { env: childEnv, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** @type {{ url: string }} */
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) =>
      reject(new Error(`the ${mode} server exited with ${code} under valgrind:\n${stderr}`)),
    );
  });
  if (load.answers !== undefined) {
    await new Promise((resolve) => {
      child.once('message', resolve);
      child.send(/** @type {import('node:child_process').Serializable} */ (load.answers));
    });
  }
  // callgrind_control finds the process by a file named after the HOST variable it ran with
  const control = (/** @type {string} */ what) => {
    const done = spawnSync('callgrind_control', ['-i', what, String(child.pid)], { env: childEnv, encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`callgrind_control -i ${what} failed: ${done.stderr}${done.stdout}`);
  };
  try {
    await read(ready.url, load.paths, load.headers, WARMUP);
    control('on');
    await read(ready.url, load.paths, load.headers, READS);
    control('off');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  // --separate-threads: <file>-01 is the main thread's
  const text = readFileSync(`${outFile}-01`, 'utf8');
  const totals = /^totals: (\d+)/m.exec(text) ?? /^summary: (\d+)/m.exec(text);
  if (totals === null) throw new Error(`no totals in ${outFile}-01`);
  return Number(totals[1]) / READS;
}

async function main() {
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR || os.tmpdir(), 'kindling-bench-instructions-'));
  try {
    progress(`seeding ${USERS} users with a year of daily lessons`);
    const data = join(dir, 'data');
    const { appKey } = await seedYearOfLessons(data, { users: USERS, historyUsers: USERS });
    const answers = await answersFrom(data, appKey);
    progress(`answers: ${fmtInt(Buffer.byteLength(answers.answers[0]?.[1] ?? ''))} bytes (the first user's)`);
    /** @type {{ kindling: number[], bare: number[] }} */
    const counts = { kindling: [], bare: [] };
    for (let run = 0; run < REPEATS; run++) {
      for (const mode of /** @type {const} */ (['bare', 'kindling'])) {
        const copy = join(dir, `data-${mode}-${run}`);
        cpSync(data, copy, { recursive: true });
        /** @type {Load} */
        const load =
          mode === 'kindling'
            ? { paths: PATHS, headers: { 'x-api-key': appKey } }
            : { paths: PATHS.map(barePath), headers: {}, answers };
        const perRead = await countRun(
          mode,
          {
            KINDLING_DATA_DIR: copy,
            KINDLING_DASHBOARD_DIR: join(copy, 'none'),
            KINDLING_SWEEP_MS: '0',
            KINDLING_CACHE_MS: '600000',
          },
          join(dir, `callgrind-${mode}-${run}.out`),
          load,
        );
        counts[mode].push(perRead);
        progress(`run ${run + 1}/${REPEATS} ${mode}: ${fmtInt(perRead)} instructions per read`);
      }
    }
    console.log(
      `bench:instructions: ${READS} cached reads at ${PERIODS} periods after ${WARMUP}, ${CONNECTIONS} in flight, main thread, Node ${process.version}`,
    );
    const rows = table([
      ['server', 36],
      ['instructions per read', 22, true],
      ['runs', 30, true],
    ]);
    rows.header();
    rows.row(['bare route, the same bytes', fmtInt(median(counts.bare)), counts.bare.map(fmtInt).join(' ')]);
    rows.row(['Kindling', fmtInt(median(counts.kindling)), counts.kindling.map(fmtInt).join(' ')]);
    const [kindling, bare] = [median(counts.kindling), median(counts.bare)];
    console.log(
      `Kindling / bare: ${(kindling / bare).toFixed(3)}x the instructions per read (${fmtInt(kindling - bare)} of Kindling's own)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
