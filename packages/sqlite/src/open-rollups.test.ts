import type { Rollup } from '@kindling/core/adapter';
import { describe, expect, it } from 'vitest';
import { addToOpen, journalRollups } from './open-rollups.js';

const sum = (day: number, value: number, version: number, metric = 'lessons', dayStart = 0): Rollup => ({
  metric,
  dayStart,
  day,
  value,
  lastAt: version * 10,
  version,
});

describe('open rollups', () => {
  it('adds an event of the open day to its sum, keeping the first version and the last instant', () => {
    const closed: Rollup[] = [];
    const open = addToOpen([sum(10, 1, 1)], [sum(10, 2.5, 2)], (rollup) => closed.push(rollup));
    expect(open).toEqual([{ metric: 'lessons', dayStart: 0, day: 10, value: 3.5, lastAt: 20, version: 1 }]);
    expect(closed).toEqual([]);
  });

  it('closes the open sum of a metric and day start when an event of another day comes, whichever way', () => {
    const closed: Rollup[] = [];
    let open = addToOpen([sum(10, 1, 1)], [sum(11, 1, 2)], (rollup) => closed.push(rollup));
    open = addToOpen(open, [sum(9, 4, 3)], (rollup) => closed.push(rollup)); // a late event for an earlier day
    expect(open).toEqual([sum(9, 4, 3)]);
    expect(closed).toEqual([sum(10, 1, 1), sum(11, 1, 2)]);
  });

  it('keeps one open sum per metric and per day start', () => {
    const closed: Rollup[] = [];
    const open = addToOpen([sum(10, 1, 1)], [sum(10, 5, 2, 'minutes'), sum(10, 1, 2, 'lessons', 240)], (rollup) =>
      closed.push(rollup),
    );
    expect(open).toEqual([sum(10, 1, 1), sum(10, 5, 2, 'minutes'), sum(10, 1, 2, 'lessons', 240)]);
    expect(closed).toEqual([]);
  });

  it('merges the open sums into the closed rows, one per (metric, dayStart, day), in version order', () => {
    const journal = journalRollups(
      [sum(9, 4, 3), sum(8, 1, 1)],
      [sum(9, 2, 5), sum(10, 1, 6), sum(10, 1, 4, 'minutes')],
    );
    expect(journal).toEqual([sum(8, 1, 1), { ...sum(9, 6, 3), lastAt: 50 }, sum(10, 1, 4, 'minutes'), sum(10, 1, 6)]);
  });
});
