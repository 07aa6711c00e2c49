// @ts-check
// Sweep benchmark (pnpm bench:sweep), in three parts:
//
// 1. How fast engine.settleDue settles the users whose streaks ran out at once, on SQLite and on
//    Redis, beside the rate at which the same store recorded their events. Each user sends one lesson
//    on the same day, at noon in one of the workload's 20 zones (UTC-12 to UTC+14), under a daily
//    rule without freezes; two days later every streak has run out, all at once. The clock is then
//    set past the last zone's midnight and settleDue is called until the index has no due user left;
//    the bench checks that every user was settled and none twice (the changes count). The engine
//    writes the outbox, as a server's does while an endpoint is on: each loss is an outbox entry.
// 2. The server's own sweeper (the real Sweeper of a started server, on SQLite and on Redis) over
//    the users of one zone crossing one midnight: each user sends one lesson at noon (Europe/Moscow)
//    under the first start's rule (one freeze each); the server's clock then runs from 3 s before
//    the midnight that ends the day they miss, one sweep finds nobody due yet (the schedule's sweep
//    before the midnight), and the sweeper runs on its own every KINDLING_SWEEP_MS, waking at the
//    midnight it learnt; measured from the midnight to the last freeze used (the day's activity
//    counts, looked at every 50 ms). Printed against the sweep interval and 60 s.
// 3. The event endpoint with webhooks on beside it with webhooks off (webhook-rate.mjs).
//
//   pnpm bench:sweep
//   KINDLING_BENCH_USERS=20000 pnpm bench:sweep          (a quicker run)
//
// Environment:
//   KINDLING_BENCH_USERS    users whose streaks run out at once (default 100000)
//   KINDLING_REDIS_URL      the Redis (default redis://127.0.0.1:6379; "off" skips Redis)
//   KINDLING_BENCH_DIR      where the SQLite files are made (default the OS temp folder)
//   KINDLING_BENCH_SECONDS, KINDLING_BENCH_ROUNDS, KINDLING_BENCH_CONNECTIONS
//                           part 2's block length (10), pairs of blocks (3) and connections (50)
//   KINDLING_BENCH_PARTS    any of "sweep", "sweeper", "webhooks" (default all three)
//   KINDLING_SWEEP_MS       the sweep interval part 2 measures against (default 30000)
//   KINDLING_BENCH_CPU_PROF a folder: part 2's settling (from the sweep before the midnight to the
//                           last user settled) is profiled with V8's CPU profiler, this process's
//                           main thread, into <store>-sweeper.cpuprofile there (DevTools opens it)
//
// Targets (issues 17, 44): every user settled within 60 s; by the sweeper, 100,000 users of one zone
// settled within one sweep interval of their midnight (KINDLING_BENCH_USERS=1000000: within 60 s); the
// event endpoint with webhooks on at 0.9x or more of it with webhooks off. It is a report, not a
// test: it exits 0. Every Redis key it writes starts with "klbench-sweep-p<pid>" and is deleted at the end.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@kindling/core';
import { connectRedis, redisStore } from '@kindling/redis';
import { parseSettings, startServer } from '@kindling/server';
import { sqliteStore } from '@kindling/sqlite';
import { fmtInt, median, pad, table } from '../../core/bench/report.mjs';
import { DAY_MS, envInt, userId, ZONES } from '../../core/bench/workload.mjs';
import { PLACEMENT } from './load.mjs';
import { measureWebhookRate } from './webhook-rate.mjs';

const TARGET_SECONDS = 60;
const CPU_PROF = process.env.KINDLING_BENCH_CPU_PROF || null;

