/**
 * What may change in a points system's boosts, and how. Create: a name of at most 255 characters,
 * `start` and `end` (or null: open-ended) calendar dates with the end not before the start, a
 * multiplier above 0, below 100 and not 1, rounding `down` unless asked, and either one user
 * (`userId`, who must exist in the caller's namespace) or attribute filters, never both. Update:
 * all but the user (filters not on a user's boost). Delete: the boost is removed. A boost's status
 * (scheduled, active, finished) is not kept: it follows from its dates and the day (in UTC).
 */
import { boostStatus as coreBoostStatus, parseDay } from '@kindling/core';
import { ACCOUNT_LIMITS, limitMessage } from '../control/limits.js';
import type { AccountConfig, AttributeFilter, PointsBoostDef } from '../control/types.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';
import { addSystemParts, type PartsOf, removeSystemParts, updateSystemParts } from './points-parts.js';
import type { Issue } from './issues.js';
import {
  attributeFilterProblem,
  boostsInAccount,
  copyFilters,
  isCalendarDate,
  liveSystem,
  missingSystem,
} from './points-checks.js';

export type BoostRounding = PointsBoostDef['rounding'];

export interface NewPointsBoost {
  name: string;
  start: string;
  end?: string | null;
  multiplier: number;
  rounding?: BoostRounding;
  userId?: string | null;
  userAttributes?: AttributeFilter[] | null;
}

export interface PointsBoostChange {
  id: string;
  name?: string;
  start?: string;
  end?: string | null;
  multiplier?: number;
  rounding?: BoostRounding;
  userAttributes?: AttributeFilter[] | null;
}

/** Who the caller's namespace holds: the user ids among `ids` that exist there, and the namespace. */
export interface UserLookup {
  /** the tenant (internal id) of the caller's namespace, null for the account's own */
  readonly tenantId: string | null;
  exists(userId: string): Promise<boolean>;
}

export const MAX_BOOST_NAME_LENGTH = 255;

/** The users of `userIds` (each once) that exist, asked of `users` before the change is decided. */
export async function existingUsers(
  users: UserLookup,
  userIds: readonly (string | null | undefined)[],
): Promise<Set<string>> {
  const wanted = [...new Set(userIds.filter((id): id is string => typeof id === 'string'))];
  const found = await Promise.all(wanted.map(async (id) => ((await users.exists(id)) ? id : null)));
  return new Set(found.filter((id) => id !== null));
}

/**
 * A boost's status at `now` (ms), as the core times it (S35): active from 10:00 UTC the day before
 * its start to 12:00 UTC the day after its end, so it is active wherever its dates are a local date.
 */
export function boostStatus(
  boost: Pick<PointsBoostDef, 'start' | 'end'>,
  now: number,
): 'active' | 'scheduled' | 'finished' {
  return coreBoostStatus({ start: parseDay(boost.start), end: boost.end === null ? null : parseDay(boost.end) }, now);
}

/** What is wrong with a boost's name, dates, multiplier and rounding, or null. */
function boostProblem(boost: {
  name: string;
  start: string;
  end: string | null;
  multiplier: unknown;
  rounding: string;
}): string | null {
  if (boost.name.trim() === '') return 'Name must not be blank';
  if ([...boost.name].length > MAX_BOOST_NAME_LENGTH) return `name is at most ${MAX_BOOST_NAME_LENGTH} characters`;
  if (!isCalendarDate(boost.start)) return 'start must be a date, YYYY-MM-DD';
  if (boost.end !== null && !isCalendarDate(boost.end)) return 'end must be a date, YYYY-MM-DD, or null';
  if (boost.end !== null && boost.end < boost.start) return 'end must not be before start';
  const m = boost.multiplier;
  if (typeof m !== 'number' || !Number.isFinite(m) || m <= 0 || m >= 100 || m === 1)
    return 'multiplier must be above 0 and below 100, and not 1';
  if (!['down', 'up', 'nearest'].includes(boost.rounding)) return 'rounding must be down, up or nearest';
  return null;
}

/**
 * The boost `item` makes at `at` under `config`, or the problem that refuses it; `known` holds the
 * users found in the caller's namespace (`tenantId`).
 */
