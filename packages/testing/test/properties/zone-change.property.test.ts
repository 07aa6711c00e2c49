/**
 * Properties of zone changes (S4, S5) over random pairs of zones (UTC+14 and UTC-12, half-hour and
 * 45-minute offsets, DST in both hemispheres), any frequency, week start and day start. The counts
 * of missed periods come from the oracle in property-support.ts (Intl wall clocks and UTC date
 * arithmetic), none of the core's time module.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Engine, Frequency, StreakRuleInput } from '@kindling/core';
import { EDGE_ZONES, instantArb, ruleArb, timeZoneArb } from '../../src/index.js';
import { RUNS, DAY, engineFor, localDateOf, periodOfDate, storedState } from './property-support.js';

const PERIOD_DAYS: Record<Frequency, number> = { daily: 1, weekly: 7, monthly: 31 };

/** How many periods of `rule` lie from the one holding `a` to the one holding `b` (negative when b is earlier). */
function periodsFrom(a: string, b: string, rule: StreakRuleInput): number {
  const start = (date: string) => periodOfDate(date, rule).start;
  if (rule.frequency === 'monthly') {
    const months = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
    return months(b) - months(a);
  }
  const days = (Date.parse(`${start(b)}T00:00:00Z`) - Date.parse(`${start(a)}T00:00:00Z`)) / DAY;
  return rule.frequency === 'weekly' ? days / 7 : days;
}

const later = (a: string, b: string) => (a > b ? a : b);

interface Trip {
  rule: StreakRuleInput;
  from: string;
  to: string;
  /** the first event, in the old zone: it meets the period */
  first: number;
  /** the user's previous event, in the old zone, of value 0 or 1 */
  previous: number;
  previousValue: number;
  /** the event that carries the new zone */
  landed: number;
}

/**
 * A user meets a period in `from`, records once more there, then once in `to`. Instants from 2012 on,
 * after the last local date a zone of the list skipped (Pacific/Apia, 2011-12-30), which S5 excuses
 * in any case. Gaps are scaled to the rule's period, so that both counts are often 0, 1 or 2.
 */
function tripArb(freezes: StreakRuleInput['freezes']): fc.Arbitrary<Trip> {
  return fc
    .record({
      rule: ruleArb(),
      from: timeZoneArb(EDGE_ZONES),
      to: timeZoneArb(EDGE_ZONES),
      first: instantArb(2012, 2090),
      gap: fc.integer({ min: 0, max: 1000 }),
      previousValue: fc.constantFrom(0, 1),
      flight: fc.integer({ min: 0, max: 1000 }),
    })
    .filter(({ from, to }) => from !== to)
    .map(({ rule, from, to, first, gap, previousValue, flight }) => {
      const period = PERIOD_DAYS[rule.frequency] * DAY;
      const previous = first + Math.floor((gap / 1000) * 1.5 * period);
      return {
        rule: { ...rule, mode: 'any' as const, conditions: [{ metric: 'lessons', threshold: 1 }], freezes },
        from,
        to,
        first,
        previous,
        previousValue,
        landed: previous + Math.floor((flight / 1000) * 2.5 * period),
      };
    });
}

/** The oracle of S5: the missed periods counted in the old zone, and in the new one with the previous event placed there too. */
function counts({ rule, from, to, first, previous, previousValue, landed }: Trip) {
  const dayStart = rule.dayStartsAt ?? '00:00';
  // S4: every event so far was in the old zone, in time order, so the previous one holds the latest date.
  const latest = localDateOf(previous, from, dayStart);
  const met = previousValue >= 1 || periodsFrom(localDateOf(first, from, dayStart), latest, rule) === 0;
  const missed = (before: string, after: string) => Math.max(0, periodsFrom(before, after, rule) - (met ? 1 : 0));
  const inOld = missed(latest, later(localDateOf(landed, from, dayStart), latest));
  const placed = later(localDateOf(landed, to, dayStart), latest);
  const inNew = missed(later(localDateOf(previous, to, dayStart), latest), placed);
  return { inOld, inNew, placed };
}

async function fly(trip: Trip) {
  const engine = engineFor(trip.rule);
  await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: trip.first, tz: trip.from });
  await engine.record({ userId: 'u', metric: 'lessons', value: trip.previousValue, at: trip.previous });
  const before = await engine.streak('u', { at: trip.previous });
  const landed = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: trip.landed, tz: trip.to });
  const types = landed.changes.map((change) => change.type);
  const losses = types.filter((type) => type === 'streak.lost' || type === 'freeze.consumed').length;
  return { before, landed, losses, engine };
}

