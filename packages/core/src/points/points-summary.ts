/**
 * S37: how a system's users spread over its totals: eleven ranges, `0–0` and then ten equal ranges
 * from 1 to P, P being the largest total rounded up to a power of ten (10 at least). Every user
 * given counts, never-awarded ones at 0. The power of ten is found by multiplying, in whole
 * numbers, rather than from a floating-point logarithm.
 */

export interface PointsRange {
  readonly from: number;
  readonly to: number;
  readonly users: number;
}

export function summarizePoints(totals: readonly number[]): PointsRange[] {
  let largest = 0;
  for (const total of totals) if (total > largest) largest = total;
  let top = 10;
  while (top < largest) top *= 10;
  const width = top / 10;
  const counts = new Array<number>(11).fill(0);
  for (const total of totals) {
    const index = total <= 0 ? 0 : Math.min(10, Math.ceil(total / width));
    counts[index] = (counts[index] as number) + 1;
  }
  return counts.map((users, i) =>
    i === 0 ? { from: 0, to: 0, users } : { from: (i - 1) * width + 1, to: i * width, users },
  );
}
