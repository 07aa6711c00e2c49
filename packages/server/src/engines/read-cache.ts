/**
 * Answers of reads of one user (streak reads, event summaries) kept as bytes, on shelves: a shelf
 * holds the answers to one question (the namespace, the account's configuration version and what
 * was asked) by user. Each answer is stamped with what else it depends on: the version of the user's
 * state, the store's count of the user's erasures (which tells a new user of an erased id from the
 * one erased, in any process: S26) and the local day it was made for, and keeps its JSON and, once a client has asked for it,
 * its gzip form. The user's id is the only part of the key a read brings anew: the route names its
 * shelf once (a string kept and reused, whose hash V8 keeps), where one key of all four parts was
 * built and hashed on every read. Bounded in bytes; out goes the oldest answer not read since it was
 * kept or last passed over (a "second chance" clock, close to least recently used): a read only marks
 * the answer, where moving it to the back on every hit cost two more hash operations per request,
 * on the hottest route.
 */
import type { Engine, ReadStamp } from '@kindling/core';

export interface CachedAnswer {
  readonly json: Buffer;
  readonly gzip: Buffer | null;
  /** the engine's stamp of the state the answer was made from (its version and erasures count, the user's zone and local day) */
  readonly stamp: ReadStamp;
  /** for an answer that changes with time within a day (a user's points: a time trigger's boundary, a boost's status), the instant it holds until (epoch ms, excluded) */
  readonly until?: number;
}

/** Whether `answer` still holds at `at` as far as time goes: its stamp tells the rest. */
const inTime = (answer: CachedAnswer, at: number) => answer.until === undefined || at < answer.until;

const sizeOf = (answer: CachedAnswer) => answer.json.length + (answer.gzip?.length ?? 0);

interface Slot {
  answer: CachedAnswer;
  /** read since it was kept or last passed over */
  read: boolean;
  readonly shelf: string;
  readonly userId: string;
}

export class ReadCache {
  private readonly shelves = new Map<string, Map<string, Slot>>();
  /** every slot, oldest first: the clock's hand goes round in this order */
  private readonly slots = new Set<Slot>();
  /** the clock's hand: where the next look for an answer to drop starts (underHand) */
  private hand: Iterator<Slot> = this.slots.values();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(shelf: string, userId: string): CachedAnswer | undefined {
    const slot = this.shelves.get(shelf)?.get(userId);
    if (slot === undefined) return undefined;
    slot.read = true;
    return slot.answer;
  }

  set(shelf: string, userId: string, answer: CachedAnswer): void {
    if (sizeOf(answer) > this.maxBytes) return;
    let answers = this.shelves.get(shelf);
    if (answers === undefined) this.shelves.set(shelf, (answers = new Map()));
    const old = answers.get(userId);
    if (old !== undefined) {
      this.slots.delete(old);
      this.bytes -= sizeOf(old.answer);
    }
    const slot: Slot = { answer, read: false, shelf, userId };
    answers.set(userId, slot);
    this.slots.add(slot);
    this.bytes += sizeOf(answer);
    // Each pass over an answer read since it was kept moves it to the back, unmarked: the loop ends.
    while (this.bytes > this.maxBytes) {
      const oldest = this.underHand();
      if (oldest === undefined) break;
      if (oldest.read) {
        oldest.read = false;
        this.slots.delete(oldest);
        this.slots.add(oldest);
      } else {
        this.remove(oldest);
      }
    }
  }

  /**
   * The slot under the clock's hand, the oldest there is: the hand is one iteration of `slots` kept
   * from call to call, and every slot it has passed was removed or moved to the back, after it. A
   * walk begun anew at each call (as this cache once did) passed every slot deleted since V8 last
   * rebuilt the set, which once the cache was full made each kept answer cost many times the rest.
   */
  private underHand(): Slot | undefined {
    let next = this.hand.next();
    if (next.done === true) {
      // the end reached: nothing is left that it has not passed, so it starts again at the front
      this.hand = this.slots.values();
      next = this.hand.next();
    }
    return next.done === true ? undefined : next.value;
  }

  /** Forgets every answer kept for the user, on every shelf (an erased user, S26: the bytes go at once; the stamps would refuse them anyway). */
  forget(userId: string): void {
    for (const answers of [...this.shelves.values()]) {
      const slot = answers.get(userId);
      if (slot !== undefined) this.remove(slot);
    }
  }

  private remove(slot: Slot): void {
    this.slots.delete(slot);
    this.bytes -= sizeOf(slot.answer);
    const answers = this.shelves.get(slot.shelf);
    if (answers === undefined) return;
    answers.delete(slot.userId);
    if (answers.size === 0) this.shelves.delete(slot.shelf);
  }

  /** answers kept */
  get size(): number {
    return this.slots.size;
  }

  /** bytes held, JSON and gzip forms together */
  get heldBytes(): number {
    return this.bytes;
  }
}

/**
 * `keptAnswer` on the spot, at the instant `at`: the answer kept on `shelf` for the user when it is
 * still current, null when there is none or it is stale, undefined when only `keptAnswer` can tell
 * (a store that must be asked).
 */
export function keptAnswerSync(
  cache: ReadCache,
  engine: Engine,
  shelf: string,
  userId: string,
  at: number,
): CachedAnswer | null | undefined {
  const kept = cache.get(shelf, userId);
  if (kept === undefined || !inTime(kept, at)) return null;
  const current = engine.isCurrentSync(userId, kept.stamp, { at });
  return current === undefined ? undefined : current ? kept : null;
}

/** The answer kept on `shelf` for the user, if it is still what a new read of the user at `at` would give (one version lookup). */
export async function keptAnswer(
  cache: ReadCache,
  engine: Engine,
  shelf: string,
  userId: string,
  at: number,
): Promise<CachedAnswer | undefined> {
  const kept = cache.get(shelf, userId);
  if (kept === undefined || !inTime(kept, at)) return undefined;
  return (await engine.isCurrent(userId, kept.stamp, { at })) ? kept : undefined;
}

/** What `keptAnswerSync` found, for a full read after it: undefined when it did not look or only the store can tell. */
export type SpotCheck = CachedAnswer | null | undefined;

/** The kept answer a full read uses: the one the check on the spot found current (or none), else `keptAnswer`'s. */
export async function keptAfterCheck(
  cache: ReadCache,
  engine: Engine,
  shelf: string,
  userId: string,
  at: number,
  checked: SpotCheck,
): Promise<CachedAnswer | undefined> {
  return checked === undefined ? keptAnswer(cache, engine, shelf, userId, at) : (checked ?? undefined);
}

/**
 * A shelf's name made once per owner (an account's runtime, which a new configuration replaces) and
 * question, for questions of few values (a history length): a read then brings no name to build and hash.
 */
export function shelfNamer<O extends object, Q>(
  make: (owner: O, question: Q) => string,
): (owner: O, question: Q) => string {
  const names = new WeakMap<O, Map<Q, string>>();
  return (owner, question) => {
    let byQuestion = names.get(owner);
    if (byQuestion === undefined) names.set(owner, (byQuestion = new Map()));
    let name = byQuestion.get(question);
    if (name === undefined) byQuestion.set(question, (name = make(owner, question)));
    return name;
  };
}
