/**
 * What every engine operation shares: the parsed configuration, the store, the injected clock and
 * ids, state kept under the current rules, and the write step for owner actions on one rule's state.
 */
import { isAttributed } from './attributed-metric.js';
import { checkRecordKey } from './keys.js';
import { parseAchievements, type Achievement } from './achievements.js';
import { countActivity } from './activity.js';
import { advanceTo } from './advance.js';
import { keepCurrent, type CurrentRules } from './current-rules.js';
import { ConfigError, NotFoundError } from './errors.js';
import { stampOf } from './fingerprint.js';
import { deterministicId } from './ids.js';
import { indexEntries } from './index-entry.js';
import { pointsLines } from './points/points-line.js';
import { dateChanges, outboxEntries } from './outbox.js';
import { newStreakState, zoneNameFor, type Model } from './reduce.js';
import { parseRules, type StreakRule } from './rules.js';
import type { Change, HistoryEntry, OwnerAction, StreakState, UserState } from './state.js';
import type { Store } from './store.js';
import { placeInstant, toInstant, zoneOf } from './time/local-date.js';
import type { EngineOptions } from './engine-options.js';
import { checkIdempotencyRetention } from './idempotency-retention.js';
import type { PointsSystemRules } from './points/points-types.js';
import { validatePointsSystem } from './points/validate-points-system.js';
import type { LeaderboardRules } from './leaderboards/leaderboard-types.js';
import { validateLeaderboard } from './leaderboards/validate-leaderboard.js';
import { boardsWatch } from './leaderboards/boards-watch.js';

/** An owner action as a step reports it; the engine adds when, on which rule and day. */
export type OwnerActionBody =
  | { kind: 'grant'; count: number }
  | { kind: 'pause'; id: string; start: number; end: number }
  | { kind: 'unpause'; id: string }
  | { kind: 'restore' };

export interface EngineContext {
  readonly store: Store;
  readonly rules: readonly StreakRule[];
  readonly achievements: readonly Achievement[];
  readonly metrics: ReadonlySet<string>;
  /** the points systems, checked (EngineOptions.points) */
  readonly points: readonly PointsSystemRules[];
  /** the leaderboards, checked (EngineOptions.leaderboards) */
  readonly boards: readonly LeaderboardRules[];
  readonly model: Model;
  /** reads and writes of user states computed under these rules (rebuilt first when made under others) */
  readonly current: CurrentRules;
  /** the instant given, or the clock's */
  now(at: Date | number | undefined): number;
  /** how long an idempotency record is in force, checked (EngineOptions.idempotencyRetentionMs) */
  readonly idempotencyRetention: number;
  /** the rule with this key (the first when none is given); NotFoundError otherwise */
  ruleFor(key: string | undefined): StreakRule;
  /** an id: the injected generator's, or a deterministic one from `parts` */
  idFor(...parts: Array<string | number>): string;
  /** whether writes carry outbox entries of their changes (EngineOptions.outbox) */
  readonly outbox: boolean;
  updateRule<T>(userId: string, rule: StreakRule, at: number, change: RuleChange<T>): Promise<T>;
}

/**
 * An owner's change of one rule's state (in place, with the held periods it decides in `history`
 * and the changes it reports in `changes`): its result and the action to journal (null: none).
 */
export type RuleChange<T> = (
  state: StreakState,
  user: UserState,
  history: HistoryEntry[],
  changes: Change[],
) => [T, OwnerActionBody | null];

function knownMetrics(
  options: EngineOptions,
  rules: readonly StreakRule[],
  achievements: readonly Achievement[],
  points: readonly PointsSystemRules[],
): Set<string> {
  if (options.metrics !== undefined) {
    if (!Array.isArray(options.metrics) || options.metrics.some((m) => typeof m !== 'string' || m.length === 0)) {
      throw new ConfigError('metrics must be an array of non-empty strings');
    }
    for (const [i, metric] of options.metrics.entries()) checkRecordKey(metric, `metrics[${i}]`);
    return checkMetricNames(new Set(options.metrics));
  }
  const metrics = new Set<string>();
  for (const rule of rules) for (const condition of rule.conditions) metrics.add(condition.metric);
  for (const achievement of achievements) if (achievement.trigger === 'metric') metrics.add(achievement.metric);
  for (const system of points)
    for (const trigger of system.triggers) if (trigger.type === 'metric') metrics.add(trigger.metric);
  for (const board of Array.isArray(options.leaderboards) ? options.leaderboards : [])
    if (board?.rankBy?.kind === 'metric' && typeof board.rankBy.metric === 'string') metrics.add(board.rankBy.metric);
  return checkMetricNames(metrics);
}

/** No metric's name holds the mark of an attributed series (attributed-metric.ts), which would read as one. */
function checkMetricNames(metrics: Set<string>): Set<string> {
  for (const metric of metrics)
    if (isAttributed(metric))
      throw new ConfigError(
        `metric ${JSON.stringify(metric)} holds the character U+001F, which no metric key may hold`,
      );
  return metrics;
}

/** The points systems, each checked (S27), their keys unique. */
function checkPointsSystems(systems: EngineOptions['points']): readonly PointsSystemRules[] {
  if (systems === undefined) return [];
  if (!Array.isArray(systems)) throw new ConfigError('points must be an array of points systems');
  const keys = new Set<string>();
  return systems.map((system) => {
    const checked = validatePointsSystem(system);
    if (keys.has(checked.key)) throw new ConfigError(`points system "${checked.key}" is given twice`);
    keys.add(checked.key);
    return checked;
  });
}

