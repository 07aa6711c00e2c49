/**
 * What may change in an account's points systems, and how. Create: a name, a key (the key rule)
 * no other system of the account has, a description, a badge, `maxPoints` (an integer of 1 or
 * more, or null), and levels, boosts and triggers made with it (each as its own resource's
 * create checks it; one refused refuses the system, its issue naming it), within the account's
 * bound of systems. Update: name, description, badge, maxPoints (null removes them), never the
 * key. Delete: the system is archived (its key stays taken, its parts are kept and no more
 * changed). Each is one bulk change of the configuration.
 */
import { ACCOUNT_LIMITS, limitMessage, POINTS_SYSTEM_LIMITS, roomFor, systemLimitMessage } from '../control/limits.js';
import type {
  AccountConfig,
  PointsBoostDef,
  PointsLevelDef,
  PointsSystemDef,
  PointsTriggerDef,
} from '../control/types.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';
import { type BulkOutcome, changeConfigInBulk, eachOnce } from './bulk-change.js';
import { issue, missingIdIssue, type Issue } from './issues.js';
import { existingUsers, newBoost, type NewPointsBoost, type UserLookup } from './points-boosts.js';
import {
  badgeProblem,
  boostsInAccount,
  descriptionProblem,
  givenKeyProblem,
  maxPointsProblem,
  pointsNameProblem,
  replaceSystem,
  systemsOf,
} from './points-checks.js';
import { newLevel, type NewPointsLevel } from './points-levels.js';
import { newTrigger, type NewPointsTrigger } from './points-triggers.js';

export interface NewPointsSystem {
  name: string;
  key: string;
  description?: string | null;
  badge?: { url: string } | null;
  maxPoints?: number | null;
  levels?: NewPointsLevel[];
  boosts?: NewPointsBoost[];
  triggers?: NewPointsTrigger[];
}

export interface PointsSystemChange {
  id: string;
  name?: string;
  description?: string | null;
  badge?: { url: string } | null;
  maxPoints?: number | null;
}

/** A system as made, and which of its parts the request named (those the answer shows). */
export interface MadeSystem {
  system: PointsSystemDef;
  named: { levels: boolean; boosts: boolean; triggers: boolean };
}

/** The parts made with a new system, or the problem (naming the part) that refuses it. */
function partsOf(
  item: NewPointsSystem,
  config: AccountConfig,
  at: string,
  known: ReadonlySet<string>,
  tenantId: string | null,
): { levels: PointsLevelDef[]; boosts: PointsBoostDef[]; triggers: PointsTriggerDef[] } | string {
  const levels: PointsLevelDef[] = [];
  for (const [place, level] of (item.levels ?? []).entries()) {
    const made = newLevel(level, levels, at);
    if (typeof made === 'string') return `levels[${place}]: ${made}`;
    levels.push(made);
  }
  const boosts: PointsBoostDef[] = [];
  for (const [place, boost] of (item.boosts ?? []).entries()) {
    if (boosts.length >= POINTS_SYSTEM_LIMITS.boosts) return `boosts[${place}]: ${systemLimitMessage('boosts')}`;
    if (boostsInAccount(config) + boosts.length >= ACCOUNT_LIMITS['points boosts'])
      return `boosts[${place}]: ${limitMessage('points boosts')}`;
    const made = newBoost(boost, config, at, known, tenantId);
    if (typeof made === 'string') return `boosts[${place}]: ${made}`;
    boosts.push(made);
  }
  const triggers: PointsTriggerDef[] = [];
  for (const [place, trigger] of (item.triggers ?? []).entries()) {
    const made = newTrigger(trigger, config, at);
    if (typeof made === 'string') return `triggers[${place}]: ${made}`;
    triggers.push(made);
  }
  return { levels, boosts, triggers };
}

/** The account's points systems (archived ones too). */
export async function pointsSystemsOf(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
): Promise<readonly PointsSystemDef[]> {
  return systemsOf(await deps.control.config(accountId));
}

