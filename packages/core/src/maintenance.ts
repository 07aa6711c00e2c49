/**
 * Work over the store's index and journal: rebuild one user or all of them under the current rules
 * (S20), analytics, and the list of streaks about to expire.
 */
import { emptyRecord } from './keys.js';
import type { EngineContext } from './engine-context.js';
import type { Options, Result } from './engine-types.js';
import { NotFoundError } from './errors.js';
import { describeStats } from './stats.js';
import { toInstant } from './time/local-date.js';
import { checkCount, checkUserId } from './validate.js';

export async function rebuild(
  ctx: EngineContext,
  userId: string,
  options: Options<'rebuild', 1> = {},
): Result<'rebuild'> {
  const { current, now } = ctx;
  checkUserId(userId);
  const user = await current.rebuild(userId, now(options.at), true);
  if (user === null) throw new NotFoundError('UNKNOWN_USER', `unknown user "${userId}"`);
  const streaks = emptyRecord<{ length: number; longest: number }>();
  for (const [key, state] of Object.entries(user.streaks))
    streaks[key] = { length: state.length, longest: state.longest };
  return { userId, streaks };
}

/**
 * Every user made under other rules brought to the current ones (`current.rebuild`, not forced): a
 * state made under the streak rules in force keeps its streaks, which a rebuild from the journal
 * could only approach (S20), and a change of achievements alone recomputes achievements only.
 */
export async function rebuildAll(ctx: EngineContext, options: Options<'rebuildAll', 0> = {}): Result<'rebuildAll'> {
  const { store, current, now } = ctx;
  const total = await store.countUsers();
  let done = 0;
  let after: string | null = options.after ?? null;
  for (;;) {
    const page: string[] = await store.users(after, 500);
    if (page.length === 0) break;
    for (const userId of page) {
      await current.rebuild(userId, now(options.at), false);
      done += 1;
      options.onProgress?.({ done, total: Math.max(total, done), userId });
    }
    after = page[page.length - 1] as string;
  }
  return { users: done };
}

export async function stats(ctx: EngineContext, options: Options<'stats', 0> = {}): Result<'stats'> {
  const { store, now, ruleFor } = ctx;
  const rule = ruleFor(options.key);
  const top = checkCount(options.top ?? 10, 'top', 1, 1000);
  const at = now(options.at);
  return describeStats(rule.key, at, await store.stats(rule.key, at, top));
}

export async function expiring(ctx: EngineContext, options: Options<'expiring', 0>): Result<'expiring'> {
  const { store, now, ruleFor } = ctx;
  const rule = ruleFor(options?.key);
  const before = toInstant(options?.before as Date | number, 'before');
  const limit = checkCount(options.limit ?? 100, 'limit', 1, 10_000);
  const rows = await store.expiring(rule.key, now(options.at), before, limit);
  return rows.map((row) => ({
    userId: row.userId,
    length: row.length,
    expiresAt: new Date(row.expiresAt).toISOString(),
  }));
}
