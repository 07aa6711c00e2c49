import { describe, expect, it } from 'vitest';
import { dailyChangesOf, noteDailyChange } from './points-days.js';
import { emptyPointsState, KEPT_DAYS, type PointsState } from './points-types.js';
import { StoreError } from '../errors.js';

/** A state whose total moved by `changes`, each `[day, change]` noted in turn. */
function stateOf(changes: ReadonlyArray<readonly [number, number]>): PointsState {
  const state = emptyPointsState();
  for (const [day, change] of changes) {
    state.total += change;
    noteDailyChange(state, day, change);
  }
  return state;
}

describe("a user's kept daily points changes (S36)", () => {
  it('adds the changes of one day together and keeps every day between as 0', () => {
    const state = stateOf([
      [100, 5],
      [100, -2],
      [103, 4],
    ]);
    // 3 and 4 are written 6 and 8 (the size above the sign bit), G and I; a day without a change is A
    expect(state.days).toEqual({ from: 100, to: 103, changes: 'GAAI' });
    expect(dailyChangesOf(state)).toEqual([
      { day: 100, change: 3 },
      { day: 103, change: 4 },
    ]);
  });

  it('drops the days older than KEPT_DAYS before the latest change, carrying their sum as the total from before any period', () => {
    const state = stateOf([
      [100, 5],
      [150, 7],
      [100 + KEPT_DAYS, 1],
    ]);
    expect(state.days).toMatchObject({ from: 101, to: 100 + KEPT_DAYS });
    expect(dailyChangesOf(state)).toEqual([
      { day: Number.MIN_SAFE_INTEGER, change: 5 },
      { day: 150, change: 7 },
      { day: 100 + KEPT_DAYS, change: 1 },
    ]);
  });

  it('keeps KEPT_DAYS days however far the next change is, and adds a change dated before the first kept day to that day', () => {
    const far = stateOf([
      [0, 5],
      [100_000_000, 2],
    ]);
    expect(far.days).toMatchObject({ from: 100_000_001 - KEPT_DAYS, to: 100_000_000 });
    expect(far.days?.changes).toHaveLength(KEPT_DAYS);
    expect(dailyChangesOf(far)).toEqual([
      { day: Number.MIN_SAFE_INTEGER, change: 5 },
      { day: 100_000_000, change: 2 },
    ]);

    const state = stateOf([
      [500, 5],
      [20, 3],
    ]);
    expect(state.days).toEqual({ from: 500, to: 500, changes: 'Q' });
    expect(dailyChangesOf(state)).toEqual([{ day: 500, change: 8 }]);
  });

  it('reads a state kept before days were, with a total, as that total from before any day', () => {
    const state = { ...emptyPointsState(), total: 40 };
    expect(dailyChangesOf(state)).toEqual([{ day: Number.MIN_SAFE_INTEGER, change: 40 }]);
    expect(dailyChangesOf(emptyPointsState())).toEqual([]);
  });

  it('keeps any whole change a total can make, gains and deductions, exactly', () => {
    const changes = [2 ** 53 - 1, -(2 ** 53 - 1), 0, 1, -1, 15, -16, 16, 511, -512, 1e12, -1e12];
    const state = stateOf(changes.map((change, i) => [1000 + i, change] as const));
    expect(state.total).toBe(14);
    expect(dailyChangesOf(state)).toEqual(
      changes.map((change, i) => ({ day: 1000 + i, change })).filter(({ change }) => change !== 0),
    );
    expect(state.days?.changes).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('adds a change to a day kept before the latest, and keeps the others as they were', () => {
    const state = stateOf([
      [10, 300],
      [11, -7],
      [12, 20],
      [11, 7],
      [10, -299],
    ]);
    expect(dailyChangesOf(state)).toEqual([
      { day: 10, change: 1 },
      { day: 12, change: 20 },
    ]);
  });

  it('refuses days a store damaged as a lasting StoreError, not a wrong summary', () => {
    const damaged = { ...emptyPointsState(), total: 3, days: { from: 10, to: 11, changes: 'G!' } };
    expect(() => dailyChangesOf(damaged)).toThrow(StoreError);
    expect(() => dailyChangesOf(damaged)).toThrow(/not one of their digits/);
  });

  it('adds another change of the latest day to its entry alone, however many digits it takes', () => {
    const state = stateOf([
      [5, -300],
      [6, 500],
      [6, 600],
      [6, -1],
    ]);
    expect(state.days).toMatchObject({ from: 5, to: 6 });
    expect(dailyChangesOf(state).filter(({ day }) => day >= 5)).toEqual([
      { day: 5, change: -300 },
      { day: 6, change: 1099 },
    ]);
  });
});
