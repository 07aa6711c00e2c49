// HTTP benchmark (pnpm bench:http): the BUILT server (../dist/index.js) under autocannon, each server
// in a child process of its own (bench-servers.mjs), against a bare Fastify route in another child.
//
//   (a) POST /v1/metrics/lessons/event on SQLite, cycling over 10,000 users, vs a bare Fastify POST
//       that parses the same JSON body and answers a small JSON;
//   (b) GET /v1/users/:id/streak?historyPeriods=366 of users with a year of history, vs a bare
//       Fastify GET answering a small JSON: as it is (37 KB, the verdict), asking for gzip as the
//       hosted service's SDKs do (about 3 KB), and with the read cache off;
//   (a') the same event workload on a copy of the data served with KINDLING_SQLITE_SYNC=normal (no
//       disk sync in each commit): what the durability of the default costs, shown beside the verdict;
//   (c) the event endpoint on Redis: one server process, then two sharing the Redis behind a
//       client-side round-robin (two autocannon instances, half the connections each, summed).
//
// Blocks alternate (bare, server, server, bare, ...); each pair gives one ratio, and "vs bare" is the
// median of those ratios. Each block also reports the CPU of the server child and of autocannon (this
// process), in % of one core: on a 2-core machine, whichever is near 100% is the limit. Progress goes to stderr, the results (a table and PASS/FAIL lines) to stdout.
// It is a report, not a test: it exits 0 whatever the verdicts (1 only if the script itself fails).
//
// Environment:
//   KINDLING_BENCH_SECONDS         seconds per measured block (default 10)
//   KINDLING_BENCH_ROUNDS          block pairs per comparison (default 3)
//   KINDLING_BENCH_CONNECTIONS     autocannon connections (default 50)
//   KINDLING_BENCH_USERS           users the events cycle over (default 10000)
//   KINDLING_BENCH_HISTORY_USERS   users with a year of history whose streaks are read (default 200);
//                                  the other users start with one event
//   KINDLING_REDIS_URL             the Redis of part (c) (default redis://127.0.0.1:6379; "off" skips it)
//   KINDLING_BENCH_CPU_PROF        a folder: the SQLite server child runs with --cpu-prof into it
//   KINDLING_BENCH_DIR             where the server's data folder is made (default: the OS temp folder;
//                                  /dev/shm shows the cost without the disk's fsync)
//
// Files go to a new folder under the OS temp folder, removed at the end. Every Redis key it writes
// starts with "klbench-http-p<pid>:", and it deletes them at the end; it never flushes anything.
import { fork } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { connectRedis } from '@kindling/redis';
import { DAY_MS, envInt, mulberry32, ZONES } from '../../core/bench/workload.mjs';
import { parseSettings, startServer } from '../dist/index.js';

const TARGET_EVENT_SHARE = 0.5;
const TARGET_EVENT_P99_MS = 10;
const TARGET_STREAK_SHARE = 0.6;

