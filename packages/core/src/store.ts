/**
 * The one Store interface. The engine loads a user's state, lets the core compute, and the store
 * commits everything or nothing, one user at a time (S21). Adapters (memory, SQLite, Redis)
 * implement it and pass the same conformance suite from @kindling/testing.
 */
import type { ActivityDelta, ActivityReport } from './activity.js';
import type { OutboxEntry, OutboxRecord } from './outbox.js';
import type { BoardEntry, BoardLine } from './leaderboards/leaderboard-types.js';
import type { PointsLine } from './points/points-line.js';
import type { RecordedEvent } from './response.js';
import type { HistoryEntry, IndexEntry, Journal, OwnerAction, Rollup, UserState, ZoneChange } from './state.js';

/** Everything one atomic step writes for one user. */
export interface UserWrite {
  /**
   * the user's whole new state; its `version` is one above the state read. Once committed, the store
   * may keep this very object as the user's state (a cache of parsed states): nothing changes it after.
   */
  readonly user: UserState;
  /** held periods to insert or replace, keyed by (streak, period) */
  readonly history: readonly HistoryEntry[];
  /** with `replaceHistory`, every stored held period of the user is deleted first (a rebuild) */
  readonly replaceHistory?: boolean;
  /** amounts to add to the (metric, dayStart, day) sums; `lastAt` keeps the maximum, `version` the minimum */
  readonly rollups: readonly Rollup[];
  /** journal lines to append */
  readonly zoneChange?: ZoneChange;
  readonly action?: OwnerAction;
  /** the user's line in each rule's analytics index, replacing the previous one */
  readonly index: readonly IndexEntry[];
  /**
   * beside `index`, line for line, the line each replaces as the engine computed it from the state
   * it read (undefined: a new line, or not known). A hint: a store may write only the columns that
   * differ from it, provided it checks that what it leaves as it is holds `index`'s values (a line
   * kept from before a change of the rules may differ), and writes the whole line otherwise.
   */
  readonly indexBefore?: readonly (IndexEntry | undefined)[];
  /**
   * the user's line in each points system's index whose line moved, replacing the previous one of
   * that system (points-line.ts); absent or empty: the user's points lines stay as they are
   */
  readonly pointsLines?: readonly PointsLine[];
  /**
   * the user's value in each run-group of a board that moved (leaderboards/, S45), for the store's
   * rankings: each applied as of `user.version`, and only when that is newer than the version the
   * ranking applied last for the user in that run-group (a removal, `value: null`, too), so a line
   * applied twice or after a newer one changes nothing. Absent or empty: the rankings stay as they are.
   */
  readonly boardLines?: readonly BoardLine[];
  /**
   * the first answer to an event sent with an idempotency key (S18): `record`'s, or `ingest`'s
   * without the streaks' views, with the instant the engine's clock recorded it. A record of the same
   * key recorded before `notBefore` is out of its retention (the step saw no replay): this one
   * replaces it; one recorded at or after it stays, as the first answer does.
   */
  readonly idempotency?: IdempotencyRecord;
  /** what the write adds to the account's activity counters, committed with it */
  readonly activity?: ActivityDelta;
  /** news of the write's changes for the account's outbox (outbox.ts), committed with it or not at all */
  readonly outbox?: readonly OutboxEntry[];
}

/** An idempotency record as a write carries it (S18, idempotency-retention.ts). */
export interface IdempotencyRecord {
  readonly metric: string;
  readonly key: string;
  readonly response: RecordedEvent;
  /** the engine's clock when it was recorded (epoch ms) */
  readonly recordedAt: number;
  /** the start of the retention at this write: an older record of the key is replaced */
  readonly notBefore: number;
}

/** What `Store.forgetIdempotency` removed, and whether records recorded before its instant remain. */
export interface ForgottenRecords {
  readonly removed: number;
  readonly more: boolean;
}

/** What a step sees. The step owns `user` and may change it in place. */
export interface UserSnapshot {
  readonly user: UserState | null;
  /** the answer stored for the idempotency key asked for, or null */
  readonly replay: RecordedEvent | null;
  /** the user's journal, when asked for (a rebuild), else null */
  readonly journal: Journal | null;
  /**
   * The user's index lines as the store holds them, when it has them at hand without a read (the
   * memory store): a step compares the lines it would write with them rather than recompute the
   * lines before. Absent or null otherwise. Not to be changed.
   */
  readonly lines?: readonly IndexEntry[] | null;
}