/** As `fly`, but the new zone is given by `identify` at the instant of the landing event, which carries none. */
async function flyIdentified(trip: Trip) {
  const engine = engineFor(trip.rule);
  await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: trip.first, tz: trip.from });
  await engine.record({ userId: 'u', metric: 'lessons', value: trip.previousValue, at: trip.previous });
  await engine.identify('u', { tz: trip.to }, { mode: 'update', at: trip.landed });
  await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: trip.landed });
  return engine;
}

const describeTrip = (trip: Trip, found: ReturnType<typeof counts>) =>
  `${trip.rule.frequency} (week from ${trip.rule.weekStart}, day from ${trip.rule.dayStartsAt}): ${new Date(trip.previous).toISOString()} in ${trip.from}, then ${new Date(trip.landed).toISOString()} in ${trip.to}; missed ${found.inOld} in the old zone, ${found.inNew} in the new`;

describe('zone change properties', () => {
  it('S5: a zone change never breaks the streak when the new zone’s count (with the previous event placed there too) is 0', async () => {
    await fc.assert(
      fc.asyncProperty(tripArb(undefined), async (trip) => {
        const found = counts(trip);
        fc.pre(found.inNew === 0);
        const { before, landed, losses } = await fly(trip);
        expect(losses, describeTrip(trip, found)).toBe(0);
        expect(landed.currentStreak!.length, describeTrip(trip, found)).toBeGreaterThanOrEqual(before.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('S5: the missed count is the minimum of the two zones’ counts, for any frequency, week start and day start (and the event lands on no earlier date than the last, S4)', async () => {
    await fc.assert(
      fc.asyncProperty(tripArb({ initial: 50, max: 50 }), async (trip) => {
        const found = counts(trip);
        const { landed, losses } = await fly(trip);
        expect(losses, describeTrip(trip, found)).toBe(Math.min(found.inOld, found.inNew));
        expect(
          landed.changes.some((change) => change.type === 'streak.lost'),
          describeTrip(trip, found),
        ).toBe(false);
        const period = periodOfDate(found.placed, trip.rule);
        expect(
          { start: landed.currentStreak!.periodStart, end: landed.currentStreak!.periodEnd },
          describeTrip(trip, found),
        ).toEqual(period);
      }),
      { numRuns: RUNS },
    );
  });

  it('S20: a rebuild from the journal after the zone change equals the state kept event by event', async () => {
    await fc.assert(
      fc.asyncProperty(tripArb({ initial: 2, max: 3, earn: { every: 5, amount: 1 } }), async (trip) => {
        const { engine } = await fly(trip);
        const kept = structuredClone(await engine.store.load('u'));
        const history = structuredClone(await engine.store.history('u', 'default', -1e7, 1e7));
        await engine.rebuild('u', { at: trip.landed });
        expect({ ...(await engine.store.load('u'))!, version: 0 }).toEqual({ ...kept!, version: 0 });
        expect(await engine.store.history('u', 'default', -1e7, 1e7)).toEqual(history);
      }),
      { numRuns: RUNS },
    );
  });

  it('S5: a zone given by identify just before an event settles the streak exactly as the event carrying that zone would', async () => {
    await fc.assert(
      fc.asyncProperty(tripArb({ initial: 2, max: 3, earn: { every: 5, amount: 1 } }), async (trip) => {
        const { engine: carried } = await fly(trip);
        const identified = await flyIdentified(trip);
        const streaksOf = async (engine: Engine) => {
          const { user, history } = await storedState(engine, 'u');
          return { streaks: user!.streaks, tz: user!.tz, history };
        };
        expect(await streaksOf(identified), describeTrip(trip, counts(trip))).toEqual(await streaksOf(carried));
      }),
      { numRuns: RUNS },
    );
  });

  it('S20: a rebuild from the journal after a zone change given by identify equals the state kept step by step', async () => {
    await fc.assert(
      fc.asyncProperty(tripArb({ initial: 2, max: 3, earn: { every: 5, amount: 1 } }), async (trip) => {
        const engine = await flyIdentified(trip);
        const kept = structuredClone(await engine.store.load('u'));
        const history = structuredClone(await engine.store.history('u', 'default', -1e7, 1e7));
        await engine.rebuild('u', { at: trip.landed });
        expect({ ...(await engine.store.load('u'))!, version: 0 }).toEqual({ ...kept!, version: 0 });
        expect(await engine.store.history('u', 'default', -1e7, 1e7)).toEqual(history);
      }),
      { numRuns: RUNS },
    );
  });
});
