import { describe, expect, it } from 'vitest';
import { numberOf } from './number-field';

describe('the number a number field holds', () => {
  it('reads integers, negatives and fractions as typed', () => {
    expect(numberOf('10')).toBe(10);
    expect(numberOf('-5')).toBe(-5);
    expect(numberOf(' 1.5 ')).toBe(1.5);
  });

  it('is null for an empty field or text that is not a finite number', () => {
    expect(numberOf('')).toBeNull();
    expect(numberOf('  ')).toBeNull();
    expect(numberOf('abc')).toBeNull();
    expect(numberOf('Infinity')).toBeNull();
  });
});
