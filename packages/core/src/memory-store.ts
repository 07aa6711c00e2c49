/**
 * The in-memory Store: for tests, examples and single-process embedding without persistence. A
 * step runs synchronously between read and commit, so each update is atomic in one process. It is
 * the reference the other stores are held to; its analytics scan every user's index lines, which is fine in memory.
 */
import { addActivity, type AchievementCounts, type DayCounts, type MetricCounts } from './activity.js';
import { StoreError } from './errors.js';
import { daySumsInOrder, newDaySums, putDaySum, withStoredSum, type DaySums } from './day-sums.js';
import { heldBetween, putHeld, type HeldLane } from './held-periods.js';
import {
  cloneUser,
  mergeRollups,
  NEVER,
  type HistoryEntry,
  type IndexEntry,
  type Journal,
  type OwnerAction,
  type Rollup,
  type UserState,
  type ZoneChange,
} from './state.js';
import { checkQueueLimit } from './delivery-queue.js';
import { checkForgetArgs } from './idempotency-retention.js';
import type { OutboxEntry, OutboxRecord } from './outbox.js';
import type { PointsLine } from './points/points-line.js';
import type { RecordedEvent } from './response.js';
import { RunRanking } from './leaderboards/run-ranking.js';
import type { IndexStats, Store, StepResult, UpdateOptions, UserSnapshot } from './store.js';
import { checkDaySum, checkFiniteNumbers } from './sums.js';

/**
 * Everything the store keeps of one user, reached with one map lookup: the state, its held periods,
 * day sums and index lines in small arrays of their own (day-sums.ts, held-periods.ts), the journal
 * lines, and stored responses with the instant each was recorded (a map only once the user sends
 * an idempotency key; `forgetIdempotency` looks through every user's, which is fine in memory).
 */
interface UserRecord {
  user: UserState;
  held: HeldLane[];
  sums: DaySums;
  /** the user's line in each rule's analytics index, one per rule */
  lines: IndexEntry[];
  /** the user's line in each points system's index, one per system */
  pointsLines: PointsLine[];
  zoneChanges: ZoneChange[];
  actions: OwnerAction[];
  idempotency: Map<string, KeptAnswer> | null;
}

/** An idempotency record: the first answer and the instant the engine's clock recorded it. */
interface KeptAnswer {
  readonly response: RecordedEvent;
  readonly recordedAt: number;
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
  return { rollups: daySumsInOrder(record.sums), zoneChanges: [...record.zoneChanges], actions: [...record.actions] };
}

/** Replaces the line of `entry`'s rule. */
function putLine(lines: IndexEntry[], entry: IndexEntry): void {
  for (let i = 0; i < lines.length; i++) {
    if ((lines[i] as IndexEntry).streak === entry.streak) {
      lines[i] = entry;
      return;
    }
  }
  lines.push(entry);
}

/** Replaces the line of `line`'s points system. */
function putPointsLine(lines: PointsLine[], line: PointsLine): void {
  for (let i = 0; i < lines.length; i++) {
    if ((lines[i] as PointsLine).system === line.system) {
      lines[i] = line;
      return;
    }
  }
  lines.push(line);
}

function lineOf(record: UserRecord, streak: string): IndexEntry | undefined {
  const lines = record.lines;
  for (let i = 0; i < lines.length; i++) if ((lines[i] as IndexEntry).streak === streak) return lines[i];
  return undefined;
}

/**
 * A `Store` in this process's memory, the reference every other store is checked against: for
 * tests, examples and embedders that keep nothing across restarts. Each step gets a copy of the
 * state (nothing committed is touched before its commit); writes of one user run one at a time.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { createEngine, memoryStore } from '@kindling/core';
 *
 * const store = memoryStore();
 * const engine = createEngine({ store, streaks: [{ frequency: 'weekly', conditions: [{ metric: 'runs', threshold: 2 }] }] });
 * await engine.record({ userId: 'ada', metric: 'runs', value: 1, at: Date.parse('2026-03-02T07:00:00Z') });
 * assert.equal(await store.version('ada'), 1);
 * assert.equal(await store.version('grace'), 0);
 * assert.equal(await engine.countUsers(), 1);
 * ```
 */
