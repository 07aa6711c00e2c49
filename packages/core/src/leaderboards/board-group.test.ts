import { describe, expect, it } from 'vitest';
import { groupOf, groupOfPairs, groupValues } from './board-group.js';

describe('a user’s group on a board', () => {
  it('is the one group "" on a board without breakdowns', () => {
    expect(groupOf([], { country: 'NZ' })).toBe('');
  });

  it('is the user’s values in the board’s order, and none when one is missing', () => {
    const group = groupOf(['country', 'plan'], { plan: 'pro', country: 'NZ' });
    expect(groupValues(['country', 'plan'], group ?? '')).toEqual([
      { key: 'country', value: 'NZ' },
      { key: 'plan', value: 'pro' },
    ]);
    expect(groupOf(['country', 'plan'], { country: 'NZ' })).toBeNull();
  });

  it('never gives two groups one key, whatever the values hold', () => {
    const a = groupOf(['a', 'b'], { a: 'x,"y', b: 'z' });
    const b = groupOf(['a', 'b'], { a: 'x', b: '"y,z' });
    expect(a).not.toBe(b);
  });

  it('reads an inherited name as the user’s own attribute or none', () => {
    expect(groupOf(['__proto__'], {})).toBeNull();
    expect(groupOf(['constructor'], {})).toBeNull();
  });
});

describe('a group named by a reader', () => {
  it('takes every breakdown attribute once, in any order', () => {
    expect(
      groupOfPairs(
        ['country', 'plan'],
        [
          ['plan', 'pro'],
          ['country', 'NZ'],
        ],
      ),
    ).toEqual({
      group: groupOf(['country', 'plan'], { country: 'NZ', plan: 'pro' }),
    });
  });

  it('says why when an attribute is missing, unknown or twice, or the board has no breakdowns', () => {
    expect(groupOfPairs(['country', 'plan'], [['country', 'NZ']])).toEqual({
      problem: expect.stringMatching(/missing "plan"/),
    });
    expect(groupOfPairs(['country'], [['city', 'x']])).toEqual({
      problem: expect.stringMatching(/"city" is not a breakdown/),
    });
    expect(
      groupOfPairs(
        ['country'],
        [
          ['country', 'a'],
          ['country', 'b'],
        ],
      ),
    ).toEqual({ problem: expect.stringMatching(/twice/) });
    expect(groupOfPairs([], [['country', 'NZ']])).toEqual({ problem: expect.stringMatching(/no breakdown/) });
  });
});
