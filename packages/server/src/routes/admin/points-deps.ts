/**
 * What the admin points routes reach: the account rules' dependencies (the control plane, the
 * clock) and the engines, which answer whether a user a boost names exists in the caller's
 * namespace. Narrower than the server's context, so that a route can reach no store.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { UserLookup } from '../../accounts/points-boosts.js';
import type { Space } from '../../backend/spaces.js';
import type { Engines } from '../../engines/engines.js';

export interface PointsRouteDeps {
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
