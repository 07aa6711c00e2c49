/**
 * The pure reducer of one event: (user state, event, model) → (new state, held periods, rollup,
 * response). No clock, no I/O: the instant and the ids come in with the event.
 */
import { completeDue, type Achievement, type CompletedAchievement } from './achievements.js';
import { advanceTo } from './advance.js';
import { conditionsMet, type StreakRule } from './rules.js';
import { copyStreak, copyUser, type Change, type HistoryEntry, type Rollup, type StreakState, type UserState } from './state.js';
import { formatDay, DAY_MS } from './time/calendar.js';
import { placeInstant, zoneOf } from './time/local-date.js';
import { viewStreak, type StreakView } from './view.js';

/** What the reducer needs to know of the configuration. */
export interface Model {
  readonly rules: readonly StreakRule[];
  readonly achievements: readonly Achievement[];
}

/** An event, checked, with its instant and id decided. */
export interface EventInput {
  readonly userId: string;
  readonly metric: string;
  readonly value: number;
  /** epoch ms */
  readonly at: number;
  readonly tz: string | null;
  readonly email: string | null;
  readonly eventId: string;
  readonly idempotencyKey: string | null;
}

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

export interface EventReduction {
  user: UserState;
  history: HistoryEntry[];
  rollups: Rollup[];
  result: RecordResult;
}

export function newUser(userId: string, at: number): UserState {
  return { id: userId, email: null, tz: null, firstSeenAt: at, version: 0, totals: {}, streaks: {}, achievements: {} };
}

export function newStreakState(rule: StreakRule, day: number): StreakState {
  return {
    since: day,
    day,
    period: rule.calendar.indexOf(day),
    progress: {},
    met: false,
    length: 0,
    longest: 0,
    started: null,
    freezes: rule.freezes.initial,
    earnedThrough: day,
    lost: null,
    extendedAt: null,
    pauses: [],
  };
}

/** The zone a rule places this user's events in: the user's last known zone, else the rule's default (S1). */
export function zoneNameFor(user: UserState | null, rule: StreakRule): string {
  return user?.tz ?? rule.defaultTimeZone;
}

/** Bring one rule's state forward to `day` for a read (nothing is written). */
export function stateAt(user: UserState | null, rule: StreakRule, at: number, history: HistoryEntry[] = []): StreakState {
  const zone = zoneOf(zoneNameFor(user, rule));
  const day = placeInstant(at, zone, rule.dayStartMs);
  const stored = user?.streaks[rule.key];
  if (stored === undefined) return newStreakState(rule, day);
  const state = copyStreak(stored);
  advanceTo(state, day, { rule, zone, changes: null, history });
  return state;
}

function applyToRule(
  before: UserState | null,
  user: UserState,
  rule: StreakRule,
  event: EventInput,
  changes: Change[],
  history: HistoryEntry[],
): { state: StreakState; extended: boolean } {
  const zoneName = zoneNameFor(user, rule);
  const zone = zoneOf(zoneName);
  const placed = placeInstant(event.at, zone, rule.dayStartMs);
  const stored = user.streaks[rule.key];
  let state: StreakState;
  if (stored === undefined) {
    state = newStreakState(rule, placed);
  } else {
    state = copyStreak(stored);
    const day = Math.max(placed, state.day);
    let excusedFrom: number | undefined;
    const previousZone = zoneNameFor(before, rule);
    if (previousZone !== zoneName) {
      // S5: count the missed periods in the old zone too, and excuse those only the new zone sees.
      const oldDay = Math.max(placeInstant(event.at, zoneOf(previousZone), rule.dayStartMs), state.day);
      const oldPeriod = rule.calendar.indexOf(oldDay);
      if (oldPeriod < rule.calendar.indexOf(day)) excusedFrom = oldPeriod;
    }
    advanceTo(state, day, { rule, zone, changes, history, excusedFrom });
  }
  let extended = false;
  if (rule.conditions.some((condition) => condition.metric === event.metric)) {
    state.progress[event.metric] = (state.progress[event.metric] ?? 0) + event.value;
    if (!state.met && conditionsMet(rule, state.progress)) {
      state.met = true;
      extended = true;
      const periodStart = formatDay(rule.calendar.startOf(state.period));
      const periodEnd = formatDay(rule.calendar.endOf(state.period));
      if (state.length > 0) {
        state.length += 1;
        changes.push({ type: 'streak.extended', streak: rule.key, length: state.length, periodStart, periodEnd });
      } else {
        state.length = 1;
        state.started = state.day;
        changes.push({ type: 'streak.started', streak: rule.key, length: 1, periodStart, periodEnd });
      }
      state.longest = Math.max(state.longest, state.length);
      state.extendedAt = event.at;
      history.push({ streak: rule.key, period: state.period, length: state.length, heldBy: 'met' });
    }
  }
  return { state, extended };
}

/** S1..S12, S22: apply one event to a user's state. */
export function reduceEvent(before: UserState | null, event: EventInput, model: Model): EventReduction {
  const changes: Change[] = [];
  const history: HistoryEntry[] = [];
  const user = before === null ? newUser(event.userId, event.at) : copyUser(before);
  if (event.tz !== null) user.tz = event.tz;
  if (event.email !== null) user.email = event.email;
  user.version += 1;
  const total = (user.totals[event.metric] ?? 0) + event.value;
  user.totals[event.metric] = total;

  const streaks: Record<string, CurrentStreak> = {};
  let currentStreak: CurrentStreak | null = null;
  let rollupDay = Math.floor(event.at / DAY_MS);
  for (const rule of model.rules) {
    const { state, extended } = applyToRule(before, user, rule, event, changes, history);
    user.streaks[rule.key] = state;
    const view: CurrentStreak = { ...viewStreak(state, rule, zoneOf(zoneNameFor(user, rule))), extended };
    streaks[rule.key] = view;
    if (currentStreak === null) {
      currentStreak = view;
      rollupDay = state.day;
    }
  }
  const achievements = completeDue(user, model.achievements, event.at, changes);
  return {
    user,
    history,
    rollups: [{ metric: event.metric, day: rollupDay, value: event.value }],
    result: {
      eventId: event.eventId,
      userId: event.userId,
      metric: event.metric,
      value: event.value,
      total,
      at: new Date(event.at).toISOString(),
      replayed: false,
      idempotencyKey: event.idempotencyKey,
      achievements,
      changes,
      currentStreak,
      streaks,
    },
  };
}
