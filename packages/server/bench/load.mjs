// @ts-check
// The load generator of bench:http: wrk where it is installed, autocannon otherwise.
//
// wrk (a C program) counts the bytes of an answer and drops them; autocannon (JavaScript, in this
// process) appends every answer body to a string. On a 2-core machine that decoding made autocannon
// the limit of any route answering tens of kilobytes, so a 37 KB read measured the client, not the
// server. KINDLING_BENCH_LOADGEN=wrk|autocannon chooses; the default is wrk when `wrk` is on the PATH.
//
// With wrk, a block against one measured server (a `pid` given) runs with the server's main thread on
// CPU 0 and wrk on CPU 1 (taskset, where it is installed and the machine has two CPUs or more): left
// to the scheduler, the two sometimes shared a core, and the same server's req/s moved by a fifth
// from one block to the next (decision 024). KINDLING_BENCH_PIN=off leaves placement to the scheduler.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

/**
 * @typedef {object} Load
 * @property {'GET' | 'POST'} method
 * @property {string[]} paths       the paths, taken in turn (one per request, cycling)
 * @property {string[]} [bodies]    request bodies, taken in turn (POST)
 * @property {{ before: string, after: string, from: number, count: number }} [numbered]
 *   instead of `bodies`, for lists too long to write out: the bodies `before + n + after` for `count`
 *   numbers n from `from`, in turn (with the first path)
 * @property {Record<string, string>} [headers]
 */

/**
 * @typedef {object} Block
 * @property {number} rps        requests per second over the block
 * @property {number} p50        latency, ms
 * @property {number} p99        latency, ms
 * @property {number} failed     non-2xx answers, errors and timeouts
 * @property {number} total      requests answered
 * @property {number | null} serverCpu  the server process's CPU, % of one core (null: not measured)
 * @property {number | null} clientCpu  the load generator's CPU, % of one core
 */

const hasWrk = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
const chosen = process.env.KINDLING_BENCH_LOADGEN;
if (chosen !== undefined && chosen !== '' && chosen !== 'wrk' && chosen !== 'autocannon') {
  console.error(`KINDLING_BENCH_LOADGEN must be wrk or autocannon, got ${JSON.stringify(chosen)}`);
  process.exit(2);
}
if (chosen === 'wrk' && !hasWrk) {
  console.error('KINDLING_BENCH_LOADGEN=wrk, but wrk is not on the PATH (Debian and Ubuntu: apt-get install wrk)');
  process.exit(2);
}
/** @type {'wrk' | 'autocannon'} */
export const LOADGEN = chosen === 'wrk' || chosen === 'autocannon' ? chosen : hasWrk ? 'wrk' : 'autocannon';

const pinning = process.env.KINDLING_BENCH_PIN;
if (pinning !== undefined && pinning !== '' && pinning !== 'on' && pinning !== 'off') {
  console.error(`KINDLING_BENCH_PIN must be on or off, got ${JSON.stringify(pinning)}`);
  process.exit(2);
}
const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).error === undefined;
if (pinning === 'on' && !hasTaskset) {
  console.error(
    'KINDLING_BENCH_PIN=on, but taskset is not on the PATH (Debian and Ubuntu: apt-get install util-linux)',
  );
  process.exit(2);
}
/** The measured server's main thread on this CPU and wrk on the other, for blocks against one server (null: not pinned). */
export const PINNED =
  LOADGEN === 'wrk' && pinning !== 'off' && hasTaskset && os.availableParallelism() >= 2
    ? { server: 0, loadGenerator: 1 }
    : null;
/** How the bench places its processes on CPUs, for its report's header. */
export const PLACEMENT =
  PINNED === null
    ? 'processes placed by the scheduler'
    : `each measured server's main thread on CPU ${PINNED.server}, wrk on CPU ${PINNED.loadGenerator}`;

