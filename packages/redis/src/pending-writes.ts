/**
 * On a Redis Cluster, the index writes that follow committed user writes. The slot of the user's
 * partition (its user list, analytics index and activity counts, partition.ts) may live on another
 * node than the user's: a
 * user's event must not wait for that node, so its answer does not wait for the index write, which
 * is tried again for a while when that node does not answer (update.ts). One user's writes land in
 * the order of their commits (the counts are added once per user version, newest wins). The reads
 * of the index (`stats`, `expiring`, `users`, `countUsers`, `activity`) and `close` wait for the
 * writes in flight when they begin, so that a process reads its own writes, but no longer than
 * `maxMs`: a write still being tried while its node is away holds up no read.
 */
export interface PendingWrites {
  /** runs `write` after the writes added before for the same `user` */
  add(user: string, write: () => Promise<void>): void;
  /** settles once every write added before the call has settled, or after `maxMs` */
  settled(maxMs: number): Promise<void>;
}

export function pendingWrites(): PendingWrites {
  const inFlight = new Set<Promise<void>>();
  /** per user, the last write added */
  const last = new Map<string, Promise<void>>();
  return {
    add(user, write) {
      const before = last.get(user);
      const running = (before === undefined ? write() : before.then(write)).catch(() => {});
      last.set(user, running);
      inFlight.add(running);
      void running.then(() => {
        inFlight.delete(running);
        if (last.get(user) === running) last.delete(user);
      });
    },
    async settled(maxMs) {
      if (inFlight.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)));
      await Promise.race([Promise.allSettled([...inFlight]), waited]);
      clearTimeout(timer);
    },
  };
}
