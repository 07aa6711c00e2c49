/**
 * `@kindling/core/adapter`, the store author's entry: the three interfaces a backend implements
 * and what their methods take and return, with the helpers the adapters share.
 *
 * A backend implements up to three interfaces, each checked by its conformance suite in
 * `@kindling/testing/conformance`:
 * - `Store` (required: the engine runs on it). Every method is required except the optional
 *   ones (`?` in `store.ts`): `peekVersion` and `peekErasures`, answers on the spot without a
 *   promise; `erasures`, the count a cache of reads checks; `probe`, a readiness check.
 * - `ControlKV` (only for the HTTP service's control plane): every method is required.
 * - `DeliveryQueue` (only for the service's webhook relay): every method is required, `count()`
 *   among them, which must be cheap.
 * `memoryStore` (root entry) and `memoryDeliveryQueue` (here) are the reference implementations.
 * Errors of the backend reach the engine as `StoreError` (root entry).
 */
export type {
  Store,
  StepResult,
  UpdateOptions,
  UserSnapshot,
  UserWrite,
  IndexStats,
  ExpiringRow,
  PointsTotals,
  PointsDueRow,
  IdempotencyRecord,
  ForgottenRecords,
} from './store.js';
export type { ControlKV } from './control-kv.js';
export { ownRecord } from './control-kv.js';
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
export {
  memoryDeliveryQueue,
  checkQueueLimit,
  isUnderWay,
  scopeOrderKeyPrefix,
  userOfOrderKey,
  userOrderKey,
} from './delivery-queue.js';

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
export type { PointsState, TriggerProgress } from './points/points-types.js';
export { packPoints, unpackPoints } from './points/points-codec.js';
export type { BoardEntry, BoardLine, BoardStanding } from './leaderboards/leaderboard-types.js';
export { compareEntries, thresholdOf, visibleRank } from './leaderboards/entry-order.js';
export { RunRanking, type RankMove } from './leaderboards/run-ranking.js';
export { countOnBoard, type BoardChange, type BoardMove } from './leaderboards/count-on-board.js';
export { groupOf, groupOfPairs, groupValues, type GroupAsked } from './leaderboards/board-group.js';
export { hasKeysInOrder, isRecord } from './key-order.js';
export type { PointsLine } from './points/points-line.js';
export type { OutboxEntry, OutboxRecord, OutboxChange, ReminderChange, DatedChange } from './outbox.js';
export type { PointsNews, PointsChangedNews, PointsLevelNews } from './points/points-news.js';
export type { ActivityDelta, ActivityReport, DayCounts, MetricCounts, AchievementCounts } from './activity.js';
export type { RecordedEvent } from './response.js';

export { checkDaySum, checkFiniteNumbers } from './sums.js';
export {
  checkForgetArgs,
  checkIdempotencyRetention,
  idempotencyCutoff,
  MAX_FORGET_LIMIT,
} from './idempotency-retention.js';