/** The leaderboards, each checked (S40), their keys unique, each ranking by something this engine has, on a store that ranks. */
function checkBoards(
  options: EngineOptions,
  metrics: Set<string>,
  rules: readonly StreakRule[],
  points: readonly PointsSystemRules[],
): readonly LeaderboardRules[] {
  const boards = options.leaderboards;
  if (boards === undefined || (Array.isArray(boards) && boards.length === 0)) return [];
  if (!Array.isArray(boards)) throw new ConfigError('leaderboards must be an array of leaderboards');
  const store = options.store;
  if (store.boardPlace === undefined || store.boardCount === undefined || store.boardPage === undefined)
    throw new ConfigError(
      'leaderboards need a store that keeps rankings (Store.boardPlace, boardCount, boardPage); this one does not',
    );
  const keys = new Set<string>();
  for (const board of boards) {
    validateLeaderboard(board);
    if (keys.has(board.key)) throw new ConfigError(`leaderboard "${board.key}" is given twice`);
    keys.add(board.key);
    const by = board.rankBy;
    if (by.kind === 'metric' && !metrics.has(by.metric))
      throw new ConfigError(`leaderboard "${board.key}" ranks by metric "${by.metric}", which events may not name`);
    if (by.kind === 'points' && !points.some((system) => system.key === by.system))
      throw new ConfigError(
        `leaderboard "${board.key}" ranks by points system "${by.system}", which is not configured`,
      );
    if (by.kind === 'streak' && !rules.some((rule) => rule.key === by.streak))
      throw new ConfigError(`leaderboard "${board.key}" ranks by streak rule "${by.streak}", which is not configured`);
  }
  return boards;
}

export function makeContext(options: EngineOptions): EngineContext {
  if (options === null || typeof options !== 'object' || options.store === undefined)
    throw new ConfigError('createEngine needs { store }');
  const store = options.store;
  const clock = options.clock ?? Date.now;
  const rules = parseRules(options.streaks);
  const achievements = parseAchievements(options.achievements, rules);
  const points = checkPointsSystems(options.points);
  const metrics = knownMetrics(options, rules, achievements, points);
  const boards = checkBoards(options, metrics, rules, points);
  const model: Model = { rules, achievements, points, boards };
  const current = keepCurrent(store, model, stampOf(model));
  const newId = options.newId;
  const outbox = options.outbox === true;
  const idempotencyRetention = checkIdempotencyRetention(options.idempotencyRetentionMs);

  const now = (at: Date | number | undefined) => toInstant(at ?? clock(), at === undefined ? 'clock()' : 'at');
  const ruleFor = (key: string | undefined): StreakRule => {
    const rule = key === undefined ? rules[0] : rules.find((r) => r.key === key);
    if (rule === undefined) {
      throw new NotFoundError(
        'UNKNOWN_STREAK',
        key === undefined
          ? 'no streak rule is configured'
          : `unknown streak rule "${key}"; configured: ${rules.map((r) => r.key).join(', ') || 'none'}`,
      );
    }
    return rule;
  };
  const boardLines = boardsWatch(boards);
  const idFor = (...parts: Array<string | number>) => (newId ? newId() : deterministicId(...parts));

  /**
   * A write step on one rule's state of an existing user, advanced to `at` first. `change` returns
   * its result and the owner action to journal (null when nothing changed), so a rebuild replays it.
   * What advancing settled (a loss, a freeze used) is counted in the write's activity, on the day it
   * happened, as an event or the sweeper counts it: the user's next event no longer reports it.
   * What was settled and the changes `change` reports in `changes` go to the outbox (when on).
   */
  function updateRule<T>(userId: string, rule: StreakRule, at: number, change: RuleChange<T>): Promise<T> {
    return current.update(userId, at, ({ user }) => {
      if (user === null)
        throw new NotFoundError('UNKNOWN_USER', `unknown user "${userId}": record an event for them first`);
      boardLines.note(user);
      user.version += 1;
      const zone = zoneOf(zoneNameFor(user, rule));
      const day = placeInstant(at, zone, rule.dayStartMs);
      const stored = user.streaks[rule.key];
      const state = stored ?? newStreakState(rule, day);
      const history: HistoryEntry[] = [];
      const settled: Change[] = [];
      const moved = stored === undefined || day > stored.day;
      advanceTo(state, day, { rule, zone, changes: settled, history });
      const made: Change[] = [];
      const [result, action] = change(state, user, history, made);
      user.streaks[rule.key] = state;
      // a restore, a freeze or a loss settled on the way moves the streak's boards (S44)
      const onBoards = boardLines.moved(user, { at }, at);
      // An action that did nothing still wrote the state moved on: journaled as a settlement (SettleLine, S20).
      const journaled: { action?: OwnerAction } =
        action !== null
          ? { action: { ...action, at, streak: rule.key, day: state.day, version: user.version } as OwnerAction }
          : moved
            ? { action: { kind: 'settle', at, version: user.version, days: { [rule.key]: state.day } } }
            : {};
      return {
        result,
        write: {
          user,
          history,
          rollups: [],
          index: indexEntries(user, rules),
          pointsLines: pointsLines(user, points),
          boardLines: onBoards.lines,
          activity: countActivity(at, null, settled),
          outbox: outbox
            ? outboxEntries(user, rules, dateChanges([...settled, ...made], rules, user.tz, at))
            : undefined,
          ...journaled,
        },
      };
    });
  }

  return {
    store,
    rules,
    achievements,
    metrics,
    points,
    boards,
    model,
    current,
    now,
    ruleFor,
    idFor,
    outbox,
    idempotencyRetention,
    updateRule,
  };
}
