// @ts-check
// Stores benchmark, Redis: engine.record on redisStore against raw ioredis GET+SET pairs at the same
// concurrency (one process, then two), and the Redis memory one user takes (per key, with encodings),
// the account index's growth per user.
//
//   node packages/redis/bench/redis.bench.mjs            (after building core and redis: it imports dist/)
//   KINDLING_BENCH_EVENTS=50000 node packages/redis/bench/redis.bench.mjs     (a quicker run)
//
// Environment:
//   KINDLING_REDIS_URL            the Redis to use (default redis://127.0.0.1:6379)
//   KINDLING_BENCH_EVENTS         events in the record workload (default 200000)
//   KINDLING_BENCH_USERS          users of the record workload (default 10000)
//   KINDLING_BENCH_SEED           seed of the workload generator (default 20250101)
//   KINDLING_BENCH_BLOCKS         blocks per record run; engine and raw alternate block by block (default 20)
//   KINDLING_BENCH_CONCURRENCY    requests in flight per process (default 64)
//
// Every key it writes starts with "klbench-redis:{p<pid>-" (its own key prefix and accounts), and it
// deletes them at the end (also on a crash or Ctrl-C); it never flushes anything.
//
// This is a report, not a test: it always exits 0 (1 only if the script itself crashes) and prints
// PASS/FAIL against each target at the end. It imports the BUILT packages (dist/), not the sources.
//
// The file is also its own worker: `redis.bench.mjs worker <json>` is a child process of the
// two-process run (forked by the parent, driven over the IPC channel).
import { fork } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createEngine, parseRules } from '@kindling/core';
import { reduceEvent } from '@kindling/core/internal';
import { redisStore } from '@kindling/redis';
import {
  generateWorkload as makeWorkload,
  envInt,
  ZONES,
  METRICS,
  DAY_MS,
  START_DAY,
  mulberry32,
  yearOfBothMetrics,
} from '../../core/bench/workload.mjs';
import { fmtInt, mb, median, pad, table } from '../../core/bench/report.mjs';

/** engine.record events/s at least this share of the raw GET+SET pair rate, at the same concurrency */
const TARGET_RECORD_SHARE = 0.25;
/** Redis bytes of one user (per-user keys) with one daily streak, two metrics and 365 days of history */
const TARGET_USER_BYTES = 4096;

const REDIS_URL = process.env.KINDLING_REDIS_URL || 'redis://127.0.0.1:6379';
const EVENTS = envInt('KINDLING_BENCH_EVENTS', 200_000, 1);
const USERS = Math.min(envInt('KINDLING_BENCH_USERS', 10_000, 1), EVENTS);
const SEED = envInt('KINDLING_BENCH_SEED', 20250101, 0);
const BLOCKS = Math.min(envInt('KINDLING_BENCH_BLOCKS', 20, 1), EVENTS);
const CONCURRENCY = envInt('KINDLING_BENCH_CONCURRENCY', 64, 1);
const WARMUP_EVENTS = Math.min(EVENTS, 10_000);

/** Every key of this run: "klbench-redis:{p<pid>-…". */
const KEY_PREFIX = 'klbench-redis';
const RUN = process.argv[2] === 'worker' ? JSON.parse(process.argv[3]).run : `p${process.pid}`;
const ACCOUNT = (/** @type {string} */ name) => `${RUN}-${name}`;
const RAW_TAG = `${KEY_PREFIX}:{${RUN}-raw}`;
const RUN_PATTERN = `${KEY_PREFIX}:{${RUN}-*`;

/** @typedef {import('../../core/bench/workload.mjs').Workload} Workload */
/** @typedef {import('@kindling/core').Engine} Engine */
/** @typedef {import('@kindling/core').Store} Store */
/** @typedef {import('ioredis').Redis} Client */
/** @typedef {{ busy: number, total: number }} MachineCpu */
/** @typedef {{ ops: number, seconds: number, cpu: number, elu: number }} LoopResult */
/** @typedef {LoopResult & { rate: number, redisCpu: number, machine: MachineCpu }} Block */
/** @typedef {{ run: string, part: number, parts: number, account: string, warmAccount: string, rawValueBytes: number }} WorkerConfig */
/**
 * What the parent asks a worker, and what it answers.
 * @typedef {{ cmd: 'engine', block: number } | { cmd: 'raw', pairs: number, seed: number } | { cmd: 'quit' }} WorkerAsk
 * @typedef {{ ready?: true, result?: LoopResult, done?: { steps: number, records: number, maxRSS: number }, error?: string }} WorkerAnswer
 */

// ---------------------------------------------------------------------------------------------
// Workload (the core bench's generator: packages/core/bench/record.bench.mjs)
// ---------------------------------------------------------------------------------------------

/** The shared workload (packages/core/bench/workload.mjs) at this bench's size and seed. */
const generateWorkload = () => makeWorkload({ events: EVENTS, users: USERS, seed: SEED });

/** The one rule of this bench: daily, lessons >= 1, freezes with earnings. */
/** @type {import('@kindling/core').StreakRuleInput[]} */
const STREAKS = [
  {
    key: 'daily',
    frequency: 'daily',
    conditions: [{ metric: 'lessons', threshold: 1 }],
    freezes: { initial: 1, max: 3, earn: { every: 7, amount: 1 } },
  },
];

