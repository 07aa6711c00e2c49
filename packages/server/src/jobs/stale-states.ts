/**
 * A change of the configuration that leaves the stored states made under other rules (the engine's
 * rules fingerprint differs, S20) starts a rebuild of every user in the background, with its
 * progress, so that every user is brought under it without waiting for their next event:
 * - backdating (S22): a change of the achievements that changes what completes (one made active, a
 *   live one's condition changed); the rebuild completes them silently (no webhook, counted in the
 *   stats);
 * - the points time schedule (S33): a time trigger added, changed, activated or deactivated, or its
 *   system created or archived; the rebuild writes each user's points lines anew, so that the
 *   sweeper finds every user at the new boundaries, those seen before the trigger existed too.
 * Where only those moved, a user's streaks are kept (the cheap path of a rebuild).
 */
import type { Backend } from '../backend/backend.js';
import type { Rebuilds } from './rebuilds.js';
import type { Rebuild, AccountConfig } from '../control/types.js';
import { engineFor } from '../engines/engines.js';

/** What starting the rebuild takes: the stores (for the engines that tell the fingerprints) and the rebuilds. */
export interface StaleStatesDeps {
  readonly backend: Backend;
  readonly rebuilds: Rebuilds;
}

/** Starts the rebuild when states made under `before` are not current under `after`; the rebuild's first record, or null. */
export function rebuildStaleStates(
  ctx: StaleStatesDeps,
  accountId: string,
  before: AccountConfig,
  after: AccountConfig,
): Rebuild | null {
  const store = ctx.backend.storeFor(accountId);
  if (engineFor(before, store).rulesFingerprint === engineFor(after, store).rulesFingerprint) return null;
  return ctx.rebuilds.start(accountId, after.version);
}
