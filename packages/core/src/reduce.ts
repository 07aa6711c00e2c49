/**
 * The reducer of one event: (user state, event, model) → (new state, held periods, rollup,
 * changes). Deterministic, no clock, no I/O: the instant and the ids come in with the event. What
 * the caller is shown is built from the reduction by response.ts.
 *
 * It takes ownership of the state it is given and updates it in place (stores hand it a state of
 * its own: parsed from disk, or cloned by the memory store). Copying every state on every event
 * cost about a third of the reducer's time (packages/core/bench).
 */
import {
  attributedKey,
  MAX_ATTRIBUTE_SET_CHARACTERS,
  MAX_ATTRIBUTE_SETS,
  roomForAttributeSet,
} from './attributed-metric.js';
import { emptyRecord } from './keys.js';
import { completeDue, type Achievement, type CompletedAchievement } from './achievements.js';
import { noteDayStarts } from './day-start-eras.js';
import { advanceTo } from './advance.js';
import { earnThrough } from './freezes.js';
import { conditionsMet, type StreakRule } from './rules.js';
import {
  copyStreak,
  NO_PAUSES,
  type Change,
  type Pause,
  type HistoryEntry,
  type Rollup,
  type StreakState,
  type UserState,
  type ZoneChange,
} from './state.js';
import { formatDay, DAY_MS } from './time/calendar.js';
import { ruleOfUser } from './personal-rule.js';
import { applyProfile, touchProfile, type CheckedProfile } from './profile.js';
import { placeInstant, zoneOf } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';
import { MAX_SUM, sumOutOfRange } from './sums.js';
import { InvalidInputError } from './errors.js';
import { excusedByMove } from './zone-change.js';
import type { LeaderboardRules } from './leaderboards/leaderboard-types.js';
import type { PointsSystemRules } from './points/points-types.js';

/** What the reducer needs to know of the configuration. */
export interface Model {
  readonly rules: readonly StreakRule[];
  readonly achievements: readonly Achievement[];
  /** the points systems, whose streak triggers' progress a rebuild sets (S30); none when absent */
  readonly points?: readonly PointsSystemRules[];
  /** the leaderboards, whose streak boards a rebuild moves with the streaks (S44); none when absent */
  readonly boards?: readonly LeaderboardRules[];
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
  /** the name, email consent, device tokens and attributes the event's user gave (merged), or null/absent */
  readonly profile?: CheckedProfile | null;
  readonly eventId: string;
  readonly idempotencyKey: string | null;
  /** the event's own attributes (checked, not empty), or null/absent: the metric is also counted under them (S25) */
  readonly attributes?: Readonly<Record<string, string>> | null;
}

/** What one event does to a user: the new state and what to write beside it, and what changed. */
export interface EventReduction {
  user: UserState;
  history: HistoryEntry[];
  /** amounts to add to the (metric, day start, local day) sums: one per distinct day start of the rules */
  rollups: Rollup[];
  /** the user's zone changed with this event (journaled for rebuilds) */
  zoneChange: ZoneChange | null;
  /** every change the event caused, in order (a shared frozen array when none: copy before changing) */
  changes: Change[];
  /** keys of the rules this event extended (S7); shared and frozen when none */
  extended: readonly string[];
  /** achievements this event completed */
  achievements: CompletedAchievement[];
}

export function newUser(userId: string, at: number): UserState {
  return {
    id: userId,
    email: null,
    tz: null,
    firstSeenAt: at,
    version: 0,
    totals: emptyRecord(),
    streaks: emptyRecord(),
    achievements: emptyRecord(),
  };
}

/**
 * A user's state under a rule, first seen on local day `day`. Freeze earnings count from the first
 * day of that period (S12), so that the order of the first period's events does not matter (S19).
 */
export function newStreakState(rule: StreakRule, day: number): StreakState {
  const period = rule.calendar.indexOf(day);
  const since = rule.calendar.startOf(period);
  const state: StreakState = {
    since,
    day,
    period,
    progress: emptyRecord(),
    met: false,
    length: 0,
    longest: 0,
    started: null,
    freezes: rule.freezes.initial,
    earnedThrough: since,
    lost: null,
    lastAt: null,
    extendedAt: null,
    pauses: NO_PAUSES as Pause[],
  };
  earnThrough(state, rule, day, null);
  return state;
}

/** The zone a rule places this user's events in: the user's last known zone, else the rule's default (S1). */
export function zoneNameFor(user: UserState | null, rule: StreakRule): string {
  return user?.tz ?? rule.defaultTimeZone;
}

export function zoneFor(user: UserState | null, rule: StreakRule): ZoneOffsets {
  return user?.tz == null ? rule.defaultZone : zoneOf(user.tz);
}

