import { describe, expect, it } from 'vitest';
import { daySumsInOrder, newDaySums, putDaySum, withStoredSum } from './day-sums.js';

const rollup = (day: number, value: number, dayStart = 0, metric = 'lessons') => ({
  metric,
  dayStart,
  day,
  value,
  lastAt: day * 10,
  version: day,
});

describe('day sums', () => {
  it('keep one sum per (metric, day start, day), whatever order the days come in', () => {
    const sums = newDaySums();
    for (const day of [20, 21, 25, 22, 19, 25, 21]) {
      const merged = withStoredSum(sums, rollup(day, 1));
      putDaySum(sums, merged.metric, merged.dayStart, merged.day, merged.value, merged.lastAt, merged.version);
    }
    const byDay = Object.fromEntries(daySumsInOrder(sums).map((sum) => [sum.day, sum.value]));
    expect(byDay).toEqual({ 19: 1, 20: 1, 21: 2, 22: 1, 25: 2 });
  });

  it('hand them out in the order they were first written, across metrics and day starts', () => {
    const sums = newDaySums();
    const writes = [rollup(5, 1), rollup(5, 2, 240), rollup(3, 3, 0, 'minutes'), rollup(4, 4), rollup(5, 5)];
    for (const write of writes) {
      const merged = withStoredSum(sums, write);
      putDaySum(sums, merged.metric, merged.dayStart, merged.day, merged.value, merged.lastAt, merged.version);
    }
    expect(daySumsInOrder(sums).map((sum) => [sum.metric, sum.dayStart, sum.day, sum.value])).toEqual([
      ['lessons', 0, 5, 6],
      ['lessons', 240, 5, 2],
      ['minutes', 0, 3, 3],
      ['lessons', 0, 4, 4],
    ]);
  });

  it('merge a rollup with the stored sum as mergeRollups does: values add, lastAt the latest, version the first', () => {
    const sums = newDaySums();
    putDaySum(sums, 'lessons', 0, 7, 2, 700, 3);
    expect(withStoredSum(sums, { metric: 'lessons', dayStart: 0, day: 7, value: 5, lastAt: 650, version: 9 })).toEqual({
      metric: 'lessons',
      dayStart: 0,
      day: 7,
      value: 7,
      lastAt: 700,
      version: 3,
    });
    const other = rollup(8, 1);
    expect(withStoredSum(sums, other)).toBe(other);
    expect(withStoredSum(undefined, other)).toBe(other);
  });
});
