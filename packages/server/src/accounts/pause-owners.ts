/**
 * Which user a streak pause belongs to, kept per namespace in the control plane: recorded when a
 * pause is made, read when one is to be removed (null for an id no pause has).
 */
import type { AccountDeps } from './account-deps.js';

type Pauses = Pick<AccountDeps, 'control'>;

/** Records that the pause `pauseId` of the namespace `space` belongs to `userId`. */
export function recordPauseOwner(deps: Pauses, space: string, pauseId: string, userId: string): Promise<void> {
  return deps.control.addPause(space, pauseId, userId);
}

/** The user the pause belongs to, or null. */
export function pauseOwnerOf(deps: Pauses, space: string, pauseId: string): Promise<string | null> {
  return deps.control.pauseOwner(space, pauseId);
}
