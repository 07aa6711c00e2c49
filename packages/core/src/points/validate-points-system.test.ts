import { describe, expect, it } from 'vitest';
import { validatePointsSystem } from './validate-points-system.js';
import type { PointsSystemRules, PointsTrigger } from './points-types.js';
import { ConfigError } from '../errors.js';
import { boost, level, metricTrigger, pointsSystem } from '../../test/points-examples.js';
import { thrown } from '../../test/example-helpers.js';

function refusal(system: PointsSystemRules): string {
  const error = thrown(() => validatePointsSystem(system));
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).message;
}

describe('validating a points system (S27)', () => {
  it('takes a well-formed system as it is', () => {
    const system = pointsSystem([metricTrigger(-1, 1)], {
      maxPoints: 100,
      levels: [level('a', 0)],
      boosts: [boost('b', 0.5)],
    });
    expect(validatePointsSystem(system)).toBe(system);
  });

  it.each([
    ['points 0', { points: 0 }, 'points'],
    ['fractional points', { points: 1.5 }, 'points'],
    ['NaN points', { points: Number.NaN }, 'points'],
    ['1e308 points', { points: 1e308 }, 'points'],
    ['threshold 0', { threshold: 0 }, 'threshold'],
    ['a __proto__ id', { id: '__proto__' }, '__proto__'],
  ])('refuses a trigger with %s, naming the field', (_, change, field) => {
    expect(refusal(pointsSystem([metricTrigger(1, 1, change as Partial<PointsTrigger>)]))).toContain(field);
  });

  it.each([[1], [100], [0], [-2], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses a boost multiplier of %s',
    (multiplier) => {
      expect(refusal(pointsSystem([], { boosts: [boost('b', multiplier)] }))).toContain('multiplier');
    },
  );

  it('refuses duplicate level keys and trigger ids, a bad maxPoints and a boost for a user and attributes at once', () => {
    expect(refusal(pointsSystem([], { levels: [level('a', 0), level('a', 5)] }))).toContain(
      'already in use by another level',
    );
    expect(refusal(pointsSystem([metricTrigger(1, 1), metricTrigger(2, 1)]))).toContain('already the id');
    expect(refusal(pointsSystem([], { maxPoints: 0 }))).toContain('maxPoints');
    expect(
      refusal(pointsSystem([], { boosts: [boost('b', 2, 'down', { userId: 'u', userAttributes: { a: 'b' } })] })),
    ).toContain('userId');
  });

  it('refuses huge lists and a 20 KB name without echoing it whole', () => {
    expect(
      refusal(pointsSystem(Array.from({ length: 101 }, (_, i) => metricTrigger(1, 1, { id: `m${i}` })))),
    ).toContain('at most 100');
    const message = refusal({ ...pointsSystem([]), name: 'x'.repeat(20_000) });
    expect(message.length).toBeLessThan(400);
  });
});
