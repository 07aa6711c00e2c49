import { describe, expect, it } from 'vitest';
import { evaluatePoints } from './evaluate-points.js';
import { rebuiltStreakProgress } from './rebuilt-streak-progress.js';
import { emptyPointsState, type PointsTrigger } from './points-types.js';
import { pointsSystem, pointsUser, T0 } from '../../test/points-examples.js';

const streak: PointsTrigger = {
  id: 's',
  type: 'streak',
  streak: 'daily',
  length: 7,
  points: 50,
  status: 'active',
  activatedAt: T0,
};

describe('streak progress after a rebuild (S30, S20)', () => {
  it('pays nothing and takes nothing: multiples the rebuilt run reached count as paid', () => {
    const system = pointsSystem([streak]);
    const before = {
      ...emptyPointsState(),
      total: 50,
      changed: true,
      progress: { s: { from: String(T0), run: 10, reached: 1 } },
    };
    // a late event joined two runs: the rebuilt run started on day 3 and is 14 long
    const rebuilt = rebuiltStreakProgress(system, before, [{ streak: 'daily', length: 14, run: 3 }]);
    expect(rebuilt.total).toBe(50);
    expect(rebuilt.progress.s).toEqual({ from: String(T0), run: 3, reached: 2 });
    const at14 = evaluatePoints(
      [system],
      { xp: rebuilt },
      { extensions: [{ streak: 'daily', length: 14, run: 3 }] },
      pointsUser(),
      T0 + 1,
    );
    expect(at14.refused ? null : at14.systems[0]?.awards).toEqual([]);
    const at21 = evaluatePoints(
      [system],
      { xp: rebuilt },
      { extensions: [{ streak: 'daily', length: 21, run: 3 }] },
      pointsUser(),
      T0 + 1,
    );
    expect(at21.refused ? null : at21.systems[0]?.state.total).toBe(100);
  });

  it('keeps the multiples a run was paid when the rebuild made that run shorter', () => {
    const system = pointsSystem([streak]);
    const before = { ...emptyPointsState(), progress: { s: { from: String(T0), run: 3, reached: 2 } } };
    const rebuilt = rebuiltStreakProgress(system, before, [{ streak: 'daily', length: 9, run: 3 }]);
    expect(rebuilt.progress.s).toEqual({ from: String(T0), run: 3, reached: 2 });
    const at14 = evaluatePoints(
      [system],
      { xp: rebuilt },
      { extensions: [{ streak: 'daily', length: 14, run: 3 }] },
      pointsUser(),
      T0 + 1,
    );
    expect(at14.refused ? null : at14.systems[0]?.awards).toEqual([]);
  });

  it('forgets the progress of a streak the rebuild found without a run', () => {
    const system = pointsSystem([streak]);
    const before = { ...emptyPointsState(), progress: { s: { from: String(T0), run: 10, reached: 1 } } };
    expect(rebuiltStreakProgress(system, before, [{ streak: 'daily', length: 0, run: 0 }]).progress.s).toBeUndefined();
  });
});
