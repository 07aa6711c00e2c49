/**
 * What may change in an account's leaderboards, and how (docs/semantics.md S40..S46). Create: a
 * name, a key (the key rule) no other board of the account has, what it ranks by (a metric or a
 * points system of the account by id, or the streak rule), `maxParticipants` 1 to 1,000 (default
 * 1,000), the first and last local dates (start default today, UTC), a daily window, breakdown
 * attributes (declared user attributes, by id) and how runs repeat (a streak board cannot), and a
 * status: inactive (the default), active, scheduled (a start to come) or finished (an end past).
 * Update: any of those; the key, what it ranks by, the start, the repetition and the breakdowns
 * only while inactive, since they decide which run and group every counted change went to. A board
 * made active or scheduled counts from that instant (no backfill: S44). Delete: the board goes from
 * the configuration; its rankings stay in the store, read by nothing. Each is one bulk change.
 */
import { parseTimeOfDay } from '@kindling/core';
import { limitMessage, roomFor } from '../control/limits.js';
import type { AccountConfig, LeaderboardDef } from '../control/types.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';
import { type BulkOutcome, changeConfigInBulk, eachOnce } from './bulk-change.js';
import { issue, missingIdIssue, type Issue } from './issues.js';
import { descriptionProblem, givenKeyProblem, pointsNameProblem } from './points-checks.js';

/** The largest `maxParticipants` the hosted service's API takes (the engine ranks everyone). */
export const MAX_PARTICIPANTS = 1000;
const MAX_BREAKDOWNS = 10;
const MAX_RUN_INTERVAL = 36_525;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface LeaderboardFields {
  name?: string;
  key?: string;
  description?: string | null;
  status?: 'inactive' | 'active' | 'scheduled' | 'finished';
  rankBy?: 'metric' | 'points' | 'streak';
  metricId?: string | null;
  pointsSystemId?: string | null;
  maxParticipants?: number | null;
  start?: string;
  end?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  breakdownAttributes?: string[];
  runUnit?: 'day' | 'month' | 'year' | null;
  runInterval?: number | null;
}

export interface NewLeaderboard extends LeaderboardFields {
  name: string;
  key: string;
  rankBy: 'metric' | 'points' | 'streak';
}

export interface LeaderboardChange extends LeaderboardFields {
  id: string;
}

export function leaderboardsOf(config: AccountConfig): readonly LeaderboardDef[] {
  return config.leaderboards ?? [];
}

function replaceBoard(config: AccountConfig, next: LeaderboardDef): AccountConfig {
  return { ...config, leaderboards: leaderboardsOf(config).map((b) => (b.id === next.id ? next : b)) };
}

/** A real calendar date `YYYY-MM-DD`, or null. */
function dateProblem(value: unknown, field: string): string | null {
  if (typeof value !== 'string' || !DATE.test(value)) return `${field} must be a date YYYY-MM-DD`;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value)
    return `${field} must be a date YYYY-MM-DD`;
  const year = Number(value.slice(0, 4));
  return year < 1000 || year > 9998 ? `${field} must lie between the years 1000 and 9998` : null;
}

function timeProblem(value: string | null, field: string): string | null {
  if (value === null) return null;
  try {
    parseTimeOfDay(value, field);
    return null;
  } catch {
    return `${field} must be a time of day HH:mm or HH:mm:ss`;
  }
}

