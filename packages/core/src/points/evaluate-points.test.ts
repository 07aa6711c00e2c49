import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.js';
import { thrown } from '../../test/example-helpers.js';
import { evaluatePoints, type PointsEvaluation, type SystemPoints } from './evaluate-points.js';
import { emptyPointsState, type PointsState, type PointsSystemRules, type PointsTrigger } from './points-types.js';
import {
  boost,
  DAY,
  day,
  HOUR,
  level,
  lessons,
  metricTrigger,
  pointsSystem,
  pointsUser,
  T0,
  timeTrigger,
} from '../../test/points-examples.js';

const AT = T0 + 10 * DAY;

function only(result: PointsEvaluation): SystemPoints {
  if (result.refused) throw new Error(`refused: ${JSON.stringify(result)}`);
  expect(result.systems).toHaveLength(1);
  return result.systems[0] as SystemPoints;
}

/** Runs metric events of `values` one request each through `system`, from `state`; the last outcome. */
function run(system: PointsSystemRules, values: readonly number[], state: PointsState = emptyPointsState(), at = AT) {
  let outcome: SystemPoints | null = null;
  for (const [i, value] of values.entries()) {
    outcome = only(
      evaluatePoints([system], { [system.key]: state }, { metrics: [lessons(value)] }, pointsUser(), at + i),
    );
    state = outcome.state;
  }
  return outcome as SystemPoints;
}

describe('metric triggers (S29)', () => {
  it('pays points for every threshold of the metric, once per multiple, as one award', () => {
    const system = pointsSystem([metricTrigger(10, 3)]);
    expect(run(system, [2]).state.total).toBe(0);
    const outcome = run(system, [2, 5]);
    // 7 lessons: two multiples of 3, paid by the second event as one award of 20
    expect(outcome.awards).toEqual([{ id: '1', trigger: 'm', awarded: 20, at: AT + 1, total: 20 }]);
    expect(outcome.state.progress.m).toEqual({ from: `${T0}/3`, acc: 7, reached: 2 });
  });

  it('pays a multiple reached by fractional values whose double sum falls just short of it', () => {
    // 0.1 added ten times is 0.9999999999999999 in doubles
    const outcome = run(
      pointsSystem([metricTrigger(10, 1)]),
      Array.from({ length: 10 }, () => 0.1),
    );
    expect(outcome.state.total).toBe(10);
  });

  it('refuses an event value that is not a finite number in the range of values, before it touches any progress', () => {
    const system = pointsSystem([metricTrigger(10, 1)]);
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, 1e308]) {
      const error = thrown(() => evaluatePoints([system], {}, { metrics: [lessons(value)] }, pointsUser(), AT));
      expect(error).toBeInstanceOf(InvalidInputError);
    }
  });

  it('never pays a multiple again after a dip below it', () => {
    const system = pointsSystem([metricTrigger(10, 3)]);
    const outcome = run(system, [3, -3, 3, -3, 3]);
    expect(outcome.state.total).toBe(10);
    expect(outcome.state.awards).toHaveLength(1);
  });

  it('counts only events whose attributes match every pair of its filter', () => {
    const system = pointsSystem([metricTrigger(5, 1, { eventAttributes: { kind: 'quiz' } } as Partial<PointsTrigger>)]);
    const state = emptyPointsState();
    const miss = only(
      evaluatePoints([system], { xp: state }, { metrics: [lessons(1, { kind: 'read' })] }, pointsUser(), AT),
    );
    expect(miss.state.total).toBe(0);
    const hit = only(
      evaluatePoints([system], { xp: state }, { metrics: [lessons(1, { kind: 'quiz', x: 'y' })] }, pointsUser(), AT),
    );
    expect(hit.state.total).toBe(5);
  });

  it('pays nothing to a user whose attributes do not match its user filter (S28)', () => {
    const system = pointsSystem([metricTrigger(5, 1, { userAttributes: { plan: 'pro' } } as Partial<PointsTrigger>)]);
    const free = only(evaluatePoints([system], {}, { metrics: [lessons(1)] }, pointsUser('UTC', { plan: 'free' }), AT));
    const pro = only(evaluatePoints([system], {}, { metrics: [lessons(1)] }, pointsUser('UTC', { plan: 'pro' }), AT));
    expect([free.state.total, pro.state.total]).toEqual([0, 5]);
  });

  it('reads a __proto__ filter key as a name, never an inherited member (S28)', () => {
    const filter = JSON.parse('{"__proto__":"x"}') as Record<string, string>;
    const system = pointsSystem([metricTrigger(5, 1, { userAttributes: filter } as Partial<PointsTrigger>)]);
    const outcome = only(evaluatePoints([system], {}, { metrics: [lessons(1)] }, pointsUser('UTC', {}), AT));
    expect(outcome.state.total).toBe(0);
  });

  it('pays nothing while inactive, nor for events before its activation (S28)', () => {
    const inactive = pointsSystem([metricTrigger(5, 1, { status: 'inactive' })]);
    expect(run(inactive, [3]).state.total).toBe(0);
    const later = pointsSystem([metricTrigger(5, 1, { activatedAt: AT + 1 })]);
    expect(run(later, [3]).state.total).toBe(0);
  });

  it('starts its progress anew when reactivated or given another threshold, never recomputing past awards (S28)', () => {
    const before = run(pointsSystem([metricTrigger(10, 3)]), [2]).state;
    const reactivated = run(pointsSystem([metricTrigger(10, 3, { activatedAt: T0 + DAY })]), [2], before);
    expect(reactivated.state.progress.m).toEqual({ from: `${T0 + DAY}/3`, acc: 2, reached: 0 });
    const rethresholded = run(pointsSystem([metricTrigger(10, 2)]), [1], before);
    expect(rethresholded.state.progress.m).toEqual({ from: `${T0}/2`, acc: 1, reached: 0 });
  });
});

