/**
 * The in-memory Store: for tests, examples and single-process embedding without persistence. A
 * step runs synchronously between read and commit, so each update is atomic in one process. It is
 * the reference the other stores are held to; its analytics scan the index, which is fine in memory.
 */
import { addActivity, type AchievementCounts, type DayCounts, type MetricCounts } from './activity.js';
import { StoreError } from './errors.js';
import {
  cloneUser,
  mergeRollups,
  type HistoryEntry,
  type IndexEntry,
  type Journal,
  type OwnerAction,
  type Rollup,
  type UserState,
  type ZoneChange,
} from './state.js';
import type { RecordResult } from './response.js';
import type { IndexStats, Store, StepResult, UpdateOptions, UserSnapshot } from './store.js';
import { checkDaySum, checkFiniteNumbers } from './sums.js';

/** A day sum as the store keeps it: its own object, changed in place as events add to it (journal() hands out copies). */
interface DaySum {
  readonly metric: string;
  readonly dayStart: number;
  readonly day: number;
  value: number;
  lastAt: number;
  version: number;
}

interface UserRecord {
  user: UserState;
  history: Map<string, Map<number, HistoryEntry>>;
  /**
   * The day sums by metric, day start and day: found with three map lookups on keys the rules and
   * the reducer already hold (a joined string key per rollup and event cost more than the rest of
   * the commit, packages/core/bench).
   */
  sums: Map<string, Map<number, Map<number, DaySum>>>;
  /** the same sums in the order they were first written: the journal's order */
  sumOrder: DaySum[];
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
  const rollups = record.sumOrder.map(
    (sum): Rollup => ({
      metric: sum.metric,
      dayStart: sum.dayStart,
      day: sum.day,
      value: sum.value,
      lastAt: sum.lastAt,
      version: sum.version,
    }),
  );
  return { rollups, zoneChanges: [...record.zoneChanges], actions: [...record.actions] };
}

function findSum(record: UserRecord | undefined, metric: string, dayStart: number, day: number): DaySum | undefined {
  return record?.sums.get(metric)?.get(dayStart)?.get(day);
}

function addSum(record: UserRecord, rollup: Rollup): void {
  let byStart = record.sums.get(rollup.metric);
  if (byStart === undefined) record.sums.set(rollup.metric, (byStart = new Map()));
  let byDay = byStart.get(rollup.dayStart);
  if (byDay === undefined) byStart.set(rollup.dayStart, (byDay = new Map()));
  const sum: DaySum = {
    metric: rollup.metric,
    dayStart: rollup.dayStart,
    day: rollup.day,
    value: rollup.value,
    lastAt: rollup.lastAt,
    version: rollup.version,
  };
  byDay.set(rollup.day, sum);
  record.sumOrder.push(sum);
}

/** A write's day sums after merging (`next`), each with the stored sum it replaces (`before`), all checked before any is written. */
interface PendingSum {
  before: DaySum | undefined;
  next: Rollup;
}

export function memoryStore(): MemoryStore {
  const users = new Map<string, UserRecord>();
  /** streak → userId → index line */
  const index = new Map<string, Map<string, IndexEntry>>();
  const activity = {
    days: new Map<string, DayCounts>(),
    metrics: new Map<string, MetricCounts>(),
    achievements: new Map<string, number>(),
  };

  /**
   * The day sums after `rollups` are added, each checked (sums.ts) before anything is written. Two
   * rollups of one (metric, day start, day) in a write add up, as in every store.
   */
  function daySums(userId: string, record: UserRecord | undefined, rollups: readonly Rollup[]): PendingSum[] {
    const pending: PendingSum[] = [];
    for (const rollup of rollups) {
      let earlier: PendingSum | undefined;
      for (const p of pending)
        if (p.next.metric === rollup.metric && p.next.dayStart === rollup.dayStart && p.next.day === rollup.day)
          earlier = p;
      const before = earlier?.next ?? findSum(record, rollup.metric, rollup.dayStart, rollup.day);
      const next = checkDaySum(before === undefined ? rollup : mergeRollups(before, rollup), userId);
      if (earlier !== undefined) earlier.next = next;
      else pending.push({ before: before as DaySum | undefined, next });
    }
    return pending;
  }

  function commit(
    userId: string,
    record: UserRecord | undefined,
    write: NonNullable<StepResult<unknown>['write']>,
    sums: readonly PendingSum[],
  ): void {
    const target: UserRecord = record ?? {
      user: write.user,
      history: new Map(),
      sums: new Map(),
      sumOrder: [],
      zoneChanges: [],
      actions: [],
      idempotency: new Map(),
    };
    target.user = write.user;
    if (write.replaceHistory) target.history.clear();
    for (const entry of write.history) {
      let periods = target.history.get(entry.streak);
      if (periods === undefined) target.history.set(entry.streak, (periods = new Map()));
      periods.set(entry.period, entry);
    }
    for (const { before, next } of sums) {
      if (before === undefined) {
        addSum(target, next);
      } else {
        before.value = next.value;
        before.lastAt = next.lastAt;
        before.version = next.version;
      }
    }
    if (write.zoneChange) target.zoneChanges.push(write.zoneChange);
    if (write.action) target.actions.push(write.action);
    const replayKey = write.idempotency ? joinKey(write.idempotency.metric, write.idempotency.key) : undefined;
    // The first response stays (S18), as in every store.
    if (write.idempotency && replayKey !== undefined && !target.idempotency.has(replayKey))
      target.idempotency.set(replayKey, cloneJson(write.idempotency.response));
    for (const entry of write.index) {
      let lines = index.get(entry.streak);
      if (lines === undefined) index.set(entry.streak, (lines = new Map()));
      lines.set(userId, entry);
    }
    if (write.activity) addActivity(activity, write.activity);
    users.set(userId, target);
  }

  return {
    async update<T>(
      userId: string,
      step: (snapshot: UserSnapshot) => StepResult<T>,
      options?: UpdateOptions,
    ): Promise<T> {
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
          throw new StoreError(
            `a write for user ${JSON.stringify(userId)} must carry version ${expected}, not ${write.user.version}`,
          );
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
      return [...users.keys()]
        .filter((id) => after === null || id > after)
        .sort(byUserId)
        .slice(0, limit);
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
        days: inKeyOrder(activity.days)
          .filter(([day]) => day >= from && day <= to)
          .map(([, counts]) => ({ ...counts })),
        metrics: inKeyOrder(activity.metrics).map(([, counts]) => ({ ...counts })),
        achievements: inKeyOrder(activity.achievements).map(
          ([achievement, completions]): AchievementCounts => ({ achievement, completions }),
        ),
      };
    },
    async close() {
      users.clear();
      index.clear();
    },
  };
}
