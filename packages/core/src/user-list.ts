/**
 * A page of the account's users for an owner's list, in user id order (UTF-16 code units), from the
 * store's ordered id list: never a scan of every user. Each row shows the first rule's current and
 * longest streak as a read would now (S10: settled in memory), the zone and the latest event.
 *
 * A search matches a user whose id starts with it (decided from the id list alone) or whose email
 * holds it, ignoring case (which needs the user's state): at most LOOKED_AT_PER_PAGE users are
 * looked at per call, so a page may hold fewer than `limit` rows and still have a `next` cursor to go
 * on from where the look stopped.
 *
 * Nothing is written: a state kept under other rules is rebuilt from the journal in memory only
 * (S20), where `engine.user` would rebuild it and commit.
 */
import type { EngineContext } from './engine-context.js';
import type { Options, Result, UserRow } from './engine-types.js';
import { InvalidInputError } from './errors.js';
import { rebuildUser } from './rebuild.js';
import { stateAt } from './reduce.js';
import type { UserState } from './state.js';
import { checkCount } from './validate.js';
import { shown } from './shown.js';

/** The most users one call looks at while searching. */
export const LOOKED_AT_PER_PAGE = 2_000;
export const MAX_PAGE = 100;
export const MAX_SEARCH_LENGTH = 255;
/** Ids asked of the store at once while searching; their states are loaded together. */
const SEARCH_CHUNK = 100;

function checkText(value: unknown, what: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new InvalidInputError(
      'INVALID_INPUT',
      `${what} must be a string of 1 to ${max} characters when given, got ${typeof value === 'string' ? `${value.length} characters` : shown(value)}`,
    );
  }
  return value;
}

/** The latest event's instant: kept since states carried it; before, the latest counted in a streak. */
function lastEventOf(user: UserState): number | null {
  if (user.lastEventAt !== undefined) return user.lastEventAt;
  let latest: number | null = null;
  for (const state of Object.values(user.streaks)) {
    for (const at of [state.lastAt, state.extendedAt]) if (at !== null && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

export async function listUsers(ctx: EngineContext, options: Options<'listUsers', 0> = {}): Result<'listUsers'> {
  const { store, now } = ctx;
  const limit = checkCount(options.limit ?? 25, 'limit', 1, MAX_PAGE);
  const after = options.after === undefined || options.after === null ? null : options.after;
  if (after !== null && typeof after !== 'string')
    throw new InvalidInputError('INVALID_INPUT', `after must be a string when given, got ${shown(after)}`);
  const search = checkText(options.search, 'search', MAX_SEARCH_LENGTH);
  const at = now(options.at);

  /**
   * A row of a committed state, computed under the engine's streak rules: rebuilt in memory when kept
   * under others (a row shows no achievement, so a state made under these streak rules stands as it is).
   */
  async function rowOf(user: UserState): Promise<UserRow> {
    let state = user;
    if (!ctx.current.keepsStreaks(user)) state = rebuildUser(user, await store.journal(user.id), ctx.model, at).user;
    const rule = ctx.rules[0];
    const streak = rule === undefined ? null : stateAt(state, rule, at);
    const last = lastEventOf(state);
    return {
      id: state.id,
      email: state.email,
      tz: state.tz,
      current: streak?.length ?? 0,
      longest: streak?.longest ?? 0,
      lastActive: last === null ? null : new Date(last).toISOString(),
    };
  }

  async function rowsOf(users: ReadonlyArray<UserState | null>): Promise<UserRow[]> {
    // a user listed but gone by the time it is loaded is left out
    return Promise.all(users.filter((user): user is UserState => user !== null).map(rowOf));
  }

  if (search === null) {
    const ids = await store.users(after, limit + 1);
    const page = ids.slice(0, limit);
    const users = await rowsOf(await Promise.all(page.map((id) => store.load(id))));
    return { users, next: ids.length > limit ? (page[page.length - 1] as string) : null };
  }

  // First the run of ids that start with the search, from the ordered list alone (it starts at the
  // search itself and stops past it); then, from the start of the list (after ''), the users whose
  // email holds it, the run skipped. A cursor in the run says which part a page goes on with.
  const found: UserState[] = [];
  const inRun = after === null || after.startsWith(search);
  if (inRun) {
    let cursor = after ?? search;
    if (after === null) {
      const exact = await store.load(search);
      if (exact !== null) found.push(exact);
    }
    for (let runOver = false; !runOver && found.length < limit; ) {
      const want = limit - found.length;
      const ids = await store.users(cursor, want);
      const run = ids.filter((id) => id.startsWith(search));
      runOver = run.length < ids.length || ids.length < want;
      for (const user of await Promise.all(run.map((id) => store.load(id)))) if (user !== null) found.push(user);
      if (run.length > 0) cursor = run[run.length - 1] as string;
    }
    if (found.length === limit) return { users: await rowsOf(found), next: cursor };
  }

  const needle = search.toLowerCase();
  let cursor = inRun ? '' : (after as string);
  let looked = 0;
  while (found.length < limit && looked < LOOKED_AT_PER_PAGE) {
    const ids = await store.users(cursor, Math.min(SEARCH_CHUNK, LOOKED_AT_PER_PAGE - looked));
    if (ids.length === 0) return { users: await rowsOf(found), next: null };
    const users = await Promise.all(ids.map((id) => (id.startsWith(search) ? null : store.load(id))));
    for (const [i, user] of users.entries()) {
      const id = ids[i] as string;
      cursor = id;
      // the run was listed before: passed over, not looked at
      if (id.startsWith(search)) continue;
      looked += 1;
      if (user?.email?.toLowerCase().includes(needle)) found.push(user);
      if (found.length === limit || looked === LOOKED_AT_PER_PAGE) break;
    }
  }
  // the look stopped (a full page or its bound): whether any user lies beyond where it stopped
  const more = (await store.users(cursor, 1)).length > 0;
  return { users: await rowsOf(found), next: more ? cursor : null };
}
