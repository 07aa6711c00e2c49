/**
 * What this process wrote to the streak stores, in memory, for the two background jobs that would
 * otherwise have to read every namespace to find out:
 *
 * - the sweeper (sweeper.ts) takes a namespace's "written" mark: a write may make a user due sooner
 *   than the next due instant it kept, so a namespace marked is visited at its next sweep;
 * - the webhook relay (relay.ts) takes the namespaces whose writes carried outbox entries ("news"),
 *   and reads those outboxes alone every interval instead of every namespace's.
 *
 * Each store the backend opens is wrapped once (backend.ts): its `update`'s step is watched, and once
 * the update has settled (committed, or failed after it may have: a timed-out Redis commit) the
 * store's name is marked, so that a job that takes the mark reads what was committed. A step that
 * runs again, or a write that fails, marks all the same: a mark only makes a job look, never skip.
 * What this process cannot see (another process that wrote and died) each job's slower full look
 * finds. Nothing is read or written for the marks; they are sets of names, each taken (and cleared).
 */
import type { Store } from '@kindling/core';
import { methodNames } from './timed.js';

export class StoreWrites {
  private readonly written = new Set<string>();
  private news = new Set<string>();

  /** `store` (named `name`) with every write of its `update` marked; its other methods bound to it as they are. */
  watch(name: string, store: Store): Store {
    const wrapped = Object.create(store) as Record<string, unknown>;
    for (const method of methodNames(store))
      wrapped[method] = ((store as unknown as Record<string, unknown>)[method] as (...args: unknown[]) => unknown).bind(
        store,
      );
    const update: Store['update'] = (userId, step, options) => {
      let wrote = false;
      let news = false;
      const settled = store.update(
        userId,
        (snapshot) => {
          const outcome = step(snapshot);
          if (outcome.write !== undefined) wrote = true;
          // the last run of the step is the one committed; a run before it that wrote news marks a namespace to look at, no more
          if ((outcome.write?.outbox?.length ?? 0) > 0) news = true;
          return outcome;
        },
        options,
      );
      const mark = () => {
        if (wrote) this.written.add(name);
        if (news) this.news.add(name);
      };
      settled.then(mark, mark);
      return settled;
    };
    wrapped.update = update;
    return wrapped as unknown as Store;
  }

  /** Whether the store named `name` was written since the last `takeWritten` of it (the mark cleared). */
  takeWritten(name: string): boolean {
    return this.written.delete(name);
  }

  /** Marks the store named `name` as holding outbox entries not handed on yet. */
  noteNews(name: string): void {
    this.news.add(name);
  }

  /** The names whose writes carried outbox entries since the last call, no longer marked. */
  takeNews(): Set<string> {
    const taken = this.news;
    this.news = new Set();
    return taken;
  }
}
