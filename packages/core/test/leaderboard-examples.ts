/**
 * The leaderboard tests' examples: a board with the fields a test does not care about filled in,
 * changes on a local date at a time of day, and the arbitraries the property tests draw boards and
 * changes from. Kept out of src/, which is what the package ships.
 */
import fc from 'fast-check';
import type { BoardChange } from '../src/leaderboards/count-on-board.js';
import type { LeaderboardRules, RunRepeat } from '../src/leaderboards/leaderboard-types.js';
import { DAY_MS, dayFromCivil, formatDay } from '../src/time/calendar.js';

export const HOUR = 3_600_000;

/** The epoch day of a `YYYY-MM-DD`. */
export function day(text: string): number {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return dayFromCivil(y, m, d);
}

/** `YYYY-MM-DD` of an epoch day. */
export const date = formatDay;

/** An active board of lessons, perpetual from 2026-01-01, activated then, with the changes given. */
export function board(more: Partial<LeaderboardRules> = {}): LeaderboardRules {
  return {
    id: 'lb-1',
    key: 'lessons-board',
    rankBy: { kind: 'metric', metric: 'lessons' },
    status: 'active',
    activatedAt: Date.parse('2026-01-01T00:00:00Z'),
    start: day('2026-01-01'),
    end: null,
    repeat: null,
    window: null,
    breakdown: [],
    maxParticipants: 1000,
    ...more,
  };
}

/** A metric event of `amount` on local date `on` at `hour` o'clock local, the instant taken as if in UTC. */
export function added(amount: number, on: string, hour = 12): BoardChange {
  const d = day(on);
  return { kind: 'add', amount, at: d * DAY_MS + hour * HOUR, day: d, timeOfDay: hour * HOUR, windowed: true };
}

/** A streak's length set to `length` on local date `on` (a loss is not windowed). */
export function lengthSet(length: number, on: string, windowed = true): BoardChange {
  const d = day(on);
  return { kind: 'set', amount: length, at: d * DAY_MS + 12 * HOUR, day: d, timeOfDay: 12 * HOUR, windowed };
}

/** Repeats as a board may have them: days, months and years, short and odd intervals. */
export const repeatArb: fc.Arbitrary<RunRepeat> = fc.oneof(
  fc.record({ unit: fc.constant<'day'>('day'), interval: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ unit: fc.constant<'month'>('month'), interval: fc.integer({ min: 1, max: 14 }) }),
  fc.record({ unit: fc.constant<'year'>('year'), interval: fc.integer({ min: 1, max: 3 }) }),
);

/** Start dates from 1999 to 2031, month ends and leap days included. */
export const startArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: day('1999-01-01'), max: day('2031-12-31') }),
  fc.constantFrom(day('2027-01-31'), day('2028-02-29'), day('2026-08-31'), day('2024-12-31')),
);

/** A repeating or perpetual board with an optional end within ten years of its start. */
export const boardArb: fc.Arbitrary<LeaderboardRules> = fc
  .record({
    start: startArb,
    repeat: fc.option(repeatArb, { nil: null }),
    length: fc.option(fc.integer({ min: 0, max: 3650 }), { nil: null }),
  })
  .map(({ start, repeat, length }) => board({ start, repeat, end: length === null ? null : start + length }));
