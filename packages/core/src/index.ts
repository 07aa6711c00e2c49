export { createEngine } from './engine.js';
export type {
  Engine,
  EngineOptions,
  IdentifyInput,
  IdentifyMode,
  IdentifyResult,
  RecordInput,
  StreakRead,
  UserView,
} from './engine-types.js';
export { checkProfile, PROFILE_LIMITS } from './profile.js';
export { NOTIFICATION_TYPES } from './preferences.js';
export type { NotificationType, PreferencesInput, PreferencesView } from './preferences.js';
export { personalRule } from './personal-rule.js';
export type { ProfileInput, CheckedProfile } from './profile.js';
export type { ReadStamp } from './read-stamp.js';
export type { UserPage, UserRow } from './user-list.js';
export { LOOKED_AT_PER_PAGE } from './user-list.js';
export type { Aggregation, SummaryPeriod } from './event-summary.js';
export { memoryStore } from './memory-store.js';
export type { MemoryStore } from './memory-store.js';
export type { ActivityDelta, ActivityReport, DayCounts, MetricCounts, AchievementCounts } from './activity.js';
export type {
  Store,
  StepResult,
  UpdateOptions,
  UserSnapshot,
  UserWrite,
  IndexStats,
  ExpiringRow,
  IdempotencyRecord,
  ForgottenRecords,
} from './store.js';
export {
  checkForgetArgs,
  checkIdempotencyRetention,
  idempotencyCutoff,
  DEFAULT_IDEMPOTENCY_RETENTION_MS,
  MAX_FORGET_LIMIT,
  MAX_IDEMPOTENCY_RETENTION_MS,
  MIN_IDEMPOTENCY_RETENTION_MS,
} from './idempotency-retention.js';
export { isShowable, SHOWABLE_PATTERN } from './characters.js';
export { ownRecord } from './control-kv.js';
export type { ControlKV } from './control-kv.js';
export {
  memoryDeliveryQueue,
  checkQueueLimit,
  isUnderWay,
  scopeOrderKeyPrefix,
  userOfOrderKey,
  userOrderKey,
} from './delivery-queue.js';
export type {
  ClaimedDelivery,
  DeliveryCounts,
  DeliveryQueue,
  Delivery,
  NewDelivery,
  DeliveryAttempt,
  DeliveryOutcome,
  DeliveryPage,
  DeliveryStatus,
  RetryOutcome,
} from './delivery-queue.js';
export { outboxEntries } from './outbox.js';
export type { OutboxEntry, OutboxRecord, OutboxChange, ReminderChange, DatedChange } from './outbox.js';
export { unsafeKeyReason } from './keys.js';
export { deriveKey, isValidKey, keyFor, KEY_RULE, MAX_KEY_LENGTH } from './item-key.js';
export {
  KindlingError,
  InvalidInputError,
  FeatureOffError,
  ConfigError,
  NotFoundError,
  StoreError,
} from './errors.js';
export type { ErrorCode, InvalidInputCode, NotFoundCode, FeatureOffCode } from './errors.js';
export { localDate, isTimeZone, canonicalTimeZone, placeInstant, zoneOf } from './time/local-date.js';
export { periodOf } from './time/period.js';
export type { Frequency } from './time/period.js';
export { formatDay, parseDay, weekdayOf, WEEKDAYS, DAY_MS } from './time/calendar.js';
export type { Weekday } from './time/calendar.js';
export { parseRules } from './rules.js';
export type {
  StreakRule,
  StreakRuleInput,
  ConditionInput,
  FreezesInput,
  Mode,
  Personalization,
  PersonalizationInput,
} from './rules.js';
export { MAX_PREREQUISITES, parseAchievements } from './achievements.js';
export type { Achievement, AchievementInput, AchievementStatus, CompletedAchievement } from './achievements.js';
export { reduceEvent, newUser } from './reduce.js';
export type { EventInput, EventReduction, Model } from './reduce.js';
export { settleUser, changeInstant } from './settle.js';
export type { Settlement, SettledChange } from './settle.js';
export { remindersDue, remindUser } from './reminders.js';
export type { SettleResult, SettledChangeView, SweepResult } from './sweep.js';
export type { ReminderDue } from './reminders.js';
export { describeEvent } from './response.js';
export type { RecordedEvent, RecordResult, CurrentStreak } from './response.js';
export { replayEvents } from './replay.js';
export { restoreStreak } from './restore.js';
export type { RestoreOutcome } from './restore.js';
export type { StreakView, HistoryPeriod } from './view.js';
export type { PauseView } from './pauses.js';
export type {
  UserState,
  StreakState,
  HistoryEntry,
  HeldBy,
  Rollup,
  Change,
  Pause,
  LostStreak,
  ZoneChange,
  UserProfile,
  UserPreferences,
  StreakPreference,
  NotificationChannel,
  OwnerAction,
  SettleLine,
  Journal,
  IndexEntry,
} from './state.js';
export { NEVER, mergeRollups } from './state.js';
export { describeStats } from './stats.js';
export type { StreakStats } from './stats.js';
export { deterministicId } from './ids.js';
export { MAX_VALUE, MAX_SUM, checkDaySum, checkFiniteNumbers } from './sums.js';