const eventInput = (/** @type {Workload} */ w, /** @type {number} */ i) => ({
  userId: w.userIds[w.user[i]],
  metric: METRICS[w.metric[i]],
  value: w.value[i],
  tz: ZONES[w.zone[i]],
  at: w.at[i],
});

/** Block b of the events: [start, end). */
const blockRange = (/** @type {number} */ b) => [
  Math.floor((b * EVENTS) / BLOCKS),
  Math.floor(((b + 1) * EVENTS) / BLOCKS),
];

// ---------------------------------------------------------------------------------------------
// The measured loops, shared by the parent (one process) and the workers (two processes)
// ---------------------------------------------------------------------------------------------

/** `count` tasks, `concurrency` async lanes over a shared queue, each lane awaiting its task. */
/** Block `b` runs `first` then `second`, the next block the other way round: neither always goes first. */
async function alternately(
  /** @type {number} */ b,
  /** @type {() => Promise<unknown>} */ first,
  /** @type {() => Promise<unknown>} */ second,
) {
  for (const run of b % 2 === 0 ? [first, second] : [second, first]) await run();
}

async function pool(
  /** @type {number} */ count,
  /** @type {number} */ concurrency,
  /** @type {(i: number) => Promise<void>} */ task,
) {
  let next = 0;
  const lane = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
}

/** redisStore with a count of step runs: runs − records = compare-and-set retries. */
function countingStore(/** @type {string} */ account) {
  const inner = redisStore({ url: REDIS_URL, keyPrefix: KEY_PREFIX, account });
  const counter = { steps: 0 };
  /** @type {typeof inner} */
  const store = {
    ...inner,
    update(userId, step, options) {
      return inner.update(
        userId,
        (snapshot) => {
          counter.steps += 1;
          return step(snapshot);
        },
        options,
      );
    },
  };
  return { store, counter };
}

function newEngine(/** @type {Store} */ store) {
  return createEngine({ store, streaks: STREAKS, metrics: METRICS });
}

