/**
 * What the engine keeps per user. Days are epoch days (see time/calendar.ts); instants are epoch ms.
 * The reducers update the state they are given in place (no copy per event): a store hands each
 * step a state of its own (parsed, cloned with `cloneUser`, or taken out of its cache), so nothing
 * committed is touched before the commit.
 */
import { emptyRecord } from './keys.js';
import type { BoardStanding } from './leaderboards/leaderboard-types.js';
import type { PointsState } from './points/points-types.js';

/** An owner-created pause of one user's streak: inclusive local dates (S13). */
export interface Pause {
  readonly id: string;
  readonly start: number;
  readonly end: number;
}

/** The last loss of a streak, kept for restore (S14). */
export interface LostStreak {
  readonly length: number;
  readonly started: number;
  /** index of the missed period that ended the streak */
  readonly period: number;
}

/** One user's state under one streak rule. */
/** The pauses of a user who has none: one shared, frozen array. */
export const NO_PAUSES: readonly Pause[] = Object.freeze([]);

export interface StreakState {
  /** first day of the period in which the user was first seen under this rule; freeze earning counts from it (S12) */
  since: number;
  /** latest local day placed for this user (S4) */
  day: number;
  /** index of the current period: the period holding `day` */
  period: number;
  /** per-metric sums within the current period (S6) */
  progress: Record<string, number>;
  /** the current period's conditions have been met (a period once met stays met) */
  met: boolean;
  length: number;
  longest: number;
  /** local day the current run started; null when length is 0 */
  started: number | null;
  freezes: number;
  /** freeze earnings are applied for every day up to and including this one */
  earnedThrough: number;
  lost: LostStreak | null;
  /** epoch ms of the latest event with a positive value counted in the current period (null before the first) */
  lastAt: number | null;
  /**
   * epoch ms of the latest event with a positive value counted in the period that last extended the
   * streak. A rebuild from daily sums finds the same instant.
   */
  extendedAt: number | null;
  pauses: Pause[];
}

export interface UserState {
  id: string;
  email: string | null;
  /** last known IANA zone (S1) */
  tz: string | null;
  firstSeenAt: number;
  /**
   * the latest instant (epoch ms) of the user's events: where a zone change places the previous
   * event in the new zone (S5). Absent in states kept before it was.
   */
  lastEventAt?: number;
  /** bumped by every committed change; stores use it for compare-and-set */
  version: number;
  totals: Record<string, number>;
  streaks: Record<string, StreakState>;
  /** achievement key → instant of completion (S22) */
  achievements: Record<string, number>;
  /**
   * the fingerprint (fingerprint.ts) of the rules the streaks were computed under; every engine
   * write sets it. An engine whose rules have another one (or none is set) rebuilds the user first (S20).
   */
  rulesFingerprint?: string;
  /**
   * `<rulesFingerprint>:<digest of the streak rules alone>` (fingerprint.ts), written with it: tells
   * a change of achievements alone, after which the streaks stand. Absent in states written before it.
   */
  streakRules?: string;
  /**
   * which day starts summed the user's events, from which version on (day-start-eras.ts); a new
   * era begins with the first event after the rules' day starts change. Replaced, never changed in place.
   */
  dayStarts?: readonly DayStartEra[];
  /**
   * rule key → the index of the period whose reminder was last sent (reminders.ts): a reminder
   * goes out once per period. Absent until the first. Replaced, never changed in place.
   */
  reminded?: Readonly<Record<string, number>>;
  /**
   * what the user told about themselves besides email and zone (profile.ts): set by `identify` and
   * by events that carry it. Absent until first given. Replaced, never changed in place.
   */
  profile?: UserProfile;
  /**
   * the user's own choices (preferences.ts): notification channels, and per rule key a streak turned
   * off or its mode and thresholds (personal-rule.ts). Absent until first set. Replaced, never changed in place.
   */
  preferences?: UserPreferences;
  /**
   * points system key → the user's state in it (points/points-types.ts, S27..S36). Absent until a
   * system first evaluates a request of theirs. Replaced, never changed in place.
   */
  points?: Readonly<Record<string, PointsState>>;
  /**
   * board key → the user's standing on each of its runs still open (leaderboards/, S44), oldest
   * run first. Absent until a board first counts a change of theirs. Replaced, never changed in place.
   */
  boards?: Readonly<Record<string, readonly BoardStanding[]>>;
  /**
   * the totals of the user's metrics under the attributes their events carried (attributed-metric.ts,
   * S25), by series name. Absent until an event carries attributes; changed in place as `totals`.
   */
  attributed?: Record<string, number>;
}

/** A user's choice of one rule: off, or their own mode and conditions within the owner's bounds. */
export interface StreakPreference {
  readonly enabled: boolean;
  readonly mode?: 'all' | 'any';
  readonly conditions?: ReadonlyArray<{ readonly metric: string; readonly threshold: number }>;
}

export type NotificationChannel = 'email' | 'push';

