// @ts-check
// History read benchmark, SQLite: store.history and engine.streak for 366 periods with held periods
// in blocks of 128 (the store since migration 002) next to the layout before it (one row per held
// period, read as the store read it then), side by side in one run, for a user with 100 events and
// one with 100,000 (5 years each, the reader users of sqlite.bench.mjs).
//
//   pnpm build && node --expose-gc packages/sqlite/bench/history.bench.mjs
//
// Environment:
//   KINDLING_BENCH_HEAVY_EVENTS  events of the heavy user (default 100000)
//   KINDLING_BENCH_READS         timed reads per row (default 5000)
//   KINDLING_BENCH_SEED          seed of the event generators (default 20250101)
//   KINDLING_BENCH_DIR           folder in which the temporary folder is made (default the OS temp folder)
//
// A report, not a test: it imports the BUILT packages (dist/) and always exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createEngine } from '@kindling/core';
import { placeInstant, zoneOf } from '@kindling/core/internal';
import { sqliteStore } from '@kindling/sqlite';
import { envInt, METRICS } from '../../core/bench/workload.mjs';
import { pad, quantile, table } from '../../core/bench/report.mjs';
import { HISTORY_PERIODS, READ_AT, READER_ZONE, STREAKS, readerEvents } from './readers.mjs';

/** @typedef {import('@kindling/core').Store} Store */
/** @typedef {import('@kindling/core/adapter').HistoryEntry} HistoryEntry */
/** @typedef {{ id: string, name: string, events: import('../../core/bench/workload.mjs').ReaderEvent[], stored?: number, held?: number }} Reader */
/**
 * @typedef {object} Probe
 * @property {Reader} reader
 * @property {string} layout
 * @property {'store.history' | 'engine.streak'} what
 * @property {Float64Array} times
 * @property {() => Promise<unknown>} run
 * @property {number} [p50]
 * @property {number} [p90]
 * @property {number} [p99]
 * @property {number} [mean]
 */

const HEAVY_EVENTS = envInt('KINDLING_BENCH_HEAVY_EVENTS', 100_000, 100);
const READS = envInt('KINDLING_BENCH_READS', 5_000, 1);
const SEED = envInt('KINDLING_BENCH_SEED', 20250101, 0);
const WARMUP_READS = 200;
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;

const encodeKey = (/** @type {string} */ text) => Buffer.from(text, 'utf16le').swap16(); // as @kindling/sqlite keys its rows
const us = (/** @type {number | undefined} */ ms) => (Number(ms) * 1000).toFixed(0);

