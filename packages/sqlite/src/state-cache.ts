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

/** The characters of row text the states of one store's cache may hold in all, by default. */
export const MAX_KEPT_CHARACTERS = 32 * 1024 * 1024;

export class StateCache {
  /** each kept row with its length in characters, and the sum of those */
  private readonly states = new Map<string, { kept: KeptUser; characters: number }>();
  private characters = 0;
  /** versions read from the file, for users without a kept state */
  private readonly versions = new Map<string, number>();
  /** the account's count of erasures read from the file (read stamps check it on every cached read), or undefined */
  private erasuresRead: number | undefined;
  private dataVersion: number | null = null;

  constructor(
    private readonly max: number,
    private readonly maxCharacters: number = MAX_KEPT_CHARACTERS,
  ) {}

  /** At the start of each write transaction: the file's data_version, which changes when another connection commits. */
  check(dataVersion: number): void {
    if (dataVersion === this.dataVersion) return;
    this.clear();
    this.dataVersion = dataVersion;
  }

  /** The user's row as last committed here, handed over (the caller may change the state), or undefined. */
  take(userId: string): KeptUser | undefined {
    this.versions.delete(userId);
    const state = this.states.get(userId);
    if (state !== undefined) this.drop(userId);
    return state?.kept;
  }

  private drop(userId: string): void {
    this.characters -= this.states.get(userId)?.characters ?? 0;
    this.states.delete(userId);
  }

  /** The row just committed for the user, `characters` long as written; it must not be changed afterwards. */
  keep(userId: string, kept: KeptUser, characters: number): void {
    if (this.states.has(userId)) this.drop(userId);
    if (this.max === 0 || characters > this.maxCharacters || !survivesJson(kept.user)) return;
    this.states.set(userId, { kept, characters });
    this.characters += characters;
    while (this.states.size > this.max || this.characters > this.maxCharacters)
      this.drop(this.states.keys().next().value as string);
  }

  /** The user's committed version as kept here (its state's, or one read from the file), or undefined. */
  version(userId: string): number | undefined {
    return this.states.get(userId)?.kept.user.version ?? this.versions.get(userId);
  }

  /** A version just read from the file, outside any update: answered by `version` until the user is updated here. */
  noteVersion(userId: string, version: number): void {
    if (this.max === 0) return;
    this.versions.set(userId, version);
    if (this.versions.size > this.max) this.versions.delete(this.versions.keys().next().value as string);
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
    this.characters = 0;
    this.versions.clear();
    this.erasuresRead = undefined;
  }

  get size(): number {
    return this.states.size;
  }
}
