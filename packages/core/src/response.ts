/**
 * What `record` answers: built from a reduction, with each rule's streak as a read shows it (S15)
 * plus whether this event extended it (S7).
 */
import { emptyRecord } from './keys.js';
import type { CompletedAchievement } from './achievements.js';
import { zoneFor, type EventInput, type EventReduction, type Model } from './reduce.js';
import type { Change } from './state.js';
import { formatInstant } from './time/calendar.js';
import { viewStreak, type StreakView } from './view.js';

export interface CurrentStreak extends StreakView {
  /** this event extended the streak (S7) */
  extended: boolean;
}

export interface RecordResult {
  eventId: string;
  userId: string;
  metric: string;
  value: number;
  /** the user's total of the metric after the event */
  total: number;
  /** RFC 3339 instant of the event */
  at: string;
  /** true when this is the first response returned again for a repeated idempotency key (S18) */
  replayed: boolean;
  idempotencyKey: string | null;
  /** achievements this event completed */
  achievements: CompletedAchievement[];
  /** every change this event caused, in order */
  changes: Change[];
  /** the first rule's streak, or null when no rule is configured */
  currentStreak: CurrentStreak | null;
  streaks: Record<string, CurrentStreak>;
}

/** The response to an event. */
export function describeEvent(reduction: EventReduction, event: EventInput, model: Model): RecordResult {
  const streaks = emptyRecord<CurrentStreak>();
  let currentStreak: CurrentStreak | null = null;
  for (const rule of model.rules) {
    const state = reduction.user.streaks[rule.key];
    if (state === undefined) continue;
    // A fresh view object with `extended` added last, as `{ ...view, extended }` would (without the copy).
    const view = viewStreak(state, rule, zoneFor(reduction.user, rule)) as CurrentStreak;
    view.extended = reduction.extended.includes(rule.key);
    streaks[rule.key] = view;
    if (currentStreak === null) currentStreak = view;
  }
  return {
    eventId: event.eventId,
    userId: event.userId,
    metric: event.metric,
    value: event.value,
    total: reduction.user.totals[event.metric] ?? 0,
    at: formatInstant(event.at),
    replayed: false,
    idempotencyKey: event.idempotencyKey,
    achievements: [...reduction.achievements],
    changes: [...reduction.changes],
    currentStreak,
    streaks,
  };
}
