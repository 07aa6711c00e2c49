import { describe, expect, it } from 'vitest';
import { nextPointsBoundary } from './next-points-boundary.js';
import { settleTimeTriggers } from './settle-time-triggers.js';
import { emptyPointsState } from './points-types.js';
import { HOUR, metricTrigger, pointsSystem, pointsUser, T0, timeTrigger } from '../../test/points-examples.js';

describe('the next time boundary of a system (S33)', () => {
  it('is the earliest boundary not yet settled of its time triggers', () => {
    const system = pointsSystem([timeTrigger(1, 'hour', 3, { id: 'a' }), timeTrigger(1, 'hour', 2, { id: 'b' })]);
    expect(nextPointsBoundary(system, emptyPointsState(), pointsUser())).toBe(T0 + 2 * HOUR);
    const { state } = settleTimeTriggers(system, emptyPointsState(), pointsUser(), T0 + 2 * HOUR);
    expect(nextPointsBoundary(system, state, pointsUser())).toBe(T0 + 3 * HOUR);
  });

  it('is null without a live time trigger', () => {
    expect(nextPointsBoundary(pointsSystem([metricTrigger(1, 1)]), emptyPointsState(), pointsUser())).toBeNull();
    const off = pointsSystem([timeTrigger(1, 'hour', 1, { status: 'inactive' })]);
    expect(nextPointsBoundary(off, emptyPointsState(), pointsUser())).toBeNull();
  });
});
