/**
 * What the engine keeps per user. Days are epoch days (see time/calendar.ts); instants are epoch ms.
 * The reducers never mutate a state they are given: they return new objects.
 */

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
export interface StreakState {
  /** first local day the user was seen under this rule; freeze earning counts from it (S12) */
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
  /** instant of the last extension */
  extendedAt: number | null;
  pauses: Pause[];
}

export interface UserState {
  id: string;
  email: string | null;
  /** last known IANA zone (S1) */
  tz: string | null;
  firstSeenAt: number;
  /** bumped by every committed change; stores use it for compare-and-set */
  version: number;
  totals: Record<string, number>;
  streaks: Record<string, StreakState>;
  /** achievement key → instant of completion (S22) */
  achievements: Record<string, number>;
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

/** Sum of one metric's values on one local day (the input of a rebuild). */
export interface Rollup {
  readonly metric: string;
  readonly day: number;
  readonly value: number;
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

export function copyStreak(state: StreakState): StreakState {
  return { ...state, progress: { ...state.progress } };
}

export function copyUser(user: UserState): UserState {
  const streaks: Record<string, StreakState> = {};
  for (const key in user.streaks) streaks[key] = user.streaks[key] as StreakState;
  return { ...user, totals: { ...user.totals }, streaks, achievements: { ...user.achievements } };
}
