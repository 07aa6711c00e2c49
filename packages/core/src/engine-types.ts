/**
 * The engine's public shapes: its options, what `record` takes, what reads return, and the Engine
 * interface itself.
 */
import type { UserPointsView } from './points/user-points-view.js';
import type { PointsChange, PointsRefusal } from './points/request-points.js';
import type { PointsRange } from './points/points-summary.js';
import type { PointsLevel } from './points/points-types.js';
import type { Achievement, CompletedAchievement } from './achievements.js';
import type { PauseView } from './pauses.js';
import type { PreferencesInput, PreferencesView } from './preferences.js';
import type { ProfileInput } from './profile.js';
import type { RecordedEvent, RecordResult } from './response.js';
import type { RestoreOutcome } from './restore.js';
import type { Aggregation, SummaryPeriod } from './event-summary.js';
import type { StreakRule } from './rules.js';
import type { Change, Journal } from './state.js';
import type { StreakStats } from './stats.js';
import type { Store } from './store.js';
import type { EngineOptions } from './engine-options.js';
import type { SettleResult, SweepResult } from './sweep.js';
import type { BoardPage, BoardReadOptions } from './leaderboards/read-board.js';
import type { HistoryPeriod, StreakView } from './view.js';

export type { EngineOptions };

/** A stamp of the state a streak read is made from (read-stamp.ts checks it). */
export interface ReadStamp {
  /** the version of the user's committed state */
  readonly version: number;
  /** the IANA zone the user's days are counted in */
  readonly zone: string;
  /** the local day (epoch day) the read was made on */
  readonly day: number;
  /** the store's count of the user's erasures before the state was read (`Store.erasures`) */
  readonly erasures: number;
}

/** One user of a page of `listUsers` (user-list.ts). */
export interface UserRow {
  id: string;
  email: string | null;
  /** the user's IANA zone; null when none was sent (the rule's default applies) */
  tz: string | null;
  /** the first rule's streak length now (0 without a rule) */
  current: number;
  /** the first rule's longest streak (0 without a rule) */
  longest: number;
  /** the instant of the user's latest event (RFC 3339), null when none is known */
  lastActive: string | null;
}

/** A page of `listUsers`. */
export interface UserPage {
  users: UserRow[];
  /** the `after` of the next page; null at the end of the list */
  next: string | null;
}

export interface RecordInput {
  userId: string;
  metric: string;
  /**
   * what the event adds to the metric: a finite number from -1e12 to 1e12 (MAX_VALUE), else an
   * InvalidInputError INVALID_INPUT. An event that would take the user's total, a period's sum or a
   * day's sum beyond ±(2^53 − 1) (MAX_SUM) is refused with SUM_OUT_OF_RANGE and changes nothing.
   */
  value: number;
  /** when the event happened; default: the clock */
  at?: Date | number;
  /** the user's IANA zone now (S1) */
  tz?: string | null;
  email?: string | null;
  /** the user's name, email consent, device tokens and attributes, merged into what is kept (profile.ts) */
  profile?: Omit<ProfileInput, 'email'>;
  /** S18: a repeated key for the same user and metric changes nothing */
  idempotencyKey?: string | null;
  /** the event's own attributes: the metric is also counted under them (S25), for achievements filtered by them */
  attributes?: Readonly<Record<string, string>> | null;
  /**
   * The caller's own checks of a new event, run inside the update once it is known not to repeat an
   * idempotency key (S18): a repeat gets its first answer even if these would refuse it now (its
   * metric archived since, say). A throw refuses the event and writes nothing. May run more than
   * once for one call (a store runs a step again after a conflicting write). Null or absent: none.
   */
  admit?: (() => void) | null;
}

/** `identify`: create a user (or update one already there), replace their profile, or update an existing user's. */
export type IdentifyMode = 'create' | 'replace' | 'update';

export interface IdentifyInput extends ProfileInput {
  /** the user's IANA zone now: a change follows S4 and S5 as one an event carries */
  tz?: string | null;
}

