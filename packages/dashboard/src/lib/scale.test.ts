import { describe, expect, it } from 'vitest';
import { bands, barHeight, bucketLabel, labelStep, niceMax, ticks } from './scale';

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(200)).toBe(200);
    expect(niceMax(201)).toBe(500);
    expect(niceMax(0.3)).toBe(0.5);
  });

  it('gives 1 for zero, negative or non-finite maxima', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(-4)).toBe(1);
    expect(niceMax(Number.NaN)).toBe(1);
  });
});

describe('ticks', () => {
  it('splits the axis into equal steps from 0 to the top', () => {
    expect(ticks(20)).toEqual([0, 5, 10, 15, 20]);
  });

  it('does not make fractional ticks on a small integer axis', () => {
    expect(ticks(2)).toEqual([0, 1, 2]);
    expect(ticks(1)).toEqual([0, 1]);
  });

  it('steps by round numbers, never a fraction of a user on a count axis', () => {
    expect(ticks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ticks(50)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(ticks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(ticks(500)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(ticks(0.5)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5]);
    for (const top of [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]) {
      const values = ticks(top);
      expect(values.every(Number.isInteger), String(top)).toBe(true);
      expect(values.length, String(top)).toBeGreaterThanOrEqual(2);
      expect(values.length, String(top)).toBeLessThanOrEqual(6);
    }
  });
});

describe('barHeight', () => {
  it('scales linearly to the chart height', () => {
    expect(barHeight(5, 10, 100)).toBe(50);
    expect(barHeight(10, 10, 100)).toBe(100);
  });

  it('is 0 for zero or negative values and never taller than the chart', () => {
    expect(barHeight(0, 10, 100)).toBe(0);
    expect(barHeight(-1, 10, 100)).toBe(0);
    expect(barHeight(20, 10, 100)).toBe(100);
    expect(barHeight(3, 0, 100)).toBe(0);
  });
});

describe('bands', () => {
  it('divides the width into equal steps and centres each band in its step', () => {
    const { step, band, offset } = bands(4, 100, 0.2);
    expect(step).toBe(25);
    expect(band).toBe(20);
    expect(offset(0)).toBe(2.5);
    expect(offset(3)).toBe(77.5);
  });
});

describe('bucketLabel', () => {
  it('names a bucket by its bounds', () => {
    expect(bucketLabel({ from: 3, to: 6 })).toBe('3–6');
    expect(bucketLabel({ from: 1, to: 1 })).toBe('1');
    expect(bucketLabel({ from: 30, to: null })).toBe('30+');
  });
});

describe('labelStep', () => {
  it('writes every label when they fit, and every n-th so that they do not touch when they do not', () => {
    expect(labelStep(14, 680, 48)).toBe(1);
    expect(labelStep(30, 680, 48)).toBe(3);
    expect(labelStep(30, 280, 48)).toBe(6);
    expect(labelStep(0, 280, 48)).toBe(1);
    expect(labelStep(5, 10, 48)).toBe(5);
  });
});
