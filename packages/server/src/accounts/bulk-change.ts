/**
 * The one way a bulk change of an account's configuration is made: one compare-and-set over the
 * configuration (`Control.changeConfig`), deciding each item in turn against the configuration as
 * the items before it left it. An item is accepted (the configuration after it, what it applied,
 * any warnings) or refused (its issue). The compare-and-set runs the decisions again when another
 * writer changed the configuration meanwhile, so the attempt's state (what was applied, the issues)
 * is made fresh for each run here, and only the last run's is returned: a retry never doubles an
 * issue nor keeps what an earlier run applied. Refusals are values; only failures throw.
 */
import type { Control } from '../control/control.js';
import type { AccountConfig } from '../control/types.js';
import type { Issue } from './issues.js';

/** One item's decision. */
export type Decision<Applied> =
  | { accept: Applied; config: AccountConfig; warnings?: readonly Issue[] }
  | { refuse: Issue };

export interface BulkOutcome<Applied> {
  /** what the accepted items applied, in the order of the items */
  applied: Applied[];
  /** the refusals and warnings, in the order of the items */
  issues: Issue[];
  /** the configuration as written */
  config: AccountConfig;
  /** the configuration as the last run read it, before the change */
  before: AccountConfig;
}

export async function changeConfigInBulk<Item, Applied>(
  control: Pick<Control, 'changeConfig'>,
  accountId: string,
  items: readonly Item[],
  decide: (config: AccountConfig, item: Item, index: number) => Decision<Applied>,
): Promise<BulkOutcome<Applied>> {
  let applied: Applied[] = [];
  let issues: Issue[] = [];
  let before: AccountConfig | null = null;
  const config = await control.changeConfig(accountId, (current) => {
    before = current;
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
  if (before === null) throw new Error('the compare-and-set wrote without running the change');
  return { applied, issues, config, before };
}