async function writeReaders(/** @type {string} */ path, /** @type {Reader[]} */ readers) {
  let now = 0;
  const store = sqliteStore({ path, synchronous: 'normal' });
  const engine = createEngine({ store, clock: () => now, streaks: STREAKS, metrics: METRICS });
  for (const reader of readers) {
    const t0 = performance.now();
    for (const event of reader.events) {
      now = event.at;
      await engine.record({ userId: reader.id, metric: event.metric, value: event.value, tz: READER_ZONE });
    }
    process.stderr.write(
      `wrote ${reader.events.length} events of ${reader.id} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
  }
  await store.close();
}

/**
 * The layout before migration 002, in the same file: the table of 001_init.sql (as history_rows)
 * holding the same held periods, and a store whose `history` reads it as the store did then.
 */
function rowLayout(
  /** @type {import('better-sqlite3').Database} */ db,
  /** @type {Store} */ store,
  /** @type {Reader[]} */ readers,
  /** @type {Map<string, HistoryEntry[]>} */ entries,
) {
  db.exec(`CREATE TABLE history_rows (
    account TEXT NOT NULL, user_id BLOB NOT NULL, streak TEXT NOT NULL, period INTEGER NOT NULL, length INTEGER NOT NULL, held_by TEXT NOT NULL,
    PRIMARY KEY (account, user_id, streak, period)) WITHOUT ROWID`);
  const insert = db.prepare('INSERT INTO history_rows VALUES (?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const reader of readers)
      for (const e of entries.get(reader.id) ?? [])
        insert.run('default', encodeKey(reader.id), e.streak, e.period, e.length, e.heldBy);
  })();
  const select = db.prepare(
    'SELECT streak, period, length, held_by FROM history_rows WHERE account = ? AND user_id = ? AND streak = ? AND period BETWEEN ? AND ? ORDER BY period',
  );
  /** @type {Store['history']} */
  const history = async (userId, streak, from, to) =>
    /** @type {{ streak: string, period: number, length: number, held_by: HistoryEntry['heldBy'] }[]} */ (
      select.all('default', encodeKey(userId), streak, from, to)
    ).map((row) => ({ streak: row.streak, period: row.period, length: row.length, heldBy: row.held_by }));
  return { ...store, history };
}

async function main() {
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR || os.tmpdir(), 'kindling-bench-history-'));
  const path = join(dir, 'history.db');
  console.log(
    `Kindling SQLite history bench: node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  try {
    /** @type {Reader[]} */
    const readers = [
      { id: 'reader-light', name: '100 events', events: readerEvents(100, SEED + 1) },
      {
        id: 'reader-heavy',
        name: `${HEAVY_EVENTS.toLocaleString('en-US')} events`,
        events: readerEvents(HEAVY_EVENTS, SEED + 2),
      },
    ];
    await writeReaders(path, readers);

    const blocks = sqliteStore({ path });
    const db = new Database(path);
    /** @type {Map<string, HistoryEntry[]>} */
    const entries = new Map();
    for (const reader of readers) entries.set(reader.id, await blocks.history(reader.id, 'daily', -1e7, 1e7));
    const rows = rowLayout(db, blocks, readers, entries);
    const layouts = [
      { name: 'rows (before)', store: rows },
      { name: 'blocks (after)', store: blocks },
    ];
    const engineOf = (/** @type {Store} */ store) =>
      createEngine({ store, clock: () => READ_AT, streaks: STREAKS, metrics: METRICS });
    const rule = engineOf(blocks).rules[0];
    const to = rule.calendar.indexOf(placeInstant(READ_AT, zoneOf(READER_ZONE), rule.dayStartMs));
    const from = to - HISTORY_PERIODS + 1;

    /** @type {Probe[]} */
    const probes = [];
    for (const reader of readers) {
      const answers = [];
      for (const layout of layouts) {
        const engine = engineOf(layout.store);
        const base = { reader, layout: layout.name };
        probes.push({
          ...base,
          times: new Float64Array(READS),
          what: 'store.history',
          run: () => layout.store.history(reader.id, 'daily', from, to),
        });
        probes.push({
          ...base,
          times: new Float64Array(READS),
          what: 'engine.streak',
          run: () => engine.streak(reader.id, { historyPeriods: HISTORY_PERIODS }),
        });
        answers.push([
          await layout.store.history(reader.id, 'daily', from, to),
          await engine.streak(reader.id, { historyPeriods: HISTORY_PERIODS }),
        ]);
      }
      if (!isDeepStrictEqual(answers[0], answers[1]))
        throw new Error(`the two layouts answer differently for ${reader.id}`);
      reader.stored = (entries.get(reader.id) ?? []).length;
      reader.held = answers[1][0].length;
    }

    let sink = 0;
    for (let r = 0; r < WARMUP_READS; r++) for (const probe of probes) sink += (await probe.run()) ? 1 : 0;
    if (gc) gc();
    for (let r = 0; r < READS; r++) {
      for (let j = 0; j < probes.length; j++) {
        const probe = probes[(r + j) % probes.length];
        const s = performance.now();
        sink += (await probe.run()) ? 1 : 0;
        probe.times[r] = performance.now() - s;
      }
    }
    await blocks.close();
    db.close();

    console.log(
      `${READS} interleaved rounds (after ${WARMUP_READS} untimed), ${HISTORY_PERIODS} periods from ${from} to ${to}; µs`,
    );
    const header = table([
      ['read', 14],
      ['user', 16],
      ['stored held', 11, true],
      ['in range', 8, true],
      ['layout', 15],
      ['p50', 6, true],
      ['p90', 6, true],
      ['p99', 6, true],
      ['mean', 6, true],
      ['p50 vs before', 13, true],
    ]);
    header.header();
    for (const probe of probes) {
      const sorted = probe.times.sort();
      probe.p50 = quantile(sorted, 0.5);
      probe.p90 = quantile(sorted, 0.9);
      probe.p99 = quantile(sorted, 0.99);
      probe.mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
    }
    for (const probe of probes) {
      const before = /** @type {Probe} */ (
        probes.find((p) => p.reader === probe.reader && p.what === probe.what && p.layout === layouts[0].name)
      );
      header.row([
        probe.what,
        probe.reader.name,
        probe.reader.stored,
        probe.reader.held,
        probe.layout,
        us(probe.p50),
        us(probe.p90),
        us(probe.p99),
        us(probe.mean),
        `${(Number(probe.p50) / Number(before.p50)).toFixed(2)}x`,
      ]);
    }
    console.log('');
    for (const layout of layouts) {
      for (const what of ['store.history', 'engine.streak']) {
        const [light, heavy] = readers.map(
          (reader) =>
            /** @type {Required<Probe>} */ (
              probes.find((p) => p.reader === reader && p.what === what && p.layout === layout.name)
            ),
        );
        console.log(
          `${pad(layout.name, 15)} ${pad(what, 14)} heavy ÷ light: p50 ${(heavy.p50 / light.p50).toFixed(2)}x, p99 ${(heavy.p99 / light.p99).toFixed(2)}x`,
        );
      }
    }
    if (sink < 0) console.log(sink);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
