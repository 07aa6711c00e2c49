/**
 * createEngine: load → reduce → commit, one user at a time, through an injected Store and clock.
 * The engine is the only part of the core with a notion of "now", and it takes it from `clock`.
 */
import { withoutAttributed } from './attributed-metric.js';
import { countActivity } from './activity.js';
import { advanceTo } from './advance.js';
import { makeContext } from './engine-context.js';
import { identify } from './identify.js';
import { isLate, mayBeLate, reduceLateEvent } from './late-event.js';
import { preferences, setPreferences } from './preferences.js';
import { checkAttributes, checkProfile, givesProfile, PROFILE_LIMITS } from './profile.js';
import { viewUser } from './user-view.js';
import type { Engine, EngineOptions, RecordInput } from './engine-types.js';
import { InvalidInputError, NotFoundError, StoreError } from './errors.js';
import { shown } from './shown.js';
import { indexWatch } from './index-entry.js';
import { pointsWatch } from './points/points-line.js';
import { boardsWatch } from './leaderboards/boards-watch.js';
import { rankBoards, unrankedChanges } from './leaderboards/board-ranks.js';
import { readBoard } from './leaderboards/read-board.js';
import { expiring, rebuild, rebuildAll, stats } from './maintenance.js';
import { dateChanges, datedNews, outboxEntries } from './outbox.js';
import { completeAchievement, grantFreezes, pause, restore, unpause } from './owner-actions.js';
import { viewPause } from './pauses.js';
import { isCurrent, isCurrentSync, readStamp } from './read-stamp.js';
import { newStreakState, reduceEvent, zoneNameFor } from './reduce.js';
import {
  describeEvent,
  keptAnswer,
  recordedEvent,
  withKeptViews,
  withViewsAt,
  withoutViews,
  type RecordedEvent,
  type RecordResult,
} from './response.js';
import { eraseUser } from './erasure.js';
import { idempotencyCutoff } from './idempotency-retention.js';
import { eventSummary } from './event-summary.js';
import { eventHappenings, metricHappenings } from './event-happenings.js';
import { emptyRecord } from './keys.js';
import { payRequestPoints, pointsUserOf, type PointsRefusal } from './points/request-points.js';
import { viewUserPoints } from './points/user-points-view.js';
import { levelSummary, pointsSummary, userPointsSummary } from './points-summaries.js';
import { formatInstant } from './time/calendar.js';
import { makeSweep } from './sweep.js';
import { listUsers } from './user-list.js';
import { copyStreak, type HistoryEntry, type Rollup } from './state.js';
import type { StepResult, UserSnapshot } from './store.js';
import { placeInstant, zoneOf } from './time/local-date.js';
import { checkCount, checkNewUserId, checkOptionalString, checkUserId, checkValue, MAX_ID_LENGTH } from './validate.js';
import { viewHistory, viewStreak } from './view.js';

/** A step's answer when the event may be late and the step was not given the journal (late-event.ts). */
const LATE: unique symbol = Symbol('late');
const LATE_STEP: StepResult<typeof LATE> = Object.freeze({ result: LATE });

/** A step's answer for an event its points refused (S31): the step writes nothing. */
class Refused {
  constructor(
    readonly refusal: PointsRefusal,
    /** the user's total of the event's metric before it */
    readonly totalBefore: number,
    /** the id the event would have had */
    readonly eventId: string,
  ) {}
}

/** The answer of a step run with the journal: a store that handed none is broken, not a reason to ask again. */
function withJournal<T>(result: T | typeof LATE): T {
  if (result === LATE) throw new StoreError('the store handed no journal to a step that asked for one');
  return result;
}

/**
 * The engine over `options.store` with the rules and achievements given (checked here: a bad one
 * throws `ConfigError`), reading "now" only from `options.clock`. Every call is one atomic step of
 * the store per user; see `Engine` for each.
 */
