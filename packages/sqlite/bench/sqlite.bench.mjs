// @ts-check
// Stores benchmark, SQLite: engine.record on sqliteStore against raw better-sqlite3 commits on a file
// with the same settings, engine.streak read latency for a light and a heavy user, memory and file size.
//
//   pnpm bench:stores                                    (builds every package, then runs this file with --expose-gc)
//   KINDLING_BENCH_EVENTS=100000 pnpm bench:stores       (a quicker run)
//
// Environment:
//   KINDLING_BENCH_EVENTS        events in the record workload (default 1000000)
//   KINDLING_BENCH_USERS         users of the record workload (default 10000)
//   KINDLING_BENCH_SEED          seed of the workload generators (default 20250101)
//   KINDLING_BENCH_SYNC          synchronous settings to run, comma-separated (default "full,normal")
//   KINDLING_BENCH_BLOCKS        blocks per record run; engine and raw alternate block by block (default 100)
//   KINDLING_BENCH_RAW_PERCENT   time of a raw block, in % of the engine block before it (default 25)
//   KINDLING_BENCH_HEAVY_EVENTS  events of the heavy reader user, over 5 years (default 100000)
//   KINDLING_BENCH_READS         timed engine.streak reads per reader user (default 5000)
//   KINDLING_BENCH_DIR           folder in which the temporary folder is made (default the OS temp folder)
//   KINDLING_BENCH_KEEP          1: keep the database files (default: removed at the end)
//
// This is a report, not a test: it always exits 0 (1 only if the script itself crashes) and prints
// PASS/FAIL against each target at the end. It imports the BUILT packages (dist/), not the sources.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createEngine } from '@kindling/core';
import { placeInstant, zoneOf } from '@kindling/core/internal';
import { sqliteStore } from '@kindling/sqlite';
import { generateWorkload as makeWorkload, envInt, ZONES, METRICS, DAY_MS } from '../../core/bench/workload.mjs';
import { cpuSeconds, fmtInt, heapPeak, mb as mbIn, median, pad, quantile, table } from '../../core/bench/report.mjs';
import { HISTORY_PERIODS, READ_AT, READER_DAYS, READER_ZONE, STREAKS, readerEvents } from './readers.mjs';

/** @typedef {import('../../core/bench/workload.mjs').Workload} Workload */
/** @typedef {{ id: string, name: string, events: import('../../core/bench/workload.mjs').ReaderEvent[], raw: boolean }} Reader */
/**
 * A row of part 2: what it reads, its timings, and (once measured) their quantiles in ms.
 * @typedef {object} Probe
 * @property {string} name
 * @property {'engine' | 'raw'} kind
 * @property {() => unknown} run
 * @property {Float64Array} times
 * @property {Reader} reader
 * @property {number} storedHistory
 * @property {number} storedRollups
 * @property {number} stateBytes
 * @property {number} heldInAnswer
 * @property {number} length
 * @property {number} longest
 * @property {number} version
 * @property {number} [p50]
 * @property {number} [p90]
 * @property {number} [p99]
 * @property {number} [max]
 * @property {number} [mean]
 */

/** engine.record events/s at least this share of the raw commit rate, for each synchronous setting */
const TARGET_RECORD_SHARE = 0.3;
/** engine.streak p99, ms */
const TARGET_READ_P99_MS = 2;
/** heavy/light p50 ratio counted as "the same cost" (the median read; sub-millisecond p99s are the machine's noise) */
const TARGET_READ_RATIO = 1.5;

