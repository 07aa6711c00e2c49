/**
 * What may change in a points system's levels, and how. Create: a name, a key (the key rule) no
 * other level of the system has, `points` (the threshold) an integer of 0 or more, a description
 * and a badge. Update: all but the key. Delete: the level is removed. Each is one bulk change of
 * the configuration; a refused item is an issue.
 */
import { POINTS_SYSTEM_LIMITS, systemLimitMessage } from '../control/limits.js';
import type { PointsLevelDef } from '../control/types.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';
import { addSystemParts, type PartsOf, removeSystemParts, updateSystemParts } from './points-parts.js';
import type { Issue } from './issues.js';
import {
  badgeProblem,
  descriptionProblem,
  givenKeyProblem,
  integerProblem,
  liveSystem,
  missingSystem,
  pointsNameProblem,
} from './points-checks.js';

export interface NewPointsLevel {
  name: string;
  key: string;
  points: number;
  description?: string | null;
  badge?: { url: string } | null;
}

export interface PointsLevelChange {
  id: string;
  name?: string;
  points?: number;
  description?: string | null;
  badge?: { url: string } | null;
}

/** The level `item` makes at `at` beside `levels`, or the problem that refuses it. */
export function newLevel(item: NewPointsLevel, levels: readonly PointsLevelDef[], at: string): PointsLevelDef | string {
  const problem =
    givenKeyProblem(item.key) ??
    pointsNameProblem(item.name) ??
    integerProblem('points', item.points, 0) ??
    descriptionProblem(item.description) ??
    badgeProblem(item.badge);
  if (problem !== null) return problem;
  if (levels.some((l) => l.key === item.key)) return 'Key already in use by another level';
  if (levels.length >= POINTS_SYSTEM_LIMITS.levels) return systemLimitMessage('levels');
  return {
    id: newId(),
    key: item.key,
    name: item.name.trim(),
    points: item.points,
    description: item.description ?? '',
    badge: item.badge === undefined || item.badge === null ? null : { url: item.badge.url },
    created: at,
    updated: at,
  };
}

function changedLevel(def: PointsLevelDef, change: PointsLevelChange, at: string): PointsLevelDef | string {
  const problem =
    (change.name !== undefined ? pointsNameProblem(change.name) : null) ??
    (change.points !== undefined ? integerProblem('points', change.points, 0) : null) ??
    descriptionProblem(change.description) ??
    badgeProblem(change.badge);
  if (problem !== null) return problem;
  return {
    ...def,
    ...(change.name !== undefined ? { name: change.name.trim() } : {}),
    ...(change.points !== undefined ? { points: change.points } : {}),
    ...(change.description !== undefined ? { description: change.description ?? '' } : {}),
    ...(change.badge !== undefined ? { badge: change.badge === null ? null : { url: change.badge.url } } : {}),
    updated: at,
  };
}

/** The system's levels; 404 without the system. */
export async function pointsLevelsOf(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  systemId: string,
): Promise<PointsLevelDef[]> {
  const system = liveSystem(await deps.control.config(accountId), systemId);
  if (system === undefined) throw missingSystem(systemId);
  return system.levels;
}

const LEVELS: PartsOf<'levels'> = { list: 'levels', label: 'Points level' };

/** Creates levels of the system: those made, and the issue of each item refused. */
export function createPointsLevels(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  items: readonly NewPointsLevel[],
): Promise<{ applied: PointsLevelDef[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  return addSystemParts(deps, accountId, systemId, LEVELS, items, (item, system) => newLevel(item, system.levels, at));
}

/** Changes levels of the system by id (never the key): each changed once (as it ends), and the issues. */
export function updatePointsLevels(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  items: readonly PointsLevelChange[],
): Promise<{ applied: PointsLevelDef[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  return updateSystemParts(deps, accountId, systemId, LEVELS, items, (part, item) => changedLevel(part, item, at));
}

/** Removes levels of the system by id: the ids removed and the issues. */
export function deletePointsLevels(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  ids: readonly string[],
): Promise<{ applied: Array<{ id: string }>; issues: Issue[] }> {
  return removeSystemParts(deps, accountId, systemId, LEVELS, ids);
}
