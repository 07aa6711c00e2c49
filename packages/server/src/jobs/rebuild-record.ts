/**
 * A namespace's rebuild record as the control plane keeps it: what the admin routes show of the
 * last or running rebuild of a namespace's streaks.
 */
import type { AccountDeps } from '../accounts/account-deps.js';
import type { Rebuild } from '../control/types.js';

/** The namespace's rebuild record. */
export function readRebuild(deps: Pick<AccountDeps, 'control'>, space: string): Promise<Rebuild> {
  return deps.control.rebuild(space);
}
