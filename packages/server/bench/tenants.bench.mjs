// @ts-check
// Tenants benchmark (pnpm bench:tenants): what one account's many tenants cost the idle server
// (issue 44). For SQLite and for Redis (a redis-server of its own on a free loopback port), the
// BUILT server (`kindling start --json`) in a child process; a second account is made, and the
// process measured idle twice: with that account holding no tenant, then TENANTS tenants (no
// endpoint on). Each measure: the process's CPU (from /proc/<pid>/stat) over the block, its RSS and
// open files, the Redis's connected clients, and the event p99 of the first start's account
// (events one after the other, 50 ms apart), with its ratio to the same without tenants.
//
// The tenants are written in one compare-and-set of the account's tenants document through the
// control plane's KV (`sqliteControlKV` / `redisControlKV`, as the server's Control does), not
// through the admin API, which takes at most 100 a call: 10,000 in one step, in well under a
// second. The server reads them within its cache time (KINDLING_CACHE_MS, 1 s).
//
//   pnpm bench:tenants
//   KINDLING_BENCH_TENANTS=3000 KINDLING_BENCH_SECONDS=5 node packages/server/bench/tenants.bench.mjs
//
// Environment: KINDLING_BENCH_TENANTS (10000), KINDLING_BENCH_SECONDS (each block, 10),
// KINDLING_BENCH_STORES ("sqlite,redis"), KINDLING_BENCH_DIR (the OS temp folder).
// Targets: idle CPU < 10% of a core with the tenants, and another account's p99 ≤ 1.5× of the same
// without. It is a report, not a test: it exits 0.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redisControlKV } from '@kindling/redis';
import { sqliteControlKV } from '@kindling/sqlite';
import { envInt } from '../../core/bench/workload.mjs';

const TENANTS = envInt('KINDLING_BENCH_TENANTS', 10_000, 1);
const SECONDS = envInt('KINDLING_BENCH_SECONDS', 10, 1);
const STORES = (process.env.KINDLING_BENCH_STORES ?? 'sqlite,redis').split(',');
const TARGET_CPU = 10;
const TARGET_RATIO = 1.5;
const BIN = fileURLToPath(new URL('../bin/kindling.mjs', import.meta.url));
const PREFIX = `klbench-tenants-p${process.pid}`;
const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR ?? os.tmpdir(), 'kindling-bench-tenants-'));
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (/** @type {string} */ line) => process.stderr.write(`  ${line}\n`);

/** A free loopback port. */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(address.port));
    });
  });
}

/** A redis-server of the bench's own; its port and a stop. */
async function startRedis() {
  const port = /** @type {number} */ (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if (
        execFileSync('redis-cli', ['-p', String(port), 'ping'])
          .toString()
          .trim() === 'PONG'
      )
        break;
    } catch {}
    await sleep(50);
  }
  return {
    port,
    clients: () =>
      Number(
        /connected_clients:(\d+)/.exec(
          execFileSync('redis-cli', ['-p', String(port), 'info', 'clients']).toString(),
        )?.[1],
      ),
    stop: () => {
      child.kill('SIGKILL');
    },
  };
}

