/**
 * Within one process, one user's updates run one after another, in the order they were asked for.
 * Across processes the version check still decides (S21); inside one, a queue spares the retries
 * and keeps a user's events in arrival order.
 */
export function userQueue(): <T>(userId: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    const before = tails.get(userId) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(userId, tail);
    // Forget the user once nothing waits behind this update, so the map stays small.
    void tail.then(() => {
      if (tails.get(userId) === tail) tails.delete(userId);
    });
    return run;
  };
}
