/**
 * fast-check arbitraries for the points properties: triggers, levels, boosts and systems drawn over
 * small numbers, so that caps, zeros, thresholds and ties are met often.
 */
import fc from 'fast-check';
import { day, T0 } from './points-examples.js';
import type {
  PointsBoost,
  PointsLevel,
  PointsSystemRules,
  PointsTrigger,
  Rounding,
} from '../src/points/points-types.js';

const points = fc.integer({ min: -20, max: 20 }).filter((p) => p !== 0);
export const roundingArb: fc.Arbitrary<Rounding> = fc.constantFrom<Rounding>('down', 'up', 'nearest');

/** A multiplier of two decimals, 0.01 to 9.99, never 1. */
export const multiplierArb: fc.Arbitrary<number> = fc
  .integer({ min: 1, max: 999 })
  .filter((k) => k !== 100)
  .map((k) => k / 100);

export const boostArb: fc.Arbitrary<PointsBoost> = fc
  .record({
    id: fc.constantFrom('b1', 'b2', 'b3'),
    start: fc.integer({ min: day('2026-01-01'), max: day('2026-01-20') }),
    length: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
    multiplier: multiplierArb,
    rounding: roundingArb,
  })
  .map(({ length, ...b }) => ({ ...b, end: length === null ? null : b.start + length }));

export const levelArb: fc.Arbitrary<PointsLevel> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 4 }),
  key: fc.string({ minLength: 1, maxLength: 4 }),
  points: fc.integer({ min: 0, max: 60 }),
  createdAt: fc.integer({ min: T0, max: T0 + 1000 }),
});

const metricTriggerArb: fc.Arbitrary<PointsTrigger> = fc
  .record({
    points,
    threshold: fc.integer({ min: 1, max: 4 }),
    blockIfOutOfPoints: fc.boolean(),
  })
  .map((t) => ({ id: '', type: 'metric', metric: 'lessons', status: 'active', activatedAt: T0, ...t }));

export const timeTriggerArb: fc.Arbitrary<PointsTrigger> = fc
  .record({
    points,
    unit: fc.constantFrom<'hour' | 'day'>('hour', 'day'),
    interval: fc.integer({ min: 1, max: 5 }),
    activatedAt: fc.integer({ min: T0 - 3 * 86_400_000, max: T0 + 3 * 86_400_000 }),
  })
  .map((t) => ({ id: '', type: 'time', status: 'active', ...t }));

/** A system of up to `max` triggers of `trigger`, ids t0.., with levels, boosts and maybe a cap. */
export function systemArb(
  trigger: fc.Arbitrary<PointsTrigger> = metricTriggerArb,
  max = 3,
): fc.Arbitrary<PointsSystemRules> {
  return fc
    .record({
      triggers: fc.array(trigger, { minLength: 1, maxLength: max }),
      levels: fc.array(levelArb, { maxLength: 4 }),
      boosts: fc.array(boostArb, { maxLength: 2 }),
      maxPoints: fc.option(fc.integer({ min: 1, max: 80 }), { nil: null }),
    })
    .map(({ triggers, ...rest }) => ({
      key: 'xp',
      name: 'XP',
      description: null,
      badgeUrl: null,
      status: 'active' as const,
      triggers: triggers.map((t, i) => ({ ...t, id: `t${i}` })),
      ...rest,
    }));
}

export { metricTriggerArb };
