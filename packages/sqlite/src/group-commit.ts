/**
 * Group commit: the updates that arrive while the event loop is busy (concurrent requests) run in
 * one IMMEDIATE transaction and are answered only after the one COMMIT, so one sync to disk serves
 * them all. A step that throws has written nothing, so it fails alone. An update that fails once
 * its rows are being written (a row the schema refuses) would leave some: the batch then rolls back
 * and runs again with each update in a savepoint of its own, which fails just that one. Savepoints
 * for every update would cost two statements each (3% of an event's instructions in the server).
 */
import type Database from 'better-sqlite3';
import type { StepResult, UpdateOptions, UserSnapshot } from '@kindling/core/adapter';

/**
 * Most updates committed together in one transaction. Under synchronous 'full' (the service's
 * default) each commit waits for an fsync, about 1.3 ms on the 2-core machine of BENCHMARKS.md: 5
 * µs a user in commits of 256, a tenth of what a sweep's settlement costs in all, so the sweep
 * (core/src/sweep.ts) puts up to 512 in flight. A batch that full takes about 25 ms of the event
 * loop; requests come that many at once only under a load far past what the loop serves anyway.
 */
const MAX_BATCH = 512;

/** One update as the store runs it. */
export interface Call {
  /** runs the update inside the batch's transaction (its store's read, step and write) */
  transact: (call: Call) => unknown;
  userId: string;
  step: (snapshot: UserSnapshot) => StepResult<unknown>;
  options: UpdateOptions | undefined;
  /** set when the step itself threw: its error goes to the caller as it is */
  stepFailed: boolean;
  /** set once its first row is written: a failure after that leaves rows to undo */
  writing: boolean;
}

export interface GroupCommitOptions {
  /** called first inside each batch's transaction */
  begin: () => void;
  /** called last inside each batch's transaction, once its updates ran (what they left to write together) */
  end: () => void;
  /** called when a batch's transaction rolled back */
  rolledBack: () => void;
  /** a driver failure as the store reports it */
  toStoreError: (error: unknown) => unknown;
}

export interface GroupCommit {
  /** Queues the update; settles once the batch holding it has committed (or refused it). */
  submit(call: Call): Promise<unknown>;
  /** Commits every queued update now. */
  drain(): void;
}

interface Queued {
  call: Call;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: boolean; value: unknown };

/** An update failed after some of its rows were written: the batch starts over with a savepoint for each update. */
class HalfWritten extends Error {}

export function groupCommit(db: Database.Database, options: GroupCommitOptions): GroupCommit {
  const { begin, end, rolledBack, toStoreError } = options;
  const transact = (call: Call): unknown => call.transact(call);
  // The same in a savepoint of its own: better-sqlite3 rolls back just its rows when it throws.
  const transactAlone = db.transaction(transact);
  let queue: Queued[] = [];
  let scheduled = false;

  const runBatch = db.transaction((batch: Queued[], alone: boolean) => {
    begin();
    const outcomes: Outcome[] = [];
    for (const item of batch) {
      try {
        outcomes.push({ ok: true, value: (alone ? transactAlone : transact)(item.call) });
      } catch (error) {
        if (!alone && item.call.writing) throw new HalfWritten();
        outcomes.push({ ok: false, value: item.call.stepFailed ? error : toStoreError(error) });
      }
    }
    end();
    return outcomes;
  });

  /** The batch committed, or (once an update failed halfway through its rows) committed again with a savepoint for each. */
  function commitBatch(batch: Queued[]): Outcome[] {
    try {
      return runBatch.immediate(batch, false);
    } catch (error) {
      rolledBack();
      if (!(error instanceof HalfWritten)) throw error;
    }
    try {
      return runBatch.immediate(batch, true);
    } catch (error) {
      rolledBack();
      throw error;
    }
  }

  function flush(): void {
    scheduled = false;
    if (queue.length === 0) return;
    const batch = queue.length <= MAX_BATCH ? queue : queue.slice(0, MAX_BATCH);
    queue = queue.length <= MAX_BATCH ? [] : queue.slice(MAX_BATCH);
    if (queue.length > 0) schedule();
    let outcomes: Outcome[];
    try {
      outcomes = commitBatch(batch);
    } catch (error) {
      const failure = toStoreError(error);
      for (const item of batch) item.reject(failure);
      return;
    }
    outcomes.forEach((outcome, i) => {
      const item = batch[i] as Queued;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.value);
    });
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  }

  return {
    submit(call) {
      return new Promise((resolve, reject) => {
        queue.push({ call, resolve, reject });
        schedule();
      });
    },
    drain() {
      while (queue.length > 0 && db.open) flush();
    },
  };
}
