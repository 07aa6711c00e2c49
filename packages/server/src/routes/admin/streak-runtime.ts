/**
 * The runtime of an account whose streak is acted on (freezes, pauses, restores): without a streak
 * rule there is no streak to act on, which is one 400 for the request rather than an issue per item.
 */
import type { Engines } from '../../engines/engines.js';
import { InvalidRequestError } from '../../errors/service-errors.js';
import type { AccountRuntime } from '../../engines/engines.js';
import type { Space } from '../../backend/spaces.js';

/** What the route takes of the server: the lower layers it calls. */
export interface StreakRuntimeDeps {
  readonly engines: Engines;
}

export const USER_MISSING = 'User does not exist';

export async function streakRuntime(ctx: StreakRuntimeDeps, space: Space): Promise<AccountRuntime> {
  const runtime = await ctx.engines.runtimeFor(space);
  if (runtime.config.streak === null)
    throw new InvalidRequestError(
      'NO_STREAK_RULE',
      'the account has no streak rule: configure one with PUT /admin/v1/streak',
    );
  return runtime;
}
