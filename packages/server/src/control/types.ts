/**
 * What the control plane keeps per account: the account itself, its configuration (metrics, the
 * streak rule, achievements, points systems), API keys and dashboard sessions. Streak data lives in the engine's store.
 */
import type { Frequency, Mode, Weekday } from '@kindling/core';

export interface Account {
  id: string;
  name: string;
  created: string;
  /** may create and list accounts */
  operator: boolean;
  /** scrypt hash of the owner password, or null when none is set */
  passwordHash: string | null;
}

export type Status = 'active' | 'archived';

/** What a metric's values count: plain numbers, or amounts of a currency. */
export type UnitType = 'number' | 'currency';

export interface MetricDef {
  id: string;
  key: string;
  name: string;
  status: Status;
  created: string;
  /** absent in documents written before metrics had units: `number` */
  unitType?: UnitType;
  /** a label for `number` (may be ""), a currency code for `currency`; absent before: "" */
  units?: string;
}

export interface RuleConfig {
  frequency: Frequency;
  weekStart: Weekday;
  dayStartsAt: string;
  defaultTimeZone: string;
  mode: Mode;
  conditions: Array<{ metric: string; threshold: number }>;
  freezes: { initial: number; max: number; earn: { every: number; amount: number } | null } | null;
  restoreWindow: number;
  /** how long before the end of an unmet period `streak.reminder_due` is sent (`4h`, `90m`); null or absent: never */
  remindBefore?: string | null;
  /** what users may choose for themselves (S24): the mode, thresholds within min..max; null or absent: only turning it off */
  personalization?: { mode: boolean; thresholds: { min: number; max: number } | null } | null;
}

export type AchievementTrigger = 'metric' | 'streak' | 'api' | 'achievement';

/**
 * `inactive`: not completable yet, shown to no user; `active`: live; `locked`: no new completions,
 * shown to the users who hold it; `archived`: gone from the engine and the lists (users keep it).
 */
export type AchievementStatus = 'inactive' | 'active' | 'locked' | 'archived';

export interface AchievementDef {
  id: string;
  key: string;
  name: string;
  trigger: AchievementTrigger;
  metric: string | null;
  threshold: number | null;
  streakLength: number | null;
  /** trigger achievement (a composite): the keys of the achievements it needs; absent in definitions made before composites */
  prerequisites?: string[] | null;
  /** an https URL of its badge, shown only; absent in definitions made before badges */
  badgeUrl?: string | null;
  /** only users whose attributes hold every one of these values may complete it; absent: none */
  userAttributes?: Array<{ key: string; value: string }>;
  /** trigger metric: only events whose attributes hold every one of these values count; absent: every event */
  eventAttributes?: Array<{ key: string; value: string }>;
  status: AchievementStatus;
  created: string;
}

/** A custom attribute the owner declared: users' (profile) or events'; values are strings. */
export interface AttributeDef {
  id: string;
  key: string;
  name: string;
  type: 'user' | 'event';
  created: string;
}

/** One versioned document per account; every change writes version + 1 (compare-and-set). */
export interface AccountConfig {
  version: number;
  metrics: MetricDef[];
  streak: RuleConfig | null;
  achievements: AchievementDef[];
  /** absent in documents written before attributes could be declared: none */
  attributes?: AttributeDef[];
  /**
   * How long after it happened an event sent with an application key and its own `at` is taken
   * (engines/event-lateness.ts); absent: 0, only the clock skew
   */
  lateEvents?: LateEvents;
  /** the points systems with their triggers, levels and boosts; absent in documents written before points: none */
  points?: PointsSystemDef[];
  /** the leaderboards; absent in documents written before leaderboards: none */
  leaderboards?: LeaderboardDef[];
}

/**
 * A leaderboard as the admin API keeps it (docs/semantics.md S40..S46). `status` as the owner set
 * it; an active one whose start has not come reads `scheduled`, one whose end has passed
 * `finished`. `activated`: the instant it last became active or scheduled, from which it counts.
 */
export interface LeaderboardDef {
  id: string;
  key: string;
  name: string;
  description: string | null;
  rankBy: 'metric' | 'points' | 'streak';
  /** rankBy metric: the metric's id; rankBy points: the points system's id */
  metricId?: string;
  pointsSystemId?: string;
  status: 'inactive' | 'active' | 'finished';
  activated?: string;
  maxParticipants: number;
  /** local dates `YYYY-MM-DD`; `end` inclusive, null: no end */
  start: string;
  end: string | null;
  /** the daily window `HH:mm[:ss]` in each user's zone, start inclusive, end exclusive */
  startTime: string | null;
  endTime: string | null;
  /** user attribute ids, in order */
  breakdownAttributes: string[];
  runUnit: 'day' | 'month' | 'year' | null;
  runInterval: number | null;
  created: string;
  updated: string;
}