/** The built server with `args`; its url, first start keys and child. */
function startServer(/** @type {string[]} */ args, /** @type {Record<string, string>} */ env) {
  const child = spawn(process.execPath, [BIN, 'start', '--json', '--port', '0', '--host', '127.0.0.1', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', KINDLING_RATE_LIMIT: '100000', KINDLING_RATE_BURST: '100000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const end = out.indexOf('\n}');
      if (end !== -1) resolve({ child, ...JSON.parse(out.slice(out.indexOf('{'), end + 2)) });
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

const cpuSeconds = (/** @type {number} */ pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const rssMB = (/** @type {number} */ pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024);

/** One idle block: CPU %, RSS, open files, Redis clients, and the other account's event p99. */
async function measure(/** @type {any} */ server, /** @type {(() => number) | null} */ clients) {
  const pid = server.child.pid;
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  /** @type {number[]} */
  const latencies = [];
  while (performance.now() - t0 < SECONDS * 1000) {
    const start = performance.now();
    const answer = await fetch(`${server.url}/api/metrics/lessons/event`, {
      method: 'POST',
      headers: { 'X-API-KEY': server.firstStart.applicationKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { id: `other-${latencies.length % 20}`, tz: 'UTC' }, value: 1 }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    await answer?.arrayBuffer();
    latencies.push(answer?.status === 201 ? performance.now() - start : 10_000);
    await sleep(50);
  }
  const cpu = ((cpuSeconds(pid) - cpu0) / ((performance.now() - t0) / 1000)) * 100;
  latencies.sort((a, b) => a - b);
  return {
    cpu,
    rss: rssMB(pid),
    files: readdirSync(`/proc/${pid}/fd`).length,
    clients: clients?.() ?? null,
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))],
  };
}

/** The account's tenants written in one compare-and-set of its document. */
async function writeTenants(
  /** @type {import('@kindling/core/adapter').ControlKV} */ kv,
  /** @type {string} */ accountId,
) {
  const at = new Date().toISOString();
  const tenants = Array.from({ length: TENANTS }, (_, i) => ({
    id: randomUUID(),
    customerId: `t${i}`,
    name: `Tenant ${i}`,
    status: 'active',
    created: at,
    updated: at,
  }));
  const key = `tenants:${accountId}`;
  if (!(await kv.swap(key, await kv.get(key), JSON.stringify(tenants))))
    throw new Error('the tenants document changed meanwhile');
  await kv.close();
}

/** @type {string[]} */
const rows = [];
for (const store of STORES) {
  const redis = store === 'redis' ? await startRedis() : null;
  const args = redis !== null ? ['--redis', `redis://127.0.0.1:${redis.port}`] : ['--data', join(dir, 'sqlite')];
  const server = /** @type {any} */ (await startServer(args, { KINDLING_REDIS_PREFIX: PREFIX }));
  try {
    const made = await fetch(`${server.url}/admin/v1/accounts`, {
      method: 'POST',
      headers: { 'X-API-KEY': server.firstStart.adminKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'many tenants' }),
    });
    const accountId = /** @type {{ account: { id: string } }} */ (await made.json()).account.id;
    await sleep(1_000);
    progress(`${store}: 0 tenants`);
    const none = await measure(server, redis?.clients ?? null);
    const started = performance.now();
    await writeTenants(
      redis !== null
        ? redisControlKV({ url: `redis://127.0.0.1:${redis.port}`, prefix: `${PREFIX}:control:` })
        : sqliteControlKV(join(dir, 'sqlite', 'control.db')),
      accountId,
    );
    progress(`${store}: ${TENANTS} tenants written in ${Math.round(performance.now() - started)} ms`);
    await sleep(2_000);
    const many = await measure(server, redis?.clients ?? null);
    const ratio = many.p99 / none.p99;
    const pass = many.cpu < TARGET_CPU && ratio <= TARGET_RATIO;
    for (const [label, m] of /** @type {const} */ ([
      ['0', none],
      [String(TENANTS), many],
    ]))
      rows.push(
        [
          store.padEnd(7),
          label.padStart(7),
          `${m.cpu.toFixed(1)}%`.padStart(7),
          `${m.rss} MB`.padStart(8),
          String(m.files).padStart(6),
          String(m.clients ?? '-').padStart(8),
          `${m.p99.toFixed(1)} ms`.padStart(10),
          m === many ? `${ratio.toFixed(2)}x`.padStart(6) : '     -',
          m === many ? (pass ? 'PASS' : 'FAIL') : '',
        ].join('  '),
      );
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    redis?.stop();
  }
}
rmSync(dir, { recursive: true, force: true });
console.log(`tenants on one account, the process idle but for another account's events (${SECONDS} s blocks)`);
console.log(`targets: CPU < ${TARGET_CPU}% of a core, p99 ≤ ${TARGET_RATIO}x of 0 tenants`);
console.log(['store  ', 'tenants', '    CPU', '     RSS', ' files', ' clients', '   p99', ' ratio', ''].join('  '));
for (const row of rows) console.log(row);