const SECONDS = envInt('KINDLING_BENCH_SECONDS', 10, 1);
const ROUNDS = envInt('KINDLING_BENCH_ROUNDS', 3, 1);
const CONNECTIONS = envInt('KINDLING_BENCH_CONNECTIONS', 50, 2);
const USERS = envInt('KINDLING_BENCH_USERS', 10_000, 1);
const HISTORY_USERS = Math.min(envInt('KINDLING_BENCH_HISTORY_USERS', 200, 1), USERS);
const REDIS_URL = process.env.KINDLING_REDIS_URL || 'redis://127.0.0.1:6379';
const CPU_PROF = process.env.KINDLING_BENCH_CPU_PROF || null;
const REDIS_PREFIX = `klbench-http-p${process.pid}`;
/** the durability the measured server runs with: the default unless the environment sets it */
const SYNC = process.env.KINDLING_SQLITE_SYNC || 'full';
const SERVERS = fileURLToPath(new URL('./bench-servers.mjs', import.meta.url));
const QUIET = { LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', KINDLING_RATE_LIMIT: '10000000', KINDLING_RATE_BURST: '10000000' };

const progress = (...parts) => console.error('[bench:http]', ...parts);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const userId = (u) => `user-${String(u).padStart(6, '0')}`;
const zoneOf = (u) => ZONES[u % ZONES.length];
const EVENT_BODIES = Array.from({ length: USERS }, (_, u) => JSON.stringify({ user: { id: userId(u), tz: zoneOf(u) }, value: 1 }));
const STREAK_PATHS = Array.from({ length: HISTORY_USERS }, (_, u) => `/v1/users/${userId(u)}/streak?historyPeriods=366`);

/**
 * The data the server starts with: a year of daily lessons (85% of days, at random hours) for the
 * history users and one lesson yesterday for every other user, written by the built engine. It is
 * written in a folder in memory (/dev/shm, where there is one: the fsync of each commit is the
 * slow part) and then copied into `dir`, on disk, where the server runs.
 */
async function seed(dir) {
  const scratch = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/kindling-bench-http-') : dir;
  let now = Date.now();
  const server = await startServer(parseSettings({ ...QUIET, KINDLING_DATA_DIR: scratch, KINDLING_DASHBOARD_DIR: join(scratch, 'none') }), { listen: false, clock: () => now });
  const accountId = server.firstStart.account.id;
  const appKey = server.firstStart.applicationKey.key;
  const { engine } = await server.ctx.engines.runtimeFor(accountId);
  const rand = mulberry32(20250101);
  const today = Math.floor(Date.now() / DAY_MS);
  let events = 0;
  for (let day = today - 366; day < today; day++) {
    for (let u = 0; u < USERS; u++) {
      if (u < HISTORY_USERS ? rand() >= 0.85 : day !== today - 1) continue;
      now = day * DAY_MS + Math.floor(rand() * DAY_MS);
      await engine.record({ userId: userId(u), metric: 'lessons', value: 1, tz: zoneOf(u), at: now });
      events += 1;
    }
    if ((today - day) % 61 === 0) progress(`seed: ${events} events written, ${today - day} days to go`);
  }
  await server.close();
  if (scratch !== dir) {
    cpSync(scratch, dir, { recursive: true });
    rmSync(scratch, { recursive: true, force: true });
  }
  return { appKey, events };
}

/** A server child (bench-servers.mjs): its URL, its first-start key if any, and how to stop it. */
async function forkServer(mode, env = {}, profile = false) {
  const child = fork(SERVERS, [mode], {
    env: { ...process.env, ...QUIET, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: profile && CPU_PROF !== null ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited with ${code} before listening`)));
  });
  return {
    ...ready,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A request cycling over `items`: each call of setupRequest takes the next one. */
function cycling(items, apply) {
  let i = 0;
  return (request) => apply(request, items[i++ % items.length]);
}

const eventRequest = (path) => ({ method: 'POST', path, setupRequest: cycling(EVENT_BODIES, (r, body) => ({ ...r, body })) });
/** What the hosted service's SDKs send on every call (fetch): the answer may come gzipped. */
const SDK_ENCODING = { 'accept-encoding': 'gzip, deflate' };
const streakRequest = () => ({ method: 'GET', setupRequest: cycling(STREAK_PATHS, (r, path) => ({ ...r, path })) });
const sameBytesRequest = () => ({ method: 'GET', setupRequest: cycling(STREAK_PATHS, (r, path) => ({ ...r, path: path.replace('/v1/', '/bare-bytes/') })) });
const bareStreakRequest = () => ({ method: 'GET', setupRequest: cycling(STREAK_PATHS, (r, path) => ({ ...r, path: path.replace('/v1/', '/bare/') })) });

/** CPU seconds a process has used so far (user + system), from /proc; null where there is no /proc. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in clock ticks: USER_HZ, 100 on Linux
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * One autocannon run: req/s (mean of its seconds), p50 and p99 latency in ms, what went wrong, and
 * the CPU used by the server child (`pid`) and by this process (autocannon), in % of one core:
 * on a 2-core machine they tell which side was the limit.
 */
async function blast(url, key, request, { connections = CONNECTIONS, seconds = SECONDS, amount, headers = {}, pid = null } = {}) {
  const serverBefore = pid === null ? null : cpuSeconds(pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    ...(amount !== undefined ? { amount } : { duration: seconds }),
    headers: { 'content-type': 'application/json', 'x-api-key': key ?? 'none', ...headers },
    requests: [request],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) progress(`  ${failed} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  const wall = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const serverAfter = pid === null ? null : cpuSeconds(pid);
  const serverCpu = serverBefore === null || serverAfter === null ? null : ((serverAfter - serverBefore) / wall) * 100;
  const clientCpu = ((client.user + client.system) / 1e6 / wall) * 100;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed, total: result.requests.total, serverCpu, clientCpu };
}

/** Alternating blocks of `server` and `baseline` (which starts alternates per round): per-pair ratios. */
async function compare(label, server, baseline) {
  const rows = { server: [], baseline: [] };
  const ratios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['baseline', 'server'] : ['server', 'baseline'];
    for (const which of order) {
      rows[which].push(await (which === 'server' ? server() : baseline()));
      const last = rows[which].at(-1);
      progress(`${label} round ${round + 1}/${ROUNDS} ${which}: ${fmt(last.rps)} req/s, p50 ${last.p50} ms, p99 ${last.p99} ms`);
    }
    ratios.push(rows.server[round].rps / rows.baseline[round].rps);
  }
  return { rows, ratios };
}

function summary(blocks) {
  const cpu = (pick) => (blocks.every((b) => pick(b) !== null) ? median(blocks.map(pick)) : null);
  return {
    rps: median(blocks.map((b) => b.rps)),
    p50: median(blocks.map((b) => b.p50)),
    p99: median(blocks.map((b) => b.p99)),
    failed: blocks.reduce((n, b) => n + b.failed, 0),
    serverCpu: cpu((b) => b.serverCpu ?? null),
    clientCpu: cpu((b) => b.clientCpu ?? null),
  };
}

async function deleteRedisKeys() {
  const connection = connectRedis({ url: REDIS_URL });
  const redis = connection.client;
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  await connection.close();
  return deleted;
}

/** Part (c): the event endpoint on Redis, one server process vs two behind a client-side round-robin. */
async function redisPart() {
  const env = { REDIS_URL, KINDLING_REDIS_PREFIX: REDIS_PREFIX };
  const first = await forkServer('kindling', env);
  const second = await forkServer('kindling', env);
  try {
    const key = first.appKey;
    progress(`redis: warm-up, one event for each of ${USERS} users`);
    await blast(first.url, key, eventRequest('/v1/metrics/lessons/event'), { amount: USERS });
    await blast(second.url, key, eventRequest('/v1/metrics/lessons/event'), { seconds: 2 });
    const one = () => blast(first.url, key, eventRequest('/v1/metrics/lessons/event'));
    const two = async () => {
      const half = Math.floor(CONNECTIONS / 2);
      const [a, b] = await Promise.all([first, second].map((s) => blast(s.url, key, eventRequest('/v1/metrics/lessons/event'), { connections: half })));
      return { rps: a.rps + b.rps, p50: Math.max(a.p50, b.p50), p99: Math.max(a.p99, b.p99), failed: a.failed + b.failed };
    };
    return await compare('redis event: 2 processes vs 1', two, one);
  } finally {
    await Promise.all([first.stop(), second.stop()]);
    progress(`redis: deleted ${await deleteRedisKeys()} keys under ${REDIS_PREFIX}:`);
  }
}

async function main() {
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR || os.tmpdir(), 'kindling-bench-http-'));
  const cleanups = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    progress(`seeding ${USERS} users, ${HISTORY_USERS} of them with a year of history`);
    const { appKey, events } = await seed(dir);
    const relaxedDir = `${dir}-normal`;
    cpSync(dir, relaxedDir, { recursive: true });
    cleanups.push(() => rmSync(relaxedDir, { recursive: true, force: true }));
    const server = await forkServer('kindling', { KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: join(dir, 'none') }, true);
    cleanups.unshift(() => server.stop());
    const bare = await forkServer('bare');
    cleanups.unshift(() => bare.stop());
    // The same data served without the read cache: every read loads, advances and serializes.
    const cold = await forkServer('kindling', { KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: join(dir, 'none'), KINDLING_READ_CACHE_MB: '0' });
    cleanups.unshift(() => cold.stop());
    // The same events committed without a disk sync each (a copy of the data, so the two never share a file).
    const relaxed = await forkServer('kindling', { KINDLING_DATA_DIR: relaxedDir, KINDLING_DASHBOARD_DIR: join(dir, 'none'), KINDLING_SQLITE_SYNC: 'normal' });
    cleanups.unshift(() => relaxed.stop());

    progress('warm-up: 3 s of each workload');
    // One way to drive every child: its URL, the key, and its pid for the CPU column.
    const on = (child, key) => (request, options = {}) => blast(child.url, key, request, { pid: child.pid, ...options });
    const onServer = on(server, appKey);
    const onCold = on(cold, appKey);
    const onRelaxed = on(relaxed, appKey);
    const onBare = on(bare, null);
    const EVENT = '/v1/metrics/lessons/event';
    await onServer(eventRequest(EVENT), { seconds: 3 });
    await onRelaxed(eventRequest(EVENT), { seconds: 3 });
    await onBare(eventRequest('/bare/lessons/event'), { seconds: 3 });
    await onBare(bareStreakRequest(), { seconds: 2 });
    await onServer(streakRequest(), { seconds: 2, headers: SDK_ENCODING });
    await onCold(streakRequest(), { seconds: 2 });
    const event = await compare('sqlite event vs bare POST', () => onServer(eventRequest(EVENT)), () => onBare(eventRequest('/bare/lessons/event')));
    const normal = await compare('sqlite event, synchronous=normal, vs bare POST', () => onRelaxed(eventRequest(EVENT)), () => onBare(eventRequest('/bare/lessons/event')));
    const streak = await compare('sqlite streak read vs bare GET', () => onServer(streakRequest()), () => onBare(bareStreakRequest()));
    const bytes = await compare('sqlite streak read vs a bare GET sending the same 37 KB', () => onServer(streakRequest()), () => onBare(sameBytesRequest()));
    const gzip = await compare('sqlite streak read, gzip asked as the SDK does, vs bare GET', () => onServer(streakRequest(), { headers: SDK_ENCODING }), () => onBare(bareStreakRequest()));
    const coldStreak = await compare('sqlite streak read without the read cache vs bare GET', () => onCold(streakRequest()), () => onBare(bareStreakRequest()));
    for (const cleanup of cleanups.splice(0, 4)) await cleanup();

    const redis = REDIS_URL === 'off' ? null : await redisPart();
    report({ event, normal, streak, gzip, bytes, coldStreak, redis, events });
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

function report({ event, normal, streak, gzip, bytes, coldStreak, redis, events }) {
  const cpus = os.cpus();
  console.log(`\nbench:http — ${cpus.length} cores (${cpus[0]?.model.trim()}), Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log(`data folder under ${process.env.KINDLING_BENCH_DIR || os.tmpdir()}; ${CONNECTIONS} connections, ${ROUNDS} pairs of ${SECONDS} s blocks per comparison, ${USERS} users, ${HISTORY_USERS} users with history (${events} events written before the run)\n`);
  console.log('| workload | server | req/s (median block) | p50 ms | p99 ms | failed | server CPU | autocannon CPU | vs baseline (median of pairs; min .. max) |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const pct = (n) => (n === null || n === undefined ? '–' : `${n.toFixed(0)}%`);
  const line = (workload, name, s, ratios) =>
    console.log(`| ${workload} | ${name} | ${fmt(s.rps)} | ${s.p50} | ${s.p99} | ${s.failed} | ${pct(s.serverCpu)} | ${pct(s.clientCpu)} | ${ratios === null ? '1.00×' : `**${median(ratios).toFixed(2)}×** (${Math.min(...ratios).toFixed(2)} .. ${Math.max(...ratios).toFixed(2)})`} |`);
  const ev = summary(event.rows.server);
  const st = summary(streak.rows.server);
  const evBare = summary(event.rows.baseline);
  line('POST event', `Kindling, SQLite (${SYNC}), 1 process`, ev, event.ratios);
  line('POST event', 'bare Fastify', evBare, null);
  const nm = summary(normal.rows.server);
  line('POST event', 'Kindling, SQLite (normal: no sync per commit), 1 process', nm, normal.ratios);
  line('POST event', 'bare Fastify', summary(normal.rows.baseline), null);
  line('GET streak, 366 periods (37 KB)', 'Kindling, SQLite, 1 process', st, streak.ratios);
  line('GET streak', 'bare Fastify', summary(streak.rows.baseline), null);
  line('GET streak, 366 periods (37 KB)', 'Kindling, SQLite, 1 process', summary(bytes.rows.server), bytes.ratios);
  line('GET, the same 37 KB prepared once', 'bare Fastify', summary(bytes.rows.baseline), null);
  line('GET streak, 366 periods, gzip asked (about 3 KB)', 'Kindling, SQLite, 1 process', summary(gzip.rows.server), gzip.ratios);
  line('GET streak', 'bare Fastify', summary(gzip.rows.baseline), null);
  line('GET streak, 366 periods (37 KB)', 'Kindling, SQLite, read cache off', summary(coldStreak.rows.server), coldStreak.ratios);
  line('GET streak', 'bare Fastify', summary(coldStreak.rows.baseline), null);
  if (redis !== null) {
    line('POST event', 'Kindling, Redis, 2 processes', summary(redis.rows.server), redis.ratios);
    line('POST event', 'Kindling, Redis, 1 process', summary(redis.rows.baseline), null);
  }
  const verdict = (ok, text) => console.log(`${ok ? 'PASS' : 'FAIL'}: ${text}`);
  console.log('');
  verdict(median(event.ratios) >= TARGET_EVENT_SHARE, `event endpoint at ${(median(event.ratios) * 100).toFixed(1)}% of the bare Fastify POST; target >= ${TARGET_EVENT_SHARE * 100}%`);
  verdict(ev.p99 < TARGET_EVENT_P99_MS, `event endpoint p99 ${ev.p99} ms (median of blocks; the bare POST's own: ${evBare.p99} ms); target < ${TARGET_EVENT_P99_MS} ms`);
  verdict(median(streak.ratios) >= TARGET_STREAK_SHARE, `streak read, 366 periods, 37 KB sent as they are (users read again between their events, so the read cache answers) at ${(median(streak.ratios) * 100).toFixed(1)}% of the bare Fastify GET; target >= ${TARGET_STREAK_SHARE * 100}%`);
  console.log(`INFO: event endpoint with KINDLING_SQLITE_SYNC=normal (commits not synced to disk; an acknowledged event survives a crash of the process, not of the machine) at ${(median(normal.ratios) * 100).toFixed(0)}% of the bare POST, p99 ${nm.p99} ms: what the default's sync in every commit costs on this disk`);
  console.log(`INFO: streak read at ${(median(bytes.ratios) * 100).toFixed(0)}% of a bare Fastify GET that sends the same 37 KB (what the answer's size costs alone)`);
  const gz = summary(gzip.rows.server);
  console.log(`INFO: streak read asking for gzip as the SDK does (about 3 KB sent) at ${(median(gzip.ratios) * 100).toFixed(0)}% of the bare Fastify GET, with the server at ${pct(gz.serverCpu)} of a core and autocannon at ${pct(gz.clientCpu)}: where autocannon is the busier, it is the limit, not the server`);
  console.log(`INFO: streak read with the read cache off (every read loads, advances, serializes) at ${(median(coldStreak.ratios) * 100).toFixed(0)}% of the bare Fastify GET`);
  if (redis !== null) console.log(`INFO: Redis, 2 processes at ${median(redis.ratios).toFixed(2)}× the event rate of 1 process`);
}

await main();
