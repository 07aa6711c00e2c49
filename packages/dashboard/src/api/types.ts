/** The shapes of the admin API's answers, as docs/http-api.md describes them. */

export interface Account {
  id: string;
  name: string;
}

export interface Issue {
  index?: number;
  id?: string;
  severity: string;
  message: string;
}

export interface Metric {
  id: string;
  key: string;
  name: string;
  status: 'active' | 'archived';
  unitType: string;
  units: string;
  total: number;
  events: number;
  lastEventAt: string | null;
  created: string;
}

export type Frequency = 'daily' | 'weekly' | 'monthly';
export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface StreakCondition {
  metric: string;
  threshold: number;
}

export interface FreezeRule {
  initial: number;
  max: number;
  earn: { every: number; amount: number } | null;
}

export interface StreakRule {
  frequency: Frequency;
  weekStart: Weekday;
  dayStartsAt: string;
  defaultTimeZone: string;
  mode: 'all' | 'any';
  conditions: StreakCondition[];
  freezes: FreezeRule | null;
  restoreWindow: number;
}

export interface Rebuild {
  status: 'idle' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

export interface StreakSettings {
  rule: StreakRule | null;
  rebuild: Rebuild;
}

export type AchievementTrigger = 'metric' | 'streak' | 'api';

export interface Achievement {
  id: string;
  key: string;
  name: string;
  trigger: AchievementTrigger;
  metric?: string | null;
  threshold?: number | null;
  streakLength?: number | null;
  status: 'active' | 'archived';
  completions: number;
  rarity: number;
  created: string;
}

export interface NewAchievement {
  name: string;
  key?: string;
  trigger: AchievementTrigger;
  metric?: string;
  threshold?: number;
  streakLength?: number;
}

export interface ApiKey {
  id: string;
  name: string;
  kind: 'admin' | 'application';
  prefix: string;
  created: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreatedApiKey extends ApiKey {
  key: string;
}

export interface StreakAnalytics {
  streak: string | null;
  at: string;
  activeStreaks: number;
  averageLength: number;
  topCurrent: Array<{ userId: string; length: number }>;
  topLongest: Array<{ userId: string; longest: number }>;
  histogram: Array<{ from: number; to: number | null; users: number }>;
  lengths: Array<{ length: number; users: number }>;
  daily: Array<{ date: string; events: number; extended: number; lost: number; freezesUsed: number }>;
}

export interface StreakPeriod {
  periodStart: string;
  periodEnd: string;
  length: number;
  /** absent when the rule has no freezes */
  usedFreeze?: boolean;
  usedPause: boolean;
}

/** `GET /v1/users/:id/streak` (docs/http-api.md); the freeze fields only when the rule has freezes. */
export interface StreakRead {
  length: number;
  frequency: Frequency;
  started: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  expires: string | null;
  expiresAt?: string | null;
  /** the instant of the last extension */
  extended: string | null;
  longest: number;
  freezes?: number;
  maxFreezes?: number;
  freezeAutoEarnInterval?: number;
  freezeAutoEarnAmount?: number;
  streakHistory: StreakPeriod[];
  pauses: Array<{ id: string; start: string; end: string }>;
}

/** `GET /v1/users/:id` with the achievements the user completed. */
export interface UserProfile {
  id: string;
  email: string | null;
  name: string | null;
  tz: string | null;
  created: string;
  updated: string;
  totals?: Record<string, number>;
  achievements?: Array<{ key: string; name: string; achievedAt: string }>;
}

export interface UserDetails {
  user: UserProfile;
  /** null while the account has no streak rule */
  streak: StreakRead | null;
  recent: Array<{ date: string; metric: string; value: number }>;
}

export interface Pause {
  id: string;
  userId: string;
  start: string;
  end: string;
  status: string;
}
