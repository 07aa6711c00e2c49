/**
 * createEngine: load → reduce → commit, one user at a time, through an injected Store and clock.
 * This is the only module of the core that has a notion of "now", and it takes it from `clock`.
 */
import { describeCompleted, parseAchievements, type Achievement, type AchievementInput, type CompletedAchievement } from './achievements.js';
import { advanceTo } from './advance.js';
import { ConfigError, InvalidInputError, NotFoundError } from './errors.js';
import { grantFreezes as addFreezes } from './freezes.js';
import { deterministicId } from './ids.js';
import { addPause, removePause, viewPause, type PauseView } from './pauses.js';
import { newStreakState, newUser, reduceEvent, zoneNameFor, type Model } from './reduce.js';
import { describeEvent, type RecordResult } from './response.js';
import { restoreStreak, type RestoreOutcome } from './restore.js';
import { parseRules, type StreakRule, type StreakRuleInput } from './rules.js';
import { copyStreak, copyUser, type Change, type HistoryEntry, type OwnerAction, type StreakState, type UserState } from './state.js';
import { indexEntries } from './index-entry.js';
import { rebuildUser } from './rebuild.js';
import { describeStats, type StreakStats } from './stats.js';
import type { Store } from './store.js';
import { parseDay } from './time/calendar.js';
import { placeInstant, toInstant, zoneOf } from './time/local-date.js';
import { checkCount, checkOptionalString, checkUserId, checkValue } from './validate.js';
import { viewHistory, viewStreak, type HistoryPeriod, type StreakView } from './view.js';

/** An owner action as a step reports it; the engine adds when, on which rule and day. */
type OwnerActionBody =
  | { kind: 'grant'; count: number }
  | { kind: 'pause'; id: string; start: number; end: number }
  | { kind: 'unpause'; id: string }
  | { kind: 'restore' };

export interface EngineOptions {
  store: Store;
  /** the only source of "now" (epoch ms); default Date.now */
  clock?: () => number;
  streaks?: StreakRuleInput[];
  achievements?: AchievementInput[];
  /** metrics that events may name; default: every metric the rules and achievements name */
  metrics?: string[];
  /** ids of events and pauses; default: deterministic UUID-shaped ids derived from user and version */
  newId?: () => string;
}

export interface RecordInput {
  userId: string;
  metric: string;
  value: number;
  /** when the event happened; default: the clock */
  at?: Date | number;
  /** the user's IANA zone now (S1) */
  tz?: string | null;
  email?: string | null;
  /** S18: a repeated key for the same user and metric changes nothing */
  idempotencyKey?: string | null;
}

export interface StreakRead extends StreakView {
  streakHistory: HistoryPeriod[];
  pauses: PauseView[];
}

export interface UserView {
  id: string;
  email: string | null;
  tz: string | null;
  firstSeenAt: string;
  totals: Record<string, number>;
  achievements: CompletedAchievement[];
}

export interface Engine {
  readonly rules: readonly StreakRule[];
  readonly achievements: readonly Achievement[];
  readonly metrics: ReadonlySet<string>;
  readonly store: Store;
  record(input: RecordInput): Promise<RecordResult>;
  streak(userId: string, options?: { at?: Date | number; historyPeriods?: number; key?: string }): Promise<StreakRead>;
  user(userId: string): Promise<UserView | null>;
  grantFreezes(userId: string, count: number, options?: { key?: string; at?: Date | number }): Promise<{ granted: number; freezes: number; maxFreezes: number }>;
  pause(userId: string, options: { start: string; end: string; key?: string; at?: Date | number }): Promise<PauseView>;
  unpause(userId: string, pauseId: string, options?: { key?: string; at?: Date | number }): Promise<void>;
  restore(userId: string, options?: { key?: string; at?: Date | number }): Promise<RestoreOutcome & { streak: StreakView; changes: Change[] }>;
  completeAchievement(userId: string, key: string, options?: { at?: Date | number }): Promise<{ completed: boolean; achievement: CompletedAchievement }>;
  /** Recompute one user's streaks and history from the journal under the current rules (S20). */
  rebuild(userId: string, options?: { at?: Date | number }): Promise<{ userId: string; streaks: Record<string, { length: number; longest: number }> }>;
  /** Rebuild every user, reporting progress after each. */
  rebuildAll(options?: { at?: Date | number; onProgress?: (progress: { done: number; total: number; userId: string }) => void }): Promise<{ users: number }>;
  /** Analytics of one rule at an instant, from the store's index. */
  stats(options?: { at?: Date | number; key?: string; top?: number }): Promise<StreakStats>;
  /** Live streaks that expire before `before` (for reminders and sweeps), soonest first. */
  expiring(options: { before: Date | number; at?: Date | number; key?: string; limit?: number }): Promise<Array<{ userId: string; length: number; expiresAt: string }>>;
}