describe('totals, clipping and blocking (S31)', () => {
  it('spends energy with threshold 1 and points −1, clipped at zero without a block', () => {
    const energy = pointsSystem([metricTrigger(-1, 1)], { key: 'energy' });
    const outcome = run(energy, [1]);
    expect(outcome.state.total).toBe(0);
    expect(outcome.awards).toEqual([]);
    expect(outcome.state.changed).toBe(false);
  });

  it('refuses the whole request when a blocking deduction would take the total below zero', () => {
    const energy = pointsSystem([metricTrigger(-1, 1, { blockIfOutOfPoints: true })], { key: 'energy' });
    const start: PointsState = { ...emptyPointsState(), total: 2, changed: true };
    const result = evaluatePoints([energy], { energy: start }, { metrics: [lessons(3)] }, pointsUser(), AT);
    expect(result).toEqual({ refused: true, system: 'energy', trigger: 'm', total: 2, points: -3 });
    const allowed = only(evaluatePoints([energy], { energy: start }, { metrics: [lessons(2)] }, pointsUser(), AT));
    expect(allowed.state.total).toBe(0);
    expect(allowed.added).toBe(-2);
  });

  it('clips a gain at maxPoints and records the clipped amount', () => {
    const system = pointsSystem([metricTrigger(30, 1)], { maxPoints: 50 });
    const outcome = run(system, [1, 1]);
    expect(outcome.state.total).toBe(50);
    expect(outcome.awards.map((award) => award.awarded)).toEqual([20]);
    expect(run(system, [1, 1, 1]).awards).toEqual([]);
  });

  it('keeps a total above a lowered cap, paying no gain into it', () => {
    const system = pointsSystem([metricTrigger(30, 1)], { maxPoints: 50 });
    const outcome = run(system, [1], { ...emptyPointsState(), total: 80, changed: true });
    expect(outcome.state.total).toBe(80);
  });

  it('pays in order: user creation, metrics, achievements, streaks, each award with the running total', () => {
    const triggers: PointsTrigger[] = [
      { id: 's', type: 'streak', streak: 'daily', length: 7, points: 50, status: 'active', activatedAt: T0 },
      { id: 'a', type: 'achievement', achievement: 'first', points: 20, status: 'active', activatedAt: T0 },
      metricTrigger(1, 1),
      { id: 'c', type: 'user_creation', points: 100, status: 'active', activatedAt: T0 },
    ];
    const outcome = only(
      evaluatePoints(
        [pointsSystem(triggers)],
        {},
        {
          userCreated: true,
          metrics: [lessons(2)],
          achievements: ['first'],
          extensions: [{ streak: 'daily', length: 7, run: 0 }],
        },
        pointsUser(),
        AT,
      ),
    );
    expect(outcome.awards.map((a) => [a.trigger, a.awarded, a.total])).toEqual([
      ['c', 100, 100],
      ['m', 2, 102],
      ['a', 20, 122],
      ['s', 50, 172],
    ]);
    expect(outcome.added).toBe(172);
  });

  it('leaves out archived systems and starts a system without a state empty', () => {
    const archived = { ...pointsSystem([metricTrigger(1, 1)], { key: 'old' }), status: 'archived' as const };
    const result = evaluatePoints(
      [archived, pointsSystem([metricTrigger(1, 1)])],
      {},
      { metrics: [lessons(1)] },
      pointsUser(),
      AT,
    );
    expect(result.refused ? [] : result.systems.map((s) => [s.key, s.state.total])).toEqual([['xp', 1]]);
  });
});

