// @ts-check
// A Store for measuring the engine's own cost per event, apart from any real store's: it keeps each
// user's last written state and nothing else (no history, day sums, index lines, counters or
// outbox), and hands a step the committed state itself rather than a copy. So it is not atomic (a
// step that throws after changing the state leaves it changed) and answers no read but `load`: a
// floor under every store, not a store to use.

const refuse = (/** @type {string} */ what) => () =>
  Promise.reject(new Error(`the state-only bench store keeps no ${what}`));

/** @returns {import('@kindling/core').Store} */
export function stateOnlyStore() {
  /** @type {Map<string, import('@kindling/core').UserState>} */
  const users = new Map();
  return {
    update(userId, step) {
      try {
        const { result, write } = step({ user: users.get(userId) ?? null, replay: null, journal: null });
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
    activity: refuse('activity counters'),
    readOutbox: refuse('outbox'),
    removeOutbox: refuse('outbox'),
    deleteUser: (userId) => Promise.resolve(users.delete(userId)),
    clearAccount: refuse('activity counters'),
    close: () => {
      users.clear();
      return Promise.resolve();
    },
  };
}