function knownMetrics(options: EngineOptions, rules: readonly StreakRule[], achievements: readonly Achievement[]): Set<string> {
  if (options.metrics !== undefined) {
    if (!Array.isArray(options.metrics) || options.metrics.some((m) => typeof m !== 'string' || m.length === 0)) {
      throw new ConfigError('metrics must be an array of non-empty strings');
    }
    return new Set(options.metrics);
  }
  const metrics = new Set<string>();
  for (const rule of rules) for (const condition of rule.conditions) metrics.add(condition.metric);
  for (const achievement of achievements) if (achievement.trigger === 'metric') metrics.add(achievement.metric);
  return metrics;
}

export function createEngine(options: EngineOptions): Engine {
  if (options === null || typeof options !== 'object' || options.store === undefined) throw new ConfigError('createEngine needs { store }');
  const store = options.store;
  const clock = options.clock ?? Date.now;
  const rules = parseRules(options.streaks);
  const achievements = parseAchievements(options.achievements, rules);
  const metrics = knownMetrics(options, rules, achievements);
  const model: Model = { rules, achievements };
  const newId = options.newId;

  const now = (at: Date | number | undefined) => toInstant(at ?? clock(), at === undefined ? 'clock()' : 'at');
  const ruleFor = (key: string | undefined): StreakRule => {
    const rule = key === undefined ? rules[0] : rules.find((r) => r.key === key);
    if (rule === undefined) {
      throw new NotFoundError('UNKNOWN_STREAK', key === undefined ? 'no streak rule is configured' : `unknown streak rule "${key}"; configured: ${rules.map((r) => r.key).join(', ') || 'none'}`);
    }
    return rule;
  };
  const idFor = (...parts: Array<string | number>) => (newId ? newId() : deterministicId(...parts));

  /**
   * A write step on one rule's state of an existing user, advanced to `at` first. `change` returns
   * its result and the owner action to journal (null when nothing changed), so a rebuild replays it.
   */
  function updateRule<T>(
    userId: string,
    rule: StreakRule,
    at: number,
    change: (state: StreakState, user: UserState, history: HistoryEntry[]) => [T, OwnerActionBody | null],
  ): Promise<T> {
    return store.update(userId, ({ user }) => {
      if (user === null) throw new NotFoundError('UNKNOWN_USER', `unknown user "${userId}": record an event for them first`);
      user.version += 1;
      const zone = zoneOf(zoneNameFor(user, rule));
      const day = placeInstant(at, zone, rule.dayStartMs);
      const state = user.streaks[rule.key] ?? newStreakState(rule, day);
      const history: HistoryEntry[] = [];
      advanceTo(state, day, { rule, zone, changes: null, history });
      const [result, action] = change(state, user, history);
      user.streaks[rule.key] = state;
      const journaled = action === null ? {} : { action: { ...action, at, streak: rule.key, day: state.day, version: user.version } as OwnerAction };
      return { result, write: { user, history, rollups: [], index: indexEntries(user, rules), ...journaled } };
    });
  }

  return {
    rules,
    achievements,
    metrics,
    store,

    async record(input) {
      if (input === null || typeof input !== 'object') throw new InvalidInputError('record needs { userId, metric, value }');
      const userId = checkUserId(input.userId);
      if (typeof input.metric !== 'string' || !metrics.has(input.metric)) {
        throw new NotFoundError('UNKNOWN_METRIC', `unknown metric ${JSON.stringify(input.metric)}; known: ${[...metrics].join(', ') || 'none'}`);
      }
      const metric = input.metric;
      const value = checkValue(input.value);
      const tz = checkOptionalString(input.tz, 'tz');
      if (tz !== null) zoneOf(tz);
      const email = checkOptionalString(input.email, 'email');
      const idempotencyKey = checkOptionalString(input.idempotencyKey, 'idempotencyKey');
      const at = now(input.at);
      return store.update(
        userId,
        ({ user, replay }) => {
          if (replay !== null) return { result: { ...replay, replayed: true } };
          const version = (user?.version ?? 0) + 1;
          const eventId = idFor('event', userId, version);
          const event = { userId, metric, value, at, tz, email, eventId, idempotencyKey };
          const reduction = reduceEvent(user, event, model);
          const result = describeEvent(reduction, event, model);
          return {
            result,
            write: {
              user: reduction.user,
              history: reduction.history,
              rollups: reduction.rollups,
              index: indexEntries(reduction.user, rules),
              ...(reduction.zoneChange !== null ? { zoneChange: reduction.zoneChange } : {}),
              ...(idempotencyKey !== null ? { idempotency: { metric, key: idempotencyKey, response: result } } : {}),
            },
          };
        },
        idempotencyKey !== null ? { idempotency: { metric, key: idempotencyKey } } : undefined,
      );
    },

    async streak(userId, options = {}) {
      checkUserId(userId);
      const rule = ruleFor(options.key);
      const count = checkCount(options.historyPeriods ?? 7, 'historyPeriods', 1, 366);
      const at = now(options.at);
      const user = await store.load(userId);
      const zone = zoneOf(zoneNameFor(user, rule));
      const day = placeInstant(at, zone, rule.dayStartMs);
      const stored = user?.streaks[rule.key];
      const generated: HistoryEntry[] = [];
      const state = stored ? copyStreak(stored) : newStreakState(rule, day);
      if (stored) advanceTo(state, day, { rule, zone, changes: null, history: generated });
      const entries = stored ? await store.history(userId, rule.key, state.period - count + 1, state.period) : [];
      return {
        ...viewStreak(state, rule, zone),
        streakHistory: viewHistory(state, rule, [...entries, ...generated], count),
        pauses: state.pauses.map(viewPause),
      };
    },

    async user(userId) {
      checkUserId(userId);
      const user = await store.load(userId);
      if (user === null) return null;
      return {
        id: user.id,
        email: user.email,
        tz: user.tz,
        firstSeenAt: new Date(user.firstSeenAt).toISOString(),
        totals: { ...user.totals },
        achievements: achievements.filter((a) => user.achievements[a.key] !== undefined).map((a) => describeCompleted(a, user.achievements[a.key] as number)),
      };
    },

    async grantFreezes(userId, count, options = {}) {
      checkUserId(userId);
      checkCount(count, 'count', 1, 1_000_000);
      const rule = ruleFor(options.key);
      if (!rule.freezes.enabled) throw new InvalidInputError(`freezes are not enabled for streak rule "${rule.key}": set freezes in its configuration`);
      return updateRule(userId, rule, now(options.at), (state) => {
        const granted = addFreezes(state, rule, count);
        return [{ granted, freezes: state.freezes, maxFreezes: rule.freezes.max }, { kind: 'grant', count }];
      });
    },

    async pause(userId, options) {
      checkUserId(userId);
      const rule = ruleFor(options?.key);
      const start = parseDay(options?.start, 'start');
      const end = parseDay(options?.end, 'end');
      return updateRule(userId, rule, now(options.at), (state, user) => {
        const pause = { id: idFor('pause', userId, user.version), start, end };
        addPause(state, pause);
        return [viewPause(pause), { kind: 'pause', ...pause }];
      });
    },

    async unpause(userId, pauseId, options = {}) {
      checkUserId(userId);
      const rule = ruleFor(options.key);
      await updateRule(userId, rule, now(options.at), (state) => {
        removePause(state, pauseId);
        return [undefined, { kind: 'unpause', id: pauseId }];
      });
    },

    async restore(userId, options = {}) {
      checkUserId(userId);
      const rule = ruleFor(options.key);
      const at = now(options.at);
      const loaded = await store.load(userId);
      const lostAt = loaded?.streaks[rule.key]?.lost?.period;
      const recent = lostAt === undefined ? [] : await store.history(userId, rule.key, lostAt, rule.calendar.indexOf(placeInstant(at, zoneOf(zoneNameFor(loaded, rule)), rule.dayStartMs)));
      return updateRule(userId, rule, at, (state, user, history) => {
        const changes: Change[] = [];
        const { outcome, history: restored } = restoreStreak(state, rule, [...recent, ...history], changes);
        history.push(...restored);
        return [{ ...outcome, changes, streak: viewStreak(state, rule, zoneOf(zoneNameFor(user, rule))) }, outcome.restored ? { kind: 'restore' } : null];
      });
    },

    async rebuild(userId, options = {}) {
      checkUserId(userId);
      const at = now(options.at);
      return store.update(
        userId,
        ({ user, journal }) => {
          if (user === null) throw new NotFoundError('UNKNOWN_USER', `unknown user "${userId}"`);
          const rebuilt = rebuildUser(user, journal ?? { rollups: [], zoneChanges: [], actions: [] }, model, at);
          const streaks: Record<string, { length: number; longest: number }> = {};
          for (const [key, state] of Object.entries(rebuilt.user.streaks)) streaks[key] = { length: state.length, longest: state.longest };
          return {
            result: { userId, streaks },
            write: { user: rebuilt.user, history: rebuilt.history, replaceHistory: true, rollups: [], index: indexEntries(rebuilt.user, rules) },
          };
        },
        { journal: true },
      );
    },

    async rebuildAll(options = {}) {
      const total = await store.countUsers();
      let done = 0;
      let after: string | null = null;
      for (;;) {
        const page: string[] = await store.users(after, 500);
        if (page.length === 0) break;
        for (const userId of page) {
          await this.rebuild(userId, options.at === undefined ? {} : { at: options.at });
          done += 1;
          options.onProgress?.({ done, total: Math.max(total, done), userId });
        }
        after = page[page.length - 1] as string;
      }
      return { users: done };
    },

    async stats(options = {}) {
      const rule = ruleFor(options.key);
      const top = checkCount(options.top ?? 10, 'top', 1, 1000);
      const at = now(options.at);
      return describeStats(rule.key, at, await store.stats(rule.key, at, top));
    },

    async expiring(options) {
      const rule = ruleFor(options?.key);
      const before = toInstant(options?.before as Date | number, 'before');
      const limit = checkCount(options.limit ?? 100, 'limit', 1, 10_000);
      const rows = await store.expiring(rule.key, now(options.at), before, limit);
      return rows.map((row) => ({ userId: row.userId, length: row.length, expiresAt: new Date(row.expiresAt).toISOString() }));
    },

    async completeAchievement(userId, key, options = {}) {
      checkUserId(userId);
      const achievement = achievements.find((a) => a.key === key);
      if (achievement === undefined) {
        throw new NotFoundError('UNKNOWN_ACHIEVEMENT', `unknown achievement ${JSON.stringify(key)}; configured: ${achievements.map((a) => a.key).join(', ') || 'none'}`);
      }
      if (achievement.trigger !== 'api') {
        throw new InvalidInputError(`achievement "${key}" completes by its ${achievement.trigger} trigger, not by an explicit call`);
      }
      const at = now(options.at);
      return store.update<{ completed: boolean; achievement: CompletedAchievement }>(userId, ({ user: stored }) => {
        const done = stored?.achievements[key];
        if (done !== undefined) return { result: { completed: false, achievement: describeCompleted(achievement, done) } };
        const user = stored ? copyUser(stored) : newUser(userId, at);
        user.version += 1;
        user.achievements = { ...user.achievements, [key]: at };
        return { result: { completed: true, achievement: describeCompleted(achievement, at) }, write: { user, history: [], rollups: [], index: [] } };
      });
    },
  };
}
