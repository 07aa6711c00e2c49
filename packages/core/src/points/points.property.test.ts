/**
 * The points rules over many drawn systems and timelines: a total is the sum of its awards, clipped
 * (S31); levels follow totals both ways (S34); boosts round once (S35); time triggers settled at
 * once equal settled in any split of the time (S33); the event summary's days hold the awards of
 * their local dates, and its totals their running sum (S36).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boostedPoints } from './boosted-points.js';
import { evaluatePoints } from './evaluate-points.js';
import { emptyPointsState, type PointsAward, type PointsState, type Rounding } from './points-types.js';
import { settleTimeTriggers } from './settle-time-triggers.js';
import { dailyChangesOf } from './points-days.js';
import { summarizePointsDays } from './points-event-summary.js';
import { MAX_SUMMARY_DAYS } from '../event-summary.js';
import { placeInstant, zoneOf } from '../time/local-date.js';
import { calendarFor } from '../time/period.js';
import { EDGE_ZONES, propertyRuns } from '../../test/time-arbitraries.js';
import { DAY, HOUR, lessons, pointsUser, T0 } from '../../test/points-examples.js';
import { multiplierArb, roundingArb, systemArb, timeTriggerArb } from '../../test/points-arbitraries.js';
import { MAX_SUM } from '../sums.js';

const runs = { numRuns: propertyRuns(300) };
const eventsArb = fc.array(fc.integer({ min: -5, max: 8 }), { minLength: 1, maxLength: 25 });

describe('points properties', () => {
  it('S31: the total is the sum of the awards, each clipped to keep it in [0, maxPoints]', () => {
    fc.assert(
      fc.property(systemArb(), eventsArb, (system, values) => {
        const cap = system.maxPoints ?? MAX_SUM;
        let state: PointsState = emptyPointsState();
        const awards: PointsAward[] = [];
        for (const [i, value] of values.entries()) {
          const result = evaluatePoints([system], { xp: state }, { metrics: [lessons(value)] }, pointsUser(), T0 + i);
          if (result.refused) {
            // refused against the running total of the request, which earlier awards of it moved
            expect(result.total + result.points).toBeLessThan(0);
            expect(result.total).toBeGreaterThanOrEqual(0);
            continue;
          }
          const outcome = result.systems[0];
          if (outcome === undefined) throw new Error('no outcome');
          let running = state.total;
          for (const award of outcome.awards) {
            expect(award.awarded).not.toBe(0);
            expect(award.total).toBe(running + award.awarded);
            running = award.total;
            expect(running).toBeGreaterThanOrEqual(0);
            expect(running).toBeLessThanOrEqual(cap);
          }
          expect(outcome.added).toBe(outcome.awards.reduce((sum, a) => sum + a.awarded, 0));
          awards.push(...outcome.awards);
          state = outcome.state;
        }
        expect(state.total).toBe(awards.reduce((sum, a) => sum + a.awarded, 0));
        expect(state.seq).toBe(awards.length);
      }),
      runs,
    );
  });

  it('S34: after every request the level is the highest threshold at most the total, up and down', () => {
    fc.assert(
      fc.property(systemArb(), eventsArb, (system, values) => {
        let state: PointsState = emptyPointsState();
        for (const [i, value] of values.entries()) {
          const result = evaluatePoints([system], { xp: state }, { metrics: [lessons(value)] }, pointsUser(), T0 + i);
          if (result.refused) continue;
          const outcome = result.systems[0];
          if (outcome === undefined) throw new Error('no outcome');
          state = outcome.state;
          const reached = system.levels.filter((l) => l.points <= state.total);
          const top = Math.max(...reached.map((l) => l.points));
          const expected = !state.changed || reached.length === 0 ? null : top;
          expect(outcome.levelAfter?.points ?? null).toBe(expected);
        }
      }),
      runs,
    );
  });

  it('S35: boosted points are the exact product of the multipliers, rounded once', () => {
    const oracle = (p: number, ks: readonly number[], mode: Rounding): bigint => {
      const num = BigInt(p) * ks.reduce((acc, k) => acc * BigInt(k), 1n);
      const den = 100n ** BigInt(ks.length);
      const whole = num / den;
      const rest = num % den;
      if (rest === 0n || mode === 'down') return whole;
      return mode === 'up' || rest * 2n >= den ? whole + 1n : whole;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.record({ multiplier: multiplierArb, rounding: roundingArb }), { minLength: 1, maxLength: 4 }),
        (p, boosts) => {
          const modes = new Set(boosts.map((b) => b.rounding));
          const mode: Rounding = modes.size === 1 ? (boosts[0]?.rounding ?? 'down') : 'down';
          const ks = boosts.map((b) => Math.round(b.multiplier * 100));
          expect(boostedPoints(p, boosts)).toBe(oracle(p, ks, mode));
        },
      ),
      runs,
    );
  });

  it('S33: time triggers settled at once equal time triggers settled in any split of the time', () => {
    fc.assert(
      fc.property(
        systemArb(timeTriggerArb, 3),
        fc.constantFrom(...EDGE_ZONES),
        fc.integer({ min: T0 - 2 * 86_400_000, max: T0 + 2 * 86_400_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.array(fc.integer({ min: 0, max: 400 * HOUR }), { maxLength: 6 }),
        (system, zone, createdAt, hours, cuts) => {
          const user = pointsUser(zone, {}, createdAt);
          const end = T0 + hours * HOUR;
          const atOnce = settleTimeTriggers(system, emptyPointsState(), user, end);
          let state = emptyPointsState();
          const pieces: PointsAward[] = [];
          for (const cut of [...cuts.map((c) => T0 + c).filter((t) => t <= end)].sort((a, b) => a - b)) {
            const step = settleTimeTriggers(system, state, user, cut);
            state = step.state;
            pieces.push(...step.awards);
          }
          const last = settleTimeTriggers(system, state, user, end);
          pieces.push(...last.awards);
          expect(pieces).toEqual(atOnce.awards);
          expect(last.state).toEqual(atOnce.state);
        },
      ),
      runs,
    );
  });

  it('S36: each day of the summary holds the awards of that local date, its total their running sum, over the last 400 days', () => {
    fc.assert(
      fc.property(
        systemArb(),
        fc.constantFrom(...EDGE_ZONES),
        // gaps of up to four months between events: over 25 events the kept days (two years) fill and move on
        fc.array(fc.tuple(fc.integer({ min: -5, max: 8 }), fc.integer({ min: 0, max: 120 * DAY })), {
          minLength: 1,
          maxLength: 25,
        }),
        (system, zone, events) => {
          const user = pointsUser(zone);
          let state: PointsState = emptyPointsState();
          const awards: PointsAward[] = [];
          let at = T0;
          for (const [value, gap] of events) {
            at += gap;
            const result = evaluatePoints([system], { xp: state }, { metrics: [lessons(value)] }, user, at);
            if (result.refused || result.systems[0] === undefined) continue;
            awards.push(...result.systems[0].awards);
            state = result.systems[0].state;
          }
          const dayOf = (award: PointsAward) => placeInstant(award.at, zoneOf(zone), 0);
          const last = placeInstant(at, zoneOf(zone), 0);
          const first = last - MAX_SUMMARY_DAYS;
          const days = summarizePointsDays(dailyChangesOf(state), calendarFor('daily'), first, last);
          expect(days).toHaveLength(MAX_SUMMARY_DAYS + 1);
          for (const [i, row] of days.entries()) {
            const on = awards.filter((award) => dayOf(award) === first + i);
            const upTo = awards.filter((award) => dayOf(award) <= first + i);
            expect(row.change).toBe(on.reduce((sum, award) => sum + award.awarded, 0));
            expect(row.total).toBe(upTo.reduce((sum, award) => sum + award.awarded, 0));
          }
          expect(days.at(-1)?.total).toBe(state.total);
        },
      ),
      runs,
    );
  });
});
