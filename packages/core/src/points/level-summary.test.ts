import { describe, expect, it } from 'vitest';
import { summarizeLevels } from './level-summary.js';
import { level } from '../../test/points-examples.js';

describe('the level summary (S34)', () => {
  it('counts users per level by ascending threshold, keeping empty levels and leaving out users without a change', () => {
    const levels = [level('gold', 500), level('bronze', 0), level('silver', 100)];
    const summary = summarizeLevels(levels, [
      { total: 0, changed: false },
      { total: 0, changed: true },
      { total: 600, changed: true },
      { total: 700, changed: true },
    ]);
    expect(summary.map((row) => [row.level.key, row.users])).toEqual([
      ['bronze', 1],
      ['silver', 0],
      ['gold', 2],
    ]);
  });
});
