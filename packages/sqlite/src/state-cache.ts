/**
 * The states this store last committed, kept parsed, so that the next update of the same user
 * skips reading its row and parsing its JSON (about a tenth of the instructions of an event in the
 * server, measured with callgrind). An update takes its user's state out and puts back the state it
 * commits: a step that fails or writes nothing leaves the user to be read from the file again.
 *
 * The cache is used inside a write transaction, when no other connection can commit, and only
 * while SQLite's data_version says that no other connection (another process) has committed since it
 * was filled: otherwise it starts empty. `version()` reads it too, outside a transaction, after a
 * check of data_version at most once per turn of the event loop (connection.ts): another process's
 * commit then shows from the next turn. The stores of every account on a file share the process's
 * one connection to it (connection.ts), so their commits leave each other's caches as they are.
 * Least recently used out beyond `max` users, or beyond `maxCharacters` of their rows' text in all:
 * a user's row may hold hundreds of kilobytes (a profile's attributes, a thousand metrics' totals),
 * and a bound in users alone let such rows keep gigabytes in memory.
 *
 * Beside the states, the versions `version()` read from the file for users without a kept state
 * (a user read but not written since the process started): the cached streak read asks for the
 * version on every request, and a query costs several microseconds where a lookup here costs
 * nanoseconds. A noted version lives by the states' rules: gone when an update takes its user (the
 * update may commit another), and with everything else when another connection commits.
 */
import type { Rollup, UserState } from '@kindling/core/adapter';
import { LRUCache } from 'lru-cache';

/** What an update reads of a user's row: the state and the open rollups (open-rollups.ts). */
export interface KeptUser {
  readonly user: UserState;
  readonly open: readonly Rollup[];
}

/** Whether a state reads back from its JSON as it is: sums of events could overflow to Infinity, which JSON writes as null. */
function survivesJson(state: UserState): boolean {
  for (const key in state.totals) if (!Number.isFinite(state.totals[key])) return false;
  for (const key in state.streaks) {
    const progress = state.streaks[key]?.progress ?? {};
    for (const metric in progress) if (!Number.isFinite(progress[metric])) return false;
  }
  return true;
}

/** A kept row's weight in the characters' bound: its length (at least 1, as lru-cache asks). */
const sizeOfKept = (entry: { characters: number }) => Math.max(1, entry.characters);

/** The characters of row text the states of one store's cache may hold in all, by default. */
export const MAX_KEPT_CHARACTERS = 32 * 1024 * 1024;

export class StateCache {
  /**
   * each kept row with its length in characters, bounded in characters by the cache and in users
   * here (`keep`); lru-cache rather than a Map whose first key was dropped: starting a walk of a
   * Map passes every entry deleted since V8 last rebuilt it, which on a full cache of the default
   * 10,000 users cost 5 µs a keep (20 times that at 100,000). Bounded by size alone, it allocates
   * as it fills, not `max` slots up front for each of the 10,000 namespaces a file may hold.
   */
  private readonly states: LRUCache<string, { kept: KeptUser; characters: number }>;
  /** versions read from the file, for users without a kept state (a weight of 1 each: at most `max`) */
  private readonly versions: LRUCache<string, number>;
  /** the account's count of erasures read from the file (read stamps check it on every cached read), or undefined */
  private erasuresRead: number | undefined;
  private dataVersion: number | null = null;

  constructor(
    private readonly max: number,
    private readonly maxCharacters: number = MAX_KEPT_CHARACTERS,
  ) {
    this.states = new LRUCache<string, { kept: KeptUser; characters: number }>({
      maxSize: Math.max(1, maxCharacters),
      sizeCalculation: sizeOfKept,
    });
    this.versions = new LRUCache<string, number>({ maxSize: Math.max(1, max), sizeCalculation: () => 1 });
  }

  /** At the start of each write transaction: the file's data_version, which changes when another connection commits. */
  check(dataVersion: number): void {
    if (dataVersion === this.dataVersion) return;
    this.clear();
    this.dataVersion = dataVersion;
  }

  /** The user's row as last committed here, handed over (the caller may change the state), or undefined. */
  take(userId: string): KeptUser | undefined {
    this.versions.delete(userId);
    const state = this.states.peek(userId);
    if (state !== undefined) this.states.delete(userId);
    return state?.kept;
  }

  /** The row just committed for the user, `characters` long as written; it must not be changed afterwards. */
  keep(userId: string, kept: KeptUser, characters: number): void {
    this.states.delete(userId);
    if (this.max === 0 || characters > this.maxCharacters || !survivesJson(kept.user)) return;
    // the characters' bound drops the users used longest ago as it sets; the users' bound, here
    this.states.set(userId, { kept, characters });
    while (this.states.size > this.max) this.states.pop();
  }

  /** The user's committed version as kept here (its state's, or one read from the file), or undefined. */
  version(userId: string): number | undefined {
    return this.states.peek(userId)?.kept.user.version ?? this.versions.peek(userId);
  }

  /** A version just read from the file, outside any update: answered by `version` until the user is updated here. */
  noteVersion(userId: string, version: number): void {
    if (this.max === 0) return;
    this.versions.set(userId, version);
  }

  /** The account's count of erasures as last read here, or undefined. */
  get erasures(): number | undefined {
    return this.erasuresRead;
  }

  /** A count of erasures just read from the file; undefined when an erasure here changes it. */
  set erasures(count: number | undefined) {
    this.erasuresRead = this.max === 0 ? undefined : count;
  }

  /** Forgets everything: after a transaction rolled back, the states kept during it were never committed. */
  clear(): void {
    this.states.clear();
    this.versions.clear();
    this.erasuresRead = undefined;
  }

  get size(): number {
    return this.states.size;
  }
}
