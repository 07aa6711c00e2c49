/**
 * S21 with real OS processes: node processes recording for the same user at once through the built
 * packages, on a single Redis and on a Cluster. No update is lost, no period extends twice, and
 * the result is a sequential run: replaying the events in the order the store committed them (each
 * response's total gives it) on the memory store gives the same responses and the same state.
 */
import {
  createEngine,
  memoryStore,
  type PointsSystemRules,
  type RecordInput,
  type RecordResult,
  type Store,
} from '@kindling/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTargets, presentTargets, type RedisTarget } from '../test/targets.js';
import { ensureBuilt, startWorker, type RecordWorker } from '../test/workers.js';

const targets = await openTargets();
const streaks = [{ key: 'default', frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] }];
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

/** Workers on a fresh account of the target; each records `concurrency` events at a time. */
async function startWorkers(
  target: RedisTarget,
  count: number,
  concurrency: number,
  points?: readonly PointsSystemRules[],
): Promise<{ workers: RecordWorker[]; store: Store }> {
  const store = target.store();
  const workers = await Promise.all(
    Array.from({ length: count }, () =>
      startWorker({
        deployment: target.deployment,
        keyPrefix: target.prefix,
        account: store.account,
        streaks,
        concurrency,
        ...(points ? { points } : {}),
      }),
    ),
  );
  return { workers, store };
}

/** Sends every worker its events at the same moment and waits for all. */
async function recordAtOnce(
  workers: RecordWorker[],
  batches: RecordInput[][],
): Promise<Array<{ event: RecordInput; response: RecordResult }>> {
  const answers = await Promise.all(workers.map((worker, i) => worker.record(batches[i] ?? [])));
  return answers.flatMap((responses, i) => responses.map((response, j) => ({ event: batches[i]![j]!, response })));
}

/** Replays the events one by one in commit order (by total; every value is 1) on the memory store. */
async function replayInCommitOrder(
  done: Array<{ event: RecordInput; response: RecordResult }>,
  before: RecordInput[] = [],
) {
  const memory = memoryStore();
  const engine = createEngine({ store: memory, streaks, clock: () => 0 });
  for (const event of before) await engine.record(event);
  const ordered = [...done].sort((a, b) => a.response.total - b.response.total);
  const responses = [];
  for (const { event } of ordered) responses.push(await engine.record(event));
  return { memory, ordered: ordered.map((row) => row.response), responses };
}

