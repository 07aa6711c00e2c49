import { describe, expect, it } from 'vitest';
import { compareEntries, thresholdOf, visibleRank } from './entry-order.js';

describe('the order of a run-group', () => {
  it('puts the greater value first', () => {
    expect(compareEntries({ user: 'b', value: 10, reachedAt: 9 }, { user: 'a', value: 5, reachedAt: 1 })).toBeLessThan(
      0,
    );
  });

  it('puts whoever reached an equal value first before the other, then the smaller id', () => {
    expect(compareEntries({ user: 'b', value: 5, reachedAt: 1 }, { user: 'a', value: 5, reachedAt: 2 })).toBeLessThan(
      0,
    );
    expect(compareEntries({ user: 'a', value: 5, reachedAt: 1 }, { user: 'b', value: 5, reachedAt: 1 })).toBeLessThan(
      0,
    );
  });
});

describe('what a reader sees', () => {
  it('shows a rank within the cut and none beyond it', () => {
    expect(visibleRank(3, 3)).toBe(3);
    expect(visibleRank(4, 3)).toBeNull();
    expect(visibleRank(null, 3)).toBeNull();
  });

  it('needs nothing to enter a board with room, and to surpass the lowest visible value of a full one', () => {
    expect(thresholdOf(2, 3, 7)).toBe(0);
    expect(thresholdOf(3, 3, 7)).toBe(8);
    expect(thresholdOf(5, 3, 7.5)).toBe(8);
    expect(thresholdOf(5, 3, -2.5)).toBe(-2);
  });
});
