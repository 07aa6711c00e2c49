/**
 * What a new streak rule would do to the streaks running now, told before it is saved: every user of
 * every namespace of the account (its own, then each active tenant's) read under the rule in force
 * and under the new one, a state rebuilt from the journal in memory where the rules differ, as the
 * owner's user list reads (`engine.listUsers`): nothing is written. A streak is ended when it runs
 * now and would not, shortened when it would run shorter. For `kindling streak set`, which asks
 * before a change that ends or shortens any.
 */
import type { UserPage } from '@kindling/core';
import type { AccountConfig } from '../control/types.js';
import type { Backend } from '../backend/backend.js';
import { engineFor } from '../engines/engines.js';
import { spacesOf } from '../backend/spaces.js';

export interface RuleImpact {
  /** the users looked at */
  users: number;
  /** streaks running now that the new rule would end */
  ended: number;
  /** streaks running now that would run shorter, not ended */
  shortened: number;
}

/** Users read at once, under each rule. */
const PAGE = 100;

/**
 * The impact of changing the account's configuration from `before` to `after` (their streak
 * rules), as of `at`. `signal` stops it between two pages; the count so far is then returned.
 */
export async function ruleImpact(
  backend: Backend,
  accountId: string,
  before: AccountConfig,
  after: AccountConfig,
  options: { at: number; signal?: AbortSignal },
): Promise<RuleImpact> {
  const impact: RuleImpact = { users: 0, ended: 0, shortened: 0 };
  const clock = () => options.at;
  for (const space of await spacesOf(backend.control, accountId)) {
    const store = backend.storeFor(space.store);
    const now = engineFor(before, store, { clock });
    const next = engineFor(after, store, { clock });
    let cursor: string | null = null;
    do {
      if (options.signal?.aborted) return impact;
      const [was, will]: [UserPage, UserPage] = await Promise.all([
        now.listUsers({ limit: PAGE, after: cursor }),
        next.listUsers({ limit: PAGE, after: cursor }),
      ]);
      const running = new Map(was.users.map((row) => [row.id, row.current]));
      for (const row of will.users) {
        const length = running.get(row.id) ?? 0;
        impact.users += 1;
        if (length > 0 && row.current === 0) impact.ended += 1;
        else if (row.current < length) impact.shortened += 1;
      }
      cursor = will.next;
    } while (cursor !== null);
  }
  return impact;
}