const day = (date: string, minutes: number) => Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`redisStore on ${target?.name ?? 'Redis'}: concurrency (S21)`, () => {
    beforeAll(() => ensureBuilt());

    it('4 processes × 250 records of the same user at once: total exactly 1,000, each commit saw the one before', async () => {
      const { workers, store } = await startWorkers(target!, 4, 2);
      try {
        const at = day('2026-03-02', 600);
        const batches = workers.map(() =>
          Array.from({ length: 250 }, () => ({ userId: 'same', metric: 'lessons', value: 1, at })),
        );
        const done = await recordAtOnce(workers, batches);
        const user = await store.load('same');
        expect(user?.totals.lessons).toBe(1000);
        expect(user?.version).toBe(1000);
        expect(done.map((row) => row.response.total).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 1000 }, (_, i) => i + 1),
        );
        expect(done.filter((row) => row.response.currentStreak?.extended)).toHaveLength(1);
        expect((await store.journal('same')).rollups).toMatchObject([{ metric: 'lessons', value: 1000 }]);
      } finally {
        await Promise.all(workers.map((worker) => worker.quit()));
      }
    });

    it('4 processes × 250 records of the same user at once pay each of the 333 multiples of a points trigger exactly once', async () => {
      const xp: PointsSystemRules = {
        key: 'xp',
        name: 'XP',
        description: null,
        badgeUrl: null,
        maxPoints: null,
        status: 'active',
        triggers: [
          {
            id: 'every-3',
            type: 'metric',
            metric: 'lessons',
            threshold: 3,
            points: 1,
            status: 'active',
            activatedAt: 0,
          },
        ],
        levels: [],
        boosts: [],
      };
      const { workers, store } = await startWorkers(target!, 4, 2, [xp]);
      try {
        const at = day('2026-03-02', 600);
        const batches = workers.map(() =>
          Array.from({ length: 250 }, () => ({ userId: 'same', metric: 'lessons', value: 1, at })),
        );
        const done = await recordAtOnce(workers, batches);
        const awards = done.flatMap((row) => row.response.points.xp?.awards.map((award) => award.total) ?? []);
        expect(awards.sort((a, b) => a - b)).toEqual(Array.from({ length: 333 }, (_, i) => i + 1));
        const user = await store.load('same');
        expect({ lessons: user?.totals.lessons, xp: user?.points?.xp?.total, seq: user?.points?.xp?.seq }).toEqual({
          lessons: 1000,
          xp: 333,
          seq: 333,
        });
        // the points index holds the last line: on a Cluster, once the workers' partition writes land
        await expect.poll(() => store.pointsTotals('xp', [1, 333, 334])).toEqual({ users: [0, 1, 0], largest: 333 });
      } finally {
        await Promise.all(workers.map((worker) => worker.quit()));
      }
    });

    it('events spread over days: one extension per period, the same final state as a sequential run', async () => {
      const { workers, store } = await startWorkers(target!, 4, 2);
      try {
        const dates = Array.from({ length: 8 }, (_, i) => `2026-03-${String(10 + i).padStart(2, '0')}`);
        const all: Array<{ event: RecordInput; response: RecordResult }> = [];
        for (const date of dates) {
          // Each day's events at once (12 per process, at different minutes); the next day after.
          const batches = workers.map((_, w) =>
            Array.from({ length: 12 }, (_, i) => ({
              userId: 'same',
              metric: 'lessons',
              value: 1,
              at: day(date, 60 + i * 60 + w),
              tz: 'UTC',
            })),
          );
          const done = await recordAtOnce(workers, batches);
          expect(
            done.filter((row) => row.response.currentStreak?.extended),
            date,
          ).toHaveLength(1);
          all.push(...done);
        }
        const { memory, ordered, responses } = await replayInCommitOrder(all);
        expect(responses).toEqual(ordered);
        expect(await store.load('same')).toEqual(await memory.load('same'));
        const byPeriod = (entries: Array<{ period: number }>) => [...entries].sort((a, b) => a.period - b.period);
        expect(byPeriod(await store.history('same', 'default', -1e7, 1e7))).toEqual(
          byPeriod(await memory.history('same', 'default', -1e7, 1e7)),
        );
        // And as a plain run in time order: only the first event's instant and each extension's depend on the order (S19).
        const sequential = memoryStore();
        const engine = createEngine({ store: sequential, streaks, clock: () => 0 });
        for (const { event } of [...all].sort((a, b) => Number(a.event.at) - Number(b.event.at)))
          await engine.record(event);
        const orderFree = (user: Awaited<ReturnType<Store['load']>>) => ({
          ...user,
          firstSeenAt: 0,
          streaks: { default: { ...user?.streaks.default, extendedAt: null } },
        });
        expect(orderFree(await store.load('same'))).toEqual(orderFree(await sequential.load('same')));
        expect((await store.load('same'))?.streaks.default?.length).toBe(dates.length);
      } finally {
        await Promise.all(workers.map((worker) => worker.quit()));
      }
    });

    it('2 processes racing across a local midnight: the outcome of the events in instant order, whichever side commits first', async () => {
      const { workers, store } = await startWorkers(target!, 2, 2);
      try {
        const tz = 'America/New_York';
        // A 3-day run through 2026-03-19 (New York), recorded first in one process.
        const before = ['2026-03-17', '2026-03-18', '2026-03-19'].map((date) => ({
          userId: 'same',
          metric: 'lessons',
          value: 1,
          at: day(date, 16 * 60),
          tz,
        }));
        for (const event of before) await workers[0]!.record([event]);
        // 23:59:30 on the 20th in New York (EDT, UTC-4) is 03:59:30Z on the 21st; the others 00:00:30 on the 21st.
        const lateEvening = Array.from({ length: 15 }, (_, i) => ({
          userId: 'same',
          metric: 'lessons',
          value: 1,
          at: Date.parse('2026-03-21T03:59:30Z') + i * 1000,
          tz,
        }));
        const afterMidnight = Array.from({ length: 15 }, (_, i) => ({
          userId: 'same',
          metric: 'lessons',
          value: 1,
          at: Date.parse('2026-03-21T04:00:30Z') + i * 1000,
          tz,
        }));
        const done = await recordAtOnce(workers, [lateEvening, afterMidnight]);
        const { memory, ordered, responses } = await replayInCommitOrder(done, before);
        expect(responses).toEqual(ordered);
        expect(await store.load('same')).toEqual(await memory.load('same'));
        const user = await store.load('same');
        expect(user?.totals.lessons).toBe(33);
        // Whichever side commits first, the 20th counts on its own date (S4: an evening event that
        // commits after a midnight one is late), so the 20th and the 21st both extend the run (5),
        // each once: one answer extends the 20th and one the 21st, the others report no change.
        expect(user?.streaks.default?.length).toBe(5);
        expect(done.filter((row) => row.response.currentStreak?.extended)).toHaveLength(2);
      } finally {
        await Promise.all(workers.map((worker) => worker.quit()));
      }
    });
  });
}
