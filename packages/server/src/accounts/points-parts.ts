/**
 * The change of one list of a points system (its triggers, levels or boosts), as one bulk change
 * of the configuration: the system must be there and not archived (else NOT_FOUND for the whole
 * call). An add appends each new part within the list's bound (POINTS_SYSTEM_LIMITS), an item past
 * it or refused by the resource's rule being its issue by index; an update or a removal names parts
 * by id, an id that names no part the caller may see is its item's issue, and an update answers
 * each part changed once, as it ends. What a part may be is the resource's own rule. Each answers
 * the configuration before and as written too, so that the caller can tell what the change needs
 * (a rebuild when the points time schedule moved: jobs/stale-states.ts).
 */
import { POINTS_SYSTEM_LIMITS, systemLimitMessage } from '../control/limits.js';
import type { AccountConfig, PointsSystemDef } from '../control/types.js';
import type { AccountDeps } from './account-deps.js';
import { type BulkOutcome, changeConfigInBulk, eachOnce } from './bulk-change.js';
import { issue, missingIdIssue } from './issues.js';
import { liveSystem, missingSystem, replaceSystem } from './points-checks.js';

export type PartList = 'triggers' | 'levels' | 'boosts';
export type PartOf<L extends PartList> = PointsSystemDef[L][number];

/** Where a list's parts are, and how an owner names one: `Points trigger`. */
export interface PartsOf<L extends PartList> {
  readonly list: L;
  readonly label: string;
  /** whether the owner may still see (and so change) the part: an archived trigger is gone for them */
  readonly visible?: (part: PartOf<L>) => boolean;
}

function withParts<L extends PartList>(
  config: AccountConfig,
  system: PointsSystemDef,
  list: L,
  parts: PartOf<L>[],
): AccountConfig {
  return replaceSystem(config, { ...system, [list]: parts });
}

function findPart<L extends PartList>(system: PointsSystemDef, of: PartsOf<L>, id: string): PartOf<L> | undefined {
  return (system[of.list] as PartOf<L>[]).find((part) => part.id === id && (of.visible?.(part) ?? true));
}

/**
 * Adds parts to the system: `make` answers the part an item makes under the configuration and the
 * system as the items before it left them, or the problem that refuses it. Those made, and the
 * issues.
 */
export async function addSystemParts<L extends PartList, Item>(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  systemId: string,
  of: PartsOf<L>,
  items: readonly Item[],
  make: (item: Item, system: PointsSystemDef, config: AccountConfig) => PartOf<L> | string,
): Promise<BulkOutcome<PartOf<L>>> {
  return changeConfigInBulk<Item, PartOf<L>>(deps.control, accountId, items, (config, item, index) => {
    const system = liveSystem(config, systemId);
    if (system === undefined) throw missingSystem(systemId);
    const parts = system[of.list] as PartOf<L>[];
    if (parts.length >= POINTS_SYSTEM_LIMITS[of.list]) return { refuse: issue({ index }, systemLimitMessage(of.list)) };
    const made = make(item, system, config);
    if (typeof made === 'string') return { refuse: issue({ index }, made) };
    return { accept: made, config: withParts(config, system, of.list, [...parts, made]) };
  });
}

/** Changes parts by id with `change` (the part as it becomes, or why not): each changed once, as it ends, and the issues. */
export async function updateSystemParts<L extends PartList, Change extends { id: string }>(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  systemId: string,
  of: PartsOf<L>,
  items: readonly Change[],
  change: (part: PartOf<L>, item: Change, config: AccountConfig) => PartOf<L> | string,
): Promise<BulkOutcome<PartOf<L>>> {
  const outcome = await changeConfigInBulk<Change, string>(deps.control, accountId, items, (config, item) => {
    const system = liveSystem(config, systemId);
    if (system === undefined) throw missingSystem(systemId);
    const part = findPart(system, of, item.id);
    if (part === undefined) return { refuse: issue({ id: item.id }, `${of.label} not found by ID`) };
    const next = change(part, item, config);
    if (typeof next === 'string') return { refuse: issue({ id: item.id }, next) };
    const parts = (system[of.list] as PartOf<L>[]).map((p) => (p === part ? next : p));
    return { accept: part.id, config: withParts(config, system, of.list, parts) };
  });
  const ends = (liveSystem(outcome.config, systemId)?.[of.list] ?? []) as PartOf<L>[];
  return { ...outcome, applied: eachOnce(outcome.applied, ends) };
}

/**
 * Removes parts by id: `remove` answers the list without the part (or with it archived). The ids
 * removed and the issues.
 */
export async function removeSystemParts<L extends PartList>(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  systemId: string,
  of: PartsOf<L>,
  ids: readonly string[],
  remove: (parts: readonly PartOf<L>[], part: PartOf<L>) => PartOf<L>[] = (parts, part) =>
    parts.filter((p) => p !== part),
): Promise<BulkOutcome<{ id: string }>> {
  return changeConfigInBulk<string, { id: string }>(deps.control, accountId, ids, (config, id) => {
    const system = liveSystem(config, systemId);
    if (system === undefined) throw missingSystem(systemId);
    const part = findPart(system, of, id);
    if (part === undefined) return { refuse: missingIdIssue(id, of.label) };
    return { accept: { id }, config: withParts(config, system, of.list, remove(system[of.list] as PartOf<L>[], part)) };
  });
}
