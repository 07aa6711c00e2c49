import { describe, expect, it } from 'vitest';
import { settleTimeTriggers } from './settle-time-triggers.js';
import { emptyPointsState, KEPT_AWARDS } from './points-types.js';
import { boost, day, DAY, HOUR, pointsSystem, pointsUser, T0, timeTrigger } from '../../test/points-examples.js';

describe('time triggers (S33)', () => {
  it('pays every interval of hours from the activation, each award dated at its boundary', () => {
    const system = pointsSystem([timeTrigger(5, 'hour', 3)]);
    const { state, awards } = settleTimeTriggers(system, emptyPointsState(), pointsUser(), T0 + 10 * HOUR);
    expect(awards.map((a) => [a.at, a.total])).toEqual([
      [T0 + 3 * HOUR, 5],
      [T0 + 6 * HOUR, 10],
      [T0 + 9 * HOUR, 15],
    ]);
    expect(state.progress.t).toEqual({ from: String(T0), reached: 3 });
  });

  it('pays a daily trigger at the local midnight of the user zone', () => {
    const system = pointsSystem([timeTrigger(1, 'day', 1)]);
    const user = pointsUser('Asia/Tokyo');
    const { awards } = settleTimeTriggers(system, emptyPointsState(), user, Date.parse('2026-01-03T16:00:00Z'));
    // activated 2026-01-01 09:00 in Tokyo: midnights of the 2nd, 3rd and 4th (the 4th began at 15:00 UTC on the 3rd)
    expect(awards.map((a) => new Date(a.at).toISOString())).toEqual([
      '2026-01-01T15:00:00.000Z',
      '2026-01-02T15:00:00.000Z',
      '2026-01-03T15:00:00.000Z',
    ]);
  });

  it('refills energy up to maxPoints and no further', () => {
    const system = pointsSystem([timeTrigger(1, 'hour', 1)], { maxPoints: 5, key: 'energy' });
    const start = { ...emptyPointsState(), total: 3, changed: true };
    const { state, awards } = settleTimeTriggers(system, start, pointsUser(), T0 + 48 * HOUR);
    expect(state.total).toBe(5);
    expect(awards).toHaveLength(2);
    expect(state.progress.t?.reached).toBe(48);
  });

  it('gives a user created mid-interval the next boundary, not the ones before', () => {
    const system = pointsSystem([timeTrigger(1, 'hour', 4)]);
    const user = pointsUser('UTC', {}, T0 + 5 * HOUR);
    const { awards } = settleTimeTriggers(system, emptyPointsState(), user, T0 + 9 * HOUR);
    expect(awards.map((a) => a.at)).toEqual([T0 + 8 * HOUR]);
  });

  it('pays the boundaries of several triggers in the order of their instants', () => {
    const system = pointsSystem([
      timeTrigger(-2, 'hour', 2, { id: 'drain' }),
      timeTrigger(1, 'hour', 1, { id: 'fill' }),
    ]);
    const { awards } = settleTimeTriggers(system, emptyPointsState(), pointsUser(), T0 + 4 * HOUR);
    expect(awards.map((a) => [a.trigger, a.total])).toEqual([
      ['fill', 1],
      ['drain', 0],
      ['fill', 1],
      ['fill', 2],
      ['drain', 0],
      ['fill', 1],
    ]);
  });

  it('boosts each boundary by the boosts of its own local date', () => {
    const system = pointsSystem([timeTrigger(10, 'day', 1)], {
      boosts: [boost('b', 2, 'down', { start: day('2026-01-03'), end: day('2026-01-03') })],
    });
    const { awards } = settleTimeTriggers(system, emptyPointsState(), pointsUser(), T0 + 3 * DAY);
    expect(awards.map((a) => a.awarded)).toEqual([10, 20, 10]);
  });

  it('settles nothing while the trigger is inactive, and the same boundaries only once', () => {
    const inactive = pointsSystem([timeTrigger(1, 'hour', 1, { status: 'inactive' })]);
    expect(settleTimeTriggers(inactive, emptyPointsState(), pointsUser(), T0 + 5 * HOUR).awards).toEqual([]);
    const system = pointsSystem([timeTrigger(1, 'hour', 1)]);
    const once = settleTimeTriggers(system, emptyPointsState(), pointsUser(), T0 + 5 * HOUR);
    const again = settleTimeTriggers(system, once.state, pointsUser(), T0 + 5 * HOUR);
    expect(again.awards).toEqual([]);
    expect(again.state).toEqual(once.state);
  });

  it('keeps the newest KEPT_AWARDS awards, newest first, while the total and the ids count them all (S36)', () => {
    const system = pointsSystem([timeTrigger(1, 'hour', 1)]);
    const { state } = settleTimeTriggers(system, emptyPointsState(), pointsUser(), T0 + 30 * HOUR);
    expect(state.total).toBe(30);
    expect(state.seq).toBe(30);
    expect(state.awards).toHaveLength(KEPT_AWARDS);
    expect(state.awards[0]).toEqual({ id: '30', trigger: 't', awarded: 1, at: T0 + 30 * HOUR, total: 30 });
    expect(state.awards.at(-1)?.id).toBe(String(31 - KEPT_AWARDS));
  });
});
