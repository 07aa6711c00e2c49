/**
 * The in-memory Store: for tests, examples and single-process embedding without persistence. A
 * step runs synchronously between read and commit, so each update is atomic in one process. It is
 * the reference the other stores are held to; its analytics scan the index, which is fine in memory.
 */
import { addActivity, type AchievementCounts, type DayCounts, type MetricCounts } from './activity.js';
import { StoreError } from './errors.js';
import { cloneUser, mergeRollups, type HistoryEntry, type IndexEntry, type Journal, type OwnerAction, type Rollup, type UserState, type ZoneChange } from './state.js';
import type { RecordResult } from './response.js';
import type { IndexStats, Store, StepResult, UpdateOptions, UserSnapshot } from './store.js';
import { checkDaySum, checkFiniteNumbers } from './sums.js';

interface UserRecord {
  user: UserState;
  history: Map<string, Map<number, HistoryEntry>>;
  rollups: Map<string, Rollup>;
  zoneChanges: ZoneChange[];
  actions: OwnerAction[];
  idempotency: Map<string, RecordResult>;
}

export type MemoryStore = Store;

/** Stored responses are plain JSON: a copy keeps callers from changing what the store holds. */
function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const joinKey = (...parts: Array<string | number>) => parts.join('\u0000');
const byUserId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function journalOf(record: UserRecord | undefined): Journal {
  if (record === undefined) return { rollups: [], zoneChanges: [], actions: [] };
  return { rollups: [...record.rollups.values()], zoneChanges: [...record.zoneChanges], actions: [...record.actions] };
}