/** Bring one rule's state forward to `day` for a read (nothing is written). */
export function stateAt(
  user: UserState | null,
  rule: StreakRule,
  at: number,
  history: HistoryEntry[] = [],
): StreakState {
  const zone = zoneFor(user, rule);
  const day = placeInstant(at, zone, rule.dayStartMs);
  const stored = user?.streaks[rule.key];
  if (stored === undefined) return newStreakState(rule, day);
  const state = copyStreak(stored);
  advanceTo(state, day, { rule, zone, changes: null, history });
  return state;
}

/** Whether an event placed on `placed` opens a period after the state's current one (S4: never an earlier one). */
function startsLaterPeriod(state: StreakState, rule: StreakRule, placed: number): boolean {
  return placed > state.day && rule.calendar.indexOf(placed) > state.period;
}

/** Extend the streak if this event made the current period's conditions met (S7, S8). */
export function extendIfMet(
  state: StreakState,
  rule: StreakRule,
  at: number,
  changes: Change[],
  history: HistoryEntry[],
): boolean {
  if (state.met || !conditionsMet(rule, state.progress)) return false;
  state.met = true;
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
  if (state.length > state.longest) state.longest = state.length;
  state.extendedAt = state.lastAt ?? at;
  history.push({ streak: rule.key, period: state.period, length: state.length, heldBy: 'met' });
  return true;
}

/** One rule's state after the event, updated in place when the user already had one. */
function applyToRule(
  previousZone: ZoneOffsets | null,
  previousAt: number | null,
  zone: ZoneOffsets,
  stored: StreakState | undefined,
  rule: StreakRule,
  event: EventInput,
  changes: Change[],
  history: HistoryEntry[],
): StreakState {
  const placed = placeInstant(event.at, zone, rule.dayStartMs);
  const counts = rule.metrics.has(event.metric);
  let state: StreakState;
  if (stored === undefined) {
    state = newStreakState(rule, placed);
  } else {
    const day = Math.max(placed, stored.day);
    if (day === stored.day && !counts) return stored;
    state = stored;
    if (day > state.day) {
      // S5: a zone change excuses the periods that only one of the two zones sees missed.
      const excusedFrom =
        previousZone !== null && previousZone !== zone
          ? excusedByMove(state, rule, { at: event.at, day, from: previousZone, to: zone, previousAt })
          : undefined;
      advanceTo(state, day, { rule, zone, changes, history, excusedFrom });
    }
  }
  if (counts) {
    state.progress[event.metric] = (state.progress[event.metric] ?? 0) + event.value;
    if (event.value > 0 && (state.lastAt === null || event.at > state.lastAt)) {
      state.lastAt = event.at;
      if (state.met) state.extendedAt = event.at;
    }
  }
  return state;
}

const NONE_EXTENDED: readonly string[] = Object.freeze([]);
const scratchChanges: Change[] = [];
const scratchHistory: HistoryEntry[] = [];

/** A copy of what was collected, or one shared frozen empty array. */
function takeAll<T>(scratch: T[]): T[] {
  if (scratch.length === 0) return NONE_EXTENDED as unknown as T[];
  const taken = scratch.slice();
  scratch.length = 0;
  return taken;
}

/** The day each rollup's day start placed the event on, by day start: a zone change's `days` (Object.fromEntries cost more than the rest of a user's first event). */
function dayOfEachStart(rollups: readonly Rollup[]): Record<string, number> {
  const days: Record<string, number> = {};
  for (let r = 0; r < rollups.length; r++) days[String((rollups[r] as Rollup).dayStart)] = (rollups[r] as Rollup).day;
  return days;
}

/**
 * S25: the event's value counted under its attributes too: the attributed total, and beside each of
 * the event's rollups one of the attributed series (journaled like any metric's, for rebuilds).
 */
function countAttributed(user: UserState, name: string, total: number, rollups: Rollup[]): void {
  (user.attributed ??= emptyRecord<number>())[name] = total;
  const own = rollups.length;
  for (let r = 0; r < own; r++) rollups.push({ ...(rollups[r] as Rollup), metric: name });
}

