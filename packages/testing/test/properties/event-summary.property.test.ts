/**
 * Event summaries (S1, S2, S3): what a user's summary of a metric answers per day, week and month is
 * what the independent oracle makes of the events themselves: each event on the local date of the
 * zone it was sent in (the rule's day start), never before the latest date placed (S4), summed per date, per week of the rule's week start
 * and per calendar month, with the running total at the end of each.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Aggregation } from '@kindling/core';
import { ruleArb, timelineArb } from '../../src/index.js';
import { addDays, engineFor, localDateOf, periodOfDate, RUNS } from './property-support.js';

const AGGREGATIONS: Aggregation[] = ['daily', 'weekly', 'monthly'];

describe('event summary properties', () => {
  it('S1, S2, S3, S4: per day, week and month, the change is the sum of the events on its local dates in the zone each was sent in, and the total runs on from everything before', async () => {
    await fc.assert(
      fc.asyncProperty(
        ruleArb({ key: 'a' }),
        timelineArb({ maxEvents: 30 }),
        fc.constantFrom(...AGGREGATIONS),
        fc.integer({ min: -3, max: 40 }),
        fc.integer({ min: 0, max: 120 }),
        async (rule, timeline, aggregation, offset, length) => {
          const engine = engineFor(rule);
          let zone = rule.defaultTimeZone ?? 'UTC';
          const byDate = new Map<string, number>();
          let latest = '';
          for (const event of timeline) {
            await engine.record({ userId: 'u', ...event });
            if (event.tz !== undefined) zone = event.tz;
            // S4: never before the latest date placed (an event of any metric places it)
            const local = localDateOf(event.at, zone, rule.dayStartsAt ?? '00:00');
            const date = local > latest ? local : latest;
            latest = date;
            if (event.metric === 'lessons') byDate.set(date, (byDate.get(date) ?? 0) + event.value);
          }
          const firstDate = localDateOf((timeline[0] as { at: number }).at, zone);
          const from = addDays(firstDate, offset);
          const to = addDays(from, length);
          const periodOf = (date: string) =>
            aggregation === 'daily'
              ? { start: date, end: date }
              : periodOfDate(date, { ...rule, frequency: aggregation === 'weekly' ? 'weekly' : 'monthly' });
          // the oracle: every period from the one holding `from` to the one holding `to`
          const expected: Array<{ date: string; total: number; change: number }> = [];
          const dates = [...byDate.keys()].sort();
          let total = 0;
          const firstStart = periodOf(from).start;
          for (const date of dates) if (date < firstStart) total += byDate.get(date) as number;
          for (let start = firstStart; start <= to; start = addDays(periodOf(start).end, 1)) {
            const { end } = periodOf(start);
            let change = 0;
            for (const date of dates) if (date >= start && date <= end) change += byDate.get(date) as number;
            total += change;
            expected.push({ date: start, total, change });
          }
          expect(await engine.eventSummary('u', 'lessons', { aggregation, from, to })).toEqual(expected);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
