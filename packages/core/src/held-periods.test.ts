import { describe, expect, it } from 'vitest';
import { heldBetween, putHeld, type HeldLane } from './held-periods.js';
import type { HistoryEntry } from './state.js';

const held = (streak: string, period: number, length: number): HistoryEntry => ({
  streak,
  period,
  length,
  heldBy: 'met',
});

describe('held periods', () => {
  it('keep one entry per (rule, period), the last written winning, in period order whatever the order written', () => {
    const lanes: HeldLane[] = [];
    for (const [period, length] of [
      [3, 1],
      [4, 2],
      [8, 1],
      [6, 9],
      [4, 7],
      [1, 5],
      [8, 3],
    ] as const)
      putHeld(lanes, held('daily', period, length));
    putHeld(lanes, held('weekly', 4, 1));
    expect(heldBetween(lanes, 'daily', 0, 100).map((entry) => [entry.period, entry.length])).toEqual([
      [1, 5],
      [3, 1],
      [4, 7],
      [6, 9],
      [8, 3],
    ]);
    expect(heldBetween(lanes, 'weekly', 0, 100)).toEqual([held('weekly', 4, 1)]);
  });

  it('read only the periods asked for, and none of a rule never written', () => {
    const lanes: HeldLane[] = [];
    for (const period of [1, 2, 3, 4, 5]) putHeld(lanes, held('daily', period, period));
    expect(heldBetween(lanes, 'daily', 2, 4).map((entry) => entry.period)).toEqual([2, 3, 4]);
    expect(heldBetween(lanes, 'other', 0, 10)).toEqual([]);
  });
});