export interface IdentifyResult {
  user: UserView;
  /** the user was not known before */
  created: boolean;
  /** something was written (a call that changes nothing writes nothing) */
  changed: boolean;
}

export interface StreakRead extends StreakView {
  streakHistory: HistoryPeriod[];
  pauses: PauseView[];
}

export interface UserView {
  id: string;
  email: string | null;
  name: string | null;
  tz: string | null;
  subscribeToEmails: boolean;
  deviceTokens: string[] | null;
  attributes: Record<string, string>;
  firstSeenAt: string;
  /** the last change of the profile, email or zone by `identify` or an event's profile (else `firstSeenAt`) */
  updated: string;
  totals: Record<string, number>;
  achievements: CompletedAchievement[];
}

export interface Engine {
  readonly rules: readonly StreakRule[];
  readonly achievements: readonly Achievement[];
  readonly metrics: ReadonlySet<string>;
  readonly store: Store;
  /** the fingerprint of the rules (fingerprint.ts) stamped on every state this engine writes; a state with another is rebuilt before use (S20) */
  readonly rulesFingerprint: string;
  /**
   * Record one event of a user (S1–S9): checked, placed on the user's local date per rule, added
   * to the period's progress, the streaks extended and achievements completed as it decides, all in
   * one atomic write of the store; answers the event, the total, every change and each rule's
   * streak as a read shows it. With an `idempotencyKey`, a repeat gets the first answer (S18).
   * Throws `InvalidInputError` for bad input, `StoreError` when the store fails.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { createEngine, memoryStore } from '@kindling/core';
   *
   * const engine = createEngine({
   *   store: memoryStore(),
   *   streaks: [{ frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
   * });
   * const result = await engine.record({ userId: 'ada', metric: 'lessons', value: 1, at: Date.parse('2026-03-02T09:00:00Z') });
   * assert.equal(result.total, 1);
   * assert.equal(result.currentStreak?.length, 1);
   * assert.equal(result.currentStreak?.extended, true);
   * ```
   */
  record(input: RecordInput): Promise<RecordResult>;
  /**
   * Records an event exactly as `record` does, and answers without the streaks' views
   * (`currentStreak`, `streaks`): for imports and backfills, which do not read them. An event with
   * an idempotency key still keeps `record`'s whole answer, the one a repeat is given (S18).
   */
  ingest(input: RecordInput): Promise<RecordedEvent>;
  /**
   * Identify a user: `create` (an existing user is updated with what is given), `replace` (upsert;
   * what is not given returns to its default, the zone stays), `update` (NotFoundError UNKNOWN_USER
   * for an unknown user). A changed zone settles and excuses as an event's would (S4, S5).
   */
  identify(
    userId: string,
    input: IdentifyInput,
    options: { mode: IdentifyMode; at?: Date | number },
  ): Promise<IdentifyResult>;
  /** The user's notification preferences and how they live a rule (first rule by default); null for an unknown user. */
  preferences(userId: string, options?: { key?: string }): Promise<PreferencesView | null>;
  /**
   * Change a user's preferences: notification channels, and their choice of a rule (off, or their
   * own mode and thresholds as the rule's `personalization` allows, else InvalidInputError
   * PERSONALIZATION_OFF). A changed choice rebuilds the user's streaks from the journal (S20).
   */
  setPreferences(
    userId: string,
    input: PreferencesInput,
    options?: { key?: string; at?: Date | number },
  ): Promise<PreferencesView>;
  /**
   * The user's streak of one rule (the first by default) at `at` (default now), as settled up to
   * then without writing (S10, S15–S17), with its recent history (`historyPeriods` periods) and
   * pauses. An unknown user reads as a streak of 0; a state kept under other rules is rebuilt first (S20).
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { createEngine, memoryStore } from '@kindling/core';
   *
   * const engine = createEngine({
   *   store: memoryStore(),
   *   streaks: [{ frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
   * });
   * for (const day of ['2026-03-02', '2026-03-03']) {
   *   await engine.record({ userId: 'ada', metric: 'lessons', value: 1, at: Date.parse(`${day}T09:00:00Z`) });
   * }
   * const read = await engine.streak('ada', { at: Date.parse('2026-03-03T20:00:00Z') });
   * assert.equal(read.length, 2);
   * assert.equal(read.started, '2026-03-02');
   * // two days without a lesson: the streak is lost by then
   * assert.equal((await engine.streak('ada', { at: Date.parse('2026-03-06T12:00:00Z') })).length, 0);
   * ```
   */
  streak(userId: string, options?: { at?: Date | number; historyPeriods?: number; key?: string }): Promise<StreakRead>;
  /** the user's profile, totals and completed achievements; a state kept under other rules is rebuilt first (S20), as for `streak` */
  user(userId: string, options?: { at?: Date | number }): Promise<UserView | null>;
  /**
   * the user's total, level and kept awards (newest first) in the points system `system`, with its
   * time triggers settled up to `at` without writing (S33, S10); null for a user never seen,
   * NotFoundError UNKNOWN_POINTS_SYSTEM for a key no system has
   */
  points(userId: string, system: string, options?: { at?: Date | number }): Promise<UserPointsView | null>;
  /**
   * S37: the eleven ranges of the points system's totals (`0–0`, then ten equal ranges up to the
   * largest total rounded up to a power of ten) and how many users are in each, from the store's
   * points index; with `userAttributes`, only users whose attributes hold every pair (a scan of the
   * users, refused with InvalidInputError past 10,000). NotFoundError UNKNOWN_POINTS_SYSTEM for a
   * key no system has.
   */
  pointsSummary(
    system: string,
    options?: { userAttributes?: Readonly<Record<string, string>> },
  ): Promise<PointsRange[]>;
  /**
   * S45, S46: a page of one run-group of a leaderboard (leaderboards/read-board.ts) at `at`
   * (default now). NotFoundError UNKNOWN_LEADERBOARD for a key no board has or a run date outside
   * its runs; InvalidInputError for pairs that name no group of it.
   */
  leaderboard(key: string, options?: BoardReadOptions & { at?: Date | number }): Promise<BoardPage>;
  /** S34: each level of the points system by ascending threshold and how many users hold it (none: []). */
  levelSummary(system: string): Promise<Array<{ level: PointsLevel; users: number }>>;
  /**
   * S36: the user's points in one system over local dates `from`..`to` (`YYYY-MM-DD`, `to` at most
   * 400 days after `from`), per day, week (the first rule's week start, else Monday) or calendar
   * month: the first date, the change the user's awards made and the total at its end, time triggers
   * settled up to `at` without a write. The state keeps two years of days before the latest change
   * (KEPT_DAYS). NotFoundError for an unknown system or user; InvalidInputError for a bad range.
   */
  pointsEventSummary(
    userId: string,
    system: string,
    options: { aggregation: Aggregation; from: string; to: string; at?: Date | number },
  ): Promise<SummaryPeriod[]>;
  /**
   * A stamp of the state a streak read of the user would be made from now, or null when the state
   * cannot be trusted as it is (a user never seen, a state kept under other rules): for caches of reads.
   */
  readStamp(userId: string, options?: { at?: Date | number; key?: string }): Promise<ReadStamp | null>;
  /** Whether a read stamped so would still answer the same: the state's version and the user's local day are unchanged (one version lookup). */
  isCurrent(userId: string, stamp: ReadStamp, options?: { at?: Date | number; key?: string }): Promise<boolean>;
  /**
   * `isCurrent` answered on the spot, when the store can tell the version without waiting
   * (`Store.peekVersion`); undefined when it cannot, and then only `isCurrent` answers.
   */
  isCurrentSync(userId: string, stamp: ReadStamp, options?: { at?: Date | number; key?: string }): boolean | undefined;
  /** The user's journal as stored: daily sums of its metrics, zone changes, owner actions (not the sums under events' attributes, S25). */
  journal(userId: string): Promise<Journal>;
  /**
   * A metric's summary for a user over local dates `from`..`to` (`YYYY-MM-DD`, `to` at most 400 days after `from`):
   * per day, week (the first rule's week start, else Monday) or calendar month holding them, the
   * first date, what the user's events added and the user's total at its end, from the daily sums
   * the store keeps. NotFoundError for an unknown metric or user; InvalidInputError for a bad range.
   */
  eventSummary(
    userId: string,
    metric: string,
    options: { aggregation: Aggregation; from: string; to: string },
  ): Promise<SummaryPeriod[]>;
  /** How many users the store holds. */
  countUsers(): Promise<number>;
  /**
   * Erase a user (S26): everything the store keeps of them (`Store.deleteUser`); the activity
   * counters keep their counts. False for a user the store does not hold.
   */
  deleteUser(userId: string): Promise<boolean>;
  /**
   * A page of users in id order, after `after` (limit 1..100, default 25), each with the first rule's
   * current and longest streak now, zone and latest event (user-list.ts). With `search`: first the
   * users whose id starts with it, then those whose email holds it (ignoring case), at most 2,000
   * users looked at per call, so a page may be short and still have a `next`. Writes nothing.
   */
  listUsers(options?: {
    after?: string | null;
    limit?: number;
    search?: string | null;
    at?: Date | number;
  }): Promise<UserPage>;
  /** Give the user `count` freezes of one rule (first by default), up to the rule's `max` (`granted`: how many were added), journaled (S12); InvalidInputError when the rule has no freezes. */
  grantFreezes(
    userId: string,
    count: number,
    options?: { key?: string; at?: Date | number },
  ): Promise<{ granted: number; freezes: number; maxFreezes: number }>;
  /** Pause the user's streak of one rule over local dates `start`..`end`, inclusive (S13): the periods it overlaps hold the streak without adding to it (S9, S11). */
  pause(userId: string, options: { start: string; end: string; key?: string; at?: Date | number }): Promise<PauseView>;
  /** Remove pause `pauseId` from the user's streak of one rule (S13), journaled. */
  unpause(userId: string, pauseId: string, options?: { key?: string; at?: Date | number }): Promise<void>;
  /** Set the user's lost streak of one rule back to the length it had, when the loss lies within the rule's `restoreWindow` (S14): the outcome, the streak after and what changed. */
  restore(
    userId: string,
    options?: { key?: string; at?: Date | number },
  ): Promise<RestoreOutcome & { streak: StreakView; changes: Change[] }>;
  /**
   * Complete an API achievement (`key`) for the user (S22); `completed` false when they already held
   * it. `points`: each points system the completion moved (its achievement triggers, a user created
   * by it, S32). A blocking deduction refuses it (S31): `completed` false, `refused` says why, and
   * nothing is stored.
   */
  completeAchievement(
    userId: string,
    key: string,
    options?: { at?: Date | number },
  ): Promise<{
    completed: boolean;
    achievement: CompletedAchievement;
    points: Record<string, PointsChange>;
    refused?: PointsRefusal;
  }>;
  /**
   * Recompute one user's streaks and history from the journal under the current rules (S20), even
   * when the state was made under them: each day is judged by its sum, so a period met and then
   * lowered within one day by negative values (S6) is not met after it.
   */
  rebuild(
    userId: string,
    options?: { at?: Date | number },
  ): Promise<{ userId: string; streaks: Record<string, { length: number; longest: number }> }>;
  /**
   * Bring every user made under other rules to the current ones, in user id order (or every user
   * after `after`, to go on with one that stopped), reporting progress after each: `done` counts the
   * users of this call. A user made under other streak rules is rebuilt from the journal; one whose
   * achievements alone changed has them recomputed, its streaks kept; one made under these rules is
   * left as it is. An exception
   * thrown by `onProgress` stops the rebuild and is thrown again.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { createEngine, memoryStore } from '@kindling/core';
   *
   * const store = memoryStore();
   * const at = Date.parse('2026-03-02T09:00:00Z');
   * const before = createEngine({ store, streaks: [{ frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }] });
   * await before.record({ userId: 'ada', metric: 'lessons', value: 1, at });
   * // the owner raises the threshold: the user's day no longer meets it once rebuilt
   * const after = createEngine({ store, streaks: [{ frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 2 }] }] });
   * const seen: string[] = [];
   * assert.deepEqual(await after.rebuildAll({ at, onProgress: ({ userId }) => seen.push(userId) }), { users: 1 });
   * assert.deepEqual(seen, ['ada']);
   * assert.equal((await after.streak('ada', { at })).length, 0);
   * ```
   */
  rebuildAll(options?: {
    at?: Date | number;
    after?: string | null;
    onProgress?: (progress: { done: number; total: number; userId: string }) => void;
  }): Promise<{ users: number }>;
  /** Analytics of one rule at an instant, from the store's index. */
  stats(options?: { at?: Date | number; key?: string; top?: number }): Promise<StreakStats>;
  /** Live streaks that expire before `before` (for reminders and sweeps), soonest first. */
  expiring(options: {
    before: Date | number;
    at?: Date | number;
    key?: string;
    limit?: number;
  }): Promise<Array<{ userId: string; length: number; expiresAt: string }>>;
  /**
   * Settle the user's streaks up to `at` (default now), as the next event or read would (S10): the
   * losses, freezes used and earned and pauses used since their last settlement, each with the
   * instant it happened (a local day start), written and counted once. None for an unknown user.
   */
  settle(userId: string, options?: { at?: Date | number }): Promise<SettleResult>;
  /**
   * Settle every user whose streak needed a freeze or was lost by `at` (default now), found in the
   * store's index, at most `limit` (default 500) per rule; `due` how many the index found (all
   * settled when it resolves), `users` those whose streaks moved, `more` when the index had more.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { createEngine, memoryStore } from '@kindling/core';
   *
   * const engine = createEngine({
   *   store: memoryStore(),
   *   streaks: [{ frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
   * });
   * await engine.record({ userId: 'ada', metric: 'lessons', value: 1, at: Date.parse('2026-03-02T09:00:00Z') });
   * // nobody is due while the streak can still be kept
   * assert.equal((await engine.settleDue({ at: Date.parse('2026-03-03T12:00:00Z') })).due, 0);
   * // once it is lost, the sweep settles the loss (written once: a second sweep finds nothing)
   * const sweep = await engine.settleDue({ at: Date.parse('2026-03-05T12:00:00Z') });
   * assert.deepEqual([sweep.due, sweep.users, sweep.more], [1, 1, false]);
   * assert.equal((await engine.settleDue({ at: Date.parse('2026-03-05T12:00:00Z') })).due, 0);
   * ```
   */
  settleDue(options?: { at?: Date | number; limit?: number }): Promise<SweepResult>;
  /**
   * The earliest instant from `at` (default now) on at which `settleDue` would find a user due, as
   * the store's index tells it now: a line's expiry, a reminder after those this engine sent, a
   * freeze earned (as `at` when one is earned before `until`); `until` when nothing is due before
   * it. A few reads of the index's first lines (no user read): what a sweeper asks once a namespace
   * is settled, to leave it unvisited until then. Writes after it (by anyone) may make it earlier.
   */
  nextDueAt(options: { at?: Date | number; until: Date | number }): Promise<number>;
}

/** The options argument (at `index`) of an Engine method, without undefined. */
export type Options<K extends keyof Engine, I extends number> = NonNullable<
  Engine[K] extends (...args: infer A) => unknown ? A[I] : never
>;
/** What an Engine method resolves to. */
export type Result<K extends keyof Engine> = Engine[K] extends (...args: never[]) => infer R ? R : never;
