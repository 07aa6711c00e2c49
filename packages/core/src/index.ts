/**
 * `@kindling/core`, the embedder's entry: the engine and its options, the memory store, the rule
 * and achievement inputs, what the engine's calls answer, the typed errors, the time and key
 * helpers, and the bounds of values and idempotency. A store author's names are in `adapter.ts`
 * (`@kindling/core/adapter`); what only tests and benches use is in `internal.ts`, outside semver.
 */
export { createEngine } from './engine.js';
export type {
  Engine,
  EngineOptions,
  IdentifyInput,
  IdentifyMode,
  IdentifyResult,
  RecordInput,
  ReadStamp,
  StreakRead,
  UserPage,
  UserRow,
  UserView,
} from './engine-types.js';
export { memoryStore } from './memory-store.js';
export type { MemoryStore } from './memory-store.js';
export type { Store } from './store.js';

export { parseRules } from './rules.js';
export type {
  StreakRule,
  StreakRuleInput,
  ConditionInput,
  FreezesInput,
  Mode,
  PersonalizationInput,
} from './rules.js';
export type { Achievement, AchievementInput, AchievementStatus, CompletedAchievement } from './achievements.js';
export type { ProfileInput } from './profile.js';
export type { NotificationType, PreferencesInput, PreferencesView } from './preferences.js';

export type { RecordedEvent, RecordResult, CurrentStreak } from './response.js';
export type { StreakView, HistoryPeriod } from './view.js';
export type { PauseView } from './pauses.js';
export type { RestoreOutcome } from './restore.js';
export type { SettleResult, SettledChangeView, SweepResult } from './sweep.js';
export type { StreakStats } from './stats.js';
export { describeStats } from './stats.js';
export { LOOKED_AT_PER_PAGE } from './user-list.js';
export type { Aggregation, SummaryPeriod } from './event-summary.js';
export type { ActivityReport } from './activity.js';
export type { Change, Journal } from './state.js';
export type {
  AttributeFilter,
  PointsAward,
  PointsBoost,
  PointsLevel,
  PointsSystemRules,
  PointsTrigger,
  Rounding,
} from './points/points-types.js';
export type { PointsChange, PointsRefusal } from './points/request-points.js';
export type { UserPointsView } from './points/user-points-view.js';
export type { PointsRange } from './points/points-summary.js';
export { boostStatus, type BoostStatus } from './points/boost-status.js';
export type {
  BoardRun,
  LeaderboardRules,
  RankBy,
  RunRepeat,
  TimeWindow,
} from './leaderboards/leaderboard-types.js';
export { runAt } from './leaderboards/board-runs.js';
export type { LeaderboardChange } from './leaderboards/board-ranks.js';
export type { BoardPage, BoardReadOptions } from './leaderboards/read-board.js';
export { boardStatusAt, runClosesAt, runOpensAt, type BoardStatus } from './leaderboards/run-instants.js';
export { formatTimeOfDay, parseTimeOfDay } from './leaderboards/time-window.js';
export { validateLeaderboard } from './leaderboards/validate-leaderboard.js';

export {
  KindlingError,
  InvalidInputError,
  FeatureOffError,
  ConfigError,
  NotFoundError,
  StoreError,
} from './errors.js';
export type { ErrorCode, InvalidInputCode, NotFoundCode, FeatureOffCode } from './errors.js';

export { localDate, localDateStart, isTimeZone, canonicalTimeZone } from './time/local-date.js';
export { periodOf } from './time/period.js';
export type { Frequency } from './time/period.js';
export { formatDay, parseDay, weekdayOf, WEEKDAYS, DAY_MS } from './time/calendar.js';
export type { Weekday } from './time/calendar.js';

export { deriveKey, isValidKey, keyFor, KEY_RULE, MAX_KEY_LENGTH } from './item-key.js';
export { isShowable, SHOWABLE_PATTERN } from './characters.js';
export { deterministicId } from './ids.js';
export { MAX_VALUE, MAX_SUM } from './sums.js';
export {
  DEFAULT_IDEMPOTENCY_RETENTION_MS,
  MAX_IDEMPOTENCY_RETENTION_MS,
  MIN_IDEMPOTENCY_RETENTION_MS,
} from './idempotency-retention.js';
