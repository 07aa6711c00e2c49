// Accounts benchmark (the last part of pnpm bench:stores): engine.record on one SQLite file served
// as the server serves it (synchronous=full, checkpoints in the background, 50 events in flight),
// for one account, and for two accounts of the same file taking turns event by event. The stores of
// one file share a connection (src/connection.ts), so the second account should cost nothing: its
// CPU per event should be about that of one account.
//
//   KINDLING_BENCH_ACCOUNT_EVENTS   events per block (default 20000)
//   KINDLING_BENCH_ROUNDS           block pairs, alternating which goes first (default 5)
//   KINDLING_BENCH_USERS            users of each account (default 10000)
//   KINDLING_BENCH_DIR              folder in which the temporary folder is made (default the OS temp folder)
//
// A report, not a test: it exits 0 whatever the figures. It imports the BUILT packages (dist/).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEngine } from '../../core/dist/index.js';
import { envInt } from '../../core/bench/workload.mjs';
import { sqliteStore } from '../dist/index.js';

const EVENTS = envInt('KINDLING_BENCH_ACCOUNT_EVENTS', 20_000, 100);
const ROUNDS = envInt('KINDLING_BENCH_ROUNDS', 5, 1);
const USERS = envInt('KINDLING_BENCH_USERS', 10_000, 1);
const IN_FLIGHT = 50;
const STREAKS = [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }];

const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR || os.tmpdir(), 'kindling-bench-accounts-'));
const path = join(dir, 'kindling.db');
let now = Date.UTC(2026, 5, 1, 8);
const stores = ['a', 'b'].map((account) => sqliteStore({ path, account, synchronous: 'full', checkpoints: 'background' }));
const engines = stores.map((store) => createEngine({ store, streaks: STREAKS, clock: () => now }));

/**
 * `events` records, IN_FLIGHT at a time, turn by turn over the first `accounts` engines, each account
 * cycling over all its users: events/s and CPU µs per event.
 */
async function block(accounts, events) {
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const worker = async () => {
    while (next < events) {
      const i = next++;
      now += 1_000;
      await engines[i % accounts].record({ userId: `user-${(Math.floor(i / accounts) * 7919) % USERS}`, metric: 'lessons', value: 1, tz: 'Europe/Paris' });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const used = process.cpuUsage(cpu);
  return { rate: events / ((performance.now() - started) / 1000), cpu: (used.user + used.system) / events };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

try {
  process.stderr.write(`  accounts: warm-up, ${fmt(2 * USERS)} events\n`);
  await block(2, 2 * USERS);
  const ratios = [];
  const blocks = { one: [], two: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['one', 'two'] : ['two', 'one'];
    for (const which of order) blocks[which].push(await block(which === 'one' ? 1 : 2, EVENTS));
    const [one, two] = [blocks.one.at(-1), blocks.two.at(-1)];
    ratios.push(one.cpu / two.cpu);
    process.stderr.write(`  accounts: round ${round + 1}/${ROUNDS}: one account ${fmt(one.rate)} events/s at ${one.cpu.toFixed(0)} µs of CPU each, two ${fmt(two.rate)} at ${two.cpu.toFixed(0)} µs\n`);
  }
  const line = (name, list) => `  ${name}: ${fmt(median(list.map((b) => b.rate)))} events/s, ${median(list.map((b) => b.cpu)).toFixed(0)} µs of CPU per event (median blocks)`;
  console.log(`\nSQLite, two accounts on one file (synchronous=full, ${IN_FLIGHT} events in flight, ${fmt(USERS)} users each, ${ROUNDS} pairs of ${fmt(EVENTS)}-event blocks)`);
  console.log(line('one account ', blocks.one));
  console.log(line('two accounts', blocks.two));
  // CPU per event, not the wall-clock rate: on a shared machine the rate swings with what the others run.
  console.log(`INFO: two accounts taking turns cost ${(1 / median(ratios)).toFixed(2)}× the CPU per event of one (median of pairs; ${(1 / Math.max(...ratios)).toFixed(2)} .. ${(1 / Math.min(...ratios)).toFixed(2)})`);
} finally {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
}
