/**
 * The account's activity counters that an owner's dashboard shows: per day, the events, the streaks
 * extended, lost and the freezes used; per metric, its total, events and latest event; per
 * achievement, its completions. A write carries what it adds (an `ActivityDelta`), and the store
 * commits it in the same atomic step as the user's state, so a crash can lose no count of a committed
 * event and count none of an uncommitted one.
 */
import type { Change } from './state.js';
import { formatDay, parseDay } from './time/calendar.js';

/** Counts of one day (`YYYY-MM-DD`): the local day, in the user's zone, on which they happened. */
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

/** The local day a change of time (a loss, a freeze used) happened: the day after the period it sealed. */
function sealedOn(change: Change): number | null {
  return change.type === 'streak.lost' || change.type === 'freeze.consumed' ? parseDay(change.periodEnd) + 1 : null;
}

/**
 * What a write adds, from the changes it made: an event at instant `at` (null for a write without
 * one: a settlement, an owner's action, a completion) and its extension on `event.day`, the event's
 * local day (the first rule's, in the user's zone); a loss or a freeze used on the local day it
 * happened, the day after the period it sealed, whichever write settled it; each completion.
 */
export function countActivity(
  at: number,
  event: { readonly metric: string; readonly value: number; readonly day: number } | null,
  changes: readonly Change[],
): ActivityDelta {
  const events = event === null ? 0 : 1;
  // an extension belongs to an event: a write without one counts none and has no day of its own
  const day = event === null ? 0 : event.day;
  let extended = 0;
  const achievements: string[] = [];
  // most events settle nothing: their one day is built without a map
  let sealed: Map<number, { lost: number; freezesUsed: number }> | null = null;
  for (const change of changes) {
    if (change.type === 'streak.extended' || change.type === 'streak.started') extended += events;
    else if (change.type === 'achievement.completed') achievements.push(change.achievement);
    else {
      const on = sealedOn(change);
      if (on === null) continue;
      sealed ??= new Map();
      const counts = sealed.get(on) ?? { lost: 0, freezesUsed: 0 };
      if (change.type === 'streak.lost') counts.lost++;
      else counts.freezesUsed++;
      sealed.set(on, counts);
    }
  }
  const metrics = event === null ? [] : [{ metric: event.metric, total: event.value, events: 1, lastAt: at }];
  if (sealed === null) {
    const days = events + extended === 0 ? [] : [{ day: formatDay(day), events, extended, lost: 0, freezesUsed: 0 }];
    return { days, metrics, achievements };
  }
  if (events + extended > 0 && !sealed.has(day)) sealed.set(day, { lost: 0, freezesUsed: 0 });
  const days: DayCounts[] = [...sealed]
    .sort((a, b) => a[0] - b[0])
    .map(([d, counts]) =>
      d === day
        ? { day: formatDay(d), events, extended, ...counts }
        : { day: formatDay(d), events: 0, extended: 0, ...counts },
    );
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
