/**
 * Order independence and value splitting within a period (S19).
 * Every title starts with the rule it checks; expected values come from an oracle written in
 * property-support.ts or from a second, independent path through the engine.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EDGE_ZONES, ruleArb, timelineArb, timeZoneArb, type TimelineEvent } from '../../src/index.js';
import {
  RUNS,
  METRICS,
  DAY,
  OriginalDate,
  localDateOf,
  periodOfDate,
  engineFor,
  storedState,
  permute,
  omit,
  quarterArb,
  laterArb,
} from './property-support.js';

describe('engine properties', () => {
  /**
   * S19 with the two exceptions the contract itself makes:
   * - `started` is the local date of the extending event (S8); in a weekly or monthly period the
   *   extending event is whichever event first brings the sums to the thresholds, so `started` can
   *   depend on the order. It is compared for daily rules only (one date per period). For the same
   *   reason `extendedAt` (the instant of the extending event, S7) is not compared.
   * - with negative values "a period once met stays met" (S6) makes the order matter (2, -2 meets a
   *   threshold of 2; -2, 2 does not), so the values here are non-negative (and multiples of 1/4, so
   *   that sums are exact in any order).
   * Everything else of the read (length, longest, met, freezes, history, expires, ...) and the
   * totals must be equal. Two cases: the user was already seen before the period (a history recorded
   * the same way on both engines), and the user is first seen inside the period.
   */
  const orderScenarioArb = (seenBefore: boolean) =>
    ruleArb().chain((rule) => {
      const span = rule.frequency === 'daily' ? DAY : rule.frequency === 'weekly' ? 7 * DAY : 31 * DAY;
      return fc.record({
        rule: fc.constant(rule),
        zone: timeZoneArb(EDGE_ZONES),
        anchor: fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2035, 0, 1) }),
        events: fc.array(
          fc.record({
            offset: fc.integer({ min: -span, max: span }),
            metric: fc.constantFrom(...METRICS),
            value: quarterArb,
          }),
          { minLength: 1, maxLength: 12 },
        ),
        // relative instants; placed 75 days before the anchor, so at least the first is before the period
        prefix: seenBefore ? timelineArb({ zones: ['UTC'], start: 0 }) : fc.constant([] as TimelineEvent[]),
        orderA: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
        orderB: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
        readDelay: fc.oneof(fc.constant(0), laterArb),
      });
    });
  type OrderScenario = typeof orderScenarioArb extends (x: boolean) => fc.Arbitrary<infer T> ? T : never;

  async function checkOrderIndependence(
    { rule, zone, anchor, events, prefix, orderA, orderB, readDelay }: OrderScenario,
    seenBefore: boolean,
  ) {
    const dayStart = rule.dayStartsAt ?? '00:00';
    const period = periodOfDate(localDateOf(anchor, zone, dayStart), rule);
    // The events of one period of the user's zone (the first one sits at the anchor).
    const inPeriod: TimelineEvent[] = events
      .map((e, i) => ({ metric: e.metric, value: e.value, at: anchor + (i === 0 ? 0 : e.offset), tz: zone }))
      .filter((e) => {
        const date = localDateOf(e.at, zone, dayStart);
        return date >= period.start && date <= period.end;
      });
    // A history before the period, the same on both engines, in the same zone.
    const before: TimelineEvent[] = prefix
      .map((e) => ({ metric: e.metric, value: e.value, at: anchor - 75 * DAY + e.at, tz: zone }))
      .filter((e) => localDateOf(e.at, zone, dayStart) < period.start);
    if (seenBefore && before.length === 0) throw new Error('generator: no event before the period');
    const a = engineFor(rule);
    const b = engineFor(rule);
    for (const engine of [a, b]) for (const e of before) await engine.record({ userId: 'u', ...e });
    for (const e of permute(inPeriod, orderA)) await a.record({ userId: 'u', ...e });
    for (const e of permute(inPeriod, orderB)) await b.record({ userId: 'u', ...e });

    const latest = Math.max(...inPeriod.map((e) => e.at));
    const ignored = rule.frequency === 'daily' ? ['extendedAt'] : ['extendedAt', 'started'];
    for (const at of [latest, latest + readDelay]) {
      const readA = await a.streak('u', { at, historyPeriods: 12 });
      const readB = await b.streak('u', { at, historyPeriods: 12 });
      expect(omit(readA, ignored), `read at ${new OriginalDate(at).toISOString()}`).toEqual(omit(readB, ignored));
    }
    expect((await a.user('u'))!.totals).toEqual((await b.user('u'))!.totals);
  }

  it('S19: the state after events within one period does not depend on their order (user seen before the period)', async () => {
    await fc.assert(
      fc.asyncProperty(orderScenarioArb(true), (scenario) => checkOrderIndependence(scenario, true)),
      { numRuns: RUNS },
    );
  });

  it('S19: the state after events within one period does not depend on their order (user first seen inside the period)', async () => {
    // The smallest counterexample found (see the report): a weekly rule that earns a freeze every
    // day; "lessons" 0 on Tuesday and on Wednesday. Recorded Tue, Wed the user is first seen on
    // Tuesday and has earned 1 freeze by Wednesday; recorded Wed, Tue the user is first seen on
    // Wednesday (S4 places the late Tuesday event on Wednesday) and has earned none (S12).
    const smallest: OrderScenario = {
      rule: {
        key: 'default',
        frequency: 'weekly',
        weekStart: 'monday',
        dayStartsAt: '00:00',
        defaultTimeZone: 'UTC',
        mode: 'all',
        conditions: [{ metric: 'minutes', threshold: 1 }],
        freezes: { initial: 0, max: 1, earn: { every: 1, amount: 1 } },
        restoreWindow: 1,
      },
      zone: 'UTC',
      anchor: Date.UTC(2024, 0, 2, 12), // Tuesday 2024-01-02 12:00Z
      events: [
        { offset: 0, metric: 'lessons', value: 0 },
        { offset: DAY, metric: 'lessons', value: 0 }, // Wednesday 2024-01-03 12:00Z
      ],
      prefix: [],
      orderA: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      orderB: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      readDelay: 0,
    };
    await fc.assert(
      fc.asyncProperty(orderScenarioArb(false), (scenario) => checkOrderIndependence(scenario, false)),
      { numRuns: RUNS, examples: [[smallest]] },
    );
  });

  it('S19: splitting one event into parts with the same instant, summing exactly to its value, gives the same state', async () => {
    const splitArb = fc.record({
      index: fc.nat(),
      // quarters, non-negative (see the note on negative values above)
      parts: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 2, maxLength: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(
        ruleArb(),
        timelineArb({ maxEvents: 30 }),
        splitArb,
        laterArb,
        async (rule, timeline, split, readDelay) => {
          const index = split.index % timeline.length;
          const target = timeline[index]!;
          const value = split.parts.reduce((sum, q) => sum + q, 0) / 4;
          const whole = timeline.flatMap((e, i) => (i === index ? [{ ...e, value }] : [e]));
          const parts = timeline.flatMap((e, i) =>
            i === index ? split.parts.map((q) => ({ ...e, value: q / 4 })) : [e],
          );
          const a = engineFor(rule);
          const b = engineFor(rule);
          for (const e of whole) await a.record({ userId: 'u', ...e });
          for (const e of parts) await b.record({ userId: 'u', ...e });
          const last = Math.max(...timeline.map((e) => e.at));
          for (const at of [target.at, last, last + readDelay]) {
            expect(await a.streak('u', { at, historyPeriods: 40 })).toEqual(
              await b.streak('u', { at, historyPeriods: 40 }),
            );
          }
          const sa = await storedState(a, 'u');
          const sb = await storedState(b, 'u');
          // Everything but the version (one per event) and the rollups' float sums are the same.
          expect(omit(sa.user!, ['version'])).toEqual(omit(sb.user!, ['version']));
          expect(sa.history).toEqual(sb.history);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
