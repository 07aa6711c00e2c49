import { describe, expect, it } from 'vitest';
import { levelOf } from './level-of.js';
import { level, T0 } from '../../test/points-examples.js';

describe('the level of a total (S34)', () => {
  const levels = [level('silver', 100), level('bronze', 0), level('gold', 500)];

  it('is none before any points change, even with a level at 0', () => {
    expect(levelOf(levels, 0, false)).toBeNull();
    expect(levelOf(levels, 0, true)?.key).toBe('bronze');
  });

  it('is the highest level reached, at a total equal to its threshold', () => {
    expect(levelOf(levels, 99, true)?.key).toBe('bronze');
    expect(levelOf(levels, 100, true)?.key).toBe('silver');
    expect(levelOf(levels, 10_000, true)?.key).toBe('gold');
  });

  it('is none below every threshold, and the later created level between equal thresholds', () => {
    expect(levelOf([level('silver', 100)], 50, true)).toBeNull();
    expect(levelOf([level('new', 100, T0 + 1), level('old', 100, T0)], 100, true)?.key).toBe('new');
  });
});
