/**
 * S21 with real OS processes sharing one file: events of one user are applied one at a time, so
 * concurrent events never lose an update or extend twice, and the result equals a sequential run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type PointsSystemRules, type RecordInput } from '@kindling/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runTogether, type Printed } from '../test/processes.js';
import { sqliteStore } from './index.js';

const DAY = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), 'kindling-sqlite-s21-'));
const path = (name: string) => join(dir, name);

beforeAll(ensureBuilt, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a read shows of `userId` at `at`, the held periods stored, the totals and the analytics line, from the file at `path`. */
async function finalState(file: string, userId: string, at: number) {
  const store = sqliteStore({ path: file });
  try {
    const engine = createEngine({
      store,
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      clock: () => at,
    });
    const streak = await engine.streak(userId, { historyPeriods: 60 });
    return {
      streak,
      stored: await store.history(userId, 'default', -1e7, 1e7),
      totals: (await store.load(userId))?.totals,
      stats: await store.stats('default', at, 5),
    };
  } finally {
    await store.close();
  }
}

/** Number of extending events per period, over every process's responses. */
function extensionsPerPeriod(printed: Printed[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of printed.flat())
    if (line.extended) counts.set(line.periodStart, (counts.get(line.periodStart) ?? 0) + 1);
  return counts;
}

/** One point for every 3 lessons, activated long before the events. */
const XP: PointsSystemRules = {
  key: 'xp',
  name: 'XP',
  description: null,
  badgeUrl: null,
  maxPoints: null,
  status: 'active',
  triggers: [
    { id: 'every-3', type: 'metric', metric: 'lessons', threshold: 3, points: 1, status: 'active', activatedAt: 0 },
  ],
  levels: [],
  boosts: [],
};

describe('S21 across processes', () => {
  it('S21: 4 processes × 250 events of one user pay each of the 333 multiples of a points trigger exactly once', async () => {
    const at = Date.parse('2026-03-10T12:00:00Z');
    const events = (p: number) =>
      Array.from(
        { length: 250 },
        (_, i): RecordInput => ({ userId: 'same', metric: 'lessons', value: 1, at: at + p * 1000 + i }),
      );
    const file = path('points.db');
    const printed = await runTogether(file, [0, 1, 2, 3].map(events), [XP]);
    // every award, over every process's answers: totals 1..333, each paid once
    const awards = printed.flat().flatMap((line) => line.points?.xp?.awards ?? []);
    expect(awards.sort((a, b) => a - b)).toEqual(Array.from({ length: 333 }, (_, i) => i + 1));
    const store = sqliteStore({ path: file });
    const user = await store.load('same');
    // the points index holds the line of the last commit, in the same transaction as the state
    const line = await store.pointsTotals('xp', [1, 333, 334]);
    await store.close();
    expect(line).toEqual({ users: [0, 1, 0], largest: 333 });
    expect({ lessons: user?.totals.lessons, xp: user?.points?.xp?.total, awards: user?.points?.xp?.seq }).toEqual({
      lessons: 1000,
      xp: 333,
      awards: 333,
    });
  });

  it('S21: 4 processes × 250 events of one user on one new file add up to exactly 1,000, each seeing the one before', async () => {
    const at = Date.parse('2026-03-10T12:00:00Z');
    const events = (p: number) =>
      Array.from(
        { length: 250 },
        (_, i): RecordInput => ({ userId: 'same', metric: 'lessons', value: 1, at: at + p * 1000 + i }),
      );
    // On a loaded machine the four processes may happen to run one after another; every run must be
    // exact, and at least one of up to three runs must show them interleaved, or the test proves nothing.
    let interleaved = false;
    for (let run = 0; run < 3 && !interleaved; run++) {
      const file = path(`thousand-${run}.db`);
      const printed = await runTogether(file, [0, 1, 2, 3].map(events));
      const store = sqliteStore({ path: file });
      const user = await store.load('same');
      await store.close();
      expect(user?.totals.lessons).toBe(1000);
      expect(user?.version).toBe(1000);
      // No two events read the same state: the totals they returned are 1..1000, each exactly once.
      const totals = printed
        .flat()
        .map((line) => line.total)
        .sort((a, b) => a - b);
      expect(totals).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
      expect(new Set(printed.flat().map((line) => line.eventId)).size).toBe(1000);
      expect([...extensionsPerPeriod(printed)]).toEqual([['2026-03-10', 1]]);
      // The processes ran at once when some process's totals are not one unbroken run.
      interleaved = printed.some((lines) => lines.at(-1)!.total - lines[0]!.total !== lines.length - 1);
    }
    expect(interleaved).toBe(true);
  });

  it('S21: with events over 30 days from 4 processes, each day extends once and the state equals a sequential run', async () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    // Each process sends three events a day, in time order, at its own hours.
    const events = (p: number) =>
      Array.from(
        { length: 30 * 3 },
        (_, i): RecordInput => ({
          userId: 'u',
          metric: 'lessons',
          value: 1,
          at: start + Math.floor(i / 3) * DAY + (p * 5 + (i % 3)) * 3_600_000,
        }),
      );
    const lists = [0, 1, 2, 3].map(events);
    const printed = await runTogether(path('days.db'), lists);
    await runTogether(path('days-sequential.db'), [lists.flat().sort((a, b) => (a.at as number) - (b.at as number))]);
    const extensions = extensionsPerPeriod(printed);
    expect(extensions.size).toBe(30);
    expect([...extensions.values()].every((count) => count === 1)).toBe(true);
    const end = start + 30 * DAY - 1;
    const concurrent = await finalState(path('days.db'), 'u', end);
    expect(concurrent.streak).toMatchObject({ length: 30, longest: 30, started: '2026-01-01' });
    expect(concurrent).toEqual(await finalState(path('days-sequential.db'), 'u', end));
  });

  it('S21: 2 processes racing across a local midnight end in the state of a sequential run', async () => {
    const midnight = Date.parse('2026-05-11T04:00:00Z'); // 00:00 on May 11 in New York (EDT)
    const seed: RecordInput = {
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: midnight - 30 * 3_600_000,
      tz: 'America/New_York',
    };
    // Both processes send events from 20 s before midnight to 20 s after, interleaved in time.
    const events = (p: number) =>
      Array.from(
        { length: 40 },
        (_, i): RecordInput => ({
          userId: 'u',
          metric: 'lessons',
          value: 1,
          at: midnight - 20_000 + i * 1000 + p * 500,
        }),
      );
    const lists = [0, 1].map(events);
    for (const name of ['midnight.db', 'midnight-sequential.db']) await runTogether(path(name), [[seed]]);
    const printed = await runTogether(path('midnight.db'), lists);
    await runTogether(path('midnight-sequential.db'), [
      lists.flat().sort((a, b) => (a.at as number) - (b.at as number)),
    ]);
    expect([...extensionsPerPeriod(printed)].sort()).toEqual([
      ['2026-05-10', 1],
      ['2026-05-11', 1],
    ]);
    const read = midnight + 3_600_000;
    const concurrent = await finalState(path('midnight.db'), 'u', read);
    expect(concurrent.streak).toMatchObject({ length: 3, started: '2026-05-09', periodStart: '2026-05-11' });
    expect(concurrent.totals).toEqual({ lessons: 81 });
    expect(concurrent).toEqual(await finalState(path('midnight-sequential.db'), 'u', read));
  });
});