/** A condition on an attribute the owner declared, by its id: the value the user's (or event's) attribute must hold. */
export interface AttributeFilter {
  attributeId: string;
  attributeValue: string;
}

export type PointsTriggerType = 'metric' | 'achievement' | 'streak' | 'time' | 'user_creation';

/**
 * What awards (or, with negative `points`, deducts) points. `archived`: deleted through the admin
 * API, kept so that the awards made before still name it; no list or get shows it.
 */
export interface PointsTriggerDef {
  id: string;
  type: PointsTriggerType;
  /** a non-zero integer, within ±1e9 */
  points: number;
  status: 'active' | 'inactive' | 'archived';
  userAttributes: AttributeFilter[];
  /** type metric: the metric's id, every `metricThreshold` of its increase, events with `eventAttributes` */
  metricId?: string;
  metricThreshold?: number;
  eventAttributes?: AttributeFilter[];
  /** type achievement: the achievement's id */
  achievementId?: string;
  /** type streak: every this many periods of streak */
  streakLength?: number;
  /** type time: every `timeInterval` hours or days, counted from `activated` */
  timeUnit?: 'hours' | 'days';
  timeInterval?: number;
  blockIfOutOfPoints: boolean;
  created: string;
  updated: string;
  /** when the trigger last became active, or null while it never was */
  activated: string | null;
}

/** A level: reached at `points` in all. */
export interface PointsLevelDef {
  id: string;
  key: string;
  name: string;
  points: number;
  description: string;
  badge: { url: string } | null;
  created: string;
  updated: string;
}

/** A multiplier of the points awarded from `start` (a date) to `end` (a date, or null: open-ended). */
export interface PointsBoostDef {
  id: string;
  name: string;
  start: string;
  end: string | null;
  multiplier: number;
  rounding: 'down' | 'up' | 'nearest';
  /** a boost of one user (of the namespace `tenantId` names, null the account's own), or null for all */
  userId: string | null;
  tenantId: string | null;
  /** only for a boost of all users: the users it applies to; empty: all */
  userAttributes: AttributeFilter[];
  created: string;
  updated: string;
}

export interface PointsSystemDef {
  id: string;
  key: string;
  name: string;
  description: string;
  status: 'active' | 'archived';
  badge: { url: string } | null;
  /** the most points a user may hold in it, or null: no bound */
  maxPoints: number | null;
  triggers: PointsTriggerDef[];
  levels: PointsLevelDef[];
  boosts: PointsBoostDef[];
  created: string;
  updated: string;
}

/** The owner's bound of late events from an application key: whole hours, 0 (off) to 720 (30 days). */
export interface LateEvents {
  maxLateHours: number;
}

export type KeyKind = 'admin' | 'application';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  kind: KeyKind;
  /** the first characters of the key, to recognise it in lists */
  prefix: string;
  /** SHA-256 of the whole key, hex */
  hash: string;
  created: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** an application key bound to one user acts for that user only (absent or null: for every user) */
  userId?: string | null;
  /** the tenant (internal id) of that user, or null for a user of the account's own namespace */
  tenantId?: string | null;
}

/**
 * A tenant of an account: a namespace of users and their data of its own, named by the caller's
 * `customerId` (the Tenant-ID header), its data kept under `id` (so a renamed customer id keeps
 * its data, and one deleted and made again starts empty). Configuration stays the account's.
 */
export interface Tenant {
  id: string;
  customerId: string;
  name: string;
  status: 'active' | 'archived';
  created: string;
  updated: string;
}

/**
 * What a session was signed in with. Every request of the session checks that it still holds: the
 * key not revoked, the password not changed since (`stamp` is a digest of the stored password hash,
 * which every password set renews with its salt).
 */
export type SessionSource = { kind: 'key'; keyId: string; keyHash: string } | { kind: 'password'; stamp: string };

export interface Session {
  accountId: string;
  created: string;
  expiresAt: number;
  /** absent in sessions made before sources were recorded: such a session no longer holds */
  source?: SessionSource;
}

export interface Rebuild {
  status: 'idle' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  /** the configuration version being rebuilt to */
  version: number;
  /** the last user rebuilt (users go in id order): where a rebuild taken over goes on */
  after?: string | null;
  /** the run that writes this record, and when it last did (its lease, see rebuild-account.ts) */
  runId?: string;
  heartbeatAt?: string | null;
}

export const IDLE_REBUILD: Rebuild = {
  status: 'idle',
  done: 0,
  total: 0,
  startedAt: null,
  finishedAt: null,
  error: null,
  version: 0,
};
