/**
 * What an owner does to a user's streak: grant freezes (S12), pause and unpause (S13), restore
 * (S14), complete an API achievement (S22). Each is one atomic step, journaled for rebuilds.
 */
import { payRequestPoints, type PointsChange } from './points/request-points.js';
import { boardsWatch } from './leaderboards/boards-watch.js';
import { pointsLines } from './points/points-line.js';
import { completeDue, describeCompleted, matchesUserAttributes } from './achievements.js';
import { emptyRecord } from './keys.js';
import { countActivity } from './activity.js';
import type { EngineContext } from './engine-context.js';
import type { Options, Result } from './engine-types.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import { grantFreezes as addFreezes } from './freezes.js';
import { addPause, removePause, viewPause } from './pauses.js';
import { datedNews, outboxEntries } from './outbox.js';
import type { PointsNews } from './points/points-news.js';
import { newUser, zoneNameFor } from './reduce.js';
import { restoreStreak } from './restore.js';
import { copyUser, withEntry, type Change } from './state.js';
import { parseGivenDay } from './time/calendar.js';
import { placeInstant, zoneOf } from './time/local-date.js';
import { checkCount, checkNewUserId } from './validate.js';
import { viewStreak } from './view.js';

export async function grantFreezes(
  ctx: EngineContext,
  userId: string,
  count: number,
  options: Options<'grantFreezes', 2> = {},
): Result<'grantFreezes'> {
  const { now, ruleFor, updateRule } = ctx;
  checkNewUserId(userId);
  checkCount(count, 'count', 1, 1_000_000);
  const rule = ruleFor(options.key);
  if (!rule.freezes.enabled)
    throw new InvalidInputError(
      'INVALID_INPUT',
      `freezes are not enabled for streak rule "${rule.key}": set freezes in its configuration`,
    );
  return updateRule(userId, rule, now(options.at), (state) => {
    const granted = addFreezes(state, rule, count);
    return [
      { granted, freezes: state.freezes, maxFreezes: rule.freezes.max },
      { kind: 'grant', count },
    ];
  });
}

export async function pause(ctx: EngineContext, userId: string, options: Options<'pause', 1>): Result<'pause'> {
  const { now, ruleFor, idFor, updateRule } = ctx;
  checkNewUserId(userId);
  const rule = ruleFor(options?.key);
  const start = parseGivenDay(options?.start, 'start');
  const end = parseGivenDay(options?.end, 'end');
  return updateRule(userId, rule, now(options.at), (state, user) => {
    const pause = { id: idFor('pause', userId, user.version), start, end };
    addPause(state, pause);
    return [viewPause(pause), { kind: 'pause', ...pause }];
  });
}

export async function unpause(
  ctx: EngineContext,
  userId: string,
  pauseId: string,
  options: Options<'unpause', 2> = {},
): Result<'unpause'> {
  const { now, ruleFor, updateRule } = ctx;
  checkNewUserId(userId);
  const rule = ruleFor(options.key);
  await updateRule(userId, rule, now(options.at), (state) => {
    removePause(state, pauseId);
    return [undefined, { kind: 'unpause', id: pauseId }];
  });
}

export async function restore(
  ctx: EngineContext,
  userId: string,
  options: Options<'restore', 1> = {},
): Result<'restore'> {
  const { store, current, now, ruleFor, updateRule } = ctx;
  checkNewUserId(userId);
  const rule = ruleFor(options.key);
  const at = now(options.at);
  const loaded = await current.load(userId, at);
  const lostAt = loaded?.streaks[rule.key]?.lost?.period;
  const recent =
    lostAt === undefined
      ? []
      : await store.history(
          userId,
          rule.key,
          lostAt,
          rule.calendar.indexOf(placeInstant(at, zoneOf(zoneNameFor(loaded, rule)), rule.dayStartMs)),
        );
  return updateRule(userId, rule, at, (state, user, history, changes) => {
    const { outcome, history: restored } = restoreStreak(state, rule, [...recent, ...history], changes);
    history.push(...restored);
    return [
      { ...outcome, changes, streak: viewStreak(state, rule, zoneOf(zoneNameFor(user, rule))) },
      outcome.restored ? { kind: 'restore' } : null,
    ];
  });
}

export async function completeAchievement(
  ctx: EngineContext,
  userId: string,
  key: string,
  options: Options<'completeAchievement', 2> = {},
): Result<'completeAchievement'> {
  const { current, achievements, rules, now } = ctx;
  checkNewUserId(userId);
  const achievement = achievements.find((a) => a.key === key);
  if (achievement === undefined) {
    throw new NotFoundError(
      'UNKNOWN_ACHIEVEMENT',
      `unknown achievement ${JSON.stringify(key)}; configured: ${achievements.map((a) => a.key).join(', ') || 'none'}`,
    );
  }
  if (achievement.trigger !== 'api') {
    throw new InvalidInputError(
      'INVALID_INPUT',
      `achievement "${key}" completes by its ${achievement.trigger} trigger, not by an explicit call`,
    );
  }
  const at = now(options.at);
  return current.update<Awaited<Result<'completeAchievement'>>>(userId, at, ({ user: stored }) => {
    const done = stored?.achievements[key];
    if (done !== undefined)
      return { result: { completed: false, achievement: describeCompleted(achievement, done), points: emptyRecord() } };
    if (achievement.status !== 'active') {
      throw new InvalidInputError(
        'INVALID_INPUT',
        `achievement "${key}" is ${achievement.status}: it completes for no one${achievement.status === 'locked' ? ' new' : ' yet'}`,
      );
    }
    if (!matchesUserAttributes(achievement, stored?.profile?.attributes))
      throw new InvalidInputError(
        'INVALID_INPUT',
        `achievement "${key}" is for users with ${achievement.userAttributes.map((f) => `${f.key} = ${JSON.stringify(f.value)}`).join(' and ')}; user ${JSON.stringify(userId)} does not have them`,
      );
    const boardLines = boardsWatch(ctx.boards);
    boardLines.note(stored);
    const user = stored ? copyUser(stored) : newUser(userId, at);
    user.version += 1;
    user.achievements = withEntry(user.achievements, key, at);
    const completed: Change[] = [{ type: 'achievement.completed', achievement: key, name: achievement.name }];
    // the composites this completion was the last prerequisite of complete with it (S22)
    completeDue(user, achievements, at, completed);
    let points = emptyRecord<PointsChange>();
    let news: readonly PointsNews[] | undefined;
    if (ctx.points.length > 0) {
      const keys = completed.flatMap((change) => (change.type === 'achievement.completed' ? [change.achievement] : []));
      const paid = payRequestPoints(ctx.points, user, { userCreated: stored === null, achievements: keys }, at);
      // S31: a refused completion stores nothing
      if (paid.refused !== null)
        return {
          result: { completed: false, achievement: describeCompleted(achievement, at), points, refused: paid.refused },
        };
      points = paid.points;
      news = paid.news;
    }
    // the awards the completion paid move the boards of their systems (S44)
    const onBoards = boardLines.moved(user, { news, at }, at);
    return {
      result: { completed: true, achievement: describeCompleted(achievement, at), points },
      write: {
        user,
        history: [],
        rollups: [],
        index: [],
        pointsLines: pointsLines(user, ctx.points),
        boardLines: onBoards.lines,
        activity: countActivity(at, null, completed),
        outbox: ctx.outbox
          ? outboxEntries(user, rules, [...completed.map((change) => ({ change, at })), ...datedNews(news, at)])
          : undefined,
      },
    };
  });
}
