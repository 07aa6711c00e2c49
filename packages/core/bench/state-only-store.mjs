// @ts-check
// A Store for measuring the engine's own cost per event, apart from any real store's: it keeps each
// user's last written state and nothing else (no history, day sums, index lines, counters or
// outbox), and hands a step the committed state itself rather than a copy. So it is not atomic (a
// step that throws after changing the state leaves it changed) and answers no read but `load`: a
// floor under every store, not a store to use. A step that asks for the journal gets an empty one:
// the workload's events come in time order, so the engine asks only to tell an event placed before
// the latest date by a move westward from a late event (late-event.ts), which the user's latest
// event tells alone.

const refuse = (/** @type {string} */ what) => () =>
  Promise.reject(new Error(`the state-only bench store keeps no ${what}`));

/** @type {import('@kindling/core').Journal} */
const EMPTY_JOURNAL = Object.freeze({ rollups: [], zoneChanges: [], actions: [] });

/** @returns {import('@kindling/core').Store} */
export function stateOnlyStore() {
  /** @type {Map<string, import('@kindling/core/adapter').UserState>} */
  const users = new Map();
  return {
    update(userId, step, options) {
      try {
        const journal = options?.journal === true ? EMPTY_JOURNAL : null;
        const { result, write } = step({ user: users.get(userId) ?? null, replay: null, journal });
        if (write !== undefined) users.set(userId, write.user);
        return Promise.resolve(result);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    load: (userId) => Promise.resolve(users.get(userId) ?? null),
    version: (userId) => Promise.resolve(users.get(userId)?.version ?? 0),
    history: refuse('history'),
    journal: refuse('journal'),
    users: refuse('user list'),
    countUsers: () => Promise.resolve(users.size),
    stats: refuse('index'),
    expiring: refuse('index'),
    earning: refuse('index'),
    pointsTotals: refuse('index'),
    pointsDue: refuse('index'),
    activity: refuse('activity counters'),
    readOutbox: refuse('outbox'),
    removeOutbox: refuse('outbox'),
    forgetIdempotency: refuse('idempotency records'),
    deleteUser: (userId) => Promise.resolve(users.delete(userId)),
    clearAccount: refuse('activity counters'),
    close: () => {
      users.clear();
      return Promise.resolve();
    },
  };
}
