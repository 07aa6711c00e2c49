/**
 * What a cache of streak reads needs from the engine: a stamp of the state a read is made from (its
 * version, the zone its days are counted in and the local day of the read), and a cheap check that
 * a stamp still holds (one version lookup, no load of the state). A state that cannot be trusted as
 * it is (a user never seen, a state kept under other rules, which a read rebuilds first: S20) has no
 * stamp.
 *
 * Two users of one id (one erased, S26, the other made after) are told apart by the store's count
 * of the id's erasures (`Store.erasures`), which the stamp keeps beside the version: versions start
 * again at 1 for the new user, the count does not go back. It is read before the state, so a stamp
 * never pairs an erased user's state with a count taken after their erasure; a store without the
 * count gives no stamps.
 */
import type { EngineContext } from './engine-context.js';
import type { Options, ReadStamp } from './engine-types.js';
import { zoneNameFor } from './reduce.js';
import { placeInstant, zoneOf } from './time/local-date.js';
import { checkUserId } from './validate.js';

export async function readStamp(
  ctx: EngineContext,
  userId: string,
  options: Options<'readStamp', 1> = {},
): Promise<ReadStamp | null> {
  checkUserId(userId);
  if (ctx.rules.length === 0) return null;
  const rule = ctx.ruleFor(options.key);
  const at = ctx.now(options.at);
  if (ctx.store.erasures === undefined) return null;
  const erasures = await ctx.store.erasures(userId);
  const user = await ctx.store.load(userId);
  if (user === null || !ctx.current.isCurrent(user)) return null;
  const zone = zoneNameFor(user, rule);
  return { version: user.version, zone, day: placeInstant(at, zoneOf(zone), rule.dayStartMs), erasures };
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
  if (ctx.store.erasures === undefined) return false;
  // the version asked first: a state of a user made after an erasure is read with the count it grew to
  const [version, erasures] = await Promise.all([ctx.store.version(userId), ctx.store.erasures(userId)]);
  return erasures === stamp.erasures && holdsAt(ctx, rule, stamp, version, options.at);
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
  const erasures = version === undefined ? undefined : ctx.store.peekErasures?.(userId);
  if (version === undefined || erasures === undefined) return undefined;
  return erasures === stamp.erasures && holdsAt(ctx, rule, stamp, version, options.at);
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
