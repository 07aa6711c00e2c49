/**
 * A cap on the password checks (scrypt, tens of milliseconds and 16 MB each, on libuv's thread pool)
 * one process runs at once, with a short bounded queue. Honest sign-ins are rare and are held at
 * most a few checks' time when several arrive together; a flood finds the queue full and is refused
 * at once, so it costs no more than `concurrency` threads and holds no sockets or memory in a line.
 * The pool has 4 threads by default and also serves file reads and compression: the cap leaves some.
 */
import { availableParallelism } from 'node:os';

/** Checks run at once by default: one core is left to the event loop, and at most 2 of the pool's 4 threads. */
export function defaultConcurrency(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

export class HashingSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number = defaultConcurrency(),
    /** checks that may wait for a slot; more are refused */
    readonly maxWaiting: number = 4 * concurrency,
  ) {}

  /**
   * A slot, once one is free: resolves to the function that gives it back (call it exactly once).
   * Null, at once, when `maxWaiting` checks are already waiting.
   */
  enter(): Promise<() => void> | null {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve(this.exit());
    }
    if (this.waiting.length >= this.maxWaiting) return null;
    return new Promise((resolve) => this.waiting.push(() => resolve(this.exit())));
  }

  private exit(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; `running` stays the same.
      if (next !== undefined) next();
      else this.running--;
    };
  }
}