export interface StepResult<T> {
  readonly result: T;
  /** nothing is written when absent */
  readonly write?: UserWrite;
}

export interface UpdateOptions {
  /**
   * look up the response stored for this (metric, key) and hand it to the step, unless it was
   * recorded before `notBefore` (out of its retention, whether or not removed yet: the step sees none)
   */
  readonly idempotency?: { readonly metric: string; readonly key: string; readonly notBefore: number };
  /** hand the user's journal to the step */
  readonly journal?: boolean;
}

/** A rule's analytics at an instant, from its index: only users whose streak is alive then (deadAt > at). */
export interface IndexStats {
  readonly active: number;
  /** sum of the lengths of the active streaks */
  readonly lengthSum: number;
  /** number of active streaks of each length */
  readonly lengths: ReadonlyArray<{ readonly length: number; readonly users: number }>;
  /** the longest active streaks, longest first (ties by user id) */
  readonly topCurrent: ReadonlyArray<{ readonly userId: string; readonly length: number }>;
  /** the longest streaks ever reached, alive or not, longest first (ties by user id) */
  readonly topLongest: ReadonlyArray<{ readonly userId: string; readonly longest: number }>;
}

/** A live streak that expires soon, as `Store.expiring` finds it. */
export interface ExpiringRow {
  readonly userId: string;
  readonly length: number;
  readonly expiresAt: number;
}

/**
 * What `Store.pointsTotals` counts in one system's points index: per range of totals, the users
 * with a points change (S34), and the largest total of any line.
 */
export interface PointsTotals {
  /** `users[i]`: lines with a change whose total is at least `bounds[i]` and below `bounds[i + 1]` (the last: no upper bound) */
  readonly users: readonly number[];
  /** the largest total of the system's lines; 0 when it has none */
  readonly largest: number;
}

/** A user whose points line is due, as `Store.pointsDue` finds it. */
export interface PointsDueRow {
  readonly userId: string;
  readonly system: string;
  readonly dueAt: number;
}

