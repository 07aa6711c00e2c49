/**
 * What a cache of streak reads needs from the engine: a stamp of the state a read is made from (its
 * version, the zone its days are counted in and the local day of the read), and a cheap check that
 * a stamp still holds (one version lookup, no load of the state). A state that cannot be trusted as
 * it is (a user never seen, a state kept under other rules, which a read rebuilds first: S20) has no
 * stamp.
 */
import type { EngineContext } from './engine-context.js';
import type { Options } from './engine-types.js';
import { zoneNameFor } from './reduce.js';
import { placeInstant, zoneOf } from './time/local-date.js';
import { checkUserId } from './validate.js';

export interface ReadStamp {
  /** the version of the user's committed state */
  readonly version: number;
  /** the IANA zone the user's days are counted in */
  readonly zone: string;
  /** the local day (epoch day) the read was made on */
  readonly day: number;
}

export async function readStamp(
  ctx: EngineContext,
  userId: string,
  options: Options<'readStamp', 1> = {},
): Promise<ReadStamp | null> {
  checkUserId(userId);
  if (ctx.rules.length === 0) return null;
  const rule = ctx.ruleFor(options.key);
  const at = ctx.now(options.at);
  const user = await ctx.store.load(userId);
  if (user === null || !ctx.current.isCurrent(user)) return null;
  const zone = zoneNameFor(user, rule);
  return { version: user.version, zone, day: placeInstant(at, zoneOf(zone), rule.dayStartMs) };
}

export async function isCurrent(
  ctx: EngineContext,
  userId: string,
  stamp: ReadStamp,
  options: Options<'isCurrent', 2> = {},
): Promise<boolean> {
  checkUserId(userId);
  if (ctx.rules.length === 0) return false;
  const rule = ctx.ruleFor(options.key);
  return holdsAt(ctx, rule, stamp, await ctx.store.version(userId), options.at);
}

/** `isCurrent` without waiting: undefined when the store cannot tell the version on the spot. */
export function isCurrentSync(
  ctx: EngineContext,
  userId: string,
  stamp: ReadStamp,
  options: Options<'isCurrentSync', 2> = {},
): boolean | undefined {
  checkUserId(userId);
  if (ctx.rules.length === 0) return false;
  const rule = ctx.ruleFor(options.key);
  const version = ctx.store.peekVersion?.(userId);
  return version === undefined ? undefined : holdsAt(ctx, rule, stamp, version, options.at);
}

/** Whether a read stamped so still answers the same for a state at `version`, at `at` (default now). */
function holdsAt(
  ctx: EngineContext,
  rule: { readonly dayStartMs: number },
  stamp: ReadStamp,
  version: number,
  at: Date | number | undefined,
): boolean {
  if (version !== stamp.version) return false;
  return placeInstant(ctx.now(at), zoneOf(stamp.zone), rule.dayStartMs) === stamp.day;
}
