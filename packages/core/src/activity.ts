/**
 * The account's activity counters that an owner's dashboard shows: per day, the events, the streaks
 * extended, lost and the freezes used; per metric, its total, events and latest event; per
 * achievement, its completions. A write carries what it adds (an `ActivityDelta`), and the store
 * commits it in the same atomic step as the user's state, so a crash can lose no count of a committed
 * event and count none of an uncommitted one.
 */
import type { Change } from './state.js';
import { DAY_MS, formatDay } from './time/calendar.js';

/** Counts of one day (`YYYY-MM-DD`). Today that day is the event's UTC date. */
export interface DayCounts {
  readonly day: string;
  readonly events: number;
  readonly extended: number;
  readonly lost: number;
  readonly freezesUsed: number;
}

export interface MetricCounts {
  readonly metric: string;
  /** sum of the values recorded */
  readonly total: number;
  readonly events: number;
  /** the latest event's instant (epoch ms) */
  readonly lastAt: number;
}

export interface AchievementCounts {
  readonly achievement: string;
  readonly completions: number;
}

/** What one write adds to the counters. */
export interface ActivityDelta {
  readonly days: readonly DayCounts[];
  readonly metrics: readonly MetricCounts[];
  /** achievements completed by the write, once each */
  readonly achievements: readonly string[];
}

/** The counters a store holds: days in the range asked for that have any count, every metric and achievement. */
export interface ActivityReport {
  readonly days: readonly DayCounts[];
  readonly metrics: readonly MetricCounts[];
  readonly achievements: readonly AchievementCounts[];
}

/** What an event (or an explicit completion, with `event` null) at instant `at` adds, from the changes it caused. */
export function countActivity(
  at: number,
  event: { readonly metric: string; readonly value: number } | null,
  changes: readonly Change[],
): ActivityDelta {
  let extended = 0;
  let lost = 0;
  let freezesUsed = 0;
  const achievements: string[] = [];
  for (const change of changes) {
    if (change.type === 'streak.extended' || change.type === 'streak.started') extended++;
    else if (change.type === 'streak.lost') lost++;
    else if (change.type === 'freeze.consumed') freezesUsed++;
    else if (change.type === 'achievement.completed') achievements.push(change.achievement);
  }
  const events = event === null ? 0 : 1;
  const days =
    events + extended + lost + freezesUsed === 0
      ? []
      : [{ day: formatDay(Math.floor(at / DAY_MS)), events, extended, lost, freezesUsed }];
  const metrics = event === null ? [] : [{ metric: event.metric, total: event.value, events: 1, lastAt: at }];
  return { days, metrics, achievements };
}

/** True when the delta adds nothing. */
export function isEmptyActivity(delta: ActivityDelta | undefined): boolean {
  return (
    delta === undefined || (delta.days.length === 0 && delta.metrics.length === 0 && delta.achievements.length === 0)
  );
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Adds a delta to counters kept in maps (the memory store's, and any store's in-process reference):
 * totals add, `lastAt` keeps the latest. The counters' objects are the maps' own (a first delta is
 * copied in) and are changed in place: a read hands out copies.
 */
export function addActivity(
  counters: { days: Map<string, DayCounts>; metrics: Map<string, MetricCounts>; achievements: Map<string, number> },
  delta: ActivityDelta,
): void {
  for (const d of delta.days) {
    const before = counters.days.get(d.day) as Mutable<DayCounts> | undefined;
    if (before === undefined) {
      counters.days.set(d.day, {
        day: d.day,
        events: d.events,
        extended: d.extended,
        lost: d.lost,
        freezesUsed: d.freezesUsed,
      });
    } else {
      before.events += d.events;
      before.extended += d.extended;
      before.lost += d.lost;
      before.freezesUsed += d.freezesUsed;
    }
  }
  for (const m of delta.metrics) {
    const before = counters.metrics.get(m.metric) as Mutable<MetricCounts> | undefined;
    if (before === undefined) {
      counters.metrics.set(m.metric, { metric: m.metric, total: m.total, events: m.events, lastAt: m.lastAt });
    } else {
      before.total += m.total;
      before.events += m.events;
      before.lastAt = Math.max(before.lastAt, m.lastAt);
    }
  }
  for (const a of delta.achievements) counters.achievements.set(a, (counters.achievements.get(a) ?? 0) + 1);
}
