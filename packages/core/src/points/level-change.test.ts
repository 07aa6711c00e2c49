import { describe, expect, it } from 'vitest';
import { levelChange } from './level-change.js';
import { level } from '../../test/points-examples.js';

describe('the level of an answer (S34)', () => {
  const bronze = level('bronze', 0);
  const silver = level('silver', 10);

  it('is left out when the request kept the level', () => {
    expect(levelChange(bronze, bronze)).toEqual({});
    expect(levelChange(null, null)).toEqual({});
    expect('level' in levelChange(silver, { ...silver, points: 20 })).toBe(false);
  });

  it('is the new level when it rose, and a level key of null when it fell below every level', () => {
    expect(levelChange(bronze, silver)).toEqual({ level: silver });
    const dropped = levelChange(silver, null);
    expect('level' in dropped).toBe(true);
    expect(dropped).toEqual({ level: null });
  });
});
