/**
 * lossInstant settles the missed periods on the freezes alone; here it is held to what it answered
 * before, settling the same periods with advanceTo itself on a copy of the state, over rules, zones
 * (one that skipped a day), pauses, freezes and earnings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceTo } from './advance.js';
import { lossInstant } from './index-entry.js';
import { newStreakState } from './reduce.js';
import { parseRules } from './rules.js';
import { copyStreak, NEVER, type HistoryEntry, type Pause, type StreakState } from './state.js';
import { dayFromCivil } from './time/calendar.js';
import { dayStartInstant } from './time/local-date.js';
import type { StreakRule } from './rules.js';
import type { ZoneOffsets } from './time/zone-offsets.js';

/**
 * The loss instant found by letting advanceTo settle one period after another on a copy of the
 * state: lossInstant as it was, its shortcut for a streak without freezes, pauses or earnings
 * included (which does not look for a day the zone skipped).
 */
function settledWithAdvanceTo(state: StreakState, rule: StreakRule, zone: ZoneOffsets): number {
  if (state.length === 0) return 0;
  let period = state.met ? state.period + 1 : state.period;
  if (state.freezes === 0 && state.pauses.length === 0 && rule.freezes.earnEvery === 0)
    return dayStartInstant(rule.calendar.endOf(period) + 1, zone, rule.dayStartMs);
  const copy = copyStreak(state);
  const history: HistoryEntry[] = [];
  for (let steps = 0; steps < 1000; steps++, period++) {
    const next = rule.calendar.endOf(period) + 1;
    advanceTo(copy, next, { rule, zone, changes: null, history });
    if (copy.length === 0) return dayStartInstant(next, zone, rule.dayStartMs);
  }
  return NEVER;
}

/** Pacific/Apia skipped 2011-12-30; the others have daylight saving time or none. */
const ZONES = ['UTC', 'Pacific/Apia', 'America/New_York', 'Australia/Lord_Howe'];
const NEAR_SKIP = dayFromCivil(2011, 12, 20);

const ruleArb = fc
  .record({
    frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
    dayStartsAt: fc.constantFrom('00:00', '04:00'),
    defaultTimeZone: fc.constantFrom(...ZONES),
    freezes: fc.option(
      fc.record({
        initial: fc.integer({ min: 0, max: 3 }),
        max: fc.integer({ min: 3, max: 6 }),
        earn: fc.option(fc.record({ every: fc.integer({ min: 1, max: 10 }), amount: fc.integer({ min: 1, max: 3 }) }), {
          nil: undefined,
        }),
      }),
      { nil: undefined },
    ),
  })
  .map(
    (input) => parseRules([{ key: 'a', conditions: [{ metric: 'lessons', threshold: 1 }], ...input }])[0] as StreakRule,
  );

const caseArb = fc.record({
  rule: ruleArb,
  day: fc.integer({ min: NEAR_SKIP, max: NEAR_SKIP + 40 }),
  length: fc.integer({ min: 0, max: 5 }),
  met: fc.boolean(),
  freezes: fc.integer({ min: 0, max: 6 }),
  earnedBack: fc.integer({ min: 0, max: 12 }),
  pauses: fc.array(fc.record({ from: fc.integer({ min: 0, max: 30 }), days: fc.integer({ min: 0, max: 9 }) }), {
    maxLength: 2,
  }),
});

describe('lossInstant', () => {
  it('S10, S11: finds the instant that settling each missed period with advanceTo finds (property)', () => {
    fc.assert(
      fc.property(caseArb, ({ rule, day, length, met, freezes, earnedBack, pauses }) => {
        const zone = rule.defaultZone;
        const state = newStreakState(rule, day);
        state.length = length;
        state.longest = length;
        state.started = length > 0 ? state.since : null;
        state.met = met;
        state.freezes = Math.min(freezes, Math.max(rule.freezes.max, 0));
        state.earnedThrough = Math.max(state.since, day - earnedBack);
        state.pauses = pauses.map((p, i): Pause => ({ id: `p${i}`, start: day + p.from, end: day + p.from + p.days }));
        expect(lossInstant(state, rule, zone)).toBe(settledWithAdvanceTo(state, rule, zone));
      }),
      { numRuns: 2000 },
    );
  });
});
