/**
 * The points model's types (S27..S36): a points system as an owner configures it (triggers, levels,
 * boosts, each with the instant it was created or activated), a user's state in one system (its
 * total, each trigger's progress, the recent awards kept) and an award. Instants are epoch ms; local
 * dates (a boost's window) are epoch days; the two are never mixed.
 */
import { emptyRecord } from '../keys.js';

/** A filter on a user's or an event's attributes: every pair must match (S28). */
export type AttributeFilter = Readonly<Record<string, string>>;

/** What every trigger has; `points` is a non-zero whole number, negative for a deduction. */
interface TriggerBase {
  readonly id: string;
  readonly points: number;
  /** an inactive trigger pays nothing (S28) */
  readonly status: 'active' | 'inactive';
  /** the instant the trigger was last made active: it counts nothing from before it (S28) */
  readonly activatedAt: number;
  /** all must match the user's attributes; absent or empty: every user */
  readonly userAttributes?: AttributeFilter;
  /** refuse the whole event when this deduction would take the total below zero (S31) */
  readonly blockIfOutOfPoints?: boolean;
}

/** Every `threshold` of the metric's matching event values pays `points` (S29). */
export interface MetricTrigger extends TriggerBase {
  readonly type: 'metric';
  readonly metric: string;
  readonly threshold: number;
  readonly eventAttributes?: AttributeFilter;
}

/** Every `length` periods a live extension of the streak of rule `streak` reaches pays `points` (S30). */
export interface StreakTrigger extends TriggerBase {
  readonly type: 'streak';
  readonly streak: string;
  readonly length: number;
}

/** A live completion of `achievement` pays `points` (S32). */
export interface AchievementTrigger extends TriggerBase {
  readonly type: 'achievement';
  readonly achievement: string;
}

/** Every `interval` hours from its activation, or days at the user's local midnight (S33). */
export interface TimeTrigger extends TriggerBase {
  readonly type: 'time';
  readonly unit: 'hour' | 'day';
  readonly interval: number;
}

/** The user's first creation pays `points`, once (S32). */
export interface UserCreationTrigger extends TriggerBase {
  readonly type: 'user_creation';
}

export type PointsTrigger = MetricTrigger | StreakTrigger | AchievementTrigger | TimeTrigger | UserCreationTrigger;

/** A level: reached when the total is at least `points` (S34). */
export interface PointsLevel {
  readonly id: string;
  readonly key: string;
  readonly points: number;
  /** the instant the level was created: between equal thresholds the later one wins */
  readonly createdAt: number;
}

export type Rounding = 'down' | 'up' | 'nearest';

/**
 * A multiplier of positive awards over local dates `start..end` (epoch days, `end` inclusive, null:
 * open) in the user's zone: a user's own (`userId`) or a global one, optionally for users whose
 * attributes match (S35).
 */
export interface PointsBoost {
  readonly id: string;
  readonly start: number;
  readonly end: number | null;
  readonly multiplier: number;
  readonly rounding: Rounding;
  readonly userId?: string | null;
  readonly userAttributes?: AttributeFilter;
}

/** A points system as configured: triggers in creation order, levels, boosts. */
export interface PointsSystemRules {
  readonly key: string;
  readonly name: string;
  readonly description: string | null;
  readonly badgeUrl: string | null;
  /** the largest total a user may hold; null: 2^53 − 1 */
  readonly maxPoints: number | null;
  readonly status: 'active' | 'archived';
  readonly triggers: readonly PointsTrigger[];
  readonly levels: readonly PointsLevel[];
  readonly boosts: readonly PointsBoost[];
}

/** A kept fact: what one trigger paid or took, under which boosts, when, and the total after it (S36). */
export interface PointsAward {
  /** `String(seq)`: the system's count of the user's awards, so replaying a settlement gives the same ids */
  readonly id: string;
  readonly trigger: string;
  /** the points after boosts and clipping; never 0 */
  readonly awarded: number;
  /** ids of the boosts applied; absent when none */
  readonly boosts?: readonly string[];
  readonly at: number;
  readonly total: number;
}

/**
 * One trigger's progress for one user. `from` is the trigger's `activatedAt` (and for a metric
 * trigger its threshold) the progress was counted under: another one starts it anew (S28).
 * metric: `acc` the matching values summed, `reached` the multiples paid (S29); streak: `run` the
 * local day the paid run started and `reached` its multiples paid (S30); time: `reached` the index
 * of the last boundary settled (S33).
 */
export interface TriggerProgress {
  readonly from: string;
  readonly acc?: number;
  readonly reached: number;
  readonly run?: number;
}

/** A user's state in one points system, kept inside their `UserState` so it commits with the event (S21). */
export interface PointsState {
  total: number;
  /** a points change ever happened: before one, the user has no level (S34) */
  changed: boolean;
  /** awards ever recorded: the next award's id */
  seq: number;
  /** trigger id → progress; only triggers that keep any */
  progress: Record<string, TriggerProgress>;
  /** the newest awards, newest first, at most KEPT_AWARDS (S36) */
  awards: PointsAward[];
  /** the changes of the latest local days, for the event summary (points-days.ts, S36); absent before the first award */
  days?: PointsDays;
}

/**
 * A user's daily changes in one system (S36): one entry for every local epoch day from `from` to
 * `to` (0 where no award was paid), at most KEPT_DAYS of them, as text (points-days.ts).
 */
export interface PointsDays {
  from: number;
  to: number;
  changes: string;
}

/**
 * How many local days of changes a user's state keeps per system (S36): two years, so that any
 * summary of the last 400 days (the longest one asks) is exact; a year of daily awards of up to
 * ±511 adds at most 730 bytes.
 */
export const KEPT_DAYS = 731;

/**
 * How many awards a user's state keeps per system, newest first (S36): the hosted API's default list.
 * An award is about 106 bytes of JSON with a UUID trigger id; a year of daily awards under 100 kept
 * made a state of 10.9 KB, under 10 kept 1.3 KB, within the 2 KB a system may take.
 */
export const KEPT_AWARDS = 10;

/** The state of a user no points reached yet. */
export function emptyPointsState(): PointsState {
  return { total: 0, changed: false, seq: 0, progress: emptyRecord<TriggerProgress>(), awards: [] };
}
