import { describe, expect, it } from 'vitest';
import { boostedPoints, commonRounding } from './boosted-points.js';

const down = (multiplier: number) => ({ multiplier, rounding: 'down' as const });

describe('boosted points (S35)', () => {
  it('multiplies exactly: +100 under x0.29 rounded down is 29, where doubles floor to 28', () => {
    expect(Math.floor(100 * 0.29)).toBe(28);
    expect(boostedPoints(100, [down(0.29)])).toBe(29n);
  });

  it('stacks boosts by multiplication and rounds once, not per boost', () => {
    // 2 × 1.5 × 3 = 9
    expect(boostedPoints(10, [down(2), down(1.5), down(3)])).toBe(90n);
    // 1 × 1.5 = 1.5, × 1.5 = 2.25 → 2 once; rounding after each would give 1 × 1.5 → 1, × 1.5 → 1
    expect(boostedPoints(1, [down(1.5), down(1.5)])).toBe(2n);
  });

  it('rounds up, down and to the nearest (half up) as the boosts say', () => {
    expect(boostedPoints(3, [{ multiplier: 0.5, rounding: 'up' }])).toBe(2n);
    expect(boostedPoints(3, [{ multiplier: 0.5, rounding: 'down' }])).toBe(1n);
    expect(boostedPoints(3, [{ multiplier: 0.5, rounding: 'nearest' }])).toBe(2n);
    expect(boostedPoints(6, [{ multiplier: 0.2, rounding: 'nearest' }])).toBe(1n);
    expect(boostedPoints(6, [{ multiplier: 0.3, rounding: 'nearest' }])).toBe(2n);
  });

  it('rounds down when the boosts do not agree on a mode', () => {
    const mixed = [
      { multiplier: 1.5, rounding: 'up' as const },
      { multiplier: 1.1, rounding: 'nearest' as const },
    ];
    expect(commonRounding(mixed)).toBe('down');
    // 3 × 1.5 × 1.1 = 4.95: up would be 5, nearest 5, down 4
    expect(boostedPoints(3, mixed)).toBe(4n);
  });

  it('never multiplies a deduction', () => {
    expect(boostedPoints(-10, [down(2)])).toBe(-10n);
  });

  it('reads multipliers written with an exponent exactly', () => {
    expect(String(1e-7)).toBe('1e-7');
    expect(boostedPoints(10_000_000, [down(1e-7)])).toBe(1n);
    expect(boostedPoints(10_000_000, [down(99.99999999999999)])).toBe(999_999_999n);
  });
});