const EVENTS = envInt('KINDLING_BENCH_EVENTS', 1_000_000, 1);
const USERS = Math.min(envInt('KINDLING_BENCH_USERS', 10_000, 1), EVENTS);
const SEED = envInt('KINDLING_BENCH_SEED', 20250101, 0);
const BLOCKS = Math.min(envInt('KINDLING_BENCH_BLOCKS', 100, 1), EVENTS);
const RAW_PERCENT = envInt('KINDLING_BENCH_RAW_PERCENT', 25, 1);
const HEAVY_EVENTS = envInt('KINDLING_BENCH_HEAVY_EVENTS', 100_000, 100);
const READS = envInt('KINDLING_BENCH_READS', 5_000, 1);
const KEEP = process.env.KINDLING_BENCH_KEEP === '1';
const SYNCS = /** @type {('full' | 'normal')[]} */ (
  (process.env.KINDLING_BENCH_SYNC || 'full,normal').split(',').map((s) => s.trim())
);
if (SYNCS.length === 0 || SYNCS.some((s) => s !== 'full' && s !== 'normal')) {
  console.error(
    `KINDLING_BENCH_SYNC must list "full" and/or "normal", got ${JSON.stringify(process.env.KINDLING_BENCH_SYNC)}`,
  );
  process.exit(2);
}
const WARMUP_EVENTS = Math.min(EVENTS, 20_000);
const WARMUP_READS = 200;
/** a raw block always makes at least this many commits, so that its rate means something */
const MIN_RAW_COMMITS = 20;
const BUSY_TIMEOUT = 10_000; // the store's default

const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;

// ---------------------------------------------------------------------------------------------
// Record workload: the generator of packages/core/bench/record.bench.mjs, unchanged
// ---------------------------------------------------------------------------------------------

/** The shared workload (packages/core/bench/workload.mjs) at this bench's size and seed. */
const generateWorkload = () => makeWorkload({ events: EVENTS, users: USERS, seed: SEED });

// The rule and the reader users (5 years of one user each, for the engine.streak latency) are in
// readers.mjs, shared with history.bench.mjs.

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const mb = (/** @type {number} */ bytes) => mbIn(bytes, 1);
const pct = (/** @type {number} */ x) => `${(100 * x).toFixed(0)}%`;
function seconds(/** @type {number} */ ms) {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
function fileBytes(/** @type {string} */ path) {
  let total = 0;
  /** @type {Record<string, number>} */
  const parts = {};
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      parts[suffix || 'db'] = statSync(path + suffix).size;
      total += parts[suffix || 'db'];
    } catch {
      parts[suffix || 'db'] = 0;
    }
  }
  return { total, db: parts.db ?? 0, wal: parts['-wal'] ?? 0 };
}
const heap = heapPeak();
const sampleHeap = () => heap.sample();
const progress = (/** @type {string} */ line) => process.stderr.write(`  ${line}\n`);

// ---------------------------------------------------------------------------------------------
// Raw baseline: one small row upserted per IMMEDIATE transaction, on a file with the store's settings
// ---------------------------------------------------------------------------------------------

function openRaw(/** @type {string} */ path, /** @type {'full' | 'normal'} */ synchronous) {
  const db = new Database(path, { timeout: BUSY_TIMEOUT });
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') throw new Error(`raw baseline: journal_mode is ${mode}, not wal`);
  db.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  db.exec(
    'CREATE TABLE IF NOT EXISTS counters (user_id TEXT PRIMARY KEY, n INTEGER NOT NULL, last_at INTEGER NOT NULL) WITHOUT ROWID',
  );
  const upsert = db.prepare(
    'INSERT INTO counters (user_id, n, last_at) VALUES (?, 1, ?) ON CONFLICT (user_id) DO UPDATE SET n = n + 1, last_at = excluded.last_at',
  );
  const tx = db.transaction((/** @type {string} */ userId, /** @type {number} */ at) => upsert.run(userId, at));
  const check = {
    synchronous: db.pragma('synchronous', { simple: true }),
    journalMode: db.pragma('journal_mode', { simple: true }),
    busyTimeout: db.pragma('busy_timeout', { simple: true }),
  };
  return {
    db,
    commit: (/** @type {string} */ userId, /** @type {number} */ at) => tx.immediate(userId, at),
    check,
    close: () => db.close(),
  };
}