export function newBoost(
  item: NewPointsBoost,
  config: AccountConfig,
  at: string,
  known: ReadonlySet<string>,
  tenantId: string | null,
): PointsBoostDef | string {
  const userId = item.userId ?? null;
  const end = item.end ?? null;
  const rounding = item.rounding ?? 'down';
  if (userId !== null && item.userAttributes !== undefined && item.userAttributes !== null)
    return 'userId and userAttributes cannot both be given: a boost is of one user or of users by their attributes';
  const problem =
    boostProblem({ name: item.name, start: item.start, end, multiplier: item.multiplier, rounding }) ??
    attributeFilterProblem('userAttributes', item.userAttributes, 'user', config);
  if (problem !== null) return problem;
  if (userId !== null && !known.has(userId)) return 'User does not exist';
  return {
    id: newId(),
    name: item.name.trim(),
    start: item.start,
    end,
    multiplier: item.multiplier,
    rounding,
    userId,
    tenantId: userId === null ? null : tenantId,
    userAttributes: copyFilters(item.userAttributes),
    created: at,
    updated: at,
  };
}

/** Why the account under `config` takes no more boosts (its bound of all its systems' boosts), or null. */
function accountBoostsProblem(config: AccountConfig): string | null {
  return boostsInAccount(config) >= ACCOUNT_LIMITS['points boosts'] ? limitMessage('points boosts') : null;
}

function changedBoost(
  def: PointsBoostDef,
  change: PointsBoostChange,
  config: AccountConfig,
  at: string,
): PointsBoostDef | string {
  if (change.userAttributes !== undefined && change.userAttributes !== null && def.userId !== null)
    return 'userAttributes cannot be set on a boost of one user';
  const next: PointsBoostDef = {
    ...def,
    ...(change.name !== undefined ? { name: change.name.trim() } : {}),
    ...(change.start !== undefined ? { start: change.start } : {}),
    ...(change.end !== undefined ? { end: change.end } : {}),
    ...(change.multiplier !== undefined ? { multiplier: change.multiplier } : {}),
    ...(change.rounding !== undefined ? { rounding: change.rounding } : {}),
    ...(change.userAttributes !== undefined ? { userAttributes: copyFilters(change.userAttributes) } : {}),
    updated: at,
  };
  const problem =
    boostProblem({ ...next, name: change.name ?? def.name }) ??
    attributeFilterProblem('userAttributes', next.userAttributes, 'user', config);
  return problem ?? next;
}

/** The system's boosts; 404 without the system. */
export async function pointsBoostsOf(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  systemId: string,
): Promise<PointsBoostDef[]> {
  const system = liveSystem(await deps.control.config(accountId), systemId);
  if (system === undefined) throw missingSystem(systemId);
  return system.boosts;
}

const BOOSTS: PartsOf<'boosts'> = { list: 'boosts', label: 'Points boost' };

/** Creates boosts of the system: those made, and the issue of each item refused. */
export async function createPointsBoosts(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  items: readonly NewPointsBoost[],
  users: UserLookup,
): Promise<{ applied: PointsBoostDef[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  const known = await existingUsers(
    users,
    items.map((item) => item.userId),
  );
  return addSystemParts(
    deps,
    accountId,
    systemId,
    BOOSTS,
    items,
    (item, _system, config) => accountBoostsProblem(config) ?? newBoost(item, config, at, known, users.tenantId),
  );
}

/** Changes boosts of the system by id: each changed once (as it ends), and the issues. */
export function updatePointsBoosts(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  items: readonly PointsBoostChange[],
): Promise<{ applied: PointsBoostDef[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  return updateSystemParts(deps, accountId, systemId, BOOSTS, items, (part, item, config) =>
    changedBoost(part, item, config, at),
  );
}

/** Removes boosts of the system by id: the ids removed and the issues. */
export function deletePointsBoosts(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  ids: readonly string[],
): Promise<{ applied: Array<{ id: string }>; issues: Issue[] }> {
  return removeSystemParts(deps, accountId, systemId, BOOSTS, ids);
}