/** The board `fields` make of `base` in `config` at `today` (a date) and `at` (an instant), or the problem. */
function boardOf(
  config: AccountConfig,
  base: LeaderboardDef,
  fields: LeaderboardFields,
  today: string,
  at: string,
): LeaderboardDef | string {
  const next: LeaderboardDef = { ...base };
  if (fields.name !== undefined) {
    const problem = pointsNameProblem(fields.name);
    if (problem !== null) return problem;
    next.name = fields.name.trim();
  }
  if (fields.key !== undefined) {
    const problem = givenKeyProblem(fields.key);
    if (problem !== null) return problem;
    next.key = fields.key;
  }
  if (fields.description !== undefined) {
    const problem = descriptionProblem(fields.description);
    if (problem !== null) return problem;
    next.description = fields.description;
  }
  if (fields.rankBy !== undefined) next.rankBy = fields.rankBy;
  if (fields.metricId !== undefined) next.metricId = fields.metricId ?? undefined;
  if (fields.pointsSystemId !== undefined) next.pointsSystemId = fields.pointsSystemId ?? undefined;
  if (next.rankBy === 'metric') {
    if (next.metricId === undefined) return 'metricId is required for a leaderboard ranked by metric';
    if (!config.metrics.some((m) => m.id === next.metricId && m.status !== 'archived')) return 'Metric not found by ID';
  } else if (next.metricId !== undefined) return 'metricId is only for a leaderboard ranked by metric';
  if (next.rankBy === 'points') {
    if (next.pointsSystemId === undefined) return 'pointsSystemId is required for a leaderboard ranked by points';
    if (!(config.points ?? []).some((p) => p.id === next.pointsSystemId && p.status === 'active'))
      return 'Points system not found by ID';
  } else if (next.pointsSystemId !== undefined) return 'pointsSystemId is only for a leaderboard ranked by points';
  if (next.rankBy === 'streak' && config.streak === null) return 'The account has no streak rule to rank by';
  if (fields.maxParticipants !== undefined) {
    const cap = fields.maxParticipants ?? MAX_PARTICIPANTS;
    if (!Number.isInteger(cap) || cap < 1 || cap > MAX_PARTICIPANTS)
      return `maxParticipants must be a whole number from 1 to ${MAX_PARTICIPANTS}`;
    next.maxParticipants = cap;
  }
  if (fields.start !== undefined) {
    const problem = dateProblem(fields.start, 'start');
    if (problem !== null) return problem;
    next.start = fields.start;
  }
  if (fields.end !== undefined) {
    const problem = fields.end === null ? null : dateProblem(fields.end, 'end');
    if (problem !== null) return problem;
    next.end = fields.end;
  }
  if (next.end !== null && next.end < next.start) return 'end must not be before start';
  if (fields.startTime !== undefined) next.startTime = fields.startTime;
  if (fields.endTime !== undefined) next.endTime = fields.endTime;
  const timeIssue = timeProblem(next.startTime, 'startTime') ?? timeProblem(next.endTime, 'endTime');
  if (timeIssue !== null) return timeIssue;
  if (
    next.startTime !== null &&
    next.endTime !== null &&
    parseTimeOfDay(next.startTime, 'startTime') === parseTimeOfDay(next.endTime, 'endTime')
  )
    return 'startTime and endTime must differ';
  if (fields.breakdownAttributes !== undefined) {
    const ids = fields.breakdownAttributes;
    if (ids.length > MAX_BREAKDOWNS) return `breakdownAttributes may name at most ${MAX_BREAKDOWNS} attributes`;
    if (new Set(ids).size !== ids.length) return 'breakdownAttributes names an attribute twice';
    for (const id of ids)
      if (!(config.attributes ?? []).some((a) => a.id === id && a.type === 'user'))
        return `breakdownAttributes: no user attribute has the id ${JSON.stringify(id)}`;
    next.breakdownAttributes = [...ids];
  }
  if (fields.runUnit !== undefined) next.runUnit = fields.runUnit;
  if (fields.runInterval !== undefined) next.runInterval = fields.runInterval;
  if (next.runUnit === null) next.runInterval = null;
  else {
    if (next.rankBy === 'streak') return 'A leaderboard ranked by streak cannot repeat';
    const interval = next.runInterval;
    if (interval === null || !Number.isInteger(interval) || interval < 1 || interval > MAX_RUN_INTERVAL)
      return `runInterval must be a whole number from 1 to ${MAX_RUN_INTERVAL} when runUnit is set`;
  }
  if (fields.status !== undefined) {
    const status = fields.status;
    if (status === 'scheduled' && next.start <= today)
      return 'A leaderboard is scheduled only with a start after today';
    if (status === 'finished' && (next.end === null || next.end >= today))
      return 'A leaderboard is finished only with an end before today';
    const stored = status === 'scheduled' ? 'active' : status;
    if (stored === 'active' && base.status !== 'active') next.activated = at;
    next.status = stored;
  }
  return next;
}

