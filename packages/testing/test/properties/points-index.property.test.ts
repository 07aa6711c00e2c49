/**
 * The points index (S37, S34, S33): what `pointsTotals` and `pointsDue` read from the points lines
 * each write carries, only where a line moved, is what they read once a rebuild of every user has
 * written every line anew from the states. A line a write moved but did not carry shows up here as
 * a difference: a total's range, a change, or a due boundary of a zone or a time trigger.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type Engine, type PointsSystemRules } from '@kindling/core';
import { propertyRuns, timelineArb } from '../../src/index.js';
import { METRICS } from './property-support.js';

const USERS = ['u1', 'u2', 'u3'];
const BOUNDS = [0, 1, 5, 10, 20, 50, 100];

/** XP: `points` for every `threshold` lessons (a deduction when negative); energy: a time trigger, at most 5. */
const systemsArb: fc.Arbitrary<PointsSystemRules[]> = fc
  .record({
    points: fc.integer({ min: -7, max: 12 }).filter((n) => n !== 0),
    threshold: fc.integer({ min: 1, max: 3 }),
    unit: fc.constantFrom<'hour' | 'day'>('hour', 'day'),
    interval: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ points, threshold, unit, interval }) => {
    const activatedAt = Date.UTC(2024, 0, 1);
    const base = { description: null, badgeUrl: null, status: 'active' as const, boosts: [] };
    return [
      {
        ...base,
        key: 'xp',
        name: 'XP',
        maxPoints: null,
        levels: [
          { id: 'l0', key: 'l0', points: 0, createdAt: activatedAt },
          { id: 'l5', key: 'l5', points: 5, createdAt: activatedAt },
        ],
        triggers: [{ id: 'm', type: 'metric', metric: 'lessons', threshold, points, status: 'active', activatedAt }],
      },
      {
        ...base,
        key: 'energy',
        name: 'Energy',
        maxPoints: 5,
        levels: [],
        triggers: [{ id: 't', type: 'time', unit, interval, points: 1, status: 'active', activatedAt }],
      },
    ];
  });

/** What the index answers, for both systems. */
async function index(engine: Engine): Promise<unknown> {
  return {
    xp: await engine.store.pointsTotals('xp', BOUNDS),
    energy: await engine.store.pointsTotals('energy', BOUNDS),
    due: await engine.store.pointsDue(Number.MAX_SAFE_INTEGER, 100),
    levels: await engine.levelSummary('xp'),
  };
}

describe('points index properties', () => {
  it('S37, S34, S33: after any events of several users, in any zones, the points index answers what it answers once a rebuild has written every line from scratch', async () => {
    await fc.assert(
      fc.asyncProperty(
        systemsArb,
        timelineArb({ maxEvents: 40 }),
        fc.array(fc.constantFrom(...USERS), { minLength: 40, maxLength: 40 }),
        async (points, timeline, owners) => {
          const engine = createEngine({ store: memoryStore(), points, metrics: [...METRICS], clock: () => 0 });
          for (const [i, event] of timeline.entries()) await engine.record({ userId: owners[i] as string, ...event });
          const last = (timeline[timeline.length - 1] as { at: number }).at;
          const written = await index(engine);
          for (const userId of new Set(owners.slice(0, timeline.length))) await engine.rebuild(userId, { at: last });
          expect(await index(engine)).toEqual(written);
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });
});
