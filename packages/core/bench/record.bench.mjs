// @ts-check
// Core benchmark: local-date placement baseline vs the pure reducer vs engine.record on the memory store,
// and engine.record with two points systems against the same engine without them.
//
//   pnpm bench:core                      (builds @kindling/core, then runs this file with --expose-gc)
//   KINDLING_BENCH_EVENTS=200000 pnpm bench:core
//
// Environment:
//   KINDLING_BENCH_EVENTS   events in the workload (default 1000000)
//   KINDLING_BENCH_USERS    users (default 10000)
//   KINDLING_BENCH_REPEATS  measured runs of each loop (default 5; the median is reported)
//   KINDLING_BENCH_SEED     seed of the workload generator (default 20250101)
//
// This is a report, not a test: it always exits 0 and its last line says "report". It prints the
// engine's own speed in memory, so that a change of it shows: engine.record on the memory store (each
// call awaited, the same rules and workload) against the formatToParts placement baseline, pair by
// pair, with the reducer's ratio and the engine's on a store that keeps only the states (its own cost
// per event, apart from a store's) beside it. The 1x line issue 16 first set is retired (issue 45):
// bench:profile shows the engine at 2-8% of the event endpoints' main thread, so a free engine would
// raise their events/s by at most 1.09x (decision 002). A run where the reducer and the engine loops
// disagree says so on that line: its figures are then no result.
//
// Points (issue 46): rows F and G run the engine on the memory store with an achievement (ten
// lessons), F without points systems and G with two of five active triggers each and one global boost
// live (points-systems.mjs); G / F, pair by pair, is the points' own cost. Report: issue 46's 0.85x
// is set on the event endpoint (bench:http), where the engine is a few percent of the work.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createEngine, memoryStore, parseRules } from '@kindling/core';
import { describeEvent, reduceEvent } from '@kindling/core/internal';
import { generateWorkload as makeWorkload, envInt, ZONES, METRICS, DAY_MS } from './workload.mjs';
import { cpuSeconds, fmtInt, heapPeak, mb, median, table } from './report.mjs';
import { placeEvents, placementFormats } from './placement.mjs';
import { stateOnlyStore } from './state-only-store.mjs';
import { POINTS_ACHIEVEMENTS, POINTS_SYSTEMS } from './points-systems.mjs';

/** @typedef {import('./workload.mjs').Workload} Workload */
/** @typedef {{ events: number, seconds: number, cpu: number, heapAfter: number, check: number, tally?: Record<string, number>, digest?: string, points?: number }} Run */

const EVENTS = envInt('KINDLING_BENCH_EVENTS', 1_000_000, 1);
const USERS = Math.min(envInt('KINDLING_BENCH_USERS', 10_000, 1), EVENTS);
const REPEATS = envInt('KINDLING_BENCH_REPEATS', 5, 1);
const SEED = envInt('KINDLING_BENCH_SEED', 20250101, 0);
const WARMUP_EVENTS = Math.min(EVENTS, 50_000);

const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;

// ---------------------------------------------------------------------------------------------
// Workload
// ---------------------------------------------------------------------------------------------

/** The shared workload (packages/core/bench/workload.mjs) at this bench's size and seed. */
const generateWorkload = () => makeWorkload({ events: EVENTS, users: USERS, seed: SEED });

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** @type {import('@kindling/core').StreakRuleInput[]} */
const STREAKS = [
  {
    key: 'daily',
    frequency: 'daily',
    mode: 'all',
    conditions: [
      { metric: 'lessons', threshold: 1 },
      { metric: 'minutes', threshold: 15 },
    ],
    freezes: { initial: 1, max: 3, earn: { every: 7, amount: 1 } },
  },
  {
    key: 'weekly',
    frequency: 'weekly',
    weekStart: 'monday',
    dayStartsAt: '04:00',
    conditions: [{ metric: 'minutes', threshold: 90 }],
    freezes: { initial: 0, max: 2, earn: { every: 28, amount: 1 } },
  },
];

// ---------------------------------------------------------------------------------------------
// Measured loops. Each returns { events, seconds, heapAfter, check }.
// ---------------------------------------------------------------------------------------------

const heap = heapPeak();
const sampleHeap = () => heap.sample();

/** Heap still in use right after a run (the run's state is still referenced by the caller). */
function retainedHeap() {
  if (gc) gc();
  return heap.sample();
}

/** A: only place each event on a local date: a cached Intl.DateTimeFormat per zone, formatToParts (placement.mjs). */
function runBaseline(/** @type {Workload} */ w, /** @type {number} */ count) {
  const formats = placementFormats();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const check = placeEvents(w, count, formats, sampleHeap);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(c0);
  return { events: count, seconds, cpu, heapAfter: retainedHeap(), check };
}