/** The account's leaderboards. */
export async function leaderboardsIn(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
): Promise<readonly LeaderboardDef[]> {
  return leaderboardsOf(await deps.control.config(accountId));
}

/** Creates leaderboards: those made, and the issue of each item refused. */
export async function createLeaderboards(
  deps: AccountDeps,
  accountId: string,
  items: readonly NewLeaderboard[],
): Promise<BulkOutcome<LeaderboardDef>> {
  const now = deps.clock();
  const at = new Date(now).toISOString();
  const today = at.slice(0, 10);
  return changeConfigInBulk<NewLeaderboard, LeaderboardDef>(deps.control, accountId, items, (config, item, index) => {
    const boards = leaderboardsOf(config);
    if (boards.some((b) => b.key === item.key))
      return { refuse: issue({ index }, 'Key already in use by another leaderboard') };
    if (!roomFor('leaderboards', boards.length)) return { refuse: issue({ index }, limitMessage('leaderboards')) };
    const base: LeaderboardDef = {
      id: newId(),
      key: item.key,
      name: item.name,
      description: null,
      rankBy: item.rankBy,
      status: 'inactive',
      maxParticipants: MAX_PARTICIPANTS,
      start: today,
      end: null,
      startTime: null,
      endTime: null,
      breakdownAttributes: [],
      runUnit: null,
      runInterval: null,
      created: at,
      updated: at,
    };
    const made = boardOf(config, base, item, today, at);
    if (typeof made === 'string') return { refuse: issue({ index }, made) };
    return { accept: made, config: { ...config, leaderboards: [...boards, made] } };
  });
}

/** What only an inactive board may change: what decides the run and group of every counted change. */
const FIXED_ONCE_ACTIVE = [
  'key',
  'rankBy',
  'metricId',
  'pointsSystemId',
  'start',
  'runUnit',
  'runInterval',
  'breakdownAttributes',
] as const;

/** Changes leaderboards by id: each changed once (as it ends), and the issues. */
export async function updateLeaderboards(
  deps: AccountDeps,
  accountId: string,
  items: readonly LeaderboardChange[],
): Promise<{ applied: LeaderboardDef[]; issues: Issue[] }> {
  const now = deps.clock();
  const at = new Date(now).toISOString();
  const today = at.slice(0, 10);
  const outcome = await changeConfigInBulk<LeaderboardChange, string>(
    deps.control,
    accountId,
    items,
    (config, change) => {
      const def = leaderboardsOf(config).find((b) => b.id === change.id);
      if (def === undefined) return { refuse: missingIdIssue(change.id, 'Leaderboard') };
      if (def.status !== 'inactive') {
        const fixed = FIXED_ONCE_ACTIVE.find((field) => change[field] !== undefined);
        // a change to inactive in the same item comes first: then the rest may change
        if (fixed !== undefined && change.status !== 'inactive')
          return { refuse: issue({ id: change.id }, `${fixed} may change only while the leaderboard is inactive`) };
      }
      if (change.key !== undefined && leaderboardsOf(config).some((b) => b.key === change.key && b.id !== def.id))
        return { refuse: issue({ id: change.id }, 'Key already in use by another leaderboard') };
      const made = boardOf(config, def, change, today, at);
      if (typeof made === 'string') return { refuse: issue({ id: change.id }, made) };
      return { accept: def.id, config: replaceBoard(config, { ...made, updated: at }) };
    },
  );
  return { applied: eachOnce(outcome.applied, leaderboardsOf(outcome.config)), issues: outcome.issues };
}

/** Deletes leaderboards by id: the ids deleted and the issues. */
export async function deleteLeaderboards(
  deps: AccountDeps,
  accountId: string,
  ids: readonly string[],
): Promise<BulkOutcome<{ id: string }>> {
  return changeConfigInBulk<string, { id: string }>(deps.control, accountId, ids, (config, id) => {
    const boards = leaderboardsOf(config);
    if (!boards.some((b) => b.id === id)) return { refuse: missingIdIssue(id, 'Leaderboard') };
    return { accept: { id }, config: { ...config, leaderboards: boards.filter((b) => b.id !== id) } };
  });
}