describe('streak, achievement and user-creation triggers (S30, S32)', () => {
  const streak: PointsTrigger = {
    id: 's',
    type: 'streak',
    streak: 'daily',
    length: 7,
    points: 50,
    status: 'active',
    activatedAt: T0,
  };

  it('pays each multiple of the streak length once per run, and again in a new run', () => {
    const system = pointsSystem([streak]);
    let state = emptyPointsState();
    const totals: number[] = [];
    for (const [length, runStart] of [
      [7, 0],
      [7, 0],
      [13, 0],
      [14, 0],
      [7, 20],
    ] as const) {
      state = only(
        evaluatePoints(
          [system],
          { xp: state },
          { extensions: [{ streak: 'daily', length, run: runStart }] },
          pointsUser(),
          AT,
        ),
      ).state;
      totals.push(state.total);
    }
    expect(totals).toEqual([50, 50, 50, 100, 150]);
  });

  it('pays the creation trigger only when the request created the user', () => {
    const system = pointsSystem([{ id: 'c', type: 'user_creation', points: 100, status: 'active', activatedAt: T0 }]);
    expect(only(evaluatePoints([system], {}, {}, pointsUser(), AT)).state.total).toBe(0);
    expect(only(evaluatePoints([system], {}, { userCreated: true }, pointsUser(), AT)).state.total).toBe(100);
  });
});

describe('levels in an outcome (S34)', () => {
  const levels = [level('bronze', 0), level('silver', 10)];

  it('gives the level before and after the request, reached at >=', () => {
    const outcome = run(pointsSystem([metricTrigger(10, 1)], { levels }), [1]);
    expect([outcome.levelBefore, outcome.levelAfter?.key]).toEqual([null, 'silver']);
  });

  it('drops a level when points are taken, to null below every level', () => {
    const system = pointsSystem([metricTrigger(-5, 1)], { levels: [level('silver', 10)] });
    const outcome = run(system, [1], { ...emptyPointsState(), total: 12, changed: true });
    expect([outcome.levelBefore?.key, outcome.levelAfter]).toEqual(['silver', null]);
  });
});

describe('boosts on awards (S35)', () => {
  it('lists the boosts applied and multiplies gains only', () => {
    const system = pointsSystem([metricTrigger(100, 1)], { boosts: [boost('b', 0.29)] });
    const outcome = run(system, [1]);
    expect(outcome.awards).toEqual([{ id: '1', trigger: 'm', awarded: 29, boosts: ['b'], at: AT, total: 29 }]);
  });

  it('applies a boost on the local dates of the user zone, its end date included', () => {
    const window = boost('b', 2, 'down', { start: day('2026-01-10'), end: day('2026-01-10') });
    const system = pointsSystem([metricTrigger(10, 1)], { boosts: [window] });
    const at = Date.parse('2026-01-10T23:30:00Z'); // already 2026-01-11 in Tokyo
    const utc = only(evaluatePoints([system], {}, { metrics: [lessons(1)] }, pointsUser('UTC'), at));
    const tokyo = only(evaluatePoints([system], {}, { metrics: [lessons(1)] }, pointsUser('Asia/Tokyo'), at));
    expect([utc.state.total, tokyo.state.total]).toEqual([20, 10]);
  });

  it('applies a user boost to that user only, and a global one by attributes', () => {
    const system = pointsSystem([metricTrigger(10, 1)], {
      boosts: [
        boost('mine', 2, 'down', { userId: 'someone-else' }),
        boost('pros', 3, 'down', { userAttributes: { plan: 'pro' } }),
      ],
    });
    const outcome = only(
      evaluatePoints([system], {}, { metrics: [lessons(1)] }, pointsUser('UTC', { plan: 'pro' }), AT),
    );
    expect(outcome.awards[0]?.boosts).toEqual(['pros']);
    expect(outcome.state.total).toBe(30);
  });
});

describe('time triggers before a request (S33)', () => {
  it('settles due boundaries first, apart from the request awards', () => {
    const system = pointsSystem([timeTrigger(1, 'hour', 1), metricTrigger(-1, 1, { blockIfOutOfPoints: true })]);
    const outcome = only(evaluatePoints([system], {}, { metrics: [lessons(1)] }, pointsUser(), T0 + 3 * HOUR));
    expect(outcome.settled.map((a) => a.at)).toEqual([T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR]);
    expect(outcome.awards.map((a) => a.awarded)).toEqual([-1]);
    expect(outcome.state.total).toBe(2);
  });
});