const CHANGE_TYPES = [
  'streak.started',
  'streak.extended',
  'streak.lost',
  'freeze.earned',
  'freeze.consumed',
  'pause.used',
  'achievement.completed',
];

function emptyTally() {
  return Object.fromEntries(CHANGE_TYPES.map((t) => [t, 0]));
}

/** B (and C, with the response): the pure reducer, each user's state in a Map; the reducer places the event itself. */
function runReducer(
  /** @type {Workload} */ w,
  /** @type {number} */ count,
  /** @type {import('@kindling/core/internal').Model} */ model,
  describe = false,
) {
  const states = new Map();
  const tally = emptyTally();
  let check = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const userId = w.userIds[w.user[i]];
    const event = {
      userId,
      metric: METRICS[w.metric[i]],
      value: w.value[i],
      at: w.at[i],
      tz: ZONES[w.zone[i]],
      email: null,
      eventId: 'bench-event',
      idempotencyKey: null,
    };
    const reduction = reduceEvent(states.get(userId) ?? null, event, model);
    states.set(userId, reduction.user);
    if (describe)
      check += /** @type {{ length: number }} */ (describeEvent(reduction, event, model).currentStreak).length;
    const changes = reduction.changes;
    for (let c = 0; c < changes.length; c++) tally[changes[c].type] += 1;
    check += reduction.user.totals[event.metric];
    if ((i & 0xffff) === 0) sampleHeap();
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(c0);
  const heapAfter = retainedHeap();
  return {
    events: count,
    seconds,
    cpu,
    heapAfter,
    check,
    tally,
    digest: digestStates((id) => states.get(id) ?? null, w),
  };
}

/**
 * D: engine.record on memoryStore(), clock injected, each call awaited in turn. E: the same on a
 * store that keeps only the states (state-only-store.mjs): the engine's own cost, apart from a store's.
 * F and G: on memoryStore() with `more` (the achievement; and for G the points systems); `points`
 * counts the points they paid.
 */
async function runEngine(
  /** @type {Workload} */ w,
  /** @type {number} */ count,
  /** @type {() => import('@kindling/core').Store} */ makeStore,
  /** @type {Partial<import('@kindling/core').EngineOptions>} */ more = {},
) {
  let now = 0;
  const engine = createEngine({ store: makeStore(), clock: () => now, streaks: STREAKS, metrics: METRICS, ...more });
  const tally = emptyTally();
  let check = 0;
  let points = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    now = w.at[i];
    const result = await engine.record({
      userId: w.userIds[w.user[i]],
      metric: METRICS[w.metric[i]],
      value: w.value[i],
      tz: ZONES[w.zone[i]],
    });
    const changes = result.changes;
    for (let c = 0; c < changes.length; c++) tally[changes[c].type] += 1;
    check += result.total;
    for (const key in result.points) points += /** @type {{ added: number }} */ (result.points[key]).added;
    if ((i & 0xffff) === 0) sampleHeap();
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(c0);
  const heapAfter = retainedHeap();
  const loaded = new Map();
  for (const id of w.userIds) loaded.set(id, await engine.store.load(id));
  return {
    events: count,
    seconds,
    cpu,
    heapAfter,
    check,
    tally,
    points,
    digest: digestStates((id) => loaded.get(id) ?? null, w),
  };
}

