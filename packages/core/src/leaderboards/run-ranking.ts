/**
 * One run-group's ranking held in memory (the memory store's, and the order the other stores'
 * rankings are tested against): the participants sorted by S45, each applied only when its version
 * is newer than the one applied before (a removal too), so applying the same standings twice or in
 * any order ends in the same ranking. Lookups are binary searches; an insertion moves the entries
 * after it, which is fine for a store that lives in one process's memory.
 */
import type { BoardEntry } from './leaderboard-types.js';
import { compareEntries } from './entry-order.js';

/** What applying a standing did: the user's rank before and after it (1-based; null: not ranked). */
export interface RankMove {
  readonly previousRank: number | null;
  readonly rank: number | null;
}

export class RunRanking {
  private readonly sorted: BoardEntry[] = [];
  private readonly byUser = new Map<string, BoardEntry>();
  private readonly versions = new Map<string, number>();

  /** How many participants are ranked. */
  get size(): number {
    return this.sorted.length;
  }

  /**
   * Sets `user`'s value (`entry`; null takes them off) as of their state's `version`; null when a
   * version as new or newer was applied already, which leaves the ranking as it was.
   */
  apply(user: string, entry: Omit<BoardEntry, 'user'> | null, version: number): RankMove | null {
    const applied = this.versions.get(user);
    if (applied !== undefined && applied >= version) return null;
    this.versions.set(user, version);
    const previousRank = this.rankOf(user);
    const old = this.byUser.get(user);
    if (old !== undefined) {
      this.sorted.splice(this.indexOf(old), 1);
      this.byUser.delete(user);
    }
    if (entry === null) return { previousRank, rank: null };
    const placed: BoardEntry = { user, value: entry.value, reachedAt: entry.reachedAt };
    const index = this.insertionIndex(placed);
    this.sorted.splice(index, 0, placed);
    this.byUser.set(user, placed);
    return { previousRank, rank: index + 1 };
  }

  /** `user`'s rank (1-based), or null when they are not ranked. */
  rankOf(user: string): number | null {
    const entry = this.byUser.get(user);
    return entry === undefined ? null : this.indexOf(entry) + 1;
  }

  /** 1 + how many other users' entries rank before `entry` (`entry.user`'s own is left out). */
  placeOf(entry: BoardEntry): number {
    let index = this.insertionIndex(entry);
    const own = this.byUser.get(entry.user);
    if (own !== undefined && compareEntries(own, entry) < 0) index -= 1;
    return index + 1;
  }

  /** Takes `user` off and forgets the versions applied for them (an erased user's id may come back at version 1). */
  forget(user: string): void {
    const old = this.byUser.get(user);
    if (old !== undefined) {
      this.sorted.splice(this.indexOf(old), 1);
      this.byUser.delete(user);
    }
    this.versions.delete(user);
  }

  /** `user`'s entry, or undefined. */
  entryOf(user: string): BoardEntry | undefined {
    return this.byUser.get(user);
  }

  /** The entry at `rank` (1-based), or undefined past the last. */
  atRank(rank: number): BoardEntry | undefined {
    return this.sorted[rank - 1];
  }

  /** Up to `limit` entries from rank `offset + 1`, in rank order. */
  page(offset: number, limit: number): readonly BoardEntry[] {
    return this.sorted.slice(offset, offset + limit);
  }

  /** The first index whose entry does not rank before `entry`. */
  private insertionIndex(entry: BoardEntry): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareEntries(this.sorted[mid] as BoardEntry, entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private indexOf(entry: BoardEntry): number {
    return this.insertionIndex(entry);
  }
}
