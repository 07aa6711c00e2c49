/**
 * Reminders (S23): due `remindBefore` ahead of the end of a live, unmet period, in absolute time.
 * The expected instant comes from an oracle of its own: the period's first and last local days from
 * the engine's read, their boundaries found by searching instants with Intl wall-clock parts
 * (property-support.ts), none of the core's time module.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, parseRules, remindersDue, type StreakRuleInput } from '@kindling/core';
import { ruleArb, timelineArb } from '../../src/index.js';
import { addDays, DAY, localDateOf, METRICS, RUNS } from './property-support.js';

/** The first instant in [from, to] whose local date (with the day start) is `date` or later. */
function firstInstantOf(date: string, from: number, to: number, zone: string, dayStartsAt: string): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDateOf(mid, zone, dayStartsAt) >= date) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const reminderArb = (frequency: StreakRuleInput['frequency']) =>
  frequency === 'daily'
    ? fc.integer({ min: 1, max: 23 * 60 + 59 }).map((m) => `${Math.floor(m / 60)}h${m % 60}m`)
    : fc.integer({ min: 1, max: 6 }).map((d) => `${d}d`);

describe('reminder properties', () => {
  it('S23: at any instant a reminder is due exactly when the streak is alive, its period unmet and the instant past max(period start, period end - remindBefore), measured in absolute time in the user zone', async () => {
    await fc.assert(
      fc.asyncProperty(
        ruleArb().chain((rule) => reminderArb(rule.frequency).map((remindBefore) => ({ ...rule, remindBefore }))),
        timelineArb({ maxEvents: 20 }),
        fc.integer({ min: 0, max: 40 * DAY }),
        async (rule, timeline, delay) => {
          const engine = createEngine({ store: memoryStore(), streaks: [rule], metrics: [...METRICS], clock: () => 0 });
          for (const event of timeline) await engine.record({ userId: 'u', ...event });
          const at = (timeline[timeline.length - 1] as { at: number }).at + delay;
          const user = await engine.store.load('u');
          if (user === null) throw new Error('the user was recorded');
          const due = remindersDue(user, parseRules([rule]), at);

          const read = await engine.streak('u', { at });
          const zone = user.tz ?? rule.defaultTimeZone ?? 'UTC';
          const dayStartsAt = rule.dayStartsAt ?? '00:00';
          const start = firstInstantOf(read.periodStart, at - 33 * DAY, at, zone, dayStartsAt);
          const end = firstInstantOf(addDays(read.periodEnd, 1), at, at + 33 * DAY, zone, dayStartsAt);
          const remindBeforeMs = parseRules([rule])[0]?.remindBeforeMs as number;
          const instant = Math.max(start, end - remindBeforeMs);
          const expected = read.length > 0 && !read.met && instant <= at;

          expect(due.map((r) => r.at)).toEqual(expected ? [instant] : []);
          if (expected)
            expect(due[0]).toMatchObject({
              length: read.length,
              periodStart: read.periodStart,
              periodEnd: read.periodEnd,
            });
          // absolute time: never less than remindBefore before the end, unless the period began later
          if (expected) expect(end - instant).toBe(Math.min(remindBeforeMs, end - start));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
