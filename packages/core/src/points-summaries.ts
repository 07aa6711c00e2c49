/**
 * A points system's summary (S37) and level summary (S34) over the store's points index: the
 * counts come from `Store.pointsTotals` (an index of the totals, never a scan of every user), and
 * the users the index has no positive total for (never awarded, or awarded down to 0) are the
 * store's users less those counted. A summary for users of some attributes only scans the users,
 * in pages, at most MAX_FILTERED_USERS of them: past that it is refused rather than slow. And a
 * user's points event summary (S36), from the daily changes their state keeps.
 */
import type { EngineContext } from './engine-context.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import { summarizeLevels } from './points/level-summary.js';
import type { PointsRange } from './points/points-summary.js';
import { summarizePoints } from './points/points-summary.js';
import type { PointsLevel, PointsSystemRules } from './points/points-types.js';
import { matchesAttributes } from './points/attribute-match.js';
import { shown } from './shown.js';
import { summaryPeriods, type SummaryPeriod, type SummaryRange } from './event-summary.js';
import { copyPointsState } from './points/copy-points-state.js';
import { dailyChangesOf } from './points/points-days.js';
import { summarizePointsDays } from './points/points-event-summary.js';
import { emptyPointsState } from './points/points-types.js';
import { pointsUserOf } from './points/request-points.js';
import { settleTimeTriggersInPlace } from './points/settle-time-triggers.js';
import { checkUserId } from './validate.js';

/** The most users a summary with a filter of user attributes reads one by one. */
export const MAX_FILTERED_USERS = 10_000;

/** Users read per page of a filtered summary. */
const PAGE = 500;

function systemOf(ctx: EngineContext, key: string): PointsSystemRules {
  const system = typeof key === 'string' ? ctx.points.find((candidate) => candidate.key === key) : undefined;
  if (system === undefined)
    throw new NotFoundError(
      'UNKNOWN_POINTS_SYSTEM',
      `unknown points system ${shown(key)}; configured: ${ctx.points.map((p) => p.key).join(', ') || 'none'}`,
    );
  return system;
}

/** The ten bounds above `0–0` of a summary whose largest total is `largest` (S37): 1, then each range's first. */
function rangeStarts(largest: number): number[] {
  let top = 10;
  while (top < largest) top *= 10;
  const width = top / 10;
  return Array.from({ length: 10 }, (_, i) => i * width + 1);
}

/**
 * S37: the eleven ranges of `key`'s totals over every user of the store, or with `userAttributes`
 * over those whose attributes hold every pair (read user by user: InvalidInputError past
 * MAX_FILTERED_USERS users).
 */
export async function pointsSummary(
  ctx: EngineContext,
  key: string,
  options: { userAttributes?: Readonly<Record<string, string>> } = {},
): Promise<PointsRange[]> {
  const system = systemOf(ctx, key);
  const filter = options.userAttributes;
  if (filter !== undefined && Object.keys(filter).length > 0) return filteredSummary(ctx, system.key, filter);
  const { largest } = await ctx.store.pointsTotals(system.key, []);
  const starts = rangeStarts(largest);
  const [totals, users] = await Promise.all([ctx.store.pointsTotals(system.key, starts), ctx.store.countUsers()]);
  const positive = totals.users.reduce((sum, count) => sum + count, 0);
  const width = (starts[1] as number) - 1;
  return [
    { from: 0, to: 0, users: Math.max(0, users - positive) },
    ...starts.map((from, i) => ({ from, to: from + width - 1, users: totals.users[i] as number })),
  ];
}

async function filteredSummary(
  ctx: EngineContext,
  key: string,
  filter: Readonly<Record<string, string>>,
): Promise<PointsRange[]> {
  const count = await ctx.store.countUsers();
  if (count > MAX_FILTERED_USERS)
    throw new InvalidInputError(
      'INVALID_INPUT',
      `userAttributes: a summary of some users reads them one by one, at most ${MAX_FILTERED_USERS}; this account has ${count}`,
    );
  const totals: number[] = [];
  let after: string | null = null;
  for (let read = 0; read <= MAX_FILTERED_USERS; read += PAGE) {
    const ids = await ctx.store.users(after, PAGE);
    if (ids.length === 0) break;
    const states = await Promise.all(ids.map((id) => ctx.store.load(id)));
    for (const user of states) {
      if (user === null || !matchesAttributes(filter, user.profile?.attributes ?? {})) continue;
      const state = user.points !== undefined && Object.hasOwn(user.points, key) ? user.points[key] : undefined;
      totals.push(state?.total ?? 0);
    }
    after = ids[ids.length - 1] as string;
  }
  return summarizePoints(totals);
}

/**
 * S34: how many users hold each level of `key`, levels by ascending threshold (then creation),
 * from the index: the users with a change at and above each distinct threshold up to the next.
 */
export async function levelSummary(ctx: EngineContext, key: string): Promise<{ level: PointsLevel; users: number }[]> {
  const system = systemOf(ctx, key);
  const bounds = [...new Set(system.levels.map((level) => level.points))].sort((a, b) => a - b);
  if (bounds.length === 0) return [];
  const { users } = await ctx.store.pointsTotals(system.key, bounds);
  // one state a range at its bound: summarizeLevels then picks the level that holds it (ties: the later)
  const held = summarizeLevels(
    system.levels,
    bounds.map((total) => ({ total, changed: true })),
  );
  return held.map(({ level, users: holds }) => ({
    level,
    users: holds === 0 ? 0 : (users[bounds.indexOf(level.points)] as number),
  }));
}

/**
 * S36: `userId`'s points in `key` per local day, week (the first rule's week start, else Monday) or
 * month of `range`: each period's change and the total at its end, time triggers settled up to `at`
 * on a copy (S33), so a read writes nothing. NotFoundError for an unknown system or user.
 */
export async function userPointsSummary(
  ctx: EngineContext,
  userId: string,
  key: string,
  range: SummaryRange & { at?: Date | number },
): Promise<SummaryPeriod[]> {
  checkUserId(userId);
  const system = systemOf(ctx, key);
  const { calendar, from, to } = summaryPeriods(range, ctx.rules[0]?.weekStart ?? 'monday');
  const at = ctx.now(range.at);
  const user = await ctx.current.load(userId, at);
  if (user === null) throw new NotFoundError('UNKNOWN_USER', `unknown user ${JSON.stringify(userId)}`);
  const kept =
    user.points !== undefined && Object.hasOwn(user.points, system.key) ? user.points[system.key] : undefined;
  const state = copyPointsState(kept ?? emptyPointsState());
  settleTimeTriggersInPlace(system, state, pointsUserOf(user), at);
  return summarizePointsDays(dailyChangesOf(state), calendar, from, to);
}