/** Puts the main thread of process `pid` on `cpu` alone (its other threads keep where they may run). */
function pinMainThread(/** @type {number} */ pid, /** @type {number} */ cpu) {
  const done = spawnSync('taskset', ['-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
  if (done.status !== 0) throw new Error(`taskset could not put process ${pid} on CPU ${cpu}`);
}

/** CPU seconds a process has used so far (user + system; with `children`, of the children it has waited for), from /proc; null where there is none. */
export function cpuSeconds(/** @type {number | 'self'} */ pid, children = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // fields 14..17 of stat(5), counted from the state (field 3) here: utime, stime, cutime, cstime, in clock ticks (USER_HZ, 100 on Linux)
    const at = children ? 13 : 11;
    return (Number(fields[at]) + Number(fields[at + 1])) / 100;
  } catch {
    return null;
  }
}

const scripts = mkdtempSync(join(os.tmpdir(), 'kindling-bench-wrk-'));
process.once('exit', () => rmSync(scripts, { recursive: true, force: true }));
/** @type {Map<Load, string>} */
const scriptOf = new Map();

/** A Lua string literal holding `text` as it is (a long bracket whose level the text does not close). */
function luaString(/** @type {string} */ text) {
  let level = '';
  // nor may the text end with `]` and the level: it would close the string a bracket early
  while (text.includes(`]${level}]`) || text.endsWith(`]${level}`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

/** The `n`th body of a load (counting from 0, in turn), or undefined for a load without bodies. */
export function bodyAt(/** @type {Load} */ load, /** @type {number} */ n) {
  const numbered = load.numbered;
  if (numbered !== undefined) return `${numbered.before}${numbered.from + (n % numbered.count)}${numbered.after}`;
  return load.bodies?.[n % load.bodies.length];
}

/** The wrk script of a load: every request formatted once in `init`, then sent in turn; `done` prints the figures as one JSON line. */
function wrkScript(/** @type {Load} */ load) {
  const known = scriptOf.get(load);
  if (known !== undefined) return known;
  const headers = Object.entries(load.headers ?? {}).map(
    ([name, value]) => `[ ${luaString(name)} ] = ${luaString(value)}`,
  );
  const numbered = load.numbered;
  const count = numbered !== undefined ? 1 : Math.max(load.paths.length, load.bodies?.length ?? 0);
  const items = Array.from({ length: count }, (_, i) => {
    const body = load.bodies?.[i % load.bodies.length];
    return `{ ${luaString(load.paths[i % load.paths.length] ?? '/')}, ${body === undefined ? 'nil' : luaString(body)} }`;
  });
  // numbered bodies are made in init: a script may not hold more than 65,536 constants
  const prepare =
    numbered === undefined
      ? `for i, item in ipairs(items) do prepared[i] = wrk.format(${luaString(load.method)}, item[1], headers, item[2]) end`
      : `for i = 0, ${numbered.count - 1} do prepared[i + 1] = wrk.format(${luaString(load.method)}, items[1][1], headers, ${luaString(numbered.before)} .. (${numbered.from} + i) .. ${luaString(numbered.after)}) end`;
  const lua = `local items = {\n${items.join(',\n')}\n}
local headers = { ${headers.join(', ')} }
local prepared = {}
local cursor = 0
function init(args)
  ${prepare}
end
function request()
  cursor = cursor % #prepared + 1
  return prepared[cursor]
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('KINDLING_WRK {"requests":%d,"duration":%d,"p50":%d,"p99":%d,"failed":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
`;
  const file = join(scripts, `load-${scriptOf.size}.lua`);
  writeFileSync(file, lua);
  scriptOf.set(load, file);
  return file;
}

/** One wrk run of `seconds` at `connections`, on one thread (a second one would take the server's core), on `cpu` when one is given. */
async function wrkRun(
  /** @type {string} */ url,
  /** @type {Load} */ load,
  /** @type {number} */ connections,
  /** @type {number} */ seconds,
  /** @type {number | null} */ cpu,
) {
  const args = [
    '-t',
    '1',
    '-c',
    String(connections),
    '-d',
    `${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    wrkScript(load),
    url,
  ];
  const child =
    cpu === null
      ? spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('taskset', ['-c', String(cpu), 'wrk', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once('close', resolve));
  // wrk runs its plain GET of `url` when the script does not load: only the script's own line counts.
  const line = out.split('\n').find((l) => l.startsWith('KINDLING_WRK '));
  if (code !== 0 || line === undefined) throw new Error(`wrk ${args.join(' ')} exited with ${code}:\n${out}`);
  const r = JSON.parse(line.slice('KINDLING_WRK '.length));
  return {
    rps: r.requests / (r.duration / 1e6),
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    failed: r.failed,
    total: r.requests,
  };
}

/** One autocannon run in this process (its `setupRequest` takes the next path and body). */
async function autocannonRun(
  /** @type {string} */ url,
  /** @type {Load} */ load,
  /** @type {number} */ connections,
  /** @type {number} */ seconds,
) {
  let i = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: load.headers ?? {},
    requests: [
      {
        method: load.method,
        setupRequest: (request) => {
          const n = i++;
          const body = bodyAt(load, n);
          return {
            ...request,
            path: load.paths[n % load.paths.length] ?? '/',
            ...(body === undefined ? {} : { body }),
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/**
 * One block of load on `url`: its rate and latency, and the CPU of the server child (`pid`) and of
 * the load generator in % of one core (on a 2-core machine, whichever is near 100% is the limit).
 * With a `pid`, the server's main thread and wrk run on CPUs of their own (PINNED).
 * @param {string} url
 * @param {Load} load
 * @param {{ connections: number, seconds: number, pid?: number | null }} options
 * @returns {Promise<Block>}
 */
export async function blast(url, load, { connections, seconds, pid = null }) {
  const cpus = pid === null ? null : PINNED;
  if (cpus !== null && pid !== null) pinMainThread(pid, cpus.server);
  const serverBefore = pid === null ? null : cpuSeconds(pid);
  const ownBefore = process.cpuUsage();
  const childrenBefore = cpuSeconds('self', true);
  const started = performance.now();
  const run =
    LOADGEN === 'wrk'
      ? await wrkRun(url, load, connections, seconds, cpus === null ? null : cpus.loadGenerator)
      : await autocannonRun(url, load, connections, seconds);
  const wall = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const childrenAfter = cpuSeconds('self', true);
  const serverAfter = pid === null ? null : cpuSeconds(pid);
  // wrk's CPU shows in this process's children's time once it has been waited for; autocannon's is this process's own.
  const clientSeconds =
    LOADGEN === 'wrk'
      ? childrenBefore === null || childrenAfter === null
        ? null
        : childrenAfter - childrenBefore
      : (own.user + own.system) / 1e6;
  return {
    ...run,
    serverCpu: serverBefore === null || serverAfter === null ? null : ((serverAfter - serverBefore) / wall) * 100,
    clientCpu: clientSeconds === null ? null : (clientSeconds / wall) * 100,
  };
}

/**
 * `count` requests of `load` (in its order), `inFlight` at a time, with fetch: the warm-ups that
 * must send each request once (every user one event), whatever the load generator.
 */
export async function sendEach(
  /** @type {string} */ url,
  /** @type {Load} */ load,
  /** @type {number} */ count,
  inFlight = 50,
) {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const body = bodyAt(load, n);
      const response = await fetch(new URL(load.paths[n % load.paths.length] ?? '/', url), {
        method: load.method,
        headers: load.headers ?? {},
        ...(body === undefined ? {} : { body }),
      });
      await response.arrayBuffer();
      if (!response.ok) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return failed;
}
