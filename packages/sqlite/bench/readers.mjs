// @ts-check
// The rule and the reader users of the SQLite benches (sqlite.bench.mjs part 2, history.bench.mjs):
// users with 5 years of events in one zone (the shared workload's readerEvents), read the morning
// after the last day.
import { READER_DAYS, readerEvents } from '../../core/bench/workload.mjs';

export { READER_DAYS, readerEvents };

/** One rule: daily, lessons >= 1, freezes (start with 1, hold at most 3, earn 1 every 7 days). */
export const STREAKS = [
  {
    key: 'daily',
    frequency: /** @type {const} */ ('daily'),
    conditions: [{ metric: 'lessons', threshold: 1 }],
    freezes: { initial: 1, max: 3, earn: { every: 7, amount: 1 } },
  },
];

export const READER_ZONE = 'Europe/Berlin';
/** the instant of every read: the morning after the last day */
export const READ_AT = Date.UTC(2026, 0, 1, 11);
export const HISTORY_PERIODS = 366;