export function memoryStore(): MemoryStore {
  const users = new Map<string, UserRecord>();
  /** the write being committed: its day sums merged with the stored ones and checked (one write at a time) */
  const pending: Rollup[] = [];
  /** committed outbox entries in commit order, by position (a sequence number) */
  const outbox = new Map<number, OutboxEntry>();
  /** how many users have been erased: what read stamps keep beside the version (Store.erasures) */
  let erasures = 0;
  let outboxSeq = 0;
  /** each run-group's ranking, by board, run and group (leaderboards/run-ranking.ts) */
  const rankings = new Map<string, RunRanking>();
  const rankingKey = (board: string, run: number, group: string) => `${board}\u0000${run}\u0000${group}`;
  const activity = {
    days: new Map<string, DayCounts>(),
    metrics: new Map<string, MetricCounts>(),
    achievements: new Map<string, number>(),
  };

  /**
   * Fills `pending` with the day sums after `rollups` are added, each checked (sums.ts) before
   * anything is written. Two rollups of one (metric, day start, day) in a write add up, as in every store.
   */
  function mergeSums(userId: string, record: UserRecord | undefined, rollups: readonly Rollup[]): void {
    if (pending.length !== 0) pending.length = 0;
    for (let r = 0; r < rollups.length; r++) {
      const rollup = rollups[r] as Rollup;
      let earlier = -1;
      for (let p = 0; p < pending.length; p++) {
        const next = pending[p] as Rollup;
        if (next.metric === rollup.metric && next.dayStart === rollup.dayStart && next.day === rollup.day) earlier = p;
      }
      if (earlier >= 0) pending[earlier] = checkDaySum(mergeRollups(pending[earlier] as Rollup, rollup), userId);
      else pending.push(checkDaySum(withStoredSum(record?.sums, rollup), userId));
    }
  }

  function commit(
    userId: string,
    record: UserRecord | undefined,
    write: NonNullable<StepResult<unknown>['write']>,
  ): void {
    const target: UserRecord = record ?? {
      user: write.user,
      held: [],
      sums: newDaySums(),
      lines: [],
      pointsLines: [],
      zoneChanges: [],
      actions: [],
      idempotency: null,
    };
    target.user = write.user;
    if (write.replaceHistory) target.held.length = 0;
    for (let i = 0; i < write.history.length; i++) putHeld(target.held, write.history[i] as HistoryEntry);
    for (let i = 0; i < pending.length; i++) {
      const sum = pending[i] as Rollup;
      putDaySum(target.sums, sum.metric, sum.dayStart, sum.day, sum.value, sum.lastAt, sum.version);
    }
    if (write.zoneChange) target.zoneChanges.push(write.zoneChange);
    if (write.action) target.actions.push(write.action);
    if (write.idempotency) {
      const replayKey = joinKey(write.idempotency.metric, write.idempotency.key);
      if (target.idempotency === null) target.idempotency = new Map();
      // The first response stays (S18), as in every store, while in its retention.
      const kept = target.idempotency.get(replayKey);
      if (kept === undefined || kept.recordedAt < write.idempotency.notBefore)
        target.idempotency.set(replayKey, {
          response: cloneJson(write.idempotency.response),
          recordedAt: write.idempotency.recordedAt,
        });
    }
    for (let i = 0; i < write.index.length; i++) putLine(target.lines, write.index[i] as IndexEntry);
    if (write.pointsLines)
      for (let i = 0; i < write.pointsLines.length; i++)
        putPointsLine(target.pointsLines, write.pointsLines[i] as PointsLine);
    if (write.boardLines)
      for (const line of write.boardLines) {
        const key = rankingKey(line.board, line.run, line.group);
        let ranking = rankings.get(key);
        if (ranking === undefined) rankings.set(key, (ranking = new RunRanking()));
        const entry = line.value === null ? null : { value: line.value, reachedAt: line.reachedAt };
        ranking.apply(userId, entry, write.user.version);
      }
    if (write.activity) addActivity(activity, write.activity);
    if (write.outbox) for (const entry of write.outbox) outbox.set(++outboxSeq, cloneJson(entry));
    if (record === undefined) users.set(userId, target);
  }

  /** Every user's line of `streak`, with the user's id. */
  function linesOf(streak: string): Array<[string, IndexEntry]> {
    const found: Array<[string, IndexEntry]> = [];
    for (const [userId, record] of users) {
      const line = lineOf(record, streak);
      if (line !== undefined) found.push([userId, line]);
    }
    return found;
  }

  return {
    async update<T>(
      userId: string,
      step: (snapshot: UserSnapshot) => StepResult<T>,
      options?: UpdateOptions,
    ): Promise<T> {
      const record = users.get(userId);
      const asked = options?.idempotency;
      const kept = asked && record?.idempotency ? record.idempotency.get(joinKey(asked.metric, asked.key)) : undefined;
      // A record out of its retention answers nothing, removed or not (S18).
      const stored = kept !== undefined && kept.recordedAt >= (asked?.notBefore ?? 0) ? kept.response : undefined;
      // The step owns what it is given (the reducer updates state in place): it gets a copy.
      const { result, write } = step({
        user: record ? cloneUser(record.user) : null,
        replay: stored ? cloneJson(stored) : null,
        journal: options?.journal ? journalOf(record) : null,
        lines: record ? record.lines : null,
      });
      if (write !== undefined) {
        const expected = (record?.user.version ?? 0) + 1;
        if (write.user.version !== expected) {
          throw new StoreError(
            `a write for user ${JSON.stringify(userId)} must carry version ${expected}, not ${write.user.version}`,
          );
        }
        checkFiniteNumbers(write.user, write.rollups);
        mergeSums(userId, record, write.rollups);
        commit(userId, record, write);
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
    peekVersion(userId) {
      return users.get(userId)?.user.version ?? 0;
    },
    async history(userId, streak, from, to) {
      const record = users.get(userId);
      return record === undefined ? [] : heldBetween(record.held, streak, from, to);
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
      const lines = linesOf(streak);
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
    async expiring(streak, at, before, limit, after) {
      const later = (userId: string, e: IndexEntry) =>
        after == null || e.expiresAt > after.expiresAt || (e.expiresAt === after.expiresAt && userId > after.userId);
      return linesOf(streak)
        .filter(([userId, e]) => e.length > 0 && e.deadAt > at && e.expiresAt < before && later(userId, e))
        .sort((a, b) => a[1].expiresAt - b[1].expiresAt || byUserId(a[0], b[0]))
        .slice(0, limit)
        .map(([userId, e]) => ({ userId, length: e.length, expiresAt: e.expiresAt }));
    },
    async earning(streak, before, limit) {
      return linesOf(streak)
        .filter(([, e]) => (e.earnsAt ?? NEVER) < before)
        .sort((a, b) => (a[1].earnsAt ?? NEVER) - (b[1].earnsAt ?? NEVER) || byUserId(a[0], b[0]))
        .slice(0, limit)
        .map(([userId]) => userId);
    },
    async pointsTotals(system, bounds) {
      const counts = bounds.map(() => 0);
      let largest = 0;
      for (const record of users.values()) {
        const line = record.pointsLines.find((candidate) => candidate.system === system);
        if (line === undefined) continue;
        if (line.total > largest) largest = line.total;
        if (!line.changed) continue;
        let range = -1;
        while (range + 1 < bounds.length && line.total >= (bounds[range + 1] as number)) range++;
        if (range >= 0) counts[range] = (counts[range] as number) + 1;
      }
      return { users: counts, largest };
    },
    async pointsDue(before, limit) {
      const rows: Array<{ userId: string; system: string; dueAt: number }> = [];
      for (const [userId, record] of users)
        for (const line of record.pointsLines)
          if (line.dueAt < before && line.dueAt < NEVER) rows.push({ userId, system: line.system, dueAt: line.dueAt });
      return rows
        .sort((a, b) => a.dueAt - b.dueAt || byUserId(a.userId, b.userId) || byUserId(a.system, b.system))
        .slice(0, limit);
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
    async readOutbox(limit) {
      checkQueueLimit(limit);
      const records: OutboxRecord[] = [];
      for (const [seq, entry] of outbox) {
        if (records.length >= limit) break;
        records.push({ position: String(seq), entry: cloneJson(entry) });
      }
      return records;
    },
    async forgetIdempotency(before, limit) {
      checkForgetArgs(before, limit);
      const old: Array<[Map<string, KeptAnswer>, string, number]> = [];
      for (const record of users.values())
        if (record.idempotency !== null)
          for (const [key, kept] of record.idempotency)
            if (kept.recordedAt < before) old.push([record.idempotency, key, kept.recordedAt]);
      old.sort((a, b) => a[2] - b[2]);
      const removed = Math.min(limit, old.length);
      for (let i = 0; i < removed; i++) {
        const [map, key] = old[i] as [Map<string, KeptAnswer>, string, number];
        map.delete(key);
      }
      return { removed, more: old.length > removed };
    },
    async removeOutbox(positions) {
      for (const position of positions) if (/^[1-9]\d{0,15}$/.test(position)) outbox.delete(Number(position));
    },
    async boardPlace(board, run, group, entry) {
      return rankings.get(rankingKey(board, run, group))?.placeOf(entry) ?? 1;
    },
    async boardCount(board, run, group) {
      return rankings.get(rankingKey(board, run, group))?.size ?? 0;
    },
    async boardPage(board, run, group, offset, limit) {
      return [...(rankings.get(rankingKey(board, run, group))?.page(offset, limit) ?? [])];
    },
    async deleteUser(userId) {
      // A step runs between its read and its commit without a turn of the event loop: nothing is half done here.
      for (const [seq, entry] of outbox) if (entry.userId === userId) outbox.delete(seq);
      for (const ranking of rankings.values()) ranking.forget(userId);
      const erased = users.delete(userId);
      if (erased) erasures++;
      return erased;
    },
    async erasures() {
      return erasures;
    },
    peekErasures() {
      return erasures;
    },
    async clearAccount() {
      activity.days.clear();
      activity.metrics.clear();
      activity.achievements.clear();
    },
    async close() {
      users.clear();
      rankings.clear();
      outbox.clear();
    },
  };
}