export interface Store {
  /**
   * Read the user's state (and what `options` ask for), run `step`, commit its write: atomically,
   * and serialised per user (S21). `step` is synchronous; a store may run it again on a conflict.
   */
  update<T>(userId: string, step: (snapshot: UserSnapshot) => StepResult<T>, options?: UpdateOptions): Promise<T>;
  /** The user's committed state, or null for a user never seen. */
  load(userId: string): Promise<UserState | null>;
  /**
   * The version of the user's committed state (0 for a user never seen), without reading the state
   * itself: what a cache of answers derived from the state checks before it answers. This store's
   * own commits show at once; a store that keeps states may see another process's commit a moment
   * later (the SQLite store: from the next turn of the event loop).
   */
  version(userId: string): Promise<number>;
  /**
   * What `version` would answer, when this store can tell it without waiting (a store whose reads
   * are synchronous, or a state it keeps); undefined when only `version` can. Optional: a cache of
   * answers then answers within the request's own turn. It never throws: a store that cannot answer
   * (closed, failing) says undefined, and `version` reports the failure.
   */
  peekVersion?(userId: string): number | undefined;
  /** Stored held periods of one rule with period index in [from, to], in any order. */
  history(userId: string, streak: string, from: number, to: number): Promise<HistoryEntry[]>;
  /** The user's journal: rollups, zone changes and owner actions. */
  journal(userId: string): Promise<Journal>;
  /** User ids in ascending order (UTF-16 code units), after `after` (no id is empty: after '' they start at the first), at most `limit`. */
  users(after: string | null, limit: number): Promise<string[]>;
  /** How many users the store holds (each id `users` lists once). */
  countUsers(): Promise<number>;
  /** Analytics of one rule at instant `at`, with `top` entries in each top list. */
  stats(streak: string, at: number, top: number): Promise<IndexStats>;
  /**
   * Live streaks (deadAt > at) of one rule whose expiresAt is before `before`, soonest first (ties
   * by user id, in UTF-16 code unit order); with `after`, only those after that line in this order
   * (a page after the last line of the one before).
   */
  expiring(
    streak: string,
    at: number,
    before: number,
    limit: number,
    after?: { readonly expiresAt: number; readonly userId: string } | null,
  ): Promise<ExpiringRow[]>;
  /**
   * Users whose line of one rule says they next earn a freeze before `before` (earnsAt < before),
   * soonest first (ties by user id), at most `limit`: those a sweeper settles for their earnings.
   */
  earning(streak: string, before: number, limit: number): Promise<string[]>;
  /**
   * One points system's index (S37, S34): for `bounds`, ascending whole numbers, how many users
   * whose line says they had a points change have a total in each range from one bound to the next,
   * and the largest total of the system's lines, found from an index of the totals (never a scan
   * of every user). A positive total is always a change's (awards make it), so the users of the
   * store without a positive total are `countUsers()` less the count at and above 1.
   */
  pointsTotals(system: string, bounds: readonly number[]): Promise<PointsTotals>;
  /**
   * Users whose points line in some system is due before `before` (dueAt < before; a line due
   * NEVER never is): soonest first,
   * ties by user id (UTF-16 code unit order) and then by system key, at most `limit`, each with the
   * system: those a sweeper settles for their time triggers (S33).
   */
  pointsDue(before: number, limit: number): Promise<PointsDueRow[]>;
  /**
   * The ranking of one run-group of a board (S45), kept from the writes' `boardLines`: the place
   * `entry` takes among the other users' entries (1 + how many of them rank before it; the user's
   * own entry is left out, so this is their rank when `entry` is theirs, and where a value they
   * had would stand now). Found from an index of the order, never by sorting every entry. The
   * three `board` methods are optional together: a store without them keeps no leaderboards, and
   * an engine given boards refuses it.
   */
  boardPlace?(board: string, run: number, group: string, entry: BoardEntry): Promise<number>;
  /** How many users the run-group ranks. */
  boardCount?(board: string, run: number, group: string): Promise<number>;
  /** Up to `limit` entries of the run-group from rank `offset + 1`, in rank order. */
  boardPage?(board: string, run: number, group: string, offset: number, limit: number): Promise<BoardEntry[]>;
  /**
   * The account's activity counters as committed: days from `from` to `to` (`YYYY-MM-DD`, inclusive)
   * that have any count, in date order; every metric and achievement counted, in key order.
   */
  activity(from: string, to: string): Promise<ActivityReport>;
  /**
   * Committed outbox entries, at most `limit`, oldest first: each user's in the order their writes
   * committed. An entry stays until removed, so a reader that stops before removing what it read
   * hands it out again.
   */
  readOutbox(limit: number): Promise<OutboxRecord[]>;
  /**
   * Remove idempotency records (S18) recorded before `before` (the instant a write carried), at
   * most `limit` (a whole number from 1 to 10,000), oldest first, found by an index of the instants
   * (never a scan of every record): how many went, and whether records recorded before `before`
   * remain. A lookup already ignores them (`UpdateOptions.idempotency.notBefore`): this only frees
   * their room, in bounded steps a sweeper repeats.
   */
  forgetIdempotency(before: number, limit: number): Promise<ForgottenRecords>;
  /** Remove outbox entries by the positions `readOutbox` gave; a position no longer there is ignored. */
  removeOutbox(positions: readonly string[]): Promise<void>;
  /**
   * Erase a user (S26): their state, held periods, journal (day sums, zone changes, owner actions),
   * idempotency records, outbox entries not yet removed, their line in every rule's analytics index
   * and every points system's index, their entries in every board's ranking, and their place in the user list, all at once and in turn with the user's updates (S21): an
   * update that read the user before commits nothing (it runs again on nothing and makes a new user).
   * The activity counters keep their counts: they hold no person. True when there was a user.
   */
  deleteUser(userId: string): Promise<boolean>;
  /**
   * A count that grows, in the erasure's own commit, with every erasure of this user that found
   * them (and may grow with others' too: a store may keep one count for all its users). A new user
   * of an erased id starts again at version 1, so a cache of answers keeps this count with each
   * answer beside the version, and an answer about the erased user is never given for the new one
   * (read-stamp.ts). Optional: a store without it has no read stamps (nothing of it is cached).
   */
  erasures?(userId: string): Promise<number>;
  /** What `erasures` would answer, on the spot, as `peekVersion`; undefined when only `erasures` can tell. */
  peekErasures?(userId: string): number | undefined;
  /**
   * Forget what is left of the account once its users are erased, when the account itself goes (a
   * deleted tenant's namespace): its activity counters, and any mark the store keeps of it (a store
   * used again starts it anew). Users are not touched.
   */
  clearAccount(): Promise<void>;
  /**
   * Rejects with a StoreError when a write would be refused now (a file taken away, a store that does
   * not answer), looking at once: what a readiness check asks, never on an event's path. Optional: a
   * store without it is as ready as its reads and writes show.
   */
  probe?(): Promise<void>;
  /** Release connections and files. */
  close(): Promise<void>;
}
