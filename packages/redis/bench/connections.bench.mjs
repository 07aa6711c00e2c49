// @ts-check
// Connections benchmark, Redis: many stores (accounts, namespaces) in one process, each on a client
// of its own (the baseline: what every store had before clients were shared, made here by giving
// each store a timeout of its own, as a store with other settings gets its own client) against all
// of them on the process's one shared client. Per arrangement: Redis's count of connections, the
// process's open files, heap and RSS per store (after GC), and updates per second spread over every
// store at a fixed concurrency, in alternating rounds, each in a fresh child process (RSS does not
// shrink after a round frees memory); ratios shared / own in the same run.
//
//   node --expose-gc packages/redis/bench/connections.bench.mjs      (after building core and redis: it imports dist/)
//
// Environment:
//   KINDLING_REDIS_URL            the Redis to use (default redis://127.0.0.1:6379)
//   KINDLING_BENCH_STORES         stores per arrangement (default 1000: as many connections for the baseline)
//   KINDLING_BENCH_UPDATES        updates per round (default 5000)
//   KINDLING_BENCH_ROUNDS         rounds per arrangement, alternating (default 2)
//   KINDLING_BENCH_CONCURRENCY    updates in flight (default 64)
//
// Every key it writes starts with "klbench-conn-<pid>:" and it deletes them at the end. A report, not
// a test: it exits 0 (1 only if the script itself crashes).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { newUser } from '@kindling/core/internal';
import { redisStore } from '@kindling/redis';

const URL = process.env.KINDLING_REDIS_URL ?? 'redis://127.0.0.1:6379';
const int = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
};
const STORES = int('KINDLING_BENCH_STORES', 1000);
const UPDATES = int('KINDLING_BENCH_UPDATES', 5000);
const ROUNDS = int('KINDLING_BENCH_ROUNDS', 2);
const CONCURRENCY = int('KINDLING_BENCH_CONCURRENCY', 64);
const PREFIX = `klbench-conn-${process.argv[2] === 'round' ? process.ppid : process.pid}`;
const gc = /** @type {(() => void) | undefined} */ (globalThis.gc);
if (gc === undefined) throw new Error('run with node --expose-gc');

const admin = new Redis(URL);
const connections = async () => Number(/connected_clients:(\d+)/.exec(await admin.info('clients'))?.[1]);
const openFiles = () => readdirSync('/proc/self/fd').length;
const memory = () => {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
};

/** @param {'own' | 'shared'} arrangement @param {number} round */
async function runRound(arrangement, round) {
  const before = { memory: memory(), connections: await connections(), files: openFiles() };
  const stores = Array.from({ length: STORES }, (_, i) =>
    redisStore({
      url: URL,
      keyPrefix: PREFIX,
      account: `${arrangement}-${round}-${String(i).padStart(40, '0')}`,
      timeoutMs: arrangement === 'own' ? 5000 + i : 5000,
    }),
  );
  // connected, schema checked: what a server's store for a namespace it has served holds
  for (let i = 0; i < STORES; i += 50) await Promise.all(stores.slice(i, i + 50).map((store) => store.countUsers()));
  const open = { memory: memory(), connections: await connections(), files: openFiles() };
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < UPDATES) {
      const n = next++;
      const store = stores[(n * 7919) % STORES];
      const userId = `u${n % 50}`;
      await store.update(userId, ({ user }) => {
        const state = user ?? newUser(userId, 1_000);
        state.version += 1;
        return { result: null, write: { user: state, history: [], rollups: [], index: [] } };
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const seconds = (performance.now() - started) / 1000;
  for (const store of stores) await store.close();
  return {
    connections: open.connections - before.connections,
    files: open.files - before.files,
    heapPerStore: (open.memory.heapUsed - before.memory.heapUsed) / STORES,
    rssPerStore: (open.memory.rss - before.memory.rss) / STORES,
    updatesPerSecond: UPDATES / seconds,
  };
}

/** @param {string} pattern */
async function deleteKeys(pattern) {
  let cursor = '0';
  do {
    const [nextCursor, keys] = await admin.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = nextCursor;
    if (keys.length > 0) await admin.unlink(...keys);
  } while (cursor !== '0');
}

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  if (process.argv[2] === 'round') {
    const arrangement = process.argv[3] === 'own' ? 'own' : 'shared';
    process.stdout.write(JSON.stringify(await runRound(arrangement, Number(process.argv[4]))));
  } else {
    console.log(
      `${STORES} stores per arrangement, ${UPDATES} updates per round over all of them, ${CONCURRENCY} in flight, ${ROUNDS} rounds each, alternating (own first)`,
    );
    /** @type {Record<'own' | 'shared', Array<Awaited<ReturnType<typeof runRound>>>>} */
    const results = { own: [], shared: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const arrangement of /** @type {const} */ (['own', 'shared'])) {
        /** @type {Awaited<ReturnType<typeof runRound>>} */
        const result = JSON.parse(
          execFileSync(
            process.execPath,
            ['--expose-gc', fileURLToPath(import.meta.url), 'round', arrangement, String(round)],
            {
              encoding: 'utf8',
              stdio: ['ignore', 'pipe', 'inherit'],
            },
          ),
        );
        results[arrangement].push(result);
        console.log(
          `round ${round + 1} ${arrangement.padEnd(6)}: ${result.connections} connections, ${result.files} open files, ${kb(result.heapPerStore)} heap and ${kb(result.rssPerStore)} RSS per store, ${Math.round(result.updatesPerSecond)} updates/s`,
        );
      }
    const of = (
      /** @type {'own' | 'shared'} */ arrangement,
      /** @type {'connections' | 'files' | 'heapPerStore' | 'rssPerStore' | 'updatesPerSecond'} */ field,
    ) => median(results[arrangement].map((result) => result[field]));
    console.log('');
    console.log('medians, shared / own:');
    for (const field of /** @type {const} */ ([
      'connections',
      'files',
      'heapPerStore',
      'rssPerStore',
      'updatesPerSecond',
    ]))
      console.log(
        `  ${field.padEnd(16)} ${String(Math.round(of('shared', field))).padStart(8)} / ${String(Math.round(of('own', field))).padStart(8)} = ${(of('shared', field) / of('own', field)).toFixed(3)}`,
      );
  }
} finally {
  // the parent's prefix is every round's: the children write under the parent's pid
  await deleteKeys(`${PREFIX}:*`);
  await admin.quit();
}
