/**
 * Reads of the whole account over its partitions: each partition answers its own ordered pages,
 * and the first `limit` items of all of them are merged here, a page of each at a time, so that a
 * read takes from each partition about its share, not `limit` from every one.
 */

/** Items of one partition after `after` (null: from its start), at most `count`, in order. */
export type PageReader<T> = (after: T | null, count: number) => Promise<T[]>;

interface Source<T> {
  readonly read: PageReader<T>;
  items: T[];
  next: number;
  /** whether the partition may have items after those read */
  more: boolean;
  last: T | null;
}

/**
 * The first `limit` items of all `readers` in `compare` order, each reader's in its own order; a
 * reader is asked again, after the last item it gave, only when its next item may be among them.
 */
export async function mergePages<T>(
  readers: ReadonlyArray<PageReader<T>>,
  limit: number,
  compare: (a: T, b: T) => number,
): Promise<T[]> {
  const out: T[] = [];
  if (!(limit > 0) || readers.length === 0) return out;
  // About twice each reader's share, and never tiny: most reads take one page of each.
  const chunk = Math.min(limit, Math.max(16, Math.ceil((2 * limit) / readers.length)));
  const sources: Array<Source<T>> = readers.map((read) => ({ read, items: [], next: 0, more: true, last: null }));
  while (out.length < limit) {
    const drained = sources.filter((source) => source.next >= source.items.length && source.more);
    await Promise.all(
      drained.map(async (source) => {
        const items = await source.read(source.last, chunk);
        source.items = items;
        source.next = 0;
        source.more = items.length === chunk;
        if (items.length > 0) source.last = items[items.length - 1] as T;
      }),
    );
    let best: Source<T> | undefined;
    for (const source of sources) {
      if (source.next >= source.items.length) continue;
      if (best === undefined || compare(source.items[source.next] as T, best.items[best.next] as T) < 0) best = source;
    }
    if (best === undefined) break;
    out.push(best.items[best.next++] as T);
  }
  return out;
}