/** Creates points systems with their parts: those made, and the issue of each item refused. */
export async function createPointsSystems(
  deps: AccountDeps,
  accountId: string,
  items: readonly NewPointsSystem[],
  users: UserLookup,
): Promise<BulkOutcome<MadeSystem>> {
  const at = new Date(deps.clock()).toISOString();
  const known = await existingUsers(
    users,
    items.flatMap((item) => (item.boosts ?? []).map((b) => b.userId)),
  );
  return changeConfigInBulk<NewPointsSystem, MadeSystem>(deps.control, accountId, items, (config, item, index) => {
    const systems = systemsOf(config);
    const problem =
      givenKeyProblem(item.key) ??
      pointsNameProblem(item.name) ??
      descriptionProblem(item.description) ??
      badgeProblem(item.badge) ??
      maxPointsProblem(item.maxPoints);
    if (problem !== null) return { refuse: issue({ index }, problem) };
    if (systems.some((s) => s.key === item.key))
      return { refuse: issue({ index }, 'Key already in use by another points system') };
    if (!roomFor('points systems', systems.length)) return { refuse: issue({ index }, limitMessage('points systems')) };
    const parts = partsOf(item, config, at, known, users.tenantId);
    if (typeof parts === 'string') return { refuse: issue({ index }, parts) };
    const system: PointsSystemDef = {
      id: newId(),
      key: item.key,
      name: item.name.trim(),
      description: item.description ?? '',
      status: 'active',
      badge: item.badge === undefined || item.badge === null ? null : { url: item.badge.url },
      maxPoints: item.maxPoints ?? null,
      ...parts,
      created: at,
      updated: at,
    };
    const named = {
      levels: item.levels !== undefined,
      boosts: item.boosts !== undefined,
      triggers: item.triggers !== undefined,
    };
    return { accept: { system, named }, config: { ...config, points: [...systems, system] } };
  });
}

/** Changes points systems by id (never the key): each changed once (as it ends), and the issues. */
export async function updatePointsSystems(
  deps: AccountDeps,
  accountId: string,
  items: readonly PointsSystemChange[],
): Promise<{ applied: PointsSystemDef[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  const outcome = await changeConfigInBulk<PointsSystemChange, string>(
    deps.control,
    accountId,
    items,
    (config, change) => {
      const def = systemsOf(config).find((s) => s.id === change.id);
      if (def === undefined) return { refuse: issue({ id: change.id }, 'Points system not found by ID') };
      if (def.status === 'archived') return { refuse: issue({ id: change.id }, 'The points system is archived') };
      const problem =
        (change.name !== undefined ? pointsNameProblem(change.name) : null) ??
        descriptionProblem(change.description) ??
        badgeProblem(change.badge) ??
        maxPointsProblem(change.maxPoints);
      if (problem !== null) return { refuse: issue({ id: change.id }, problem) };
      const next: PointsSystemDef = {
        ...def,
        ...(change.name !== undefined ? { name: change.name.trim() } : {}),
        ...(change.description !== undefined ? { description: change.description ?? '' } : {}),
        ...(change.badge !== undefined ? { badge: change.badge === null ? null : { url: change.badge.url } } : {}),
        ...(change.maxPoints !== undefined ? { maxPoints: change.maxPoints } : {}),
        updated: at,
      };
      return { accept: def.id, config: replaceSystem(config, next) };
    },
  );
  return { applied: eachOnce(outcome.applied, systemsOf(outcome.config)), issues: outcome.issues };
}

/** Archives points systems by id: the ids archived (an archived one again too) and the issues. */
export async function archivePointsSystems(
  deps: AccountDeps,
  accountId: string,
  ids: readonly string[],
): Promise<BulkOutcome<{ id: string }>> {
  const at = new Date(deps.clock()).toISOString();
  return changeConfigInBulk<string, { id: string }>(deps.control, accountId, ids, (config, id) => {
    const def = systemsOf(config).find((s) => s.id === id);
    if (def === undefined) return { refuse: missingIdIssue(id, 'Points system') };
    return { accept: { id }, config: replaceSystem(config, { ...def, status: 'archived', updated: at }) };
  });
}
