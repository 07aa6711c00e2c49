import { describe, expect, it } from 'vitest';
import { RunRanking } from './run-ranking.js';

describe('a run-group’s ranking', () => {
  it('ranks by value, then by who reached it first, and answers the rank before and after', () => {
    const ranking = new RunRanking();
    expect(ranking.apply('ann', { value: 5, reachedAt: 1 }, 1)).toEqual({ previousRank: null, rank: 1 });
    expect(ranking.apply('bob', { value: 5, reachedAt: 2 }, 1)).toEqual({ previousRank: null, rank: 2 });
    expect(ranking.apply('cy', { value: 9, reachedAt: 3 }, 1)).toEqual({ previousRank: null, rank: 1 });
    expect(ranking.apply('bob', { value: 10, reachedAt: 4 }, 2)).toEqual({ previousRank: 3, rank: 1 });
    expect(ranking.page(0, 10).map((e) => e.user)).toEqual(['bob', 'cy', 'ann']);
    expect(ranking.rankOf('ann')).toBe(3);
  });

  it('ignores a version no newer than the one applied, a removal’s included', () => {
    const ranking = new RunRanking();
    ranking.apply('ann', { value: 5, reachedAt: 1 }, 3);
    expect(ranking.apply('ann', { value: 99, reachedAt: 2 }, 2)).toBeNull();
    expect(ranking.apply('ann', null, 4)).toEqual({ previousRank: 1, rank: null });
    expect(ranking.apply('ann', { value: 7, reachedAt: 3 }, 4)).toBeNull();
    expect(ranking.size).toBe(0);
    expect(ranking.rankOf('ann')).toBeNull();
  });

  it('pages from an offset and finds the entry at a rank', () => {
    const ranking = new RunRanking();
    for (const [i, user] of ['a', 'b', 'c', 'd'].entries()) ranking.apply(user, { value: 10 - i, reachedAt: i }, 1);
    expect(ranking.page(1, 2).map((e) => e.user)).toEqual(['b', 'c']);
    expect(ranking.atRank(4)?.user).toBe('d');
    expect(ranking.atRank(5)).toBeUndefined();
  });
});
