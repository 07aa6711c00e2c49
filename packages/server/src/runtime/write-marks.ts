/**
 * Which streak stores this process wrote to: the marks the sweeper (sweeper.ts) takes to know that
 * a namespace it left unvisited until its next due instant may hold a user due sooner. Each store
 * the backend opens is wrapped once (backend.ts): its `update`'s step is watched, and a step that
 * answers a write marks the store's name before the store commits it (a write that then fails or
 * runs again leaves a mark all the same: a mark only makes a sweep look, never skip). Nothing is read
 * or written for it; the marks are a set of names in memory, each taken (and cleared) by a sweep.
 */
import type { Store } from '@kindling/core';
import { methodNames } from './timed.js';

export class WriteMarks {
  private readonly written = new Set<string>();

  /** `store` (named `name`) with every write of its `update` marked; its other methods bound to it as they are. */
  watch(name: string, store: Store): Store {
    const wrapped = Object.create(store) as Record<string, unknown>;
    for (const method of methodNames(store))
      wrapped[method] = ((store as unknown as Record<string, unknown>)[method] as (...args: unknown[]) => unknown).bind(
        store,
      );
    const written = this.written;
    const update: Store['update'] = (userId, step, options) =>
      store.update(
        userId,
        (snapshot) => {
          const outcome = step(snapshot);
          if (outcome.write !== undefined) written.add(name);
          return outcome;
        },
        options,
      );
    wrapped.update = update;
    return wrapped as unknown as Store;
  }

  /** Whether the store named `name` was written since the last `take` of it (the mark cleared). */
  take(name: string): boolean {
    return this.written.delete(name);
  }
}
