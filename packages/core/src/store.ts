/**
 * The one Store interface. The engine loads a user's state, lets the pure core compute, and the
 * store commits everything or nothing, one user at a time (S21). Adapters (memory, SQLite, Redis)
 * implement it and pass the same conformance suite from @kindling/testing.
 */
import type { RecordResult } from './response.js';
import type { HistoryEntry, Rollup, UserState } from './state.js';

/** Everything one atomic step writes for one user. */
export interface UserWrite {
  /** the user's whole new state; its `version` is one above the state read */
  readonly user: UserState;
  /** held periods to insert or replace, keyed by (streak, period) */
  readonly history: readonly HistoryEntry[];
  /** amounts to add to (metric, local day) sums */
  readonly rollups: readonly Rollup[];
  /** the first response of an event sent with an idempotency key (S18) */
  readonly idempotency?: { readonly metric: string; readonly key: string; readonly response: RecordResult };
}

/** What a step sees: the user's state, and the response stored for the idempotency key asked for. */
export interface UserSnapshot {
  readonly user: UserState | null;
  readonly replay: RecordResult | null;
}

export interface StepResult<T> {
  readonly result: T;
  /** nothing is written when absent */
  readonly write?: UserWrite;
}

export interface UpdateOptions {
  /** look up the response stored for this (metric, key) and hand it to the step */
  readonly idempotency?: { readonly metric: string; readonly key: string };
}

export interface Store {
  /**
   * Read the user's state, run `step`, commit its write: atomically, and serialised per user.
   * `step` is pure and synchronous; a store may run it again on a conflict (optimistic stores).
   */
  update<T>(userId: string, step: (snapshot: UserSnapshot) => StepResult<T>, options?: UpdateOptions): Promise<T>;
  /** The user's committed state, or null for a user never seen. */
  load(userId: string): Promise<UserState | null>;
  /** Stored held periods of one rule with period index in [from, to], in any order. */
  history(userId: string, streak: string, from: number, to: number): Promise<HistoryEntry[]>;
  /** Release connections and files. */
  close(): Promise<void>;
}
