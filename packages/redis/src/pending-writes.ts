/**
 * On a Redis Cluster, the index writes that follow committed user writes. The account's slot (its
 * user list and analytics index) may live on another node than the user's: a user's event must not
 * wait for that node, so its answer does not wait for the index write. The reads of the index
 * (`stats`, `expiring`, `users`, `countUsers`) and `close` wait for the writes in flight when they
 * begin, so that a process reads its own writes; each of those writes is bounded by the command
 * timeout.
 */
export interface PendingWrites {
  add(write: Promise<void>): void;
  /** settles once every write added before the call has settled */
  settled(): Promise<void>;
}

export function pendingWrites(): PendingWrites {
  const inFlight = new Set<Promise<void>>();
  return {
    add(write) {
      inFlight.add(write);
      const done = () => void inFlight.delete(write);
      write.then(done, done);
    },
    async settled() {
      if (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
