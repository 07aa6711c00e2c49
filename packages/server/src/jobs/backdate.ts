/**
 * Backdating (S22): a change of the account's achievements that changes what completes (one made
 * active, a live one's condition changed: the engine's rules fingerprint differs) starts a rebuild of
 * every user in the background, with its progress, so that every user who qualifies holds it without
 * waiting for their next event. The rebuild completes it silently: no webhook, counted in the stats.
 */
import type { Backend } from '../backend/backend.js';
import type { Rebuilds } from './rebuilds.js';
import type { Rebuild, AccountConfig } from '../control/types.js';
import { engineFor } from '../engines/engines.js';

/** What starting a backdating takes: the stores (for the engines that tell the fingerprints) and the rebuilds. */
export interface BackdateDeps {
  readonly backend: Backend;
  readonly rebuilds: Rebuilds;
}

/** Starts the rebuild when `after` completes other achievements than `before`; the rebuild's first record, or null. */
export function backdate(
  ctx: BackdateDeps,
  accountId: string,
  before: AccountConfig,
  after: AccountConfig,
): Rebuild | null {
  const store = ctx.backend.storeFor(accountId);
  if (engineFor(before, store).rulesFingerprint === engineFor(after, store).rulesFingerprint) return null;
  return ctx.rebuilds.start(accountId, after.version);
}
