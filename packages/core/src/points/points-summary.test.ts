import { describe, expect, it } from 'vitest';
import { summarizePoints } from './points-summary.js';

describe('the points summary (S37)', () => {
  it('has eleven ranges, 0–0 and ten up to the largest total rounded up to a power of ten', () => {
    const ranges = summarizePoints([0, 0, 1, 100, 101, 1000]);
    expect(ranges).toHaveLength(11);
    expect(ranges[0]).toEqual({ from: 0, to: 0, users: 2 });
    expect(ranges[1]).toEqual({ from: 1, to: 100, users: 2 });
    expect(ranges[2]).toEqual({ from: 101, to: 200, users: 1 });
    expect(ranges[10]).toEqual({ from: 901, to: 1000, users: 1 });
  });

  it('spans 1 to 10 at least, with nobody or only zeros', () => {
    expect(summarizePoints([]).map((r) => [r.from, r.to])[10]).toEqual([10, 10]);
    expect(summarizePoints([0, 0]).reduce((n, r) => n + r.users, 0)).toBe(2);
  });

  it('rounds 1001 up to 10,000', () => {
    expect(summarizePoints([1001])[10]).toEqual({ from: 9001, to: 10_000, users: 0 });
    expect(summarizePoints([1001])[1]).toEqual({ from: 1, to: 1000, users: 0 });
    expect(summarizePoints([1001])[2]?.users).toBe(1);
  });
});
