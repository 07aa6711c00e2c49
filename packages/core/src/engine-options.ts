/**
 * What `createEngine` takes: the store, the clock, the rules and achievements, the metrics events
 * may name, the id generator, the outbox switch and the idempotency retention. Apart from the
 * engine's other shapes (engine-types.ts) so that what every operation shares (engine-context.ts)
 * can read it without depending on them.
 */
import type { AchievementInput } from './achievements.js';
import type { LeaderboardRules } from './leaderboards/leaderboard-types.js';
import type { PointsSystemRules } from './points/points-types.js';
import type { StreakRuleInput } from './rules.js';
import type { Store } from './store.js';

/** The options of `createEngine`; only `store` is required. */
export interface EngineOptions {
  store: Store;
  /** the only source of "now" (epoch ms); default Date.now */
  clock?: () => number;
  streaks?: StreakRuleInput[];
  achievements?: AchievementInput[];
  /**
   * points systems (S27..S37), evaluated on every event after its streaks and achievements and
   * committed with it; keys unique. A change of them applies from then on: no user is rebuilt.
   */
  points?: PointsSystemRules[];
  /**
   * leaderboards (S40..S46), each ranking by a metric, a points system or a streak rule of this
   * engine; keys unique. Their values are committed with each change and ranked by the store, which
   * must keep rankings (`Store.boardPlace`). A change of them applies from then on.
   */
  leaderboards?: LeaderboardRules[];
  /** metrics that events may name; default: every metric the rules and achievements name */
  metrics?: string[];
  /** ids of events and pauses; default: deterministic UUID-shaped ids derived from user and version */
  newId?: () => string;
  /**
   * Write news of every change (an event's, a settlement's, an owner's action's, a reminder) to the
   * store's outbox with the change itself (outbox.ts), for a relay to hand on; default false.
   */
  outbox?: boolean;
  /**
   * How long an idempotency record answers a repeat of its key, from the clock's instant when it
   * was recorded (S18): after it the event is recorded as a new one. Milliseconds, from 1 hour to
   * 10 years; default 7 days (idempotency-retention.ts).
   */
  idempotencyRetentionMs?: number;
}
