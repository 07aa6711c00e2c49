/**
 * Identify a user ahead of (or between) events: create them, replace or update their profile, and
 * move them to another zone. A zone change here follows S4 and S5 as one carried by an event does
 * (zone-change.ts), and is journaled so that a rebuild folds it the same way (S20). One atomic step.
 */
import { payRequestPoints, withoutBlocking } from './points/request-points.js';
import { completeDue } from './achievements.js';
import { countActivity } from './activity.js';
import type { EngineContext } from './engine-context.js';
import type { IdentifyInput, IdentifyMode, IdentifyResult } from './engine-types.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import { indexEntries } from './index-entry.js';
import { pointsLines } from './points/points-line.js';
import { dateChanges, datedNews, outboxEntries } from './outbox.js';
import type { PointsNews } from './points/points-news.js';
import { applyProfile, checkProfile, DEFAULT_PROFILE } from './profile.js';
import { newUser } from './reduce.js';
import type { Change, HistoryEntry } from './state.js';
import { zoneOf } from './time/local-date.js';
import { viewUser } from './user-view.js';
import { checkNewUserId, checkOptionalString } from './validate.js';
import { moveZone } from './zone-change.js';
import { shown } from './shown.js';

const MODES: readonly IdentifyMode[] = ['create', 'replace', 'update'];

export async function identify(
  ctx: EngineContext,
  userId: string,
  input: IdentifyInput,
  options: { mode: IdentifyMode; at?: Date | number },
): Promise<IdentifyResult> {
  checkNewUserId(userId);
  const mode = options?.mode;
  if (!MODES.includes(mode))
    throw new InvalidInputError('INVALID_INPUT', `mode must be one of ${MODES.join(', ')}, got ${shown(mode)}`);
  const profile = checkProfile(input);
  const sentTz = checkOptionalString((input as { tz?: unknown }).tz, 'tz');
  // Kept under its one canonical name (S1), so that a spelling is never a change of zone.
  const tz = sentTz === null ? null : zoneOf(sentTz).name;
  const at = ctx.now(options.at);
  const { rules, achievements, outbox } = ctx;
  return ctx.current.update<IdentifyResult>(userId, at, ({ user: stored }) => {
    if (stored === null && mode === 'update')
      throw new NotFoundError('UNKNOWN_USER', `no user has the id ${JSON.stringify(userId)}`);
    const created = stored === null;
    const user = stored ?? newUser(userId, at);
    const tzBefore = user.tz;
    const profileChanged = applyProfile(user, profile, mode === 'replace' ? 'replace' : 'merge', at);
    const moves = tz !== null && tz !== user.tz;
    if (!created && !profileChanged && !moves)
      return { result: { user: viewUser(user, achievements), created, changed: false } };
    user.version += 1;
    const settled: Change[] = [];
    const history: HistoryEntry[] = [];
    const zoneChange = moves ? moveZone(user, tz, at, rules, settled, history) : undefined;
    // new attributes may open achievements the user already qualifies for (their user attribute filters)
    if (profileChanged) completeDue(user, achievements, at, settled);
    if (moves) user.profile = { ...(user.profile ?? DEFAULT_PROFILE), updatedAt: at };
    // S32: a user made here is paid the user-creation triggers, and achievements their attributes
    // completed pay theirs; a blocking deduction refuses nothing here, it only takes nothing (a
    // profile is not an event, and refusing it would keep the user from being made)
    const completed = settled.flatMap((change) =>
      change.type === 'achievement.completed' ? [change.achievement] : [],
    );
    let news: readonly PointsNews[] | undefined;
    if (ctx.points.length > 0 && (created || completed.length > 0)) {
      const happenings = { userCreated: created, achievements: completed };
      let paid = payRequestPoints(ctx.points, user, happenings, at);
      if (paid.refused !== null) paid = payRequestPoints(withoutBlocking(ctx.points), user, happenings, at);
      if (paid.refused === null) news = paid.news;
    }
    return {
      result: { user: viewUser(user, achievements), created, changed: true },
      write: {
        user,
        history,
        rollups: [],
        index: indexEntries(user, rules),
        // attributes and the zone decide when time triggers are due: every system's line
        pointsLines: pointsLines(user, ctx.points),
        activity: countActivity(at, null, settled),
        zoneChange,
        outbox: outbox
          ? outboxEntries(user, rules, [...dateChanges(settled, rules, tzBefore, at), ...datedNews(news, at)])
          : undefined,
      },
    };
  });
}
