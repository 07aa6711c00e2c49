/**
 * The one way a bulk change of a document of the control plane (an account's configuration, its
 * tenants) is made: one compare-and-set over it (`Control.changeConfig`, `changeTenants`), deciding
 * each item in turn against the document as the items before it left it. An item is accepted (the
 * document after it, what it applied, any warnings) or refused (its issue). The compare-and-set
 * runs the decisions again when another writer changed the document meanwhile, so the attempt's
 * state (what was applied, the issues) is made fresh for each run here, and only the last run's is
 * returned: a retry never doubles an issue nor keeps what an earlier run applied. Refusals are
 * values; only failures throw.
 */
import type { Control } from '../control/control.js';
import type { AccountConfig } from '../control/types.js';
import type { Issue } from './issues.js';

/** One item's decision, over a document of `Doc` (the configuration, the tenants). */
export type Decision<Applied, Doc = AccountConfig> =
  | { accept: Applied; config: Doc; warnings?: readonly Issue[] }
  | { refuse: Issue };

export interface BulkOutcome<Applied, Doc = AccountConfig> {
  /** what the accepted items applied, in the order of the items */
  applied: Applied[];
  /** the refusals and warnings, in the order of the items */
  issues: Issue[];
  /** the document as written */
  config: Doc;
  /** the document as the last run read it, before the change */
  before: Doc;
}

/** A compare-and-set of one document: `change` may run again when another writer won. */
export type CompareAndSet<Doc> = (change: (current: Doc) => Doc) => Promise<Doc>;

/** The bulk change of any one document of the control plane, under its compare-and-set. */
export async function changeInBulk<Item, Applied, Doc>(
  compareAndSet: CompareAndSet<Doc>,
  items: readonly Item[],
  decide: (doc: Doc, item: Item, index: number) => Decision<Applied, Doc>,
): Promise<BulkOutcome<Applied, Doc>> {
  let applied: Applied[] = [];
  let issues: Issue[] = [];
  let before: { doc: Doc } | null = null;
  const config = await compareAndSet((current) => {
    before = { doc: current };
    applied = [];
    issues = [];
    let draft = current;
    for (const [index, item] of items.entries()) {
      const decision = decide(draft, item, index);
      if ('refuse' in decision) {
        issues.push(decision.refuse);
        continue;
      }
      draft = decision.config;
      applied.push(decision.accept);
      if (decision.warnings !== undefined) issues.push(...decision.warnings);
    }
    return draft;
  });
  const read = before as { doc: Doc } | null;
  if (read === null) throw new Error('the compare-and-set wrote without running the change');
  return { applied, issues, config, before: read.doc };
}

/** The bulk change of the account's configuration. */
export function changeConfigInBulk<Item, Applied>(
  control: Pick<Control, 'changeConfig'>,
  accountId: string,
  items: readonly Item[],
  decide: (config: AccountConfig, item: Item, index: number) => Decision<Applied>,
): Promise<BulkOutcome<Applied>> {
  return changeInBulk((change) => control.changeConfig(accountId, change), items, decide);
}

/**
 * The items of `current` with the ids an update applied, each once (where it was first named) and
 * as it ends: what an update answers when an item names the same thing twice.
 */
export function eachOnce<T extends { id: string }>(ids: readonly string[], current: readonly T[]): T[] {
  return [...new Set(ids)].map((id) => current.find((item) => item.id === id)).filter((item) => item !== undefined);
}