/** The pragmas a store's connection really runs with, read through a second connection of the same settings. */
function storePragmas(/** @type {string} */ path) {
  const db = new Database(path, { timeout: BUSY_TIMEOUT, readonly: true });
  try {
    return { journalMode: db.pragma('journal_mode', { simple: true }) };
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Part 1: engine.record vs raw commits, in alternating blocks
// ---------------------------------------------------------------------------------------------

const CHANGE_TYPES = [
  'streak.started',
  'streak.extended',
  'streak.lost',
  'freeze.earned',
  'freeze.consumed',
  'pause.used',
  'achievement.completed',
];

/**
 * One synchronous setting: a new store file and a new raw file in `dir`. Block b runs events
 * [b*B, (b+1)*B) through engine.record (each awaited), then raw commits for RAW_PERCENT% of that
 * block's time (at most B commits, at least MIN_RAW_COMMITS). Each block pair gives one ratio.
 * @param {Workload} w
 * @param {string} dir
 * @param {'full' | 'normal'} synchronous
 * @param {{ events: number, blocks: number, label: string, quiet?: boolean }} options
 */
async function recordRun(w, dir, synchronous, { events, blocks, label, quiet = false }) {
  const enginePath = join(dir, `${label}-engine.db`);
  const rawPath = join(dir, `${label}-raw.db`);
  let now = 0;
  const store = sqliteStore({ path: enginePath, synchronous });
  const engine = createEngine({ store, clock: () => now, streaks: STREAKS, metrics: METRICS });
  const raw = openRaw(rawPath, synchronous);
  const blockSize = Math.ceil(events / blocks);
  const engineLatency = new Float32Array(events);
  const rawLatency = new Float32Array(events);
  /** @type {{ engineRate: number, rawRate: number, ratio: number }[]} */
  const blockRows = [];
  const tally = Object.fromEntries(CHANGE_TYPES.map((t) => [t, 0]));
  let check = 0;
  let engineMs = 0;
  let engineCpu = 0;
  let rawMs = 0;
  let rawCpu = 0;
  let rawCommits = 0;
  let rawCursor = 0;
  let printed = 0;
  const started = performance.now();
  if (gc) gc();

  for (let start = 0; start < events; start += blockSize) {
    const end = Math.min(events, start + blockSize);
    // Engine block: each event awaited in turn, as a backend would per request.
    let c0 = process.cpuUsage();
    let t0 = performance.now();
    for (let i = start; i < end; i++) {
      now = w.at[i];
      const s = performance.now();
      const result = await engine.record({
        userId: w.userIds[w.user[i]],
        metric: METRICS[w.metric[i]],
        value: w.value[i],
        tz: ZONES[w.zone[i]],
      });
      engineLatency[i] = performance.now() - s;
      const changes = result.changes;
      for (let c = 0; c < changes.length; c++) tally[changes[c].type] += 1;
      check += result.total;
    }
    const eMs = performance.now() - t0;
    engineCpu += cpuSeconds(c0);
    engineMs += eMs;
    sampleHeap();

    // Raw block: upserts of the same users' rows, one per transaction, for RAW_PERCENT% of the engine block's time.
    const budget = (eMs * RAW_PERCENT) / 100;
    const most = end - start;
    let k = 0;
    c0 = process.cpuUsage();
    t0 = performance.now();
    let t = t0;
    while (k < most) {
      const e = rawCursor % events;
      raw.commit(w.userIds[w.user[e]], w.at[e]);
      const after = performance.now();
      rawLatency[rawCommits + k] = after - t;
      t = after;
      rawCursor += 1;
      k += 1;
      if (k >= MIN_RAW_COMMITS && after - t0 >= budget) break;
    }
    const rMs = performance.now() - t0;
    rawCpu += cpuSeconds(c0);
    rawMs += rMs;
    rawCommits += k;
    const engineRate = ((end - start) * 1000) / eMs;
    const rawRate = (k * 1000) / rMs;
    blockRows.push({ engineRate, rawRate, ratio: engineRate / rawRate });

    const done = Math.floor((20 * end) / events);
    if (!quiet && done > printed) {
      printed = done;
      const elapsed = performance.now() - started;
      const left = (elapsed * (events - end)) / end;
      progress(
        `[${label}] ${pad(`${5 * done}%`, 4, true)} ${fmtInt(end)}/${fmtInt(events)} events; last block: engine ${fmtInt(engineRate)} events/s, ` +
          `raw ${fmtInt(rawRate)} commits/s, ratio ${(engineRate / rawRate).toFixed(2)}; ${seconds(elapsed)} elapsed, about ${seconds(left)} left`,
      );
    }
  }
  const totalMs = performance.now() - started;

  // A fingerprint of every user's final state, to check that both settings did the same work.
  let digest = 0;
  const mix = (/** @type {number} */ x) => {
    digest = Math.imul(digest ^ (x | 0), 0x01000193) >>> 0;
  };
  for (const id of w.userIds.slice(0, USERS)) {
    const user = await store.load(id);
    if (user === null) {
      mix(-1);
      continue;
    }
    const s = user.streaks.daily;
    mix(user.version);
    mix(s.length);
    mix(s.longest);
    mix(s.freezes);
    mix(s.period);
  }
  const pragmas = storePragmas(enginePath);
  await store.close();
  raw.close();
  const engineSorted = engineLatency.sort();
  const rawSorted = rawLatency.subarray(0, rawCommits).sort();
  return {
    synchronous,
    label,
    events,
    blockSize,
    blocks: blockRows,
    engineMs,
    engineCpu,
    rawMs,
    rawCpu,
    rawCommits,
    totalMs,
    engineP50: quantile(engineSorted, 0.5),
    engineP99: quantile(engineSorted, 0.99),
    rawP50: quantile(rawSorted, 0.5),
    rawP99: quantile(rawSorted, 0.99),
    tally,
    check,
    digest: digest.toString(16).padStart(8, '0'),
    rawSettings: raw.check,
    storeJournalMode: pragmas.journalMode,
    enginePath,
    rawPath,
    /** the median of the block ratios, set by the report */
    ratio: NaN,
    engineFile: fileBytes(enginePath),
    rawFile: fileBytes(rawPath),
  };
}

// ---------------------------------------------------------------------------------------------
// Part 2: engine.streak latency for users with 5 years of history
// ---------------------------------------------------------------------------------------------

const encodeKey = (/** @type {string} */ text) => Buffer.from(text, 'utf16le').swap16(); // as @kindling/sqlite keys its rows

/** Writes the reader users into the file at `path` through engine.record (synchronous 'normal'). */
async function buildReaders(/** @type {string} */ path, /** @type {Reader[]} */ readers) {
  let now = 0;
  const store = sqliteStore({ path, synchronous: 'normal' });
  const engine = createEngine({ store, clock: () => now, streaks: STREAKS, metrics: METRICS });
  const total = readers.reduce((sum, r) => sum + r.events.length, 0);
  let done = 0;
  let printed = 0;
  const t0 = performance.now();
  for (const reader of readers) {
    for (const event of reader.events) {
      now = event.at;
      await engine.record({ userId: reader.id, metric: event.metric, value: event.value, tz: READER_ZONE });
      done += 1;
      const step = Math.floor((20 * done) / total);
      if (step > printed) {
        printed = step;
        progress(
          `[readers] ${pad(`${5 * step}%`, 4, true)} ${fmtInt(done)}/${fmtInt(total)} events written, ${seconds(performance.now() - t0)} elapsed`,
        );
      }
    }
  }
  await store.close();
  return (performance.now() - t0) / 1000;
}

async function readLatency(/** @type {string} */ path, /** @type {Reader[]} */ readers) {
  // A fresh store with the default settings (synchronous 'full': reads do not sync either way).
  const store = sqliteStore({ path });
  const engine = createEngine({ store, clock: () => READ_AT, streaks: STREAKS, metrics: METRICS });
  const rule = engine.rules[0];
  const to = rule.calendar.indexOf(placeInstant(READ_AT, zoneOf(READER_ZONE), rule.dayStartMs));
  const from = to - HISTORY_PERIODS + 1;

  // The floor under engine.streak: the same two queries on a raw connection, and the JSON parse.
  const db = new Database(path, { timeout: BUSY_TIMEOUT });
  const loadState = db.prepare('SELECT state FROM users WHERE account = ? AND user_id = ?').pluck();
  // Held periods are stored 128 to a row (@kindling/sqlite's history-blocks.ts): the blocks of the 366 periods.
  const history = db
    .prepare(
      'SELECT block, data FROM history_blocks WHERE account = ? AND user_id = ? AND streak = ? AND block BETWEEN ? AND ? ORDER BY block',
    )
    .raw();
  const countRollups = db.prepare('SELECT count(*) FROM rollups WHERE account = ? AND user_id = ?').pluck();

  /** @type {Probe[]} */
  const probes = [];
  for (const reader of readers) {
    const key = encodeKey(reader.id);
    const sample = await engine.streak(reader.id, { historyPeriods: HISTORY_PERIODS });
    const stateJson = /** @type {string} */ (loadState.get('default', key));
    const stored = JSON.parse(stateJson);
    const common = {
      reader,
      storedHistory: (await store.history(reader.id, 'daily', -1e7, 1e7)).length,
      storedRollups: /** @type {number} */ (countRollups.get('default', key)),
      stateBytes: Buffer.byteLength(stateJson),
      heldInAnswer: sample.streakHistory.filter((p) => p.length > 0).length,
      length: sample.length,
      longest: sample.longest,
      version: stored.version,
    };
    probes.push({
      ...common,
      name: `engine.streak, ${reader.name}`,
      kind: 'engine',
      run: () => engine.streak(reader.id, { historyPeriods: HISTORY_PERIODS }),
      times: new Float64Array(READS),
    });
    if (reader.raw) {
      probes.push({
        ...common,
        name: `raw SELECTs + JSON.parse, ${reader.name}`,
        kind: 'raw',
        run: () => {
          const state = JSON.parse(/** @type {string} */ (loadState.get('default', key)));
          return (
            history.all('default', key, 'daily', Math.floor(from / 128), Math.floor(to / 128)).length + state.version
          );
        },
        times: new Float64Array(READS),
      });
    }
  }

  let sink = 0;
  for (let r = 0; r < WARMUP_READS; r++) for (const probe of probes) sink += (await probe.run()) ? 1 : 0;
  if (gc) gc();
  // Interleaved: round r runs every probe once, starting from a different one each round.
  const t0 = performance.now();
  for (let r = 0; r < READS; r++) {
    for (let j = 0; j < probes.length; j++) {
      const probe = probes[(r + j) % probes.length];
      const s = performance.now();
      const answer = await probe.run();
      probe.times[r] = performance.now() - s;
      sink += answer ? 1 : 0;
    }
    if ((r & 255) === 0) sampleHeap();
  }
  const elapsed = (performance.now() - t0) / 1000;
  db.close();
  await store.close();
  for (const probe of probes) {
    const sorted = probe.times.sort();
    let sum = 0;
    for (const t of sorted) sum += t;
    Object.assign(probe, {
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      p99: quantile(sorted, 0.99),
      max: sorted[sorted.length - 1],
      mean: sum / sorted.length,
    });
  }
  return { probes, elapsed, from, to, sink };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  const cpus = os.cpus();
  const parent = process.env.KINDLING_BENCH_DIR || os.tmpdir();
  const dir = mkdtempSync(join(parent, 'kindling-bench-sqlite-'));
  const sqliteVersion = (() => {
    const db = new Database(':memory:');
    try {
      return db.prepare('SELECT sqlite_version()').pluck().get();
    } finally {
      db.close();
    }
  })();
  console.log('Kindling stores benchmark: SQLite');
  console.log(
    `node ${process.version} (V8 ${process.versions.v8}), ${os.platform()} ${os.arch()}, ${cpus.length} logical cores` +
      `${cpus[0] ? ` (${cpus[0].model.trim()})` : ''}, load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );
  console.log(`SQLite ${sqliteVersion} (better-sqlite3), files in ${dir}${KEEP ? ' (kept)' : ' (removed at the end)'}`);
  if (!gc) console.log('note: run with node --expose-gc for collections between the parts');

  try {
    const g0 = performance.now();
    const w = generateWorkload();
    const first = new Date(w.at[0]).toISOString();
    const last = new Date(w.at[EVENTS - 1]).toISOString();
    console.log(
      `workload: ${fmtInt(EVENTS)} events, ${fmtInt(USERS)} users, ${ZONES.length} zones, ${w.movers} users change zone once, seed ${SEED}, ` +
        `generated in ${((performance.now() - g0) / 1000).toFixed(1)} s; ${first} .. ${last} (${((w.at[EVENTS - 1] - w.at[0]) / DAY_MS).toFixed(0)} days)`,
    );
    console.log(
      `rule:     daily, lessons >= 1 (events are lessons 45% of the time, else minutes), freezes 1..3, +1 every 7 days`,
    );

    // Warm-up, untimed: the JIT and the process-wide caches (zones, formatted dates), on throwaway files.
    const warm = await recordRun(w, dir, 'normal', { events: WARMUP_EVENTS, blocks: 4, label: 'warmup', quiet: true });
    rmSync(warm.enginePath, { force: true });
    rmSync(warm.rawPath, { force: true });
    console.log(
      `warm-up:  ${fmtInt(WARMUP_EVENTS)} events and raw commits on throwaway files (synchronous 'normal'), not timed`,
    );
    console.log(
      `part 1:   for each synchronous setting, a new store file and a new raw file; ${BLOCKS} blocks of ${fmtInt(Math.ceil(EVENTS / BLOCKS))} events, ` +
        `each followed by raw commits for ${RAW_PERCENT}% of its time; ratio = median over blocks of (engine rate / raw rate of the same block pair)`,
    );
    console.log('');

    /** @type {Awaited<ReturnType<typeof recordRun>>[]} */
    const runs = [];
    for (const synchronous of SYNCS) {
      progress(
        `part 1, synchronous '${synchronous}': ${fmtInt(EVENTS)} events through engine.record, interleaved with raw commits`,
      );
      runs.push(await recordRun(w, dir, synchronous, { events: EVENTS, blocks: BLOCKS, label: synchronous }));
      if (gc) gc();
    }

    // Part 2 writes its users into the last record run's file (the 10,000 users of part 1 stay in it).
    const readPath = runs[runs.length - 1].enginePath;
    const readers = [
      { id: 'reader-light', name: '100 events', events: readerEvents(100, SEED + 1), raw: true },
      {
        id: 'reader-heavy',
        name: `${fmtInt(HEAVY_EVENTS)} events`,
        events: readerEvents(HEAVY_EVENTS, SEED + 2),
        raw: true,
      },
      {
        id: 'reader-daily',
        name: `${fmtInt(READER_DAYS)} events (1 a day)`,
        events: readerEvents(READER_DAYS, SEED + 3),
        raw: false,
      },
    ];
    progress(
      `part 2: writing 3 users with 5 years of events through engine.record (synchronous 'normal') into ${readPath}`,
    );
    const buildSeconds = await buildReaders(readPath, readers);
    progress(`part 2: ${fmtInt(READS)} interleaved rounds of reads (after ${WARMUP_READS} warm-up rounds)`);
    const reads = await readLatency(readPath, readers);
    const finalFile = fileBytes(readPath);

    // -------------------------------------------------------------------------------------------
    // Report
    // -------------------------------------------------------------------------------------------
    console.log('');
    console.log(
      `Part 1: engine.record (awaited one by one, one process) next to raw better-sqlite3 commits on a file with the same settings`,
    );
    const h1 = table([
      ['sync', 6],
      ['row', 44],
      ['ops', 10, true],
      ['seconds', 8, true],
      ['ops/s', 8, true],
      ['block median', 12, true],
      ['p50 ms', 7, true],
      ['p99 ms', 7, true],
      ['cpu us/op', 9, true],
      ['vs raw', 7, true],
      ['block ratio p10..p90', 20, true],
    ]);
    h1.header();
    for (const run of runs) {
      const ratios = Float64Array.from(run.blocks.map((b) => b.ratio)).sort();
      const ratio = quantile(ratios, 0.5);
      run.ratio = ratio;
      h1.row([
        run.synchronous,
        'engine.record on sqliteStore',
        fmtInt(run.events),
        (run.engineMs / 1000).toFixed(1),
        fmtInt((run.events * 1000) / run.engineMs),
        fmtInt(median(run.blocks.map((b) => b.engineRate))),
        run.engineP50.toFixed(3),
        run.engineP99.toFixed(3),
        ((1e6 * run.engineCpu) / run.events).toFixed(1),
        `${ratio.toFixed(2)}x`,
        `${quantile(ratios, 0.1).toFixed(2)} .. ${quantile(ratios, 0.9).toFixed(2)}`,
      ]);
      h1.row([
        run.synchronous,
        'raw: 1-row upsert per IMMEDIATE transaction',
        fmtInt(run.rawCommits),
        (run.rawMs / 1000).toFixed(1),
        fmtInt((run.rawCommits * 1000) / run.rawMs),
        fmtInt(median(run.blocks.map((b) => b.rawRate))),
        run.rawP50.toFixed(3),
        run.rawP99.toFixed(3),
        ((1e6 * run.rawCpu) / run.rawCommits).toFixed(1),
        '1.00x',
        '',
      ]);
    }
    console.log(
      'ops/s = ops / seconds over the whole run; "block median" = median of the blocks\' rates; p50/p99 = latency of one record or one commit;',
    );
    console.log(
      'cpu us/op = process CPU time (all threads) per op; "vs raw" = median over the block pairs of engine rate / raw rate (the target).',
    );
    for (const run of runs) {
      console.log(
        `settings '${run.synchronous}': store journal_mode ${run.storeJournalMode}; raw journal_mode ${run.rawSettings.journalMode}, synchronous ${run.rawSettings.synchronous} ` +
          `(1 = NORMAL, 2 = FULL), busy_timeout ${run.rawSettings.busyTimeout} ms; run took ${seconds(run.totalMs)}`,
      );
    }
    const tallies = CHANGE_TYPES.filter((t) => runs[0].tally[t] > 0)
      .map((t) => `${t} ${fmtInt(runs[0].tally[t])}`)
      .join(', ');
    console.log(`changes per run: ${tallies || 'none'}`);
    if (runs.length > 1) {
      const same = runs.every(
        (r) =>
          r.digest === runs[0].digest &&
          r.check === runs[0].check &&
          CHANGE_TYPES.every((t) => r.tally[t] === runs[0].tally[t]),
      );
      console.log(
        `the runs agree on every response total, change count and final user state: ${same ? 'yes' : 'NO'} (digests ${runs.map((r) => r.digest).join(' / ')})`,
      );
    }

    console.log('');
    console.log(
      `Part 2: engine.streak(userId, { historyPeriods: ${HISTORY_PERIODS} }) at ${new Date(READ_AT).toISOString()}, users in ${READER_ZONE} with events from ` +
        `2021-01-01 to 2025-12-31, written in ${buildSeconds.toFixed(1)} s; ${fmtInt(READS)} timed reads per row, interleaved (${reads.elapsed.toFixed(1)} s)`,
    );
    const h2 = table([
      ['row', 52],
      ['stored held', 11, true],
      ['rollups', 8, true],
      ['held in answer', 14, true],
      ['p50 ms', 7, true],
      ['p90 ms', 7, true],
      ['p99 ms', 7, true],
      ['max ms', 7, true],
      ['vs light p99', 12, true],
    ]);
    h2.header();
    const probe = (/** @type {Probe['kind']} */ kind, /** @type {string} */ id) =>
      /** @type {Required<Probe>} */ (reads.probes.find((p) => p.kind === kind && p.reader.id === id));
    const lightEngine = probe('engine', 'reader-light');
    const heavyEngine = probe('engine', 'reader-heavy');
    const lightRaw = probe('raw', 'reader-light');
    for (const row of reads.probes) {
      const probe = /** @type {Required<Probe>} */ (row);
      const base = probe.kind === 'raw' ? lightRaw : lightEngine;
      h2.row([
        probe.name,
        fmtInt(probe.storedHistory),
        fmtInt(probe.storedRollups),
        probe.kind === 'engine' ? `${probe.heldInAnswer} / ${HISTORY_PERIODS}` : '',
        probe.p50.toFixed(3),
        probe.p90.toFixed(3),
        probe.p99.toFixed(3),
        probe.max.toFixed(2),
        `${(probe.p99 / base.p99).toFixed(2)}x`,
      ]);
    }
    console.log(
      `"stored held" = held periods of the user in the file, "rollups" = its daily sums, "held in answer" = periods with length > 0 among the ${HISTORY_PERIODS} returned;`,
    );
    console.log(
      "the raw rows run the two queries engine.streak makes (state row, history range of the same 366 periods) and the state's JSON.parse on a raw connection.",
    );
    const dailyEngine = probe('engine', 'reader-daily');
    console.log(
      `the user with ${dailyEngine.reader.name} holds the same periods as the one with ${heavyEngine.reader.name}: ` +
        `p50 ${(heavyEngine.p50 / dailyEngine.p50).toFixed(2)}x, p99 ${(heavyEngine.p99 / dailyEngine.p99).toFixed(2)}x (heavy / 1 a day)`,
    );
    for (const probe of reads.probes.filter((p) => p.kind === 'engine')) {
      console.log(
        `  ${probe.reader.id}: ${fmtInt(probe.version)} events recorded, current length ${probe.length}, longest ${probe.longest}, state ${fmtInt(probe.stateBytes)} bytes of JSON`,
      );
    }

    console.log('');
    console.log('Part 3: memory and files');
    console.log(
      `peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB, peak heap used ${mb(heap.peak)} MB (sampled after every block)`,
    );
    for (const run of runs) {
      console.log(
        `'${run.synchronous}' store file after ${fmtInt(run.events)} events: ${mb(run.engineFile.total)} MB (db ${mb(run.engineFile.db)} MB, wal ${mb(run.engineFile.wal)} MB; ` +
          `${(run.engineFile.total / run.events).toFixed(0)} bytes per event); raw file after ${fmtInt(run.rawCommits)} commits: ${mb(run.rawFile.total)} MB`,
      );
    }
    console.log(
      `'${runs[runs.length - 1].synchronous}' store file at the end, with the 3 reader users: ${mb(finalFile.total)} MB (db ${mb(finalFile.db)} MB, wal ${mb(finalFile.wal)} MB)`,
    );

    console.log('');
    for (const run of runs) {
      const verdict = run.ratio >= TARGET_RECORD_SHARE ? 'PASS' : 'FAIL';
      console.log(
        `${verdict}: engine.record with synchronous '${run.synchronous}' at ${pct(run.ratio)} of the raw commit rate ` +
          `(${fmtInt((run.events * 1000) / run.engineMs)} events/s vs ${fmtInt((run.rawCommits * 1000) / run.rawMs)} commits/s); target >= ${pct(TARGET_RECORD_SHARE)}`,
      );
    }
    for (const probe of [lightEngine, heavyEngine]) {
      const verdict = probe.p99 < TARGET_READ_P99_MS ? 'PASS' : 'FAIL';
      console.log(
        `${verdict}: engine.streak p99 ${probe.p99.toFixed(3)} ms for the user with ${probe.reader.name}; target < ${TARGET_READ_P99_MS} ms`,
      );
    }
    const readRatio = heavyEngine.p50 / lightEngine.p50;
    const close = readRatio <= TARGET_READ_RATIO && readRatio >= 1 / TARGET_READ_RATIO;
    console.log(
      `${close ? 'PASS' : 'FAIL'}: engine.streak p50 of the user with ${heavyEngine.reader.name} / the user with ${lightEngine.reader.name} = ${readRatio.toFixed(2)}x ` +
        `(p99 ${(heavyEngine.p99 / lightEngine.p99).toFixed(2)}x); target the same cost (${(1 / TARGET_READ_RATIO).toFixed(2)}x .. ${TARGET_READ_RATIO.toFixed(2)}x)`,
    );
  } finally {
    if (!KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
