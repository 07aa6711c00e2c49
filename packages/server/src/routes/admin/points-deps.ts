/**
 * What the admin points routes reach: the account rules' dependencies (the control plane, the
 * clock), the engines, which answer whether a user a boost names exists in the caller's
 * namespace, and what a change of the time schedule starts (the rebuilds, and the stores for the
 * engines that tell the rules fingerprints: jobs/stale-states.ts). Narrower than the server's
 * context.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { UserLookup } from '../../accounts/points-boosts.js';
import type { Space } from '../../backend/spaces.js';
import type { Engines } from '../../engines/engines.js';
import type { StaleStatesDeps } from '../../jobs/stale-states.js';

export interface PointsRouteDeps extends StaleStatesDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

/** Who lives in `space`, as the engine of that namespace reads its users. */
export function usersIn(engines: Engines, space: Space): UserLookup {
  return {
    tenantId: space.tenantId,
    exists: async (userId) => {
      const { engine } = await engines.runtimeFor(space);
      return (await engine.user(userId)) !== null;
    },
  };
}
