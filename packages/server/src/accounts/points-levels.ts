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
import { changeConfigInBulk } from './bulk-change.js';
import { issue, missingIdIssue, type Issue } from './issues.js';
import {
  badgeProblem,
  descriptionProblem,
  givenKeyProblem,
  integerProblem,
  liveSystem,
  pointsNameProblem,
  replaceSystem,
} from './points-checks.js';
import { missingSystem } from './points-triggers.js';

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

/** Creates levels of the system: those made, and the issue of each item refused. */
export async function createPointsLevels(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  items: readonly NewPointsLevel[],
): Promise<{ applied: PointsLevelDef[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  const { applied, issues } = await changeConfigInBulk<NewPointsLevel, PointsLevelDef>(
    deps.control,
    accountId,
    items,
    (config, item, index) => {
      const system = liveSystem(config, systemId);
      if (system === undefined) throw missingSystem(systemId);
      const made = newLevel(item, system.levels, at);
      if (typeof made === 'string') return { refuse: issue({ index }, made) };
      return { accept: made, config: replaceSystem(config, { ...system, levels: [...system.levels, made] }) };
    },
  );
  return { applied, issues };
}

/** Changes levels of the system by id (never the key): each changed once (as it ends), and the issues. */
export async function updatePointsLevels(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  items: readonly PointsLevelChange[],
): Promise<{ applied: PointsLevelDef[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  const outcome = await changeConfigInBulk<PointsLevelChange, string>(
    deps.control,
    accountId,
    items,
    (config, change) => {
      const system = liveSystem(config, systemId);
      if (system === undefined) throw missingSystem(systemId);
      const def = system.levels.find((l) => l.id === change.id);
      if (def === undefined) return { refuse: issue({ id: change.id }, 'Points level not found by ID') };
      const next = changedLevel(def, change, at);
      if (typeof next === 'string') return { refuse: issue({ id: change.id }, next) };
      const levels = system.levels.map((l) => (l === def ? next : l));
      return { accept: def.id, config: replaceSystem(config, { ...system, levels }) };
    },
  );
  const ends = liveSystem(outcome.config, systemId)?.levels ?? [];
  const applied = [...new Set(outcome.applied)]
    .map((id) => ends.find((l) => l.id === id))
    .filter((l) => l !== undefined);
  return { applied, issues: outcome.issues };
}

/** Removes levels of the system by id: the ids removed and the issues. */
export async function deletePointsLevels(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  ids: readonly string[],
): Promise<{ applied: Array<{ id: string }>; issues: Issue[] }> {
  const { applied, issues } = await changeConfigInBulk<string, { id: string }>(
    deps.control,
    accountId,
    ids,
    (config, id) => {
      const system = liveSystem(config, systemId);
      if (system === undefined) throw missingSystem(systemId);
      if (!system.levels.some((l) => l.id === id)) return { refuse: missingIdIssue(id, 'Points level') };
      const levels = system.levels.filter((l) => l.id !== id);
      return { accept: { id }, config: replaceSystem(config, { ...system, levels }) };
    },
  );
  return { applied, issues };
}
