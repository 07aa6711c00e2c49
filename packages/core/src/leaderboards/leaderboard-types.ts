/**
 * The leaderboard model's types (S40..S46): a board as an owner configures it, in the engine's
 * terms; one run of it; a user's standing on a run, kept with the user's state; and an entry of a
 * run-group's ranking, the projection a store keeps of those standings. Instants are epoch ms; local
 * dates (a board's start and end, a run's dates) are epoch days; times of day are ms after local
 * midnight. The two kinds of time are never mixed.
 */

/** What a board ranks by (S40): a metric's counted total, a points system's, or a streak's length. */
export type RankBy =
  | { readonly kind: 'metric'; readonly metric: string }
  | { readonly kind: 'points'; readonly system: string }
  | { readonly kind: 'streak'; readonly streak: string };

/** How a repeating board's runs follow each other (S41): every `interval` days, months or years. */
export interface RunRepeat {
  readonly unit: 'day' | 'month' | 'year';
  readonly interval: number;
}

/**
 * The daily window a change must fall in to count (S43), in ms after the user's local midnight:
 * from `from` (inclusive) until `until` (exclusive); either may be absent; `from > until` wraps
 * midnight.
 */
export interface TimeWindow {
  readonly from: number | null;
  readonly until: number | null;
}

/** A board in the engine's terms. */
export interface LeaderboardRules {
  readonly id: string;
  readonly key: string;
  readonly rankBy: RankBy;
  /** `active` covers the hosted service's `scheduled`: a board whose start has not come (S42) */
  readonly status: 'inactive' | 'active' | 'finished';
  /** the instant the board was last made active: it counts no change from before it (S44) */
  readonly activatedAt: number;
  /** the first local date of the first run */
  readonly start: number;
  /** the last local date counted, inclusive; null: the board never ends */
  readonly end: number | null;
  /** null: perpetual, one run from `start` to `end` */
  readonly repeat: RunRepeat | null;
  /** null: every time of day counts */
  readonly window: TimeWindow | null;
  /** the user attributes whose values make a user's group, in the board's order; empty: one group */
  readonly breakdown: readonly string[];
  /** the visible cut (S46): ranks beyond it read as none; every participant is still ranked */
  readonly maxParticipants: number;
}

/** One run of a board: its index from 0, its first and last local dates (inclusive; null: no end). */
export interface BoardRun {
  readonly index: number;
  readonly start: number;
  readonly end: number | null;
}

/**
 * A user's standing on one run of one board, kept with the user's state (S44): the group they
 * count in, their value, and the instant they reached it, which orders equal values (S45).
 */
export interface BoardStanding {
  /** the run's first local date */
  readonly run: number;
  readonly group: string;
  readonly value: number;
  readonly reachedAt: number;
  /** the latest local date a change was counted on: a later change is never placed before it (S42) */
  readonly day: number;
}

/**
 * A user's value in one run-group as a write carries it to the store's ranking (S45): applied with
 * the write's user version, only when newer than the one the ranking applied last for the user.
 */
export interface BoardLine {
  /** the board's key */
  readonly board: string;
  /** the run's first local date */
  readonly run: number;
  readonly group: string;
  /** the user's value; null: the user leaves this run-group (a streak of 0, a move to another group) */
  readonly value: number | null;
  readonly reachedAt: number;
}

/** A participant of a run-group as its ranking holds them (S45). */
export interface BoardEntry {
  readonly user: string;
  readonly value: number;
  readonly reachedAt: number;
}