export function memoryStore(): MemoryStore {
  const users = new Map<string, UserRecord>();
  /** streak → userId → index line */
  const index = new Map<string, Map<string, IndexEntry>>();
  const activity = { days: new Map<string, DayCounts>(), metrics: new Map<string, MetricCounts>(), achievements: new Map<string, number>() };

  /** The day sums after `rollups` are added, each checked (sums.ts) before anything is written. */
  function daySums(userId: string, record: UserRecord | undefined, rollups: readonly Rollup[]): Map<string, Rollup> {
    const sums = new Map<string, Rollup>();
    for (const rollup of rollups) {
      const key = joinKey(rollup.metric, rollup.dayStart, rollup.day);
      const before = sums.get(key) ?? record?.rollups.get(key);
      sums.set(key, checkDaySum(before === undefined ? rollup : mergeRollups(before, rollup), userId));
    }
    return sums;
  }

  function commit(userId: string, record: UserRecord | undefined, write: NonNullable<StepResult<unknown>['write']>, sums: ReadonlyMap<string, Rollup>): void {
    const target: UserRecord = record ?? { user: write.user, history: new Map(), rollups: new Map(), zoneChanges: [], actions: [], idempotency: new Map() };
    target.user = write.user;
    if (write.replaceHistory) target.history.clear();
    for (const entry of write.history) {
      let periods = target.history.get(entry.streak);
      if (periods === undefined) target.history.set(entry.streak, (periods = new Map()));
      periods.set(entry.period, entry);
    }
    for (const [key, rollup] of sums) target.rollups.set(key, rollup);
    if (write.zoneChange) target.zoneChanges.push(write.zoneChange);
    if (write.action) target.actions.push(write.action);
    const replayKey = write.idempotency ? joinKey(write.idempotency.metric, write.idempotency.key) : undefined;
    // The first response stays (S18), as in every store.
    if (write.idempotency && replayKey !== undefined && !target.idempotency.has(replayKey)) target.idempotency.set(replayKey, cloneJson(write.idempotency.response));
    for (const entry of write.index) {
      let lines = index.get(entry.streak);
      if (lines === undefined) index.set(entry.streak, (lines = new Map()));
      lines.set(userId, entry);
    }
    if (write.activity) addActivity(activity, write.activity);
    users.set(userId, target);
  }

  return {
    async update<T>(userId: string, step: (snapshot: UserSnapshot) => StepResult<T>, options?: UpdateOptions): Promise<T> {
      const record = users.get(userId);
      const asked = options?.idempotency;
      const stored = asked && record ? record.idempotency.get(joinKey(asked.metric, asked.key)) : undefined;
      // The step owns what it is given (the reducer updates state in place): it gets a copy.
      const { result, write } = step({
        user: record ? cloneUser(record.user) : null,
        replay: stored ? cloneJson(stored) : null,
        journal: options?.journal ? journalOf(record) : null,
      });
      if (write !== undefined) {
        const expected = (record?.user.version ?? 0) + 1;
        if (write.user.version !== expected) {
          throw new StoreError(`a write for user ${JSON.stringify(userId)} must carry version ${expected}, not ${write.user.version}`);
        }
        checkFiniteNumbers(write.user, write.rollups);
        commit(userId, record, write, daySums(userId, record, write.rollups));
      }
      return result;
    },
    async load(userId) {
      const record = users.get(userId);
      return record ? cloneUser(record.user) : null;
    },
    async version(userId) {
      return users.get(userId)?.user.version ?? 0;
    },
    async history(userId, streak, from, to) {
      const periods = users.get(userId)?.history.get(streak);
      if (periods === undefined) return [];
      return [...periods.values()].filter((entry) => entry.period >= from && entry.period <= to);
    },
    async journal(userId) {
      return journalOf(users.get(userId));
    },
    async users(after, limit) {
      return [...users.keys()].filter((id) => after === null || id > after).sort(byUserId).slice(0, limit);
    },
    async countUsers() {
      return users.size;
    },
    async stats(streak, at, top): Promise<IndexStats> {
      const lines = [...(index.get(streak) ?? new Map<string, IndexEntry>())];
      const active = lines.filter(([, e]) => e.length > 0 && e.deadAt > at);
      const lengths = new Map<number, number>();
      for (const [, e] of active) lengths.set(e.length, (lengths.get(e.length) ?? 0) + 1);
      return {
        active: active.length,
        lengthSum: active.reduce((sum, [, e]) => sum + e.length, 0),
        lengths: [...lengths].sort((a, b) => a[0] - b[0]).map(([length, count]) => ({ length, users: count })),
        topCurrent: active
          .sort((a, b) => b[1].length - a[1].length || byUserId(a[0], b[0]))
          .slice(0, top)
          .map(([userId, e]) => ({ userId, length: e.length })),
        topLongest: lines
          .filter(([, e]) => e.longest > 0)
          .sort((a, b) => b[1].longest - a[1].longest || byUserId(a[0], b[0]))
          .slice(0, top)
          .map(([userId, e]) => ({ userId, longest: e.longest })),
      };
    },
    async expiring(streak, at, before, limit) {
      return [...(index.get(streak) ?? new Map<string, IndexEntry>())]
        .filter(([, e]) => e.length > 0 && e.deadAt > at && e.expiresAt < before)
        .sort((a, b) => a[1].expiresAt - b[1].expiresAt || byUserId(a[0], b[0]))
        .slice(0, limit)
        .map(([userId, e]) => ({ userId, length: e.length, expiresAt: e.expiresAt }));
    },
    async activity(from, to) {
      const inKeyOrder = <T>(map: Map<string, T>) => [...map].sort((a, b) => byUserId(a[0], b[0]));
      return {
        days: inKeyOrder(activity.days).filter(([day]) => day >= from && day <= to).map(([, counts]) => ({ ...counts })),
        metrics: inKeyOrder(activity.metrics).map(([, counts]) => ({ ...counts })),
        achievements: inKeyOrder(activity.achievements).map(([achievement, completions]): AchievementCounts => ({ achievement, completions })),
      };
    },
    async close() {
      users.clear();
      index.clear();
    },
  };
}
