/**
 * Reminders (S23): due `remindBefore` ahead of the end of a live, unmet period, in absolute time.
 * The expected instant comes from an oracle of its own: the period's first and last local days from
 * the engine's read, their boundaries found by searching instants with Intl wall-clock parts
 * (property-support.ts), none of the core's time module.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, parseRules, type StreakRuleInput } from '@kindling/core';
import { remindersDue } from '@kindling/core/internal';
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

  it('S23: sweeping at any instants sends each due reminder once per period, dated when it was due, in the outbox with the mark that it was sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        ruleArb().chain((rule) => reminderArb(rule.frequency).map((remindBefore) => ({ ...rule, remindBefore }))),
        timelineArb({ maxEvents: 12 }),
        fc.array(fc.integer({ min: 0, max: 3 * DAY }), { minLength: 1, maxLength: 12 }),
        async (rule, timeline, gaps) => {
          const store = memoryStore();
          const engine = createEngine({ store, streaks: [rule], metrics: [...METRICS], clock: () => 0, outbox: true });
          for (const event of timeline) await engine.record({ userId: 'u', ...event });
          const rules = parseRules([rule]);
          const expected: Array<[string, number]> = [];
          const sent = new Set<string>();
          let at = (timeline[timeline.length - 1] as { at: number }).at;
          for (const gap of gaps) {
            at += gap;
            // the oracle: what a read at `at` says is due, less the periods already reminded
            const user = await store.load('u');
            for (const due of user === null ? [] : remindersDue(user, rules, at)) {
              if (sent.has(due.periodStart)) continue;
              sent.add(due.periodStart);
              expected.push([due.periodStart, due.at]);
            }
            await engine.settleDue({ at });
          }
          const reminders = (await store.readOutbox(1000))
            .filter((r) => r.entry.change.type === 'streak.reminder_due')
            .map((r) => [(r.entry.change as { periodStart: string }).periodStart, r.entry.at]);
          expect(reminders).toEqual(expected);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
