/**
 * S10 as Kindling states it: settling at any instants and then recording gives the state that
 * recording alone gives, each change once. Drawn near real transitions (clocks falling back over
 * the day start included), with any day start, frequency and freezes, one zone per user (a new
 * zone is the one case S10 sets apart).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reduceEvent, type Model } from './reduce.js';
import { parseRules } from './rules.js';
import { settleUser } from './settle.js';
import type { Change, UserState } from './state.js';
import { zoneOf } from './time/local-date.js';
import { frequencyArb, propertyRuns } from '../test/time-arbitraries.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Instants where clocks changed: falling back (four of them over a day start for some day starts), springing forward. */
const TRANSITIONS: ReadonlyArray<readonly [string, number]> = [
  ['Europe/London', Date.parse('2026-10-25T01:00:00Z')],
  ['Europe/London', Date.parse('2026-03-29T01:00:00Z')],
  ['America/New_York', Date.parse('2026-11-01T06:00:00Z')],
  ['Australia/Lord_Howe', Date.parse('2026-04-04T15:00:00Z')],
  ['America/Santiago', Date.parse('2026-04-05T03:00:00Z')],
  ['America/Goose_Bay', Date.parse('1989-10-29T03:01:00Z')],
  ['Pacific/Apia', Date.parse('2011-12-30T10:00:00Z')],
];

/** The minute of the day on the wall clock of `zone` just before instant `at`. */
function wallMinute(zone: string, at: number): number {
  const wall = at - 1 + zoneOf(zone).offsetAt(at - 1);
  return Math.floor((((wall % DAY) + DAY) % DAY) / 60_000);
}

type Step = { readonly kind: 'event' | 'sweep'; readonly at: number; readonly value: number };

const scenarioArb = fc
  .record({
    transition: fc.constantFrom(...TRANSITIONS),
    // any day start, or one near the wall time the clocks changed at (in or beside a repeated hour)
    dayStart: fc.oneof(fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: -90, max: 90 })),
    nearWall: fc.boolean(),
    frequency: frequencyArb,
    threshold: fc.constantFrom(1, 2),
    initial: fc.integer({ min: 0, max: 2 }),
    earnEvery: fc.constantFrom(0, 2, 3),
    steps: fc.array(
      fc.record({
        kind: fc.constantFrom<'event' | 'sweep'>('event', 'event', 'sweep'),
        // within ten days before and three after the transition, to the minute; the last hours densely
        offset: fc.oneof(
          fc.integer({ min: -10 * 24 * 60, max: 3 * 24 * 60 }),
          fc.integer({ min: -180, max: 180 }),
          fc.integer({ min: 0, max: 90 }),
        ),
        value: fc.constantFrom(1, 1, 2),
      }),
      { minLength: 1, maxLength: 14 },
    ),
  })
  .map(({ transition: [zone, at], steps, dayStart, nearWall, ...rest }) => ({
    zone,
    ...rest,
    dayStart: nearWall ? (((wallMinute(zone, at) + dayStart) % 1440) + 1440) % 1440 : ((dayStart % 1440) + 1440) % 1440,
    // in time order: a sweep runs when it runs, between the events around it
    steps: steps
      .map((s): Step => ({ kind: s.kind, at: at + s.offset * 60_000, value: s.value }))
      .sort((a, b) => a.at - b.at),
    end: at + 4 * DAY,
  }));

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function record(user: UserState | null, zone: string, step: Step, i: number, model: Model) {
  return reduceEvent(
    user,
    {
      userId: 'u',
      metric: 'lessons',
      value: step.value,
      at: step.at,
      tz: zone,
      email: null,
      eventId: `e${i}`,
      idempotencyKey: null,
    },
    model,
  );
}

/** What a change says, without the instant a settlement's report carries (an event's reports carry none). */
const said = (change: Change) => JSON.stringify({ ...change, at: undefined });

describe('S10: settling ahead of events changes nothing that recording alone decides', () => {
  it('S10: settle at any instants, then record: the same streak and the same changes, each once, as recording alone', () => {
    fc.assert(
      fc.property(scenarioArb, ({ zone, dayStart, frequency, threshold, initial, earnEvery, steps, end }) => {
        const rules = parseRules([
          {
            key: 'default',
            frequency,
            dayStartsAt: hhmm(dayStart),
            conditions: [{ metric: 'lessons', threshold }],
            freezes: { initial, max: 3, ...(earnEvery > 0 ? { earn: { every: earnEvery, amount: 1 } } : {}) },
          },
        ]);
        const model: Model = { rules, achievements: [] };
        const events = steps.filter((s) => s.kind === 'event');
        fc.pre(events.length > 0);
        let alone: UserState | null = null;
        const aloneChanges: string[] = [];
        events.forEach((step, i) => {
          const reduction = record(alone, zone, step, i, model);
          alone = reduction.user;
          aloneChanges.push(...reduction.changes.map(said));
        });
        let swept: UserState | null = null;
        const sweptChanges: string[] = [];
        let i = 0;
        for (const step of steps) {
          if (step.kind === 'sweep') {
            if (swept !== null) sweptChanges.push(...settleUser(swept, rules, step.at).changes.map(said));
            continue;
          }
          const reduction = record(swept, zone, step, i++, model);
          swept = reduction.user;
          sweptChanges.push(...reduction.changes.map(said));
        }
        aloneChanges.push(...settleUser(alone as unknown as UserState, rules, end).changes.map(said));
        sweptChanges.push(...settleUser(swept as unknown as UserState, rules, end).changes.map(said));
        const streakOf = (user: UserState | null) => user?.streaks.default;
        expect(streakOf(swept), `${zone} from ${hhmm(dayStart)}`).toEqual(streakOf(alone));
        expect([...sweptChanges].sort(), `${zone} from ${hhmm(dayStart)}`).toEqual([...aloneChanges].sort());
      }),
      // three times the usual runs: each takes about a third of a millisecond, and the rare case
      // (a sweep, then an event, inside the hour clocks repeat over the day start) needs them
      { numRuns: 3 * propertyRuns() },
    );
  });
});