/** engine.record over the given event indices, `CONCURRENCY` in flight; returns { ops, seconds, cpu }. */
async function runEngineBlock(
  /** @type {Engine} */ engine,
  /** @type {Workload} */ w,
  /** @type {number[]} */ indices,
) {
  let check = 0;
  const e0 = performance.eventLoopUtilization();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await pool(indices.length, CONCURRENCY, async (j) => {
    const result = await engine.record(eventInput(w, indices[j]));
    check += result.total > 0 ? 1 : 0;
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const elu = performance.eventLoopUtilization(e0).utilization;
  if (check !== indices.length) throw new Error('engine.record returned an unexpected total');
  return { ops: indices.length, seconds, cpu: (cpu.user + cpu.system) / 1e6, elu };
}

/** `pairs` raw GET+SET pairs on random keys of the raw key space, `CONCURRENCY` in flight. */
async function runRawBlock(
  /** @type {Client} */ client,
  /** @type {string[]} */ rawKeys,
  /** @type {string} */ rawValue,
  /** @type {number} */ pairs,
  /** @type {number} */ seed,
) {
  const rand = mulberry32(seed);
  let check = 0;
  const e0 = performance.eventLoopUtilization();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await pool(pairs, CONCURRENCY, async () => {
    const key = rawKeys[Math.floor(rand() * rawKeys.length)];
    const got = await client.get(key);
    await client.set(key, rawValue);
    check += got === null ? 0 : 1;
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const elu = performance.eventLoopUtilization(e0).utilization;
  if (check !== pairs) throw new Error('raw GET returned nothing for a prefilled key');
  return { ops: pairs, seconds, cpu: (cpu.user + cpu.system) / 1e6, elu };
}

const rawKeyList = () => Array.from({ length: USERS }, (_, u) => `${RAW_TAG}:${String(u).padStart(6, '0')}`);

/** Indices of block b's events of the users with u % parts === part. */
function blockIndices(
  /** @type {Workload} */ w,
  /** @type {number} */ b,
  /** @type {number} */ part,
  /** @type {number} */ parts,
) {
  const [start, end] = blockRange(b);
  /** @type {number[]} */
  const out = [];
  for (let i = start; i < end; i++) if (w.user[i] % parts === part) out.push(i);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Worker (one of the two processes)
// ---------------------------------------------------------------------------------------------

async function worker() {
  /** @type {WorkerConfig} */
  const config = JSON.parse(process.argv[3] ?? '{}');
  const w = generateWorkload();
  const send = (/** @type {WorkerAnswer} */ answer, /** @type {() => void} */ then = () => {}) =>
    process.send?.(answer, then);
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
  client.on('error', () => {});
  const rawKeys = rawKeyList();
  const rawValue = 'x'.repeat(config.rawValueBytes);
  const { store, counter } = countingStore(config.account);
  const engine = newEngine(store);
  // Warm-up on an account of its own: the first events of its half, and raw pairs.
  const warm = countingStore(config.warmAccount);
  /** @type {number[]} */
  const warmIndices = [];
  for (let i = 0; i < WARMUP_EVENTS; i++) if (w.user[i] % config.parts === config.part) warmIndices.push(i);
  await runEngineBlock(newEngine(warm.store), w, warmIndices);
  await warm.store.close();
  await runRawBlock(client, rawKeys, rawValue, warmIndices.length, SEED ^ 0x5eed ^ config.part);
  await store.countUsers(); // connected, schema checked

  let records = 0;
  process.on('message', async (/** @type {WorkerAsk} */ message) => {
    try {
      if (message.cmd === 'engine') {
        const indices = blockIndices(w, message.block, config.part, config.parts);
        records += indices.length;
        send({ result: await runEngineBlock(engine, w, indices) });
      } else if (message.cmd === 'raw') {
        send({ result: await runRawBlock(client, rawKeys, rawValue, message.pairs, message.seed) });
      } else if (message.cmd === 'quit') {
        await store.close();
        await client.quit();
        send({ done: { steps: counter.steps, records, maxRSS: process.resourceUsage().maxRSS * 1024 } }, () =>
          process.exit(0),
        );
      }
    } catch (error) {
      const e = /** @type {Error | undefined} */ (error);
      send({ error: `${e?.name}: ${e?.message}` });
    }
  });
  send({ ready: true });
}

/** A forked worker, with a promise per reply. */
function startWorker(/** @type {WorkerConfig} */ config) {
  const child = fork(fileURLToPath(import.meta.url), ['worker', JSON.stringify(config)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  /** @type {{ resolve: (answer: WorkerAnswer) => void, reject: (error: Error) => void }[]} */
  const waiting = [];
  /** @type {Error | null} */
  let failed = null;
  child.on('message', (/** @type {WorkerAnswer} */ message) => {
    const next = waiting.shift();
    if (next === undefined) return;
    if (message.error) next.reject(new Error(`worker ${config.part}: ${message.error}`));
    else next.resolve(message);
  });
  child.on('exit', (code) => {
    if (code !== 0) failed = new Error(`worker ${config.part} exited with code ${code}`);
    for (const next of waiting.splice(0)) next.reject(failed ?? new Error(`worker ${config.part} exited`));
  });
  const reply = () =>
    /** @type {Promise<WorkerAnswer>} */ (
      new Promise((resolve, reject) => {
        if (failed) reject(failed);
        else waiting.push({ resolve, reject });
      })
    );
  return {
    ready: reply(),
    ask(/** @type {WorkerAsk} */ message) {
      const answer = reply();
      child.send(message);
      return answer;
    },
    child,
  };
}

// ---------------------------------------------------------------------------------------------
// Redis helpers
// ---------------------------------------------------------------------------------------------

async function scanKeys(/** @type {Client} */ client, /** @type {string} */ pattern) {
  /** @type {string[]} */
  const keys = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

async function deleteKeys(/** @type {Client} */ client, /** @type {string} */ pattern) {
  const keys = await scanKeys(client, pattern);
  for (let i = 0; i < keys.length; i += 500) await client.unlink(...keys.slice(i, i + 500));
  return keys.length;
}

/** Redis server CPU seconds (main thread and others, user + system) so far. */
async function redisCpu(/** @type {Client} */ client) {
  const info = await client.info('cpu');
  const field = (/** @type {string} */ name) => Number(info.match(new RegExp(`^${name}:(\\S+)`, 'm'))?.[1] ?? 0);
  return field('used_cpu_user') + field('used_cpu_sys');
}

/** Busy and total CPU time of the whole machine so far (every process, other tenants included), ms. */
function machineCpu() {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    busy += t.user + t.nice + t.sys + t.irq;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  return { busy, total };
}

const machineShare = (/** @type {MachineCpu} */ m0) => {
  const m1 = machineCpu();
  return { busy: m1.busy - m0.busy, total: m1.total - m0.total };
};

/** INFO commandstats: command → { calls, usec } (server-wide: every client's commands). */
async function commandStats(/** @type {Client} */ client) {
  /** @type {Map<string, { calls: number, usec: number }>} */
  const out = new Map();
  for (const line of (await client.info('commandstats')).split('\n')) {
    const m = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line.trim());
    if (m) out.set(m[1], { calls: Number(m[2]), usec: Number(m[3]) });
  }
  return out;
}

/** Adds the difference of two commandstats snapshots into `sum`. */
function addStats(
  /** @type {Map<string, { calls: number, usec: number }>} */ sum,
  /** @type {typeof sum} */ before,
  /** @type {typeof sum} */ after,
) {
  for (const [name, a] of after) {
    const b = before.get(name) ?? { calls: 0, usec: 0 };
    const s = sum.get(name) ?? { calls: 0, usec: 0 };
    sum.set(name, { calls: s.calls + a.calls - b.calls, usec: s.usec + a.usec - b.usec });
  }
}

/** Type, OBJECT ENCODING, element count and MEMORY USAGE (all elements sampled) of one key. */
async function describeKey(/** @type {Client} */ client, /** @type {string} */ key) {
  const type = await client.type(key);
  if (type === 'none') return { key, type, encoding: '-', count: 0, countWhat: '', bytes: 0 };
  const encoding = await client.object('ENCODING', key);
  const bytes = Number(await client.memory('USAGE', key, 'SAMPLES', 0));
  let count;
  let countWhat;
  if (type === 'hash') [count, countWhat] = [await client.hlen(key), 'fields'];
  else if (type === 'list') [count, countWhat] = [await client.llen(key), 'items'];
  else if (type === 'zset') [count, countWhat] = [await client.zcard(key), 'members'];
  else if (type === 'string') [count, countWhat] = [await client.strlen(key), 'bytes of value'];
  else [count, countWhat] = [0, ''];
  return { key, type, encoding, count, countWhat, bytes };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/** One table row per loop: ops, seconds (sum), ops/s (median of blocks), range, cpu per op. */
function printRows(/** @type {{ name: string, blocks: Block[] }[]} */ rows) {
  const header = table([
    ['row', 46],
    ['ops', 9, true],
    ['seconds', 8, true],
    ['ops/s (median)', 15, true],
    ['range of blocks (ops/s)', 24, true],
    ['node cpu us/op', 15, true],
    ['redis cpu us/op', 16, true],
    ['loop busy', 10, true],
    ['machine busy', 13, true],
  ]);
  header.header();
  for (const row of rows) {
    const rates = row.blocks.map((b) => b.rate);
    const ops = row.blocks.reduce((s, b) => s + b.ops, 0);
    const seconds = row.blocks.reduce((s, b) => s + b.seconds, 0);
    const nodeCpu = row.blocks.reduce((s, b) => s + b.cpu, 0);
    const redisCpuS = row.blocks.reduce((s, b) => s + b.redisCpu, 0);
    header.row([
      row.name,
      fmtInt(ops),
      seconds.toFixed(2),
      fmtInt(median(rates)),
      `${fmtInt(Math.min(...rates))} .. ${fmtInt(Math.max(...rates))}`,
      ((1e6 * nodeCpu) / ops).toFixed(1),
      ((1e6 * redisCpuS) / ops).toFixed(1),
      `${(100 * median(row.blocks.map((b) => b.elu))).toFixed(0)}%`,
      `${((100 * row.blocks.reduce((t, b) => t + b.machine.busy, 0)) / row.blocks.reduce((t, b) => t + b.machine.total, 0)).toFixed(0)}%`,
    ]);
  }
}

/** Compares each user's final state in the store with the sequential reducer's. */
async function compareStates(
  /** @type {Store} */ store,
  /** @type {Workload} */ w,
  /** @type {Map<string, import('@kindling/core/adapter').UserState>} */ expected,
) {
  let equal = 0;
  let sameVersion = 0;
  await pool(USERS, 64, async (u) => {
    const id = w.userIds[u];
    const got = await store.load(id);
    const want = expected.get(id);
    if (got === null || want === undefined) return;
    if (got.version === want.version) sameVersion += 1;
    const a = got.streaks.daily;
    const b = want.streaks.daily;
    if (
      got.version === want.version &&
      got.totals.lessons === want.totals.lessons &&
      got.totals.minutes === want.totals.minutes &&
      a.length === b.length &&
      a.longest === b.longest &&
      a.freezes === b.freezes &&
      a.day === b.day &&
      a.period === b.period
    ) {
      equal += 1;
    }
  });
  return { equal, sameVersion };
}

async function main() {
  const cpus = os.cpus();
  const admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
  admin.on('error', () => {});
  const cleanup = async () => deleteKeys(admin, RUN_PATTERN);
  let interrupted = false;
  const onSignal = (/** @type {string} */ signal) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: deleting this run's keys`);
    cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  /** @type {ReturnType<typeof startWorker>[]} */
  const workers = [];

  try {
    const serverInfo = await admin.info('server');
    const redisVersion = serverInfo.match(/^redis_version:(\S+)/m)?.[1] ?? '?';
    const reply = /** @type {string[]} */ (await admin.config('GET', '*-max-listpack-*'));
    /** @type {[string, string][]} */
    const pairs = [];
    for (let i = 0; i + 1 < reply.length; i += 2) pairs.push([reply[i], reply[i + 1]]);
    const config = Object.fromEntries(pairs);
    console.log('Kindling stores benchmark: Redis');
    console.log(
      `node ${process.version} (V8 ${process.versions.v8}), ${os.platform()} ${os.arch()}, ${cpus.length} logical cores` +
        `${cpus[0] ? ` (${cpus[0].model.trim()})` : ''}, ${mb(os.totalmem())} MB RAM, load average ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
    );
    console.log(
      `redis ${redisVersion} at ${REDIS_URL.replace(/\/\/[^@]*@/, '//')}; hash-max-listpack-entries ${config['hash-max-listpack-entries']}, ` +
        `hash-max-listpack-value ${config['hash-max-listpack-value']}, zset-max-listpack-entries ${config['zset-max-listpack-entries']}`,
    );
    console.log(`keys: prefix "${KEY_PREFIX}", accounts "${RUN}-*" (deleted at the end)`);
    const stale = (await scanKeys(admin, `${KEY_PREFIX}:*`)).length;
    if (stale > 0)
      console.log(`note: ${stale} keys under "${KEY_PREFIX}:" from another run are already there (left alone)`);

    // Workload and the sequential reference.
    const g0 = performance.now();
    const w = generateWorkload();
    const model = { rules: parseRules(STREAKS), achievements: [] };
    const expected = new Map();
    for (let i = 0; i < EVENTS; i++) {
      const input = eventInput(w, i);
      const id = input.userId;
      const reduction = reduceEvent(
        expected.get(id) ?? null,
        { ...input, email: null, eventId: 'bench', idempotencyKey: null },
        model,
      );
      expected.set(id, reduction.user);
    }
    let stateBytes = 0;
    for (const user of expected.values()) stateBytes += Buffer.byteLength(JSON.stringify(user));
    const rawValueBytes = Math.round(stateBytes / expected.size);
    const perMetric = [0, 0];
    for (let i = 0; i < EVENTS; i++) perMetric[w.metric[i]] += 1;
    console.log(
      `workload: ${fmtInt(EVENTS)} events, ${fmtInt(USERS)} users, ${ZONES.length} zones, ${w.movers} users change zone once, seed ${SEED}, ` +
        `${new Date(w.at[0]).toISOString().slice(0, 10)} .. ${new Date(w.at[EVENTS - 1]).toISOString().slice(0, 10)}, ` +
        `${METRICS[0]} ${fmtInt(perMetric[0])}, ${METRICS[1]} ${fmtInt(perMetric[1])} (generated and replayed sequentially in ${((performance.now() - g0) / 1000).toFixed(1)} s)`,
    );
    console.log('rule:     daily, lessons >= 1, freezes 1..3, +1 every 7 days (minutes only fill rollups)');
    console.log(
      `raw:      ${fmtInt(USERS)} keys of ${rawValueBytes} bytes (the mean final user state JSON), GET then SET of a random key per pair`,
    );
    console.log(
      `measured: ${BLOCKS} blocks of ~${fmtInt(EVENTS / BLOCKS)} events in time order; per block, engine and raw (as many pairs as events) ` +
        `back to back, order alternating; ${CONCURRENCY} in flight per process, one connection each`,
    );

    // Raw key space.
    const rawKeys = rawKeyList();
    const rawValue = 'x'.repeat(rawValueBytes);
    for (let i = 0; i < rawKeys.length; i += 1000) {
      const pipe = admin.pipeline();
      for (const key of rawKeys.slice(i, i + 1000)) pipe.set(key, rawValue);
      await pipe.exec();
    }

    // ---------------------------------------------------------------- one process
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
    client.on('error', () => {});
    {
      const warm = countingStore(ACCOUNT('warm1'));
      const indices = Array.from({ length: WARMUP_EVENTS }, (_, i) => i);
      await runEngineBlock(newEngine(warm.store), w, indices);
      await warm.store.close();
      await runRawBlock(client, rawKeys, rawValue, WARMUP_EVENTS, SEED ^ 0x5eed);
    }
    console.log(`warm-up:  engine (on an account of its own) and raw, ${fmtInt(WARMUP_EVENTS)} each, not timed`);
    console.log('');

    const one = countingStore(ACCOUNT('1p'));
    const engine1 = newEngine(one.store);
    await one.store.countUsers();
    /** @type {Block[]} */
    const engineBlocks1 = [];
    /** @type {Block[]} */
    const rawBlocks1 = [];
    const engineCommands = new Map();
    for (let b = 0; b < BLOCKS; b++) {
      const [start, end] = blockRange(b);
      const indices = Array.from({ length: end - start }, (_, k) => start + k);
      const runEngine = async () => {
        const s0 = await commandStats(admin);
        const r0 = await redisCpu(admin);
        const m0 = machineCpu();
        const r = await runEngineBlock(engine1, w, indices);
        const machine = machineShare(m0);
        engineBlocks1.push({ ...r, rate: r.ops / r.seconds, redisCpu: (await redisCpu(admin)) - r0, machine });
        addStats(engineCommands, s0, await commandStats(admin));
      };
      const runRaw = async () => {
        const r0 = await redisCpu(admin);
        const m0 = machineCpu();
        const r = await runRawBlock(client, rawKeys, rawValue, indices.length, SEED + b);
        const machine = machineShare(m0);
        rawBlocks1.push({ ...r, rate: r.ops / r.seconds, redisCpu: (await redisCpu(admin)) - r0, machine });
      };
      await alternately(b, runEngine, runRaw);
    }
    const ratios1 = engineBlocks1.map((e, b) => e.rate / rawBlocks1[b].rate);
    const check1 = await compareStates(one.store, w, expected);
    const users1 = await one.store.countUsers();
    await one.store.close();
    await client.quit();

    // ---------------------------------------------------------------- two processes
    const PARTS = 2;
    for (let part = 0; part < PARTS; part++) {
      workers.push(
        startWorker({
          run: RUN,
          part,
          parts: PARTS,
          account: ACCOUNT('2p'),
          warmAccount: ACCOUNT(`warm2-${part}`),
          rawValueBytes,
        }),
      );
    }
    await Promise.all(workers.map((x) => x.ready));
    /** @type {Block[]} */
    const engineBlocks2 = [];
    /** @type {Block[]} */
    const rawBlocks2 = [];
    const sumBlock = async (/** @type {WorkerAsk} */ message) => {
      const r0 = await redisCpu(admin);
      const m0 = machineCpu();
      const results = (await Promise.all(workers.map((x) => x.ask(message)))).map(
        (m) => /** @type {LoopResult} */ (m.result),
      );
      const machine = machineShare(m0);
      const redisCpuS = (await redisCpu(admin)) - r0;
      return {
        machine,
        elu: results.reduce((t, r) => t + r.elu, 0) / results.length,
        ops: results.reduce((s, r) => s + r.ops, 0),
        seconds: Math.max(...results.map((r) => r.seconds)),
        cpu: results.reduce((s, r) => s + r.cpu, 0),
        rate: results.reduce((s, r) => s + r.ops / r.seconds, 0),
        redisCpu: redisCpuS,
      };
    };
    for (let b = 0; b < BLOCKS; b++) {
      const [start, end] = blockRange(b);
      const runEngine = async () => engineBlocks2.push(await sumBlock({ cmd: 'engine', block: b }));
      const runRaw = async () =>
        rawBlocks2.push(
          await sumBlock({ cmd: 'raw', pairs: Math.round((end - start) / PARTS), seed: SEED + 7919 * (b + 1) }),
        );
      await alternately(b, runEngine, runRaw);
    }
    const ratios2 = engineBlocks2.map((e, b) => e.rate / rawBlocks2[b].rate);
    const done2 = (await Promise.all(workers.map((x) => x.ask({ cmd: 'quit' })))).map(
      (m) => /** @type {NonNullable<WorkerAnswer['done']>} */ (m.done),
    );
    workers.length = 0;
    const two = countingStore(ACCOUNT('2p'));
    const check2 = await compareStates(two.store, w, expected);
    const users2 = await two.store.countUsers();
    await two.store.close();

    printRows([
      { name: `engine.record, 1 process, ${CONCURRENCY} in flight`, blocks: engineBlocks1 },
      { name: `raw GET+SET pairs, 1 process, ${CONCURRENCY} in flight`, blocks: rawBlocks1 },
      { name: `engine.record, 2 processes x ${CONCURRENCY} (sum)`, blocks: engineBlocks2 },
      { name: `raw GET+SET pairs, 2 processes x ${CONCURRENCY} (sum)`, blocks: rawBlocks2 },
    ]);
    console.log('');
    console.log(
      'ops are events (engine) or GET+SET pairs (raw); ops/s is the median over the blocks (two processes: the sum of their rates)',
    );
    console.log(
      "seconds is the sum over blocks (two processes: the slower of the two per block); cpu us/op: the processes' CPU, and the Redis server's (INFO cpu, all clients)",
    );
    console.log(
      'loop busy: event loop utilization of the bench process(es) (median of blocks; 100% = the process is CPU-bound); machine busy: all cores, every process on the machine',
    );
    const share1 = median(ratios1);
    const share2 = median(ratios2);
    console.log(`engine / raw, 1 process, block by block: ${ratios1.map((r) => `${(100 * r).toFixed(0)}%`).join(' ')}`);
    console.log(
      `engine / raw, 2 processes, block by block: ${ratios2.map((r) => `${(100 * r).toFixed(0)}%`).join(' ')}`,
    );
    console.log(
      `2 processes / 1 process: engine ${(median(engineBlocks2.map((b) => b.rate)) / median(engineBlocks1.map((b) => b.rate))).toFixed(2)}x, ` +
        `raw ${(median(rawBlocks2.map((b) => b.rate)) / median(rawBlocks1.map((b) => b.rate))).toFixed(2)}x`,
    );
    const commandRows = [...engineCommands]
      .filter(([name, c]) => c.calls > 0 && !['info', 'scan', 'unlink'].includes(name))
      .sort((a, b) => b[1].usec - a[1].usec);
    console.log(
      `redis time per event in the 1-process engine blocks (INFO commandstats; commands inside scripts are counted in evalsha and again on their own): ` +
        commandRows
          .slice(0, 10)
          .map(([name, c]) => `${name} ${(c.calls / EVENTS).toFixed(2)} calls ${(c.usec / EVENTS).toFixed(1)} us`)
          .join(', '),
    );
    const evalsha = engineCommands.get('evalsha') ?? { calls: 0, usec: 0 };
    const get = engineCommands.get('get') ?? { calls: 0, usec: 0 };
    console.log(
      `  per event: ${(evalsha.calls / EVENTS).toFixed(2)} script calls (commit with the index, one call on a single Redis) ${(evalsha.usec / EVENTS).toFixed(1)} us of Redis time, inner commands included; GET ${(get.calls / EVENTS).toFixed(2)} calls ${(get.usec / EVENTS).toFixed(1)} us (the read, and the script's own GET)`,
    );
    const lastSeen = new Int32Array(USERS).fill(-1_000_000);
    let sameUserInWindow = 0;
    let sameUserInWindow2 = 0;
    const lastSeenPart = new Int32Array(USERS).fill(-1_000_000);
    const seenInPart = [0, 0];
    for (let i = 0; i < EVENTS; i++) {
      const u = w.user[i];
      if (i - lastSeen[u] < CONCURRENCY) sameUserInWindow += 1;
      lastSeen[u] = i;
      const part = u % 2;
      const k = seenInPart[part]++;
      if (k - lastSeenPart[u] < CONCURRENCY) sameUserInWindow2 += 1;
      lastSeenPart[u] = k;
    }
    console.log(
      `events whose user has another event among the ${CONCURRENCY - 1} before it in the queue: 1 process ${((100 * sameUserInWindow) / EVENTS).toFixed(1)}%, ` +
        `2 processes ${((100 * sameUserInWindow2) / EVENTS).toFixed(1)}% (each process's queue holds half the users)`,
    );
    const retries1 = one.counter.steps - EVENTS;
    const retries2 = done2.reduce((s, d) => s + d.steps - d.records, 0);
    console.log(
      `compare-and-set retries (steps run again after a conflict): 1 process ${fmtInt(retries1)}, 2 processes ${fmtInt(retries2)} (of ${fmtInt(EVENTS)} events)`,
    );
    console.log(
      `final states equal to a sequential replay: 1 process ${fmtInt(check1.equal)} / ${fmtInt(USERS)} users (${fmtInt(check1.sameVersion)} with every event counted), ` +
        `2 processes ${fmtInt(check2.equal)} / ${fmtInt(USERS)} (${fmtInt(check2.sameVersion)}); users() count ${fmtInt(users1)} and ${fmtInt(users2)}`,
    );
    console.log(`worker peak RSS: ${done2.map((d) => `${mb(d.maxRSS)} MB`).join(', ')}`);
    console.log('');

    // ---------------------------------------------------------------- memory
    const mem = redisStore({ url: REDIS_URL, keyPrefix: KEY_PREFIX, account: ACCOUNT('mem') });
    const memEngine = newEngine(mem);
    const memUser = 'memory-user';
    for (const event of yearOfBothMetrics()) await memEngine.record({ userId: memUser, ...event, tz: 'Europe/Berlin' });
    const memState = await mem.load(memUser);
    if (memState === null) throw new Error(`${memUser} was not stored`);
    const userKeyNames = ['s', 'd', 'i'];
    const userKey = (/** @type {string} */ id, /** @type {string} */ name, account = ACCOUNT('mem')) =>
      `${KEY_PREFIX}:{${account}:${id}}:${name}`;
    const perKey = [];
    for (const name of userKeyNames) perKey.push({ name, ...(await describeKey(admin, userKey(memUser, name))) });
    const userBytes = perKey.reduce((s, k) => s + k.bytes, 0);
    // The data hash by kind of field: count and bytes of values (r rollups, h held periods, z/a journal).
    const dataFields = await admin.hgetallBuffer(userKey(memUser, 'd'));
    const kinds = new Map();
    for (const [field, value] of Object.entries(dataFields)) {
      const kind = { r: 'rollups', h: 'held periods', z: 'journal', a: 'journal' }[field[0]] ?? 'other';
      const k = kinds.get(kind) ?? { fields: 0, bytes: 0 };
      kinds.set(kind, { fields: k.fields + 1, bytes: k.bytes + field.length + value.length });
    }
    const stateValue = await admin.getBuffer(userKey(memUser, 's'));
    if (stateValue === null) throw new Error(`${memUser} has no state key`);
    const jsonBytes = stateValue.indexOf(10);

    // A less regular user: the same days, each metric at a random millisecond of the day and a random value.
    const roughUser = 'rough-user';
    for (const event of yearOfBothMetrics(SEED ^ 0x0dd))
      await memEngine.record({ userId: roughUser, ...event, tz: 'Europe/Berlin' });
    const roughKeys = [];
    for (const name of userKeyNames) roughKeys.push({ name, ...(await describeKey(admin, userKey(roughUser, name))) });
    const roughBytes = roughKeys.reduce((s, k) => s + k.bytes, 0);

    // An idempotency key's cost: another user, 10 keyed events.
    const idemUser = 'idem-user';
    for (let d = 0; d < 10; d++) {
      await memEngine.record({
        userId: idemUser,
        metric: 'lessons',
        value: 1,
        tz: 'Europe/Berlin',
        at: (START_DAY + d) * DAY_MS + 7 * 3_600_000,
        idempotencyKey: `lesson-${d}-0123456789abcdef`,
      });
    }
    const idem = await describeKey(admin, userKey(idemUser, 'i'));

    // The account's index per added user.
    const accountPattern = `${KEY_PREFIX}:{${ACCOUNT('mem')}}:*`;
    const accountBytes = async () => {
      const keys = await scanKeys(admin, accountPattern);
      let bytes = 0;
      const parts = [];
      for (const key of keys.sort()) {
        const k = await describeKey(admin, key);
        bytes += k.bytes;
        parts.push(k);
      }
      return { bytes, parts };
    };
    const addUsers = async (/** @type {number} */ from, /** @type {number} */ count) => {
      await pool(count, CONCURRENCY, async (k) => {
        const id = `index-user-${String(from + k).padStart(6, '0')}`;
        const first = START_DAY + 300 + ((from + k) % 50);
        const days = 1 + ((from + k) % 5);
        for (let d = 0; d < days; d++)
          await memEngine.record({
            userId: id,
            metric: 'lessons',
            value: 1,
            tz: ZONES[(from + k) % ZONES.length],
            at: (first + d) * DAY_MS + 12 * 3_600_000,
          });
      });
    };
    const index0 = await accountBytes();
    await addUsers(0, 1000);
    const index1 = await accountBytes();
    await addUsers(1000, 1000);
    const index2 = await accountBytes();
    const perUserIndex1 = (index1.bytes - index0.bytes) / 1000;
    const perUserIndex2 = (index2.bytes - index1.bytes) / 1000;

    console.log(
      `memory: one user, daily rule (length ${memState.streaks.daily.length}), 2 metrics, an event on each metric every day for 365 days (Europe/Berlin), no idempotency keys`,
    );
    console.log(
      `${pad('key', 8)}  ${pad('type', 7)}  ${pad('encoding', 10)}  ${pad('elements', 22, true)}  ${pad('bytes', 8, true)}  share`,
    );
    for (const k of perKey) {
      console.log(
        `${pad(k.name, 8)}  ${pad(k.type, 7)}  ${pad(k.encoding, 10)}  ${pad(k.type === 'none' ? '(absent)' : `${fmtInt(k.count)} ${k.countWhat}`, 22, true)}  ${pad(fmtInt(k.bytes), 8, true)}  ${((100 * k.bytes) / userBytes).toFixed(1)}%`,
      );
    }
    console.log(
      `${pad('total', 8)}  ${pad('', 7)}  ${pad('', 10)}  ${pad('', 22, true)}  ${pad(fmtInt(userBytes), 8, true)}  (target < ${fmtInt(TARGET_USER_BYTES)}: ${(userBytes / TARGET_USER_BYTES).toFixed(1)}x the target, ${fmtInt(userBytes - TARGET_USER_BYTES)} bytes over)`,
    );
    console.log(
      `state value: ${fmtInt(stateValue.length)} bytes, of which the state JSON with its version ${fmtInt(jsonBytes)} and the tails ${fmtInt(stateValue.length - jsonBytes - 1)}`,
    );
    for (const [kind, k] of kinds)
      console.log(`data hash, ${kind}: ${k.fields} fields, ${fmtInt(k.bytes)} bytes of names and values`);
    console.log(
      `less regular user (random values, random ms of the day): ${roughKeys.map((k) => `${k.name} ${k.encoding} ${fmtInt(k.bytes)}`).join(', ')}; total ${fmtInt(roughBytes)}`,
    );
    console.log(
      `idempotency: ${fmtInt(idem.bytes)} bytes for 10 keyed events (${idem.encoding}), ${fmtInt(idem.bytes / 10)} bytes per key, kept for good`,
    );
    console.log(
      `account index (users, schema, ix:daily:*): ${fmtInt(index0.bytes)} bytes with 2 users, ${fmtInt(index1.bytes)} with 1,002, ${fmtInt(index2.bytes)} with 2,002: ` +
        `${perUserIndex1.toFixed(0)} bytes per added user over the first 1,000, ${perUserIndex2.toFixed(0)} over the next 1,000`,
    );
    console.log(
      `  at 2,002 users: ${index2.parts.map((k) => `${k.key.split('}:')[1]} ${k.encoding} ${fmtInt(k.bytes)}`).join(', ')}`,
    );

    await mem.close();

    // ---------------------------------------------------------------- cleanup and verdicts
    const deleted = await cleanup();
    const left = (await scanKeys(admin, RUN_PATTERN)).length;
    console.log('');
    console.log(`cleanup: deleted ${fmtInt(deleted)} keys matching ${RUN_PATTERN}; ${left} left`);
    console.log(
      `memory: peak RSS of this process ${mb(process.resourceUsage().maxRSS * 1024)} MB (workers: ${done2.map((d) => `${mb(d.maxRSS)} MB`).join(', ')})`,
    );
    console.log('');
    const verdict = (/** @type {boolean} */ ok) => (ok ? 'PASS' : 'FAIL');
    console.log(
      `${verdict(share1 >= TARGET_RECORD_SHARE)}: 1 process, engine.record at ${(100 * share1).toFixed(0)}% of raw GET+SET pairs (median of ${BLOCKS} block ratios); target >= ${100 * TARGET_RECORD_SHARE}%`,
    );
    console.log(
      `${verdict(share2 >= TARGET_RECORD_SHARE)}: 2 processes, engine.record at ${(100 * share2).toFixed(0)}% of raw GET+SET pairs (median of ${BLOCKS} block ratios); target >= ${100 * TARGET_RECORD_SHARE}%`,
    );
    console.log(
      `${verdict(userBytes < TARGET_USER_BYTES)}: ${fmtInt(userBytes)} Redis bytes per user (365 days, 2 metrics; plus ~${perUserIndex2.toFixed(0)} in the account index); target < ${fmtInt(TARGET_USER_BYTES)}`,
    );
    await admin.quit();
  } catch (error) {
    for (const x of workers) x.child.kill();
    try {
      const deleted = await cleanup();
      console.error(`cleanup after the failure: deleted ${deleted} keys`);
    } catch {
      // nothing more to do
    }
    admin.disconnect();
    throw error;
  }
}

if (process.argv[2] === 'worker') {
  worker().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