export interface UserPreferences {
  /** notification type → channels; a type absent was never set, an empty list opts out */
  readonly notifications: Readonly<Record<string, readonly NotificationChannel[]>>;
  /** rule key → the user's choice of it */
  readonly streaks: Readonly<Record<string, StreakPreference>>;
}

/** A user's name, email consent, device tokens and custom attributes, and when any of them last changed. */
export interface UserProfile {
  readonly name: string | null;
  /** false: the user's email address is not kept (the user state's email stays null) */
  readonly subscribeToEmails: boolean;
  readonly deviceTokens: readonly string[] | null;
  /** custom attributes, key → value (a record without prototype) */
  readonly attributes: Readonly<Record<string, string>>;
  /** epoch ms of the last change of the profile, the email or the zone by `identify` or an event's profile */
  readonly updatedAt: number;
}

/** From the event that made the user's version `from`, events were summed under `starts` (minutes, in rule order). */
export interface DayStartEra {
  readonly from: number;
  readonly starts: readonly number[];
}

/**
 * How a period held the streak: its conditions were met; a freeze covered it; a pause did; a zone
 * change or a date the zone skipped excused it (S5); or a restore covered it (S14).
 */
export type HeldBy = 'met' | 'freeze' | 'pause' | 'excused' | 'restore';

/** A held period of a rule. Periods in which the streak was not held have no entry. */
export interface HistoryEntry {
  readonly streak: string;
  /** period index */
  readonly period: number;
  readonly length: number;
  readonly heldBy: HeldBy;
}

/**
 * Sum of one metric's values on one local day, as counted by rules whose day starts `dayStart`
 * minutes after midnight (one rollup per distinct day start). With the zone changes and owner
 * actions of the journal, rollups are what a rebuild folds (S20).
 */
export interface Rollup {
  readonly metric: string;
  /** minutes after local midnight at which the counting rules' day begins */
  readonly dayStart: number;
  readonly day: number;
  readonly value: number;
  /** latest instant (epoch ms) of an event with a positive value summed here; 0 when none */
  readonly lastAt: number;
  /** the user's version after the first event summed here (stores keep the smallest): orders the journal */
  readonly version: number;
}

/** Two sums of one (metric, dayStart, day) as one, as every store merges them: values add up, lastAt keeps the maximum, version the minimum. */
export function mergeRollups(a: Rollup, b: Rollup): Rollup {
  return {
    metric: a.metric,
    dayStart: a.dayStart,
    day: a.day,
    value: a.value + b.value,
    lastAt: Math.max(a.lastAt, b.lastAt),
    version: Math.min(a.version, b.version),
  };
}

/** A change of the user's zone, at the event that carried the new one (S5). */
export interface ZoneChange {
  readonly at: number;
  /** the zone before; null when the user had none and rules used their default */
  readonly from: string | null;
  readonly to: string;
  /** the local day the event was placed on, per distinct day start (minutes), as in its rollups */
  readonly days: Readonly<Record<string, number>>;
  /** the user's version after the event */
  readonly version: number;
  /** the latest instant of the user's events before this one (S5); absent when the user had none or it was not kept yet */
  readonly previousAt?: number;
}

/**
 * An owner action on a user's streak, journaled so that a rebuild replays it; or a settlement made
 * without an event (`SettleLine`).
 */
export type OwnerAction =
  | ({
      readonly at: number;
      readonly streak: string;
      /** the rule's local day when it was applied */
      readonly day: number;
      /** the user's version after it */
      readonly version: number;
    } & (
      | { readonly kind: 'grant'; readonly count: number }
      | { readonly kind: 'pause'; readonly id: string; readonly start: number; readonly end: number }
      | { readonly kind: 'unpause'; readonly id: string }
      | { readonly kind: 'restore' }
    ))
  | SettleLine;

/**
 * Streaks moved on without an event (a sweep, or an owner's action that found nothing to do, S10):
 * the local day each moved rule reached. Journaled because where a state stands decides what a
 * later change of zone excuses (S5 weighs only the periods after it): a rebuild moves the rules
 * there at the same point, and so counts as the events did (S20).
 */
export interface SettleLine {
  readonly kind: 'settle';
  readonly at: number;
  /** the user's version after it */
  readonly version: number;
  /** by rule key: the local day the rule's state was moved to */
  readonly days: Readonly<Record<string, number>>;
}

/** Everything a rebuild needs of one user, besides the profile. */
export interface Journal {
  readonly rollups: readonly Rollup[];
  readonly zoneChanges: readonly ZoneChange[];
  readonly actions: readonly OwnerAction[];
}

/** The largest instant a Date can hold: `deadAt` of a streak that earnings keep alive forever. */
export const NEVER = 8.64e15;

/**
 * One user's line in a rule's analytics index: kept by the store as events arrive, so that
 * analytics and reminder queries never scan all users.
 */
