/**
 * The sweeper's removal of idempotency records past their retention (S18, KINDLING_IDEMPOTENCY_HOURS):
 * for a namespace the sweeper hands it, `Store.forgetIdempotency` of the records recorded before the
 * retention's start, in rounds of FORGET_BATCH up to FORGET_ROUNDS a sweep, yielding to the event
 * loop between rounds. A namespace found with nothing more to remove is not looked at again for
 * FORGET_EVERY_MS; one left with more (its rounds ran out) is taken up again at the next sweep. A
 * lookup already ignores a record past its retention, so when this runs changes only the room the
 * records take, never an answer. A store that fails is told and tried again FORGET_EVERY_MS later.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Store } from '@kindling/core';
import { idempotencyCutoff } from '@kindling/core/adapter';

/** Records removed per call, calls per namespace and sweep, and the pause once a namespace is caught up. */
export const FORGET_BATCH = 1000;
export const FORGET_ROUNDS = 5;
export const FORGET_EVERY_MS = 5 * 60_000;

/** What the removal tells the metrics (metrics/metrics.ts), when they are on. */
export interface ForgetWatch {
  /** records removed from one namespace by one sweep */
  forgotIdempotency(removed: number): void;
}

export class IdempotencyForgetter {
  /** by store name: when the namespace was last found caught up (or failing) */
  private readonly restingSince = new Map<string, number>();

  constructor(
    private readonly retentionMs: number,
    private readonly clock: () => number,
    private readonly warn: (error: unknown, message: string) => void,
    private readonly watch: ForgetWatch | null = null,
    private readonly everyMs = FORGET_EVERY_MS,
  ) {}

  /** Removes a bounded share of the namespace's records past their retention, unless it rests; how many went. */
  async forgetIn(name: string, store: Store): Promise<number> {
    const now = this.clock();
    const since = this.restingSince.get(name);
    if (since !== undefined && now - since < this.everyMs) return 0;
    const before = idempotencyCutoff(now, this.retentionMs);
    let removed = 0;
    let more = false;
    try {
      for (let round = 0; round < FORGET_ROUNDS; round++) {
        if (round > 0) await nextTurn();
        const done = await store.forgetIdempotency(before, FORGET_BATCH);
        removed += done.removed;
        more = done.more && done.removed > 0;
        if (!more) break;
      }
    } catch (error) {
      more = false;
      this.warn(
        error,
        `sweep: idempotency keys of namespace ${name} past their retention were not removed; tried again later`,
      );
    }
    if (more) this.restingSince.delete(name);
    else this.restingSince.set(name, now);
    if (removed > 0) this.watch?.forgotIdempotency(removed);
    return removed;
  }
}
