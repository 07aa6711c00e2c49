/**
 * On a Redis Cluster, a user's commit whose answer never came (the store timeout, a dropped
 * connection): the request fails, but the command may already sit on the node, which runs it when it
 * answers again (a paused node, a node holding writes). The index lines, the user list, the activity
 * counts and the outbox registry follow a commit in another slot (update.ts), so a commit that ran
 * with nobody told would be kept in the user's keys and missing from everything the account reads.
 *
 * Such a commit is remembered per user until its outcome is known: a script in the user's slot reads
 * the user's state after it (a script is held behind the commit where the commit was held, and a
 * node answers one connection in order). The state written by the commit itself means it ran: its
 * partition writes follow as if it had answered. An older state means it did not run; a newer one
 * that another write came first and the outcome cannot be told, which is reported to onIndexError.
 * The outcome is looked for in the background, and before the same user's next write in this process
 * so that the commits' partition writes stay in the order of their versions.
 */

/** A commit sent without an answer. */
export interface LostCommit {
  /** the state value the commit writes (`<version> <JSON>`) */
  readonly state: string;
  readonly version: number;
  /** whether the commit wrote outbox entries (their registry listing follows it too) */
  readonly news: boolean;
  /** what to do once it is known to have run: its partition writes, given the user's outbox head and last */
  readonly ran: (outbox: { head: string; last: string } | undefined) => void;
}

/** What the user's slot holds after the commit: its state, and with news its outbox head and last sequence. */
export interface SlotReading {
  readonly state: string | null;
  readonly outbox?: { head: string; last: string };
}

export interface LostCommits {
  /** remembers `commit` of `userId` (one a user: the user's next write settles it first) */
  remember(userId: string, commit: LostCommit): void;
  /**
   * Learns the outcome of `userId`'s lost commit, if there is one, by `read` (rejects when the
   * node still does not answer: the commit stays remembered). Concurrent calls share one reading.
   */
  settle(userId: string, read: (commit: LostCommit) => Promise<SlotReading>): Promise<void>;
  /** whether any commit is waiting for its outcome (nothing to do on every write otherwise) */
  readonly size: number;
}

/** The version at the head of a state value (`<version> <JSON>`), 0 for none. */
function versionOf(state: string | null): number {
  if (state === null) return 0;
  const version = Number.parseInt(state, 10);
  return Number.isFinite(version) ? version : 0;
}

export function lostCommits(ambiguous: (userId: string, commit: LostCommit) => void): LostCommits {
  const waiting = new Map<string, { commit: LostCommit; reading?: Promise<void> }>();
  return {
    remember(userId, commit) {
      waiting.set(userId, { commit });
    },
    async settle(userId, read) {
      const entry = waiting.get(userId);
      if (entry === undefined) return;
      entry.reading ??= read(entry.commit).then(
        (reading) => {
          if (waiting.get(userId) !== entry) return;
          waiting.delete(userId);
          const { commit } = entry;
          if (reading.state === commit.state) commit.ran(reading.outbox);
          else if (versionOf(reading.state) >= commit.version) ambiguous(userId, commit);
        },
        (error: unknown) => {
          entry.reading = undefined;
          throw error;
        },
      );
      await entry.reading;
    },
    get size() {
      return waiting.size;
    },
  };
}