export function createEngine(options: EngineOptions): Engine {
  const ctx = makeContext(options);
  const {
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
  } = ctx;
  const lines = indexWatch(rules);
  const pointsLines = pointsWatch(points);
  const boardLines = boardsWatch(boards);
  const sweep = makeSweep(ctx);

  /**
   * `record` (`views`: the answer shows each rule's streak) and `ingest` (it does not), once the
   * input is checked here (a refused input throws).
   */
  function recordChecked(input: RecordInput, views: true): Promise<RecordResult>;
  function recordChecked(input: RecordInput, views: boolean): Promise<RecordedEvent>;
  function recordChecked(input: RecordInput, views: boolean): Promise<RecordedEvent> {
    if (input === null || typeof input !== 'object')
      throw new InvalidInputError('INVALID_INPUT', 'record needs { userId, metric, value }');
    const userId = checkNewUserId(input.userId);
    if (typeof input.metric !== 'string' || !metrics.has(input.metric)) {
      throw new NotFoundError(
        'UNKNOWN_METRIC',
        `unknown metric ${JSON.stringify(input.metric)}; known: ${[...metrics].join(', ') || 'none'}`,
      );
    }
    const metric = input.metric;
    const value = checkValue(input.value);
    const sentTz = checkOptionalString(input.tz, 'tz');
    // Kept under its one canonical name (S1), so that a spelling is never a change of zone.
    const tz = sentTz === null ? null : zoneOf(sentTz).name;
    const email = checkOptionalString(input.email, 'email', PROFILE_LIMITS.email);
    const idempotencyKey = checkOptionalString(input.idempotencyKey, 'idempotencyKey', MAX_ID_LENGTH);
    const checked = input.profile === undefined ? null : checkProfile(input.profile, 'profile.');
    const profile = checked !== null && givesProfile(checked) ? checked : null;
    const given = input.attributes == null ? undefined : checkAttributes(input.attributes, 'attributes');
    const attributes = given === undefined || Object.keys(given).length === 0 ? null : given;
    const admit = input.admit ?? undefined;
    if (admit !== undefined && typeof admit !== 'function')
      throw new InvalidInputError('INVALID_INPUT', `admit must be a function when given, got ${shown(admit)}`);
    const at = now(input.at);
    // A record's retention runs on the clock, not on the event's own instant (an import's may be years back).
    const recordedAt = idempotencyKey === null ? 0 : input.at === undefined ? at : now(undefined);
    const notBefore = idempotencyCutoff(recordedAt, idempotencyRetention);
    // the instant a board value is reached (S45): the clock's when the change is committed, not the event's own
    const committedAt = () => (input.at === undefined ? at : now(undefined));
    const idempotency =
      idempotencyKey !== null ? { idempotency: { metric, key: idempotencyKey, notBefore } } : undefined;
    const step = ({
      user,
      replay,
      lines: stored,
      journal,
    }: UserSnapshot): StepResult<RecordedEvent | Refused | typeof LATE> => {
      if (replay !== null) {
        // an answer kept before events answered points has none: it moved no system
        const again = { ...replay, replayed: true, points: replay.points ?? emptyRecord() };
        if (!views) return { result: withoutViews(again) };
        return { result: withKeptViews(again) ?? withViewsAt(again, user, model, at) };
      }
      if (admit !== undefined) admit();
      const version = (user?.version ?? 0) + 1;
      const eventId = idFor('event', userId, version);
      const event = { userId, metric, value, at, tz, email, profile, eventId, idempotencyKey, attributes };
      // S4: an event on a date before the latest placed may be late; which it is, the journal tells,
      // and a late one is placed on its own date and the user rebuilt with it (late-event.ts)
      if (user !== null && mayBeLate(user, event, model)) {
        if (journal === null) return LATE_STEP;
        if (isLate(user, journal, event)) {
          const totalBefore = user.totals[metric] ?? 0;
          lines.note(user);
          pointsLines.note(user);
          boardLines.note(user);
          const late = reduceLateEvent(user, journal, event, model);
          const paid = points.length === 0 ? null : payRequestPoints(points, late.user, metricHappenings(event), at);
          if (paid?.refused) return { result: new Refused(paid.refused, totalBefore, eventId) };
          const onBoards =
            boards.length === 0
              ? null
              : boardLines.moved(
                  late.user,
                  { events: [{ metric, value, at, late: true }], news: paid?.news, at },
                  committedAt(),
                );
          const described = views ? describeEvent(late, event, model) : null;
          const result = described ?? recordedEvent(late, event);
          if (paid !== null) result.points = paid.points;
          if (onBoards !== null) result.leaderboards = unrankedChanges(onBoards.moved);
          return {
            result,
            write: {
              user: late.user,
              history: late.history,
              replaceHistory: true,
              rollups: late.rollups,
              ...lines.changedLines(late.user, stored),
              pointsLines: pointsLines.changed(late.user),
              boardLines: onBoards?.lines,
              activity: countActivity(at, { metric, value, day: (late.rollups[0] as Rollup).day }, result.changes),
              zoneChange: undefined,
              idempotency:
                idempotencyKey === null
                  ? undefined
                  : {
                      metric,
                      key: idempotencyKey,
                      response: described === null ? result : keptAnswer(described),
                      recordedAt,
                      notBefore,
                    },
              outbox: outbox
                ? outboxEntries(late.user, rules, [...late.dated, ...datedNews(paid?.news, at)])
                : undefined,
            },
          };
        }
      }
      // what the user's index lines are made of, noted before the reducer changes the state in place
      lines.note(user);
      pointsLines.note(user);
      boardLines.note(user);
      // the zone what the event settles on its way was settled in, before the event may change it
      const tzBefore = user === null ? null : user.tz;
      const totalBefore = user === null ? 0 : (user.totals[metric] ?? 0);
      const reduction = reduceEvent(user, event, model);
      const paid =
        points.length === 0
          ? null
          : payRequestPoints(points, reduction.user, eventHappenings(reduction, event, user === null), at);
      // S31: a refused event stores nothing, its idempotency key included
      if (paid?.refused) return { result: new Refused(paid.refused, totalBefore, eventId) };
      const onBoards =
        boards.length === 0
          ? null
          : boardLines.moved(
              reduction.user,
              { events: [{ metric, value, at, late: false }], news: paid?.news, at },
              committedAt(),
            );
      // The answer kept for a key is the one this call gives (S18): `ingest`'s has no streaks' views
      // (an import keeps about a third of the bytes), and `record` adds them as they are at a repeat;
      // `record`'s keeps its first streak's view once (`keptAnswer`).
      const described = views ? describeEvent(reduction, event, model) : null;
      const result = described ?? recordedEvent(reduction, event);
      if (paid !== null) result.points = paid.points;
      if (onBoards !== null) result.leaderboards = unrankedChanges(onBoards.moved);
      return {
        result,
        write: {
          user: reduction.user,
          history: reduction.history,
          rollups: reduction.rollups,
          ...lines.changedLines(reduction.user, stored),
          pointsLines: pointsLines.changed(reduction.user),
          boardLines: onBoards?.lines,
          // the event's local day: the first rule's (always the first rollup's), or its UTC day without rules
          activity: countActivity(at, { metric, value, day: (reduction.rollups[0] as Rollup).day }, result.changes),
          // Absent fields as undefined, not spread in: one shape of write, no spread per event.
          zoneChange: reduction.zoneChange ?? undefined,
          idempotency:
            idempotencyKey === null
              ? undefined
              : {
                  metric,
                  key: idempotencyKey,
                  response: described === null ? result : keptAnswer(described),
                  recordedAt,
                  notBefore,
                },
          outbox: outbox
            ? outboxEntries(reduction.user, rules, [
                ...dateChanges(result.changes, rules, tzBefore, at),
                ...datedNews(paid?.news, at),
              ])
            : undefined,
        },
      };
    };
    // A step that met a possibly late event runs again with the user's journal (one `then` on the
    // hot path, as in current-rules.ts).
    const answer = (result: RecordedEvent | Refused): RecordedEvent | Promise<RecordedEvent> =>
      result instanceof Refused ? refusedAnswer(result, { userId, metric, value, at, idempotencyKey }, views) : result;
    const recorded = current
      .update(userId, at, step, idempotency)
      .then((result) =>
        result === LATE
          ? current.update(userId, at, step, { ...idempotency, journal: true }).then(withJournal)
          : result,
      );
    // without points systems no event is refused: no third `then` on the hot path
    const answered = (points.length === 0 ? recorded : recorded.then(answer)) as Promise<RecordedEvent>;
    return boards.length === 0 ? answered : answered.then(ranked);
  }

  /** `result` with its leaderboards ranked as the store's rankings stand after the commit (board-ranks.ts). */
  function ranked<T extends RecordedEvent>(result: T): T | Promise<T> {
    const changes = result.leaderboards;
    if (changes === undefined) return { ...result, leaderboards: emptyRecord() };
    if (Object.keys(changes).length === 0) return result;
    return rankBoards(store as Parameters<typeof rankBoards>[0], boards, result.userId, changes).then(
      (leaderboards) => ({
        ...result,
        leaderboards,
      }),
    );
  }

  /**
   * A refused event's answer (S31): nothing recorded, the metric's total as it was, and with `views`
   * the user's streaks as a read at the event's instant shows them.
   */
  function refusedAnswer(
    refused: Refused,
    event: { userId: string; metric: string; value: number; at: number; idempotencyKey: string | null },
    views: boolean,
  ): RecordedEvent | Promise<RecordedEvent> {
    const answer: RecordedEvent = {
      eventId: refused.eventId,
      userId: event.userId,
      metric: event.metric,
      value: event.value,
      total: refused.totalBefore,
      at: formatInstant(event.at),
      replayed: false,
      idempotencyKey: event.idempotencyKey,
      achievements: [],
      changes: [],
      points: emptyRecord(),
      ...(boards.length === 0 ? {} : { leaderboards: emptyRecord() }),
      refused: refused.refusal,
    };
    if (!views) return answer;
    return current.load(event.userId, event.at).then((user) => withViewsAt(answer, user, model, event.at));
  }

  return {
    rules,
    achievements,
    metrics,
    store,
    rulesFingerprint: current.fingerprint,

    // Not an async function: one fewer promise per event (an async function returning the store's
    // promise wraps it in another); a refused input still rejects, never throws.
    record(input) {
      try {
        return recordChecked(input, true);
      } catch (error) {
        return Promise.reject(error);
      }
    },

    ingest(input) {
      try {
        return recordChecked(input, false);
      } catch (error) {
        return Promise.reject(error);
      }
    },

    async streak(userId, options = {}) {
      checkUserId(userId);
      const rule = ruleFor(options.key);
      const count = checkCount(options.historyPeriods ?? 7, 'historyPeriods', 1, 366);
      const at = now(options.at);
      const user = await current.load(userId, at);
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

    async user(userId, options = {}) {
      checkUserId(userId);
      const user = await current.load(userId, now(options.at));
      return user === null ? null : viewUser(user, achievements);
    },

    async points(userId, key, options = {}) {
      checkUserId(userId);
      const system = points.find((candidate) => candidate.key === key);
      if (system === undefined)
        throw new NotFoundError(
          'UNKNOWN_POINTS_SYSTEM',
          `unknown points system ${shown(key)}; configured: ${points.map((p) => p.key).join(', ') || 'none'}`,
        );
      const at = now(options.at);
      const user = await current.load(userId, at);
      if (user === null) return null;
      const state = user.points !== undefined && Object.hasOwn(user.points, key) ? user.points[key] : undefined;
      return viewUserPoints(system, state, pointsUserOf(user), at);
    },

    pointsSummary: (key, opts) => pointsSummary(ctx, key, opts),
    levelSummary: (key) => levelSummary(ctx, key),
    leaderboard(key, options = {}) {
      const board = boards.find((b) => b.key === key);
      if (board === undefined)
        return Promise.reject(
          new NotFoundError('UNKNOWN_LEADERBOARD', `no leaderboard has the key ${JSON.stringify(key)}`),
        );
      return readBoard(store as Parameters<typeof readBoard>[0], board, options, now(options.at));
    },
    pointsEventSummary: (userId, key, range) => userPointsSummary(ctx, userId, key, range),

    identify(userId, input, opts) {
      try {
        return identify(ctx, userId, input, opts);
      } catch (error) {
        return Promise.reject(error);
      }
    },

    preferences: (userId, opts) => preferences(ctx, userId, opts),
    setPreferences: (userId, input, opts) => setPreferences(ctx, userId, input, opts),
    readStamp: (userId, opts) => readStamp(ctx, userId, opts),
    isCurrent: (userId, stamp, opts) => isCurrent(ctx, userId, stamp, opts),
    isCurrentSync: (userId, stamp, opts) => isCurrentSync(ctx, userId, stamp, opts),
    // the metrics' own sums: the series under events' attributes are the engine's (S25)
    journal: (userId) => store.journal(checkUserId(userId)).then(withoutAttributed),
    eventSummary: (userId, metric, opts) => eventSummary(ctx, userId, metric, opts),
    countUsers: () => store.countUsers(),
    deleteUser: (userId) => eraseUser(ctx, userId),
    listUsers: (opts) => listUsers(ctx, opts),
    grantFreezes: (userId, count, opts) => grantFreezes(ctx, userId, count, opts),
    pause: (userId, opts) => pause(ctx, userId, opts),
    unpause: (userId, pauseId, opts) => unpause(ctx, userId, pauseId, opts),
    restore: (userId, opts) => restore(ctx, userId, opts),
    completeAchievement: (userId, key, opts) => completeAchievement(ctx, userId, key, opts),
    rebuild: (userId, opts) => rebuild(ctx, userId, opts),
    rebuildAll: (opts) => rebuildAll(ctx, opts),
    stats: (opts) => stats(ctx, opts),
    expiring: (opts) => expiring(ctx, opts),
    settle: (userId, opts) => sweep.settle(userId, opts),
    settleDue: (opts) => sweep.settleDue(opts),
    nextDueAt: (opts) => sweep.nextDueAt(opts),
  };
}