/** S1..S12, S22: apply one event to a user's state (updated in place and returned). */
export function reduceEvent(before: UserState | null, event: EventInput, model: Model): EventReduction {
  // Collected in scratch arrays, copied out only when not empty: most events change nothing but the
  // current period, and two fewer allocations per event are measurable (packages/core/bench).
  const changes = scratchChanges;
  const history = scratchHistory;
  // Empty unless an earlier call threw (setting the length calls into the runtime: skipped when 0).
  if (changes.length !== 0) changes.length = 0;
  if (history.length !== 0) history.length = 0;
  const { metric, value } = event;
  const previousTz = before === null ? null : before.tz;
  const tz = event.tz ?? previousTz;
  // The user's zone, resolved once for every rule; a rule's default zone stands in while none is known (S1).
  const userZone = tz === null ? null : zoneOf(tz);
  const beforeZone = previousTz === null ? null : previousTz === tz ? userZone : zoneOf(previousTz);
  // The sums the event makes, checked before anything changes (sums.ts). Compared inline: a message
  // closure or a second pass over the rules per event costs measurably (packages/core/bench).
  const total = (before?.totals[metric] ?? 0) + value;
  if (Math.abs(total) > MAX_SUM)
    throw sumOutOfRange(total, `the total of ${JSON.stringify(metric)} for user ${JSON.stringify(event.userId)}`);
  const attributedName = event.attributes == null ? null : attributedKey(metric, event.attributes);
  const attributedBefore = attributedName === null ? undefined : before?.attributed?.[attributedName];
  if (
    attributedName !== null &&
    attributedBefore === undefined &&
    !roomForAttributeSet(before?.attributed, attributedName)
  )
    throw new InvalidInputError(
      'TOO_MANY_ATTRIBUTE_SETS',
      `user ${JSON.stringify(event.userId)} cannot count events under one more set of attributes: a user's events may carry at most ${MAX_ATTRIBUTE_SETS} sets, of ${MAX_ATTRIBUTE_SET_CHARACTERS} characters in all; events under a set counted before, or without attributes, are recorded`,
    );
  const attributedTotal = attributedName === null ? 0 : (attributedBefore ?? 0) + value;
  if (Math.abs(attributedTotal) > MAX_SUM)
    throw sumOutOfRange(
      attributedTotal,
      `the total of ${JSON.stringify(metric)} under the event's attributes for user ${JSON.stringify(event.userId)}`,
    );
  if (before !== null) {
    for (let i = 0; i < model.rules.length; i++) {
      const rule = model.rules[i] as StreakRule;
      const stored = before.streaks[rule.key];
      if (stored === undefined || !rule.metrics.has(metric)) continue;
      const sum = (stored.progress[metric] ?? 0) + value;
      // Out of range only if the event adds to the current period: a later one starts from nothing (advanceTo).
      if (
        Math.abs(sum) > MAX_SUM &&
        !startsLaterPeriod(stored, rule, placeInstant(event.at, userZone ?? rule.defaultZone, rule.dayStartMs))
      ) {
        throw sumOutOfRange(
          sum,
          `the sum of ${JSON.stringify(metric)} in the current period of rule ${JSON.stringify(rule.key)} for user ${JSON.stringify(event.userId)}`,
        );
      }
    }
  }

  const previousAt = before?.lastEventAt ?? null;
  const user = before ?? newUser(event.userId, event.at);
  if (previousAt === null || event.at > previousAt) user.lastEventAt = event.at;
  if (event.profile != null) applyProfile(user, event.profile, 'merge', event.at);
  // a user who does not want emails does not have their address kept (profile.ts)
  const emailChanges = event.email !== null && user.email !== event.email && user.profile?.subscribeToEmails !== false;
  if (emailChanges) user.email = event.email;
  // A known user's new zone or email is a change of the profile, as `identify` counts it (`updated`).
  if (before !== null && (emailChanges || tz !== previousTz)) touchProfile(user, event.at);
  user.tz = tz;
  user.version += 1;
  user.totals[metric] = total;

  let extended: readonly string[] = NONE_EXTENDED;
  const rollups: Rollup[] = [];
  for (let i = 0; i < model.rules.length; i++) {
    const rule = model.rules[i] as StreakRule;
    const zone = userZone ?? rule.defaultZone;
    const previousZone = before === null ? null : (beforeZone ?? rule.defaultZone);
    const state = applyToRule(previousZone, previousAt, zone, user.streaks[rule.key], rule, event, changes, history);
    if (rule.metrics.has(event.metric) && extendIfMet(state, ruleOfUser(rule, user), event.at, changes, history))
      extended = [...extended, rule.key];
    user.streaks[rule.key] = state;
    const dayStart = rule.dayStart;
    let summed = false;
    for (let r = 0; r < rollups.length && !summed; r++) summed = (rollups[r] as Rollup).dayStart === dayStart;
    if (!summed)
      rollups.push({
        metric: event.metric,
        dayStart,
        day: state.day,
        value: event.value,
        lastAt: event.value > 0 ? event.at : 0,
        version: user.version,
      });
  }
  if (rollups.length === 0)
    rollups.push({
      metric: event.metric,
      dayStart: 0,
      day: Math.floor(event.at / DAY_MS),
      value: event.value,
      lastAt: event.value > 0 ? event.at : 0,
      version: user.version,
    });
  noteDayStarts(user, rollups);
  if (attributedName !== null) countAttributed(user, attributedName, attributedTotal, rollups);
  const zoneChange =
    event.tz !== null && event.tz !== previousTz
      ? {
          at: event.at,
          from: previousTz,
          to: event.tz,
          days: dayOfEachStart(rollups),
          version: user.version,
          ...(previousAt !== null ? { previousAt } : {}),
        }
      : null;
  const achievements = completeDue(user, model.achievements, event.at, changes);
  return { user, history: takeAll(history), rollups, zoneChange, changes: takeAll(changes), extended, achievements };
}
