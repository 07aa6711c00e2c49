/**
 * Answers of reads of one user (streak reads, event summaries) kept as bytes, keyed by the
 * namespace, the account's configuration version, what was asked and the user, and stamped with what else they depend on: the version of the user's
 * state and the local day they were made for. Each answer keeps its JSON and, once a client has
 * asked for it, its gzip form. Bounded in bytes; out goes the oldest answer not read since it was
 * kept or last passed over (a "second chance" clock, close to least recently used): a read only
 * marks the answer, where moving it to the back of the map on every hit cost two more hash
 * operations on a long key per request, on the hottest route.
 */
import type { Engine, ReadStamp } from '@kindling/core';

export interface CachedAnswer {
  readonly json: Buffer;
  readonly gzip: Buffer | null;
  /** the engine's stamp of the state the answer was made from (its version, the user's zone and local day) */
  readonly stamp: ReadStamp;
}

const sizeOf = (answer: CachedAnswer) => answer.json.length + (answer.gzip?.length ?? 0);

interface Slot {
  answer: CachedAnswer;
  /** read since it was kept or last passed over */
  read: boolean;
}

export class ReadCache {
  private readonly entries = new Map<string, Slot>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedAnswer | undefined {
    const slot = this.entries.get(key);
    if (slot === undefined) return undefined;
    slot.read = true;
    return slot.answer;
  }

  set(key: string, answer: CachedAnswer): void {
    if (sizeOf(answer) > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= sizeOf(old.answer);
      this.entries.delete(key);
    }
    this.entries.set(key, { answer, read: false });
    this.bytes += sizeOf(answer);
    // Each pass over an answer read since it was kept moves it to the back, unmarked: the loop ends.
    for (const [oldest, slot] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      if (slot.read) {
        slot.read = false;
        this.entries.set(oldest, slot);
      } else {
        this.bytes -= sizeOf(slot.answer);
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** bytes held, JSON and gzip forms together */
  get heldBytes(): number {
    return this.bytes;
  }
}

/**
 * `keptAnswer` on the spot: the answer kept under `key` when it is still current, null when there is
 * none or it is stale, undefined when only `keptAnswer` can tell (a store that must be asked).
 */
export function keptAnswerSync(
  cache: ReadCache,
  engine: Engine,
  key: string,
  userId: string,
): CachedAnswer | null | undefined {
  const kept = cache.get(key);
  if (kept === undefined) return null;
  const current = engine.isCurrentSync(userId, kept.stamp);
  return current === undefined ? undefined : current ? kept : null;
}

/** The answer kept under `key`, if it is still what a new read of the user would give (one version lookup). */
export async function keptAnswer(
  cache: ReadCache,
  engine: Engine,
  key: string,
  userId: string,
): Promise<CachedAnswer | undefined> {
  const kept = cache.get(key);
  if (kept === undefined) return undefined;
  return (await engine.isCurrent(userId, kept.stamp)) ? kept : undefined;
}

/** What `keptAnswerSync` found, for a full read after it: undefined when it did not look or only the store can tell. */
export type SpotCheck = CachedAnswer | null | undefined;

/** The kept answer a full read uses: the one the check on the spot found current (or none), else `keptAnswer`'s. */
export async function keptAfterCheck(
  cache: ReadCache,
  engine: Engine,
  key: string,
  userId: string,
  checked: SpotCheck,
): Promise<CachedAnswer | undefined> {
  return checked === undefined ? keptAnswer(cache, engine, key, userId) : (checked ?? undefined);
}
