// The rule and the reader users of the SQLite benches (sqlite.bench.mjs part 2, history.bench.mjs):
// users with 5 years of events in one zone, read the morning after the last day.
import { DAY_MS, mulberry32 } from '../../core/bench/workload.mjs';

/** One rule: daily, lessons >= 1, freezes (start with 1, hold at most 3, earn 1 every 7 days). */
export const STREAKS = [
  {
    key: 'daily',
    frequency: 'daily',
    conditions: [{ metric: 'lessons', threshold: 1 }],
    freezes: { initial: 1, max: 3, earn: { every: 7, amount: 1 } },
  },
];

export const READER_ZONE = 'Europe/Berlin';
const READER_START_DAY = Date.UTC(2021, 0, 1) / DAY_MS; // 2021-01-01
export const READER_DAYS = Date.UTC(2026, 0, 1) / DAY_MS - READER_START_DAY; // 1826 days: 2021-01-01 .. 2025-12-31
/** the instant of every read: the morning after the last day */
export const READ_AT = Date.UTC(2026, 0, 1, 11);
export const HISTORY_PERIODS = 366;

/**
 * `count` events spread evenly over the 5 years (day d gets floor((d+1)n/D) - floor(dn/D) events),
 * at UTC 04:00..21:00 (05:00..23:00 in Berlin). With at least one event a day, the first of each day is
 * a lesson, so the streak holds every day; the others are lessons 45% of the time, else 3..30 minutes.
 */
export function readerEvents(count, seed) {
  const rand = mulberry32(seed);
  const events = [];
  for (let d = 0; d < READER_DAYS; d++) {
    const k = Math.floor(((d + 1) * count) / READER_DAYS) - Math.floor((d * count) / READER_DAYS);
    if (k === 0) continue;
    const times = [];
    for (let j = 0; j < k; j++) times.push(4 * 3_600_000 + Math.floor(rand() * 17 * 3_600_000));
    times.sort((a, b) => a - b);
    for (let j = 0; j < k; j++) {
      const lesson = j === 0 || rand() < 0.45;
      events.push({ at: (READER_START_DAY + d) * DAY_MS + times[j], metric: lesson ? 'lessons' : 'minutes', value: lesson ? 1 : 3 + Math.floor(rand() * 28) });
    }
  }
  return events;
}