/** A CPU profile of this thread from now, when CPU_PROF asks for one: its `stop` writes it as `<name>.cpuprofile`. */
async function profileFrom(/** @type {string} */ name) {
  if (CPU_PROF === null) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(/** @type {string} */ (CPU_PROF), { recursive: true });
      writeFileSync(join(/** @type {string} */ (CPU_PROF), `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}
const TARGET_WEBHOOK_RATIO = 0.9;
const SECONDS = envInt('KINDLING_BENCH_SECONDS', 10, 1);
const ROUNDS = envInt('KINDLING_BENCH_ROUNDS', 3, 1);
const CONNECTIONS = envInt('KINDLING_BENCH_CONNECTIONS', 50, 2);
const PARTS = process.env.KINDLING_BENCH_PARTS ?? 'sweep,sweeper,webhooks';
const SWEEP_MS = envInt('KINDLING_SWEEP_MS', 30_000, 1);
const SWEEPER_ZONE = 'Europe/Moscow';
const USERS = envInt('KINDLING_BENCH_USERS', 100_000, 1);
const REDIS_URL = process.env.KINDLING_REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEY_PREFIX = `klbench-sweep-p${process.pid}`;
const DAY = Date.UTC(2026, 2, 2); // the day of every user's one lesson
const IN_FLIGHT = 64;
/** part 2: the server's clock starts this long before the midnight, and the bench looks this often */
const LEAD_MS = 3_000;
const POLL_MS = 50;
const RULE = {
  key: 'default',
  frequency: /** @type {const} */ ('daily'),
  conditions: [{ metric: 'lessons', threshold: 1 }],
};

const progress = (/** @type {string} */ line) => process.stderr.write(`  ${line}\n`);

/** Records every user's lesson, IN_FLIGHT at a time; events per second. */
async function recordAll(/** @type {import('@kindling/core').Engine} */ engine) {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let u = next++; u < USERS; u = next++) {
      const zone = ZONES[u % ZONES.length];
      // noon in the user's zone, near enough: the zone's own offset placed by the engine decides the day
      await engine.record({ userId: userId(u), metric: 'lessons', value: 1, at: DAY + 12 * 3_600_000, tz: zone });
      if (u % 20_000 === 0 && u > 0) progress(`${fmtInt(u)} events`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return USERS / ((performance.now() - started) / 1000);
}

/** settleDue until the index has no due user; seconds, users and changes. */
async function sweepAll(/** @type {import('@kindling/core').Engine} */ engine, /** @type {number} */ at) {
  let users = 0;
  let changes = 0;
  let rounds = 0;
  const started = performance.now();
  for (;;) {
    const swept = await engine.settleDue({ at, limit: 2_000 });
    users += swept.users;
    changes += swept.changes;
    rounds++;
    // until a round settles nobody: the index has no due user left
    if (swept.users === 0) break;
  }
  return { seconds: (performance.now() - started) / 1000, users, changes, rounds };
}

/** @typedef {{ store: string, eventRate: number, seconds: number, users: number, changes: number, rounds: number }} Row */

async function measure(/** @type {string} */ name, /** @type {import('@kindling/core').Store} */ store) {
  const engine = createEngine({ store, streaks: [RULE], metrics: ['lessons'], clock: () => DAY, outbox: true });
  progress(`${name}: recording ${fmtInt(USERS)} users' lessons`);
  const eventRate = await recordAll(engine);
  // two days after the lesson, past midnight in every zone (UTC-12 is the last): every streak ran out
  const at = DAY + 3 * DAY_MS + 13 * 3_600_000;
  progress(`${name}: sweeping`);
  const swept = await sweepAll(engine, at);
  return /** @type {Row} */ ({ store: name, eventRate, ...swept });
}

async function main() {
  const cpus = os.cpus();
  console.log('Kindling sweep benchmark: users settled when their streaks run out at once');
  console.log(
    `node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} logical cores${cpus[0] ? ` (${cpus[0].model.trim()})` : ''}, ` +
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(
          ' ',
        )}; ${PLACEMENT}; ${fmtInt(USERS)} users in ${ZONES.length} zones, one lesson each, a daily rule without freezes`,
  );
  const parts = PARTS.split(',');
  if (parts.includes('sweep')) await sweepPart();
  if (parts.includes('sweeper')) await sweeperPart();
  if (parts.includes('webhooks')) await webhookPart();
}

async function sweepPart() {
  /** @type {Row[]} */
  const rows = [];
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR ?? os.tmpdir(), 'kindling-sweep-'));
  try {
    const sqlite = sqliteStore({ path: join(dir, 'sweep.db'), synchronous: 'full' });
    rows.push(await measure("SQLite (synchronous 'full')", sqlite));
    await sqlite.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (REDIS_URL !== 'off') {
    const store = redisStore({ url: REDIS_URL, keyPrefix: KEY_PREFIX, account: 'sweep' });
    try {
      rows.push(await measure('Redis', store));
    } finally {
      await store.close();
      const admin = connectRedis({ url: REDIS_URL });
      let cursor = '0';
      do {
        const [next, keys] = await admin.client.scan(cursor, 'MATCH', `${KEY_PREFIX}:*`, 'COUNT', 1000);
        if (keys.length > 0) await admin.client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await admin.close();
    }
  }
  const header = table([
    ['store', 28],
    ['events/s', 10, true],
    ['users settled', 14, true],
    ['changes', 9, true],
    ['seconds', 8, true],
    ['users/s', 9, true],
    ['rounds', 7, true],
  ]);
  console.log('');
  header.header();
  for (const row of rows) {
    header.row([
      row.store,
      fmtInt(row.eventRate),
      fmtInt(row.users),
      fmtInt(row.changes),
      row.seconds.toFixed(1),
      fmtInt(row.users / row.seconds),
      row.rounds,
    ]);
  }
  console.log('');
  for (const row of rows) {
    const all = row.users === USERS && row.changes === USERS;
    const verdict = all && row.seconds <= TARGET_SECONDS ? 'PASS' : 'FAIL';
    console.log(
      `${verdict}: ${row.store}: ${fmtInt(row.users)} of ${fmtInt(USERS)} users settled (${fmtInt(row.changes)} losses) in ${row.seconds.toFixed(1)} s; target all within ${TARGET_SECONDS} s`,
    );
  }
}

/** Deletes every key of the Redis under `prefix`: plain keys, and those whose hash tag begins with it (the delivery queue's). */
async function deleteKeys(/** @type {string} */ prefix) {
  const admin = connectRedis({ url: REDIS_URL });
  for (const pattern of [`${prefix}*`, `{${prefix}*`]) {
    let cursor = '0';
    do {
      const [next, keys] = await admin.client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length > 0) await admin.client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
  await admin.close();
}

/**
 * A started server's sweeper over USERS users of SWEEPER_ZONE who all need their freeze at one
 * midnight: from that midnight (the server's clock) to the last user settled, as the sweeper runs
 * by itself on its schedule of SWEEP_MS; the users settled (freezes used that day).
 */
async function measureSweeper(/** @type {string} */ name, /** @type {Record<string, string>} */ env) {
  // The server's clock stands at noon at UTC+3 on DAY while the users record; the lesson's day met,
  // the next missed: each freeze is used as the one after begins, two local midnights later.
  const midnight = DAY + 2 * DAY_MS - 3 * 3_600_000;
  let base = DAY + 9 * 3_600_000;
  /** @type {number | null} */
  let since = null;
  const clock = () => (since === null ? base : base + (performance.now() - since));
  const settings = parseSettings({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // the sweeper is started below, once the users have recorded
    KINDLING_SWEEP_MS: '0',
    KINDLING_WEBHOOK_RELAY_MS: '0',
    ...env,
  });
  const server = await startServer(settings, { clock, listen: false });
  try {
    const account = server.firstStart?.account.id;
    if (account === undefined) throw new Error('the bench server made no first account');
    const { engine } = await server.ctx.engines.runtimeFor(account);
    progress(`${name}: recording ${fmtInt(USERS)} users' lessons (${SWEEPER_ZONE})`);
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      for (let u = next++; u < USERS; u = next++) {
        await engine.record({ userId: userId(u), metric: 'lessons', value: 1, at: base, tz: SWEEPER_ZONE });
        if (u % 100_000 === 0 && u > 0) progress(`${fmtInt(u)} events`);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const eventRate = USERS / ((performance.now() - started) / 1000);
    // The clock runs from LEAD_MS before the midnight; the schedule's sweep before it finds nobody due
    // and learns when the namespace is next due; then the sweeper runs by itself.
    base = midnight - LEAD_MS;
    since = performance.now();
    const profile = await profileFrom(`${name.toLowerCase()}-sweeper`);
    const before = await server.ctx.sweeper.sweepOnce();
    server.ctx.sweeper.start(SWEEP_MS);
    progress(`${name}: the sweeper from ${LEAD_MS / 1000} s before the midnight`);
    const day = new Date(midnight + 3 * 3_600_000).toISOString().slice(0, 10);
    const freezesUsed = async () => (await engine.store.activity(day, day)).days[0]?.freezesUsed ?? 0;
    let settled = 0;
    const deadline = midnight + TARGET_SECONDS * 1000 * Math.max(2, USERS / 100_000);
    while (clock() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (clock() < midnight) continue;
      settled = await freezesUsed();
      if (settled >= USERS) break;
    }
    const seconds = (clock() - midnight) / 1000;
    await profile.stop();
    await server.ctx.sweeper.stop();
    return { store: name, eventRate, seconds, users: settled, early: before.users, failures: before.failures };
  } finally {
    await server.close();
  }
}

async function sweeperPart() {
  /** @type {Array<Awaited<ReturnType<typeof measureSweeper>>>} */
  const rows = [];
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR ?? os.tmpdir(), 'kindling-sweeper-'));
  try {
    rows.push(
      await measureSweeper('SQLite', { KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: join(dir, 'no-dashboard') }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (REDIS_URL !== 'off') {
    const prefix = `${KEY_PREFIX}-server`;
    try {
      rows.push(
        await measureSweeper('Redis', {
          KINDLING_DATA_DIR: join(os.tmpdir(), 'kindling-sweeper-unused'),
          KINDLING_DASHBOARD_DIR: join(os.tmpdir(), 'kindling-sweeper-unused', 'no-dashboard'),
          REDIS_URL,
          KINDLING_REDIS_PREFIX: prefix,
        }),
      );
    } finally {
      await deleteKeys(prefix);
    }
  }
  console.log('');
  console.log(
    `The server's sweeper: ${fmtInt(USERS)} users of ${SWEEPER_ZONE} needing their freeze at one midnight, from the midnight to the last settled; interval ${SWEEP_MS / 1000} s`,
  );
  const header = table([
    ['store', 10],
    ['events/s', 10, true],
    ['settled', 10, true],
    ['seconds', 8, true],
    ['users/s', 9, true],
    ['x events/s', 10, true],
    ['x interval', 10, true],
  ]);
  header.header();
  for (const row of rows)
    header.row([
      row.store,
      fmtInt(row.eventRate),
      fmtInt(row.users),
      row.seconds.toFixed(1),
      fmtInt(row.users / row.seconds),
      // the same store's event rate, measured in this run: the machine's noise cancels out
      (row.users / row.seconds / row.eventRate).toFixed(2),
      (row.seconds / (SWEEP_MS / 1000)).toFixed(2),
    ]);
  console.log('');
  for (const row of rows) {
    const all = row.users === USERS && row.early === 0 && row.failures === 0;
    const target = USERS >= 1_000_000 ? TARGET_SECONDS : SWEEP_MS / 1000;
    const verdict = all && row.seconds <= target ? 'PASS' : 'FAIL';
    console.log(
      `${verdict}: ${row.store}: ${fmtInt(row.users)} of ${fmtInt(USERS)} users settled (freezes used) ${row.seconds.toFixed(1)} s after their midnight, by the sweeper on its own (${(row.seconds / (SWEEP_MS / 1000)).toFixed(2)}x the interval); target within ${target} s of the midnight`,
    );
  }
}

async function webhookPart() {
  console.log('');
  console.log(
    `The event endpoint with webhooks on vs off: ${ROUNDS} pairs of ${SECONDS} s blocks, ${CONNECTIONS} connections, SQLite, each event a user's first (a change to send)`,
  );
  const users = 500_000;
  const { comparison, changes, delivered, drainSeconds } = await measureWebhookRate({
    seconds: SECONDS,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    users,
    progress,
  });
  const rate = (/** @type {import('./load.mjs').Block[]} */ blocks) => fmtInt(median(blocks.map((b) => b.rps)));
  const p99 = (/** @type {import('./load.mjs').Block[]} */ blocks) => median(blocks.map((b) => b.p99));
  console.log('');
  console.log(
    `${pad('webhooks', 10)}  ${pad('events/s', 10, true)}  ${pad('p99 ms', 7, true)}  ${pad('failed', 7, true)}`,
  );
  for (const [name, blocks] of /** @type {const} */ ([
    ['off', comparison.rows.baseline],
    ['on', comparison.rows.server],
  ])) {
    const failed = blocks.reduce((n, b) => n + b.failed, 0);
    console.log(
      `${pad(name, 10)}  ${pad(rate(blocks), 10, true)}  ${pad(p99(blocks), 7, true)}  ${pad(failed, 7, true)}`,
    );
  }
  const ratio = median(comparison.ratios);
  const ratios = comparison.ratios.map((r) => r.toFixed(2)).join(', ');
  console.log('');
  console.log(
    `deliveries: ${fmtInt(delivered)} of ${fmtInt(changes)} changes received by the endpoint, the last ${drainSeconds.toFixed(1)} s after the load ended`,
  );
  console.log(
    `${ratio >= TARGET_WEBHOOK_RATIO ? 'PASS' : 'FAIL'}: the event endpoint with webhooks on at ${ratio.toFixed(2)}x of it with webhooks off (pairs: ${ratios}); target ${TARGET_WEBHOOK_RATIO}x`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
