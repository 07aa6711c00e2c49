/**
 * What a bounded cache costs per new key once full, against the least a bounded map can do (a
 * Map's set of the key and delete of the one `held` before it), measured side by side in one run
 * as a ratio: the caches of the stores and the server are held to a small multiple of it, where
 * dropping their oldest entry once walked past every entry deleted before (many times the rest).
 */

/** Milliseconds of the best of three runs of `run`. */
function bestOfThree(run: () => void): number {
  let least = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    run();
    least = Math.min(least, performance.now() - started);
  }
  return least;
}

/**
 * `use(ids)` (which puts every id in turn into a new cache holding `held`) over `held + calls`
 * ids, as a multiple of a bare Map kept at `held` entries over the same ids.
 */
export function timesABareMap(held: number, calls: number, use: (ids: readonly string[]) => void): number {
  const ids = Array.from({ length: held + calls }, (_, i) => `user-${i}`);
  const cached = bestOfThree(() => use(ids));
  const bare = bestOfThree(() => {
    const map = new Map<string, number>();
    for (let i = 0; i < ids.length; i++) {
      map.set(ids[i] as string, i);
      if (i >= held) map.delete(ids[i - held] as string);
    }
  });
  return cached / bare;
}