/** A fingerprint of every user's final state, to check that B and C did the same work. */
function digestStates(
  /** @type {(id: string) => import('@kindling/core/adapter').UserState | null} */ get,
  /** @type {Workload} */ w,
) {
  let h = 0;
  const mix = (/** @type {number} */ x) => {
    h = Math.imul(h ^ (x | 0), 0x01000193) >>> 0;
  };
  for (const id of w.userIds) {
    const user = get(id);
    if (user === null) {
      mix(-1);
      continue;
    }
    mix(user.version);
    for (const key of ['daily', 'weekly']) {
      const s = user.streaks[key];
      if (s === undefined) {
        mix(-2);
        continue;
      }
      mix(s.length);
      mix(s.longest);
      mix(s.freezes);
      mix(s.period);
      mix(s.day);
    }
  }
  return h.toString(16).padStart(8, '0');
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  const cpus = os.cpus();
  console.log('Kindling core benchmark: record path');
  console.log(
    `node ${process.version} (V8 ${process.versions.v8}), ${os.platform()} ${os.arch()}, ${cpus.length} logical cores` +
      `${cpus[0] ? ` (${cpus[0].model.trim()})` : ''}, load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );
  if (!gc) console.log('note: run with node --expose-gc for collections between loops and retained-heap figures');

  const g0 = performance.now();
  const w = generateWorkload();
  const genSeconds = (performance.now() - g0) / 1000;
  const first = new Date(w.at[0]).toISOString();
  const last = new Date(w.at[EVENTS - 1]).toISOString();
  const perMetric = [0, 0];
  for (let i = 0; i < EVENTS; i++) perMetric[w.metric[i]] += 1;
  console.log(
    `workload: ${fmtInt(EVENTS)} events, ${fmtInt(USERS)} users, ${ZONES.length} zones, ${w.movers} users change zone once, ` +
      `seed ${SEED}, generated in ${genSeconds.toFixed(1)} s`,
  );
  console.log(
    `          ${first} .. ${last} (${((w.at[EVENTS - 1] - w.at[0]) / DAY_MS).toFixed(0)} days), ` +
      `${METRICS[0]} ${fmtInt(perMetric[0])}, ${METRICS[1]} ${fmtInt(perMetric[1])}`,
  );
  console.log(
    `rules:    daily (lessons >= 1 and minutes >= 15, freezes 1..3, +1 every 7 days), ` +
      `weekly from Monday 04:00 (minutes >= 90, freezes 0..2, +1 every 28 days)`,
  );

  const model = { rules: parseRules(STREAKS), achievements: [] };
  /** @type {{ name: string, run: (count: number) => Run | Promise<Run> }[]} */
  const loops = [
    { name: 'baseline: Intl formatToParts placement', run: (count) => runBaseline(w, count) },
    { name: 'reduceEvent (pure reducer, Map of states)', run: (count) => runReducer(w, count, model) },
    { name: 'reduceEvent + describeEvent (response)', run: (count) => runReducer(w, count, model, true) },
    { name: 'engine.record on memoryStore (awaited)', run: (count) => runEngine(w, count, memoryStore) },
    { name: 'engine.record, state-only store (awaited)', run: (count) => runEngine(w, count, stateOnlyStore) },
    {
      name: 'engine.record + achievement, no points',
      run: (count) => runEngine(w, count, memoryStore, { achievements: POINTS_ACHIEVEMENTS }),
    },
    {
      name: 'the same + 2 points systems (5 triggers)',
      run: (count) => runEngine(w, count, memoryStore, { achievements: POINTS_ACHIEVEMENTS, points: POINTS_SYSTEMS }),
    },
  ];

  // Warm-up: every loop once over the first events, untimed. This JIT-compiles the loops and fills the
  // process-wide caches (Intl formatters, the core's per-zone offset cache, formatted dates): the state
  // of a server that has been up for a while.
  for (const loop of loops) await loop.run(WARMUP_EVENTS);
  console.log(`warm-up:  each loop ran once over the first ${fmtInt(WARMUP_EVENTS)} events (not timed)`);
  console.log(
    `measured: ${REPEATS} runs of each loop over all ${fmtInt(EVENTS)} events, alternating A B C D E F G A B C D E F G ...; median reported`,
  );
  console.log('');

  const runs = loops.map(() => /** @type {Run[]} */ ([]));
  for (let r = 0; r < REPEATS; r++) {
    for (let l = 0; l < loops.length; l++) {
      if (gc) gc();
      const result = await loops[l].run(EVENTS);
      runs[l].push(result);
      process.stdout.write(
        `  run ${r + 1}/${REPEATS} ${loops[l].name}: ${fmtInt(result.events / result.seconds)} events/s\n`,
      );
    }
  }
  console.log('');

  const rates = runs.map((rs) => rs.map((x) => x.events / x.seconds));
  // Ratios to the baseline are taken pair by pair (run r of a loop against run r of the baseline,
  // measured seconds apart) and their median reported: the machine's drift cancels out.
  const pairRatio = (/** @type {number} */ l) => median(rates[l].map((rate, r) => rate / rates[0][r]));
  const medRates = rates.map(median);
  const medSeconds = runs.map((rs) => median(rs.map((x) => x.seconds)));
  const medCpu = runs.map((rs) => median(rs.map((x) => x.cpu)));
  const header = table([
    ['name', 44],
    ['events', 10, true],
    ['seconds', 8, true],
    ['events/s', 11, true],
    ['range of runs (events/s)', 26, true],
    ['vs base', 8, true],
    ['cpu s', 7, true],
    ['heap after', 11, true],
  ]);
  header.header();
  for (let l = 0; l < loops.length; l++) {
    const lo = Math.min(...rates[l]);
    const hi = Math.max(...rates[l]);
    header.row([
      loops[l].name,
      fmtInt(EVENTS),
      medSeconds[l].toFixed(2),
      fmtInt(medRates[l]),
      `${fmtInt(lo)} .. ${fmtInt(hi)}`,
      `${pairRatio(l).toFixed(2)}x`,
      medCpu[l].toFixed(2),
      gc ? `${mb(runs[l][runs[l].length - 1].heapAfter)} MB` : 'n/a',
    ]);
  }
  console.log('');
  console.log(
    `per event (median): baseline ${((1e6 * medSeconds[0]) / EVENTS).toFixed(2)} us, reducer ${((1e6 * medSeconds[1]) / EVENTS).toFixed(2)} us, reducer + response ${((1e6 * medSeconds[2]) / EVENTS).toFixed(2)} us, engine ${((1e6 * medSeconds[3]) / EVENTS).toFixed(2)} us, engine on the state-only store ${((1e6 * medSeconds[4]) / EVENTS).toFixed(2)} us`,
  );
  console.log(
    'seconds and events/s are wall clock (median of the runs); "cpu s" is the median process CPU time of a run, all threads',
  );
  console.log(
    `memory: peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB, peak heap used ${mb(heap.peak)} MB (sampled every 65,536 events); "heap after" = heap in use after the run, state still held, after a full GC`,
  );

  // Every stateful loop must have done the same work.
  const reducerRun = /** @type {Required<Run>} */ (runs[1][0]);
  const engineRun = /** @type {Required<Run>} */ (runs[3][0]);
  const floorRun = /** @type {Required<Run>} */ (runs[4][0]);
  const tallies = CHANGE_TYPES.filter((t) => reducerRun.tally[t] > 0 || engineRun.tally[t] > 0)
    .map((t) => `${t} ${fmtInt(reducerRun.tally[t])}`)
    .join(', ');
  console.log(`changes per run: ${tallies || 'none'}`);
  const agree = (/** @type {Required<Run>} */ run) =>
    reducerRun.digest === run.digest &&
    reducerRun.check === run.check &&
    CHANGE_TYPES.every((t) => reducerRun.tally[t] === run.tally[t]);
  const same = agree(engineRun) && agree(floorRun);
  console.log(
    `reducer and both engine loops agree on every response total, change count and final user state: ${same ? 'yes' : 'NO'} (digests ${reducerRun.digest} / ${engineRun.digest} / ${floorRun.digest})`,
  );

  const runByRun = (/** @type {number} */ l) => rates[l].map((rate, r) => (rate / rates[0][r]).toFixed(2)).join(', ');
  console.log(`engine / baseline, run by run: ${runByRun(3)}`);
  console.log(`engine on the state-only store / baseline, run by run: ${runByRun(4)}`);
  console.log(`reducer / baseline, run by run: ${runByRun(1)}`);

  // The points rows: G against F, pair by pair; the two must have done the same streak work.
  const plainRun = /** @type {Required<Run>} */ (runs[5][0]);
  const pointsRun = /** @type {Required<Run>} */ (runs[6][0]);
  const pointsAgree =
    plainRun.digest === pointsRun.digest &&
    plainRun.check === pointsRun.check &&
    CHANGE_TYPES.every((t) => plainRun.tally[t] === pointsRun.tally[t]) &&
    plainRun.points === 0 &&
    pointsRun.points > 0;
  const pointsRatios = rates[6].map((rate, r) => rate / rates[5][r]);
  const pointsRatio = median(pointsRatios);
  console.log(
    `points: ${fmtInt(pointsRun.points)} points paid per run (2 systems x 5 active triggers, one boost x2 live); ` +
      `with and without agree on every total, change count and final streak state: ${pointsAgree ? 'yes' : 'NO'}`,
  );
  console.log(`points / no points, run by run: ${pointsRatios.map((r) => r.toFixed(2)).join(', ')}`);
  const ratio = pairRatio(3);
  console.log('');
  console.log(
    `report: engine.record on memoryStore at ${ratio.toFixed(2)}x the baseline's events/s` +
      ` (the reducer alone ${pairRatio(1).toFixed(2)}x, the engine on a store that keeps only the states ${pairRatio(4).toFixed(2)}x);` +
      ' no target: the engine is judged where it runs, by pnpm bench:profile (decision 002)' +
      // Faster but wrong would be no result.
      `${same ? '' : '; reducer and engine disagree: these figures are not a result'}`,
  );
  console.log(
    `report: engine.record with 2 points systems at ${pointsRatio.toFixed(2)}x the events/s of the same engine without them` +
      ` (${Math.min(...pointsRatios).toFixed(2)} .. ${Math.max(...pointsRatios).toFixed(2)}); no target here: issue 46's 0.85x is the event endpoint's, judged by pnpm bench:http` +
      `${pointsAgree ? '' : '; with and without points disagree: not a result'}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
