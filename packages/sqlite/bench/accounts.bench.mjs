// @ts-check
// Accounts benchmark (the last part of pnpm bench:stores): engine.record on one SQLite file served
// as the server serves it (synchronous=full, checkpoints in the background, 50 events in flight),
// for one account, and for two accounts of the same file taking turns event by event. The stores of
// one file share a connection (src/connection.ts), so the second account should cost nothing: its
// CPU per event should be about that of one account. The events are the shared workload's stream
// (workload.mjs), in time order, dealt to the accounts in turn.
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
import { createEngine } from '@kindling/core';
import { envInt, generateWorkload, METRICS, ZONES } from '../../core/bench/workload.mjs';
import { median } from '../../core/bench/report.mjs';
import { sqliteStore } from '@kindling/sqlite';

const EVENTS = envInt('KINDLING_BENCH_ACCOUNT_EVENTS', 20_000, 100);
const ROUNDS = envInt('KINDLING_BENCH_ROUNDS', 5, 1);
const USERS = envInt('KINDLING_BENCH_USERS', 10_000, 1);
const SEED = envInt('KINDLING_BENCH_SEED', 20250101, 0);
const IN_FLIGHT = 50;
/** @type {import('@kindling/core').StreakRuleInput[]} */
const STREAKS = [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }];

const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR || os.tmpdir(), 'kindling-bench-accounts-'));
const path = join(dir, 'kindling.db');
const stores = ['a', 'b'].map((account) =>
  sqliteStore({ path, account, synchronous: 'full', checkpoints: 'background' }),
);
// The warm-up and every block take the next events of one stream: 2 × USERS, then ROUNDS pairs of EVENTS.
const w = generateWorkload({ events: 2 * USERS + 2 * ROUNDS * EVENTS, users: USERS, seed: SEED });
let cursor = 0;
// Each account's clock is the instant of the event it is recording (passed as `at`).
const engines = stores.map((store) => createEngine({ store, streaks: STREAKS, metrics: METRICS }));

/**
 * The next `events` events of the stream, IN_FLIGHT at a time, dealt in turn to the first `accounts`
 * engines: events/s and CPU µs per event.
 */
async function block(/** @type {number} */ accounts, /** @type {number} */ events) {
  let next = 0;
  const first = cursor;
  cursor += events;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const worker = async () => {
    while (next < events) {
      const i = next++;
      const e = first + i;
      await engines[i % accounts].record({
        userId: w.userIds[w.user[e]],
        metric: METRICS[w.metric[e]],
        value: w.value[e],
        tz: ZONES[w.zone[e]],
        at: w.at[e],
      });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const used = process.cpuUsage(cpu);
  return { rate: events / ((performance.now() - started) / 1000), cpu: (used.user + used.system) / events };
}

const fmt = (/** @type {number} */ n) => Math.round(n).toLocaleString('en-US');

try {
  process.stderr.write(`  accounts: warm-up, ${fmt(2 * USERS)} events\n`);
  await block(2, 2 * USERS);
  /** @type {number[]} */
  const ratios = [];
  /** @type {{ one: { rate: number, cpu: number }[], two: { rate: number, cpu: number }[] }} */
  const blocks = { one: [], two: [] };
  for (let round = 0; round < ROUNDS; round++) {
    /** @type {('one' | 'two')[]} */
    const order = round % 2 === 0 ? ['one', 'two'] : ['two', 'one'];
    for (const which of order) blocks[which].push(await block(which === 'one' ? 1 : 2, EVENTS));
    const [one, two] = [blocks.one[round], blocks.two[round]];
    ratios.push(one.cpu / two.cpu);
    process.stderr.write(
      `  accounts: round ${round + 1}/${ROUNDS}: one account ${fmt(one.rate)} events/s at ${one.cpu.toFixed(0)} µs of CPU each, two ${fmt(two.rate)} at ${two.cpu.toFixed(0)} µs\n`,
    );
  }
  const line = (/** @type {string} */ name, /** @type {{ rate: number, cpu: number }[]} */ list) =>
    `  ${name}: ${fmt(median(list.map((b) => b.rate)))} events/s, ${median(list.map((b) => b.cpu)).toFixed(0)} µs of CPU per event (median blocks)`;
  console.log(
    `\nSQLite, two accounts on one file (synchronous=full, ${IN_FLIGHT} events in flight, ${fmt(USERS)} users each, ${ROUNDS} pairs of ${fmt(EVENTS)}-event blocks)`,
  );
  console.log(line('one account ', blocks.one));
  console.log(line('two accounts', blocks.two));
  // CPU per event, not the wall-clock rate: on a shared machine the rate swings with what the others run.
  console.log(
    `INFO: two accounts taking turns cost ${(1 / median(ratios)).toFixed(2)}× the CPU per event of one (median of pairs; ${(1 / Math.max(...ratios)).toFixed(2)} .. ${(1 / Math.min(...ratios)).toFixed(2)})`,
  );
} finally {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
}
