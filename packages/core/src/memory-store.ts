/**
 * The in-memory Store: for tests, examples and single-process embedding without persistence.
 * A step runs synchronously between read and commit, so each update is atomic in one process.
 */
import type { RecordResult } from './response.js';
import { cloneUser, type HistoryEntry, type UserState } from './state.js';
import type { Store, StepResult, UpdateOptions, UserSnapshot } from './store.js';

interface UserRecord {
  user: UserState;
  history: Map<string, Map<number, HistoryEntry>>;
  rollups: Map<string, number>;
  idempotency: Map<string, RecordResult>;
}

export interface MemoryStore extends Store {
  /** Sums per `metric` and local day (epoch day) of one user, as kept for rebuilds. */
  rollups(userId: string): Array<{ metric: string; day: number; value: number }>;
}

/** Stored responses are plain JSON: a copy keeps callers from changing what the store holds. */
function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function idempotencyKey(metric: string, key: string): string {
  return `${metric}\u0000${key}`;
}

export function memoryStore(): MemoryStore {
  const users = new Map<string, UserRecord>();
  return {
    async update<T>(userId: string, step: (snapshot: UserSnapshot) => StepResult<T>, options?: UpdateOptions): Promise<T> {
      const record = users.get(userId);
      const asked = options?.idempotency;
      const stored = asked && record ? record.idempotency.get(idempotencyKey(asked.metric, asked.key)) : undefined;
      // The step owns what it is given (the reducer updates state in place): it gets a copy.
      const { result, write } = step({ user: record ? cloneUser(record.user) : null, replay: stored ? cloneJson(stored) : null });
      if (write === undefined) return result;
      const target = record ?? { user: write.user, history: new Map(), rollups: new Map(), idempotency: new Map() };
      target.user = write.user;
      for (const entry of write.history) {
        let periods = target.history.get(entry.streak);
        if (periods === undefined) target.history.set(entry.streak, (periods = new Map()));
        periods.set(entry.period, entry);
      }
      for (const rollup of write.rollups) {
        const key = `${rollup.metric}\u0000${rollup.day}`;
        target.rollups.set(key, (target.rollups.get(key) ?? 0) + rollup.value);
      }
      if (write.idempotency) {
        target.idempotency.set(idempotencyKey(write.idempotency.metric, write.idempotency.key), cloneJson(write.idempotency.response));
      }
      users.set(userId, target);
      return result;
    },
    async load(userId) {
      return users.get(userId)?.user ?? null;
    },
    async history(userId, streak, from, to) {
      const periods = users.get(userId)?.history.get(streak);
      if (periods === undefined) return [];
      const entries: HistoryEntry[] = [];
      if (to - from < periods.size) {
        for (let period = from; period <= to; period++) {
          const entry = periods.get(period);
          if (entry !== undefined) entries.push(entry);
        }
      } else {
        for (const entry of periods.values()) if (entry.period >= from && entry.period <= to) entries.push(entry);
      }
      return entries;
    },
    rollups(userId) {
      const record = users.get(userId);
      if (record === undefined) return [];
      return [...record.rollups].map(([key, value]) => {
        const [metric, day] = key.split('\u0000') as [string, string];
        return { metric, day: Number(day), value };
      });
    },
    async close() {
      users.clear();
    },
  };
}
