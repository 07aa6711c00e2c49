/**
 * What the admin leaderboard routes reach: the account rules' dependencies (the control plane, the
 * clock) and the engines, told when a board changed. Narrower than the server's context.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';

export interface LeaderboardRouteDeps {
  readonly accounts: AccountDeps;
  readonly engines: Pick<Engines, 'invalidate'>;
}