export interface IndexEntry {
  readonly streak: string;
  readonly length: number;
  readonly longest: number;
  /** epoch ms at which the streak is lost if nothing more happens (S10, S11); NEVER when it cannot be; 0 when length is 0 */
  readonly deadAt: number;
  /** epoch ms at which `expires` ends (S15); 0 when length is 0 */
  readonly expiresAt: number;
  /**
   * epoch ms of the local day start at which the user next earns a freeze (S12), for a sweeper to
   * send `freeze.earned` then; NEVER (or absent, on lines written before there was this field) when
   * the rule earns none or the user holds the most freezes
   */
  readonly earnsAt?: number;
}

export type Change =
  | { type: 'streak.started'; streak: string; length: number; periodStart: string; periodEnd: string }
  | { type: 'streak.extended'; streak: string; length: number; periodStart: string; periodEnd: string }
  | { type: 'freeze.consumed'; streak: string; periodStart: string; periodEnd: string; freezes: number }
  | { type: 'freeze.earned'; streak: string; date: string; earned: number; freezes: number }
  | { type: 'pause.used'; streak: string; periodStart: string; periodEnd: string; pauseId: string }
  | { type: 'streak.lost'; streak: string; length: number; periodStart: string; periodEnd: string }
  | { type: 'streak.restored'; streak: string; length: number }
  | { type: 'achievement.completed'; achievement: string; name: string };

/** A shallow copy of a record of numbers (or states). */
export function copyRecord<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  const copy = emptyRecord<T>();
  for (const key in record) copy[key] = record[key] as T;
  return copy;
}

// The copies below name every field (in the order newStreakState and newUser create them) rather
// than spreading: on Node 20, spreading these states cost more than the rest of the reducer
// (measured with packages/core/bench). A field added to a state must be added here too (tsc says so).

/** A copy of a streak state; `progress` is shared: replace it, never change it in place. */
export function copyStreak(state: StreakState): StreakState {
  return {
    since: state.since,
    day: state.day,
    period: state.period,
    progress: state.progress,
    met: state.met,
    length: state.length,
    longest: state.longest,
    started: state.started,
    freezes: state.freezes,
    earnedThrough: state.earnedThrough,
    lost: state.lost,
    lastAt: state.lastAt,
    extendedAt: state.extendedAt,
    pauses: state.pauses,
  };
}

/** A copy of `record` with `key` set to `value` (records are shared between copies: never change one in place). */
export function withEntry<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  const copy = copyRecord(record);
  copy[key] = value;
  return copy;
}

/** A copy of a user; `achievements` is shared: replace it, never change it in place. */
export function copyUser(user: UserState): UserState {
  return {
    id: user.id,
    email: user.email,
    tz: user.tz,
    firstSeenAt: user.firstSeenAt,
    ...(user.lastEventAt !== undefined ? { lastEventAt: user.lastEventAt } : {}),
    version: user.version,
    totals: copyRecord(user.totals),
    streaks: copyRecord(user.streaks),
    achievements: user.achievements,
    rulesFingerprint: user.rulesFingerprint,
    ...(user.streakRules !== undefined ? { streakRules: user.streakRules } : {}),
    ...(user.dayStarts !== undefined ? { dayStarts: user.dayStarts } : {}),
    ...(user.reminded !== undefined ? { reminded: user.reminded } : {}),
    ...(user.profile !== undefined ? { profile: user.profile } : {}),
    ...(user.preferences !== undefined ? { preferences: user.preferences } : {}),
    ...(user.attributed !== undefined ? { attributed: copyRecord(user.attributed) } : {}),
    ...(user.points !== undefined ? { points: user.points } : {}),
    ...(user.boards !== undefined ? { boards: user.boards } : {}),
  };
}

/** A deep copy of a user's state, for a store to hand to a step that may change it in place. */
export function cloneUser(user: UserState): UserState {
  const streaks = emptyRecord<StreakState>();
  for (const key in user.streaks) {
    const state = copyStreak(user.streaks[key] as StreakState);
    state.progress = copyRecord(state.progress);
    streaks[key] = state;
  }
  const { lastEventAt, dayStarts } = user;
  // A user who has recorded an event has the optional fields below: one literal of one shape, in
  // copyUser's key order (its conditional spreads cost more than the rest of the copy). A user
  // reminded once, or with a profile, takes the general path.
  if (
    lastEventAt === undefined ||
    dayStarts === undefined ||
    user.streakRules === undefined ||
    user.reminded !== undefined ||
    user.profile !== undefined ||
    user.preferences !== undefined ||
    user.attributed !== undefined ||
    user.points !== undefined ||
    user.boards !== undefined
  )
    return { ...copyUser(user), streaks };
  return {
    id: user.id,
    email: user.email,
    tz: user.tz,
    firstSeenAt: user.firstSeenAt,
    lastEventAt,
    version: user.version,
    totals: copyRecord(user.totals),
    streaks,
    achievements: user.achievements,
    rulesFingerprint: user.rulesFingerprint,
    streakRules: user.streakRules,
    dayStarts,
  };
}
