/**
 * Which namespaces this process wrote news to since the webhook relay last looked: the stores the
 * backend opens are watched here (backend.ts), and a namespace is noted once a store `update` whose
 * write carried outbox entries has settled (committed, or failed after it may have: a timed-out
 * Redis commit), so that the relay reads the outbox of those namespaces alone every interval instead
 * of every namespace's (relay.ts). What this process cannot see (another process that wrote and
 * died before handing on) the relay's slower full look finds.
 */
import type { Store } from '@kindling/core';

export class OutboxNews {
  private noted = new Set<string>();

  /** Notes that the store named `name` may hold outbox entries not handed on yet. */
  note(name: string): void {
    this.noted.add(name);
  }

  /** The names noted since the last call, no longer noted. */
  take(): Set<string> {
    const taken = this.noted;
    this.noted = new Set();
    return taken;
  }

  /** `store`, with each update that writes outbox entries noted under `name` once it settles; every other call as it is. */
  watched(store: Store, name: string): Store {
    const update: Store['update'] = (userId, step, options) => {
      let news = false;
      const settled = store.update(
        userId,
        (snapshot) => {
          const result = step(snapshot);
          // the last run of the step is the one committed; a run before it that wrote news notes a namespace to look at, no more
          if ((result.write?.outbox?.length ?? 0) > 0) news = true;
          return result;
        },
        options,
      );
      const note = () => {
        if (news) this.note(name);
      };
      settled.then(note, note);
      return settled;
    };
    const bound = new Map<PropertyKey, unknown>();
    return new Proxy(store, {
      get(target, property) {
        if (property === 'update') return update;
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        let method = bound.get(property);
        if (method === undefined) {
          method = value.bind(target);
          bound.set(property, method);
        }
        return method;
      },
    });
  }
}
