/**
 * What `record` answers: built from a reduction, with each rule's streak as a read shows it (S15)
 * plus whether this event extended it (S7); and what `ingest` answers, the same without the streaks.
 */
import { StoreError } from './errors.js';
import { emptyRecord } from './keys.js';
import type { CompletedAchievement } from './achievements.js';
import { stateAt, zoneFor, type EventInput, type EventReduction, type Model } from './reduce.js';
import type { Change, UserState } from './state.js';
import type { LeaderboardChange } from './leaderboards/board-ranks.js';
import type { PointsChange, PointsRefusal } from './points/request-points.js';
import { formatInstant } from './time/calendar.js';
import { viewStreak, type StreakView } from './view.js';

export interface CurrentStreak extends StreakView {
  /** this event extended the streak (S7) */
  extended: boolean;
}

/** What `ingest` answers: the event as recorded and what it changed, without the streaks' views. */
export interface RecordedEvent {
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
  /** each points system the event moved (S31, S34): its total, what it added, its awards; none when no system moved */
  points: Record<string, PointsChange>;
  /**
   * each leaderboard the event moved the user's value on (S44..S46): the run, the values and the
   * ranks before and after, the threshold; absent when the engine has no leaderboards
   */
  leaderboards?: Record<string, LeaderboardChange>;
  /**
   * present only on a refused event (S31): why. Nothing was stored; `total`, `changes`,
   * `achievements` and `points` say so (the total before, nothing changed).
   */
  refused?: PointsRefusal;
}

/** What `record` answers: the recorded event and each rule's streak as a read shows it. */
export interface RecordResult extends RecordedEvent {
  /** the first rule's streak, or null when no rule is configured */
  currentStreak: CurrentStreak | null;
  streaks: Record<string, CurrentStreak>;
}

/** The event as recorded, without the streaks' views: what `ingest` answers (imports and batches discard the views). */
export function recordedEvent(reduction: EventReduction, event: EventInput): RecordedEvent {
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
    points: emptyRecord<PointsChange>(),
  };
}

/** The response to an event: the recorded event, then each rule's streak as a read shows it. */
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
  // The two views added to the recorded event, always in this order: one shape of answer.
  const result = recordedEvent(reduction, event) as RecordResult;
  result.currentStreak = currentStreak;
  result.streaks = streaks;
  return result;
}

/**
 * A `record` answer as kept for its idempotency key (S18): `currentStreak` as its rule's key, since
 * `streaks` holds the same view (a third of the answer's bytes); `withKeptViews` gives it back whole.
 */
export function keptAnswer(result: RecordResult): RecordedEvent {
  const current = result.currentStreak;
  return { ...result, currentStreak: current === null ? null : current.key } as RecordedEvent;
}

/**
 * A kept answer with its streaks' views as first given, or null when it was kept without them (an
 * `ingest` answer). An answer kept whole (before `keptAnswer`) is given as it is.
 */
export function withKeptViews(answer: RecordedEvent): RecordResult | null {
  if (!('streaks' in answer)) return null;
  const kept = answer as Omit<RecordResult, 'currentStreak'> & { currentStreak: CurrentStreak | string | null };
  if (typeof kept.currentStreak !== 'string') return kept as RecordResult;
  const key = kept.currentStreak;
  const streaks: unknown = kept.streaks;
  if (streaks === null || typeof streaks !== 'object' || !Object.hasOwn(streaks, key))
    throw new StoreError(`a kept answer names the streak ${JSON.stringify(key)} it does not hold`, { lasting: true });
  return { ...kept, currentStreak: kept.streaks[key] as CurrentStreak };
}

/** `record`'s answer as `ingest` gives it: the same fields less the streaks' views (an answer without them as it is). */
export function withoutViews(result: RecordedEvent | RecordResult): RecordedEvent {
  const { currentStreak: _current, streaks: _streaks, ...recorded } = result as RecordResult;
  return recorded;
}

/**
 * A kept answer of `ingest`, which has no streaks' views, as `record` gives a repeat of its key
 * (S18): the views of the user's streaks as a read at `at` shows them, none extended by the repeat.
 */
export function withViewsAt(answer: RecordedEvent, user: UserState | null, model: Model, at: number): RecordResult {
  const streaks = emptyRecord<CurrentStreak>();
  let currentStreak: CurrentStreak | null = null;
  for (const rule of model.rules) {
    if (user?.streaks[rule.key] === undefined) continue;
    const view = viewStreak(stateAt(user, rule, at), rule, zoneFor(user, rule)) as CurrentStreak;
    view.extended = false;
    streaks[rule.key] = view;
    if (currentStreak === null) currentStreak = view;
  }
  return { ...answer, currentStreak, streaks };
}
