/**
 * What the owner's analytics show for one rule: active streaks, their average length, the longest
 * current and longest ever, and a histogram of lengths, all from the store's index at an instant.
 */
import type { IndexStats } from './store.js';

export interface StreakStats {
  streak: string;
  at: string;
  /** streaks alive at `at` (length > 0, not yet lost) */
  activeStreaks: number;
  averageLength: number;
  topCurrent: Array<{ userId: string; length: number }>;
  topLongest: Array<{ userId: string; longest: number }>;
  /** active streaks per length range; `to` null means no upper bound */
  histogram: Array<{ from: number; to: number | null; users: number }>;
  /** active streaks per exact length */
  lengths: Array<{ length: number; users: number }>;
}

/** Histogram ranges: a week, a fortnight, a month, a hundred days, a year. */
const RANGES: ReadonlyArray<[number, number | null]> = [
  [1, 1],
  [2, 2],
  [3, 6],
  [7, 13],
  [14, 29],
  [30, 99],
  [100, 364],
  [365, null],
];

/**
 * What `Engine.stats` shows of rule `streak` at `at` from the store's index counts: the current
 * and longest streaks' histograms and top lists (a caller with no index yet passes empty counts).
 */
export function describeStats(streak: string, at: number, index: IndexStats): StreakStats {
  const histogram = RANGES.map(([from, to]) => ({
    from,
    to,
    users: index.lengths
      .filter((l) => l.length >= from && (to === null || l.length <= to))
      .reduce((sum, l) => sum + l.users, 0),
  }));
  return {
    streak,
    at: new Date(at).toISOString(),
    activeStreaks: index.active,
    averageLength: index.active === 0 ? 0 : index.lengthSum / index.active,
    topCurrent: index.topCurrent.map((row) => ({ ...row })),
    topLongest: index.topLongest.map((row) => ({ ...row })),
    histogram,
    lengths: index.lengths.map((row) => ({ ...row })),
  };
}
