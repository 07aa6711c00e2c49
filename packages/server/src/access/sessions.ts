/**
 * The dashboard's sessions as the sign-in routes make and end them: a session kept under the hash
 * of its cookie's secret, and removed by it. Reading one back is the guard's (`auth.ts`).
 */
import type { AccountDeps } from '../accounts/account-deps.js';
import type { Session } from '../control/types.js';

type Sessions = Pick<AccountDeps, 'control'>;

/** Keeps the session under the hash of its secret. */
export function startSession(deps: Sessions, hash: string, session: Session): Promise<void> {
  return deps.control.addSession(hash, session);
}

/** Removes the session kept under the hash (nothing when there is none). */
export function endSession(deps: Sessions, hash: string): Promise<void> {
  return deps.control.removeSession(hash);
}
