/**
 * Properties of every streak read: invariants, history shape, freeze bounds (S8, S9, S12, S15..S17).
 * Every title starts with the rule it checks; expected values come from an oracle written in
 * property-support.ts or from a second, independent path through the engine.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertStreakInvariants, recordTimeline, ruleArb, timelineArb } from '../../src/index.js';
import {
  RUNS,
  DAY,
  OriginalDate,
  localDateOf,
  addDays,
  periodOfDate,
  engineFor,
  freezingRuleArb,
  laterArb,
} from './property-support.js';

describe('engine properties', () => {
  it('S16/S8/S9/S12/S15/S17: every streak read keeps the invariants, for any rule and timeline', async () => {
    await fc.assert(
      fc.asyncProperty(ruleArb(), timelineArb(), async (rule, timeline) => {
        const engine = engineFor(rule);
        // recordTimeline reads the streak after every event and asserts the invariants.
        await recordTimeline(engine, 'u', timeline);
      }),
      { numRuns: RUNS },
    );
  });

  it('S16: history is contiguous, oldest first, ends with the current period, and its lengths only step +1, hold or fall to 0 (historyPeriods 1..366, reads at later instants)', async () => {
    const readsArb = fc.array(
      fc.option(
        fc.record({
          delay: laterArb,
          periods: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 366 })),
        }),
        { freq: 2 },
      ),
      { minLength: 40, maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(ruleArb(), timelineArb(), readsArb, async (rule, timeline, reads) => {
        const engine = engineFor(rule);
        const dayStart = rule.dayStartsAt ?? '00:00';
        let zone = rule.defaultTimeZone ?? 'UTC';
        let latest = ''; // S4: the latest local date placed for the user
        for (const [i, event] of timeline.entries()) {
          await engine.record({ userId: 'u', ...event });
          if (event.tz !== undefined) zone = event.tz;
          const placed = localDateOf(event.at, zone, dayStart);
          if (placed > latest) latest = placed;
          const spec = reads[i];
          if (spec === null || spec === undefined) continue;
          const at = event.at + spec.delay;
          const read = await engine.streak('u', { at, historyPeriods: spec.periods });
          const history = read.streakHistory;
          const problems: string[] = [];
          const check = (ok: boolean, what: () => string) => {
            if (!ok) problems.push(what());
          };
          check(history.length === spec.periods, () => `${history.length} periods returned, ${spec.periods} asked for`);
          // The last entry is the period holding the user's local date now (S1..S4, S16).
          const localNow = localDateOf(at, zone, dayStart);
          const current = periodOfDate(localNow > latest ? localNow : latest, rule);
          check(
            read.periodStart === current.start && read.periodEnd === current.end,
            () =>
              `S3: current period ${read.periodStart}..${read.periodEnd}, expected ${current.start}..${current.end}`,
          );
          const last = history[history.length - 1]!;
          check(
            last.periodStart === current.start && last.periodEnd === current.end,
            () => `S16: history ends with ${last.periodStart}..${last.periodEnd}, not ${current.start}..${current.end}`,
          );
          for (const [j, entry] of history.entries()) {
            // Each entry is a whole period of the rule (S3).
            const whole = periodOfDate(entry.periodStart, rule);
            check(
              whole.start === entry.periodStart && whole.end === entry.periodEnd,
              () => `S3: ${entry.periodStart}..${entry.periodEnd} is not a period (${whole.start}..${whole.end})`,
            );
            check(
              Number.isInteger(entry.length) && entry.length >= 0,
              () => `length ${entry.length} at ${entry.periodStart}`,
            );
            check(
              !((entry.usedFreeze || entry.usedPause) && entry.length === 0),
              () => `S9: protected period ${entry.periodStart} holds 0`,
            );
            if (j === 0) continue;
            const before = history[j - 1]!;
            // Oldest first, consecutive, no gaps or overlaps.
            check(
              entry.periodStart === addDays(before.periodEnd, 1),
              () => `S16: ${before.periodStart}..${before.periodEnd} is followed by ${entry.periodStart}`,
            );
            // S8/S9: +1 (met), hold (frozen, paused, excused), or 0 (not held).
            check(
              entry.length === 0 || entry.length === before.length || entry.length === before.length + 1,
              () => `S8/S9: length steps from ${before.length} to ${entry.length} at ${entry.periodStart}`,
            );
          }
          // S16: the current period shows the current length only once met.
          check(
            last.length === (read.met ? read.length : 0),
            () => `S16: current period shows ${last.length}; length ${read.length}, met ${read.met}`,
          );
          // S8: the period before the current one carries what the current length was built on.
          const previous = history[history.length - 2];
          check(
            previous === undefined || previous.length === (read.met ? read.length - 1 : read.length),
            () => `S8: previous period shows ${previous!.length}; length ${read.length}, met ${read.met}`,
          );
          if (problems.length > 0) {
            throw new Error(
              `${problems.join('\n')}\nread at ${new OriginalDate(at).toISOString()} in ${zone} (latest placed ${latest}): ${JSON.stringify(read)}`,
            );
          }
          assertStreakInvariants(read);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('S12: the freeze count stays within 0..max across timelines, owner grants and reads', async () => {
    const opsArb = fc.array(
      fc.record({
        grant: fc.option(
          fc.record({
            delay: fc.integer({ min: 0, max: 10 * DAY }),
            count: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 1_000_000 })),
          }),
          { freq: 3 },
        ),
        read: fc.option(laterArb, { freq: 2 }),
      }),
      { minLength: 40, maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(freezingRuleArb, timelineArb(), opsArb, async (rule, timeline, ops) => {
        const engine = engineFor(rule);
        const max = rule.freezes!.max!;
        const within = (freezes: number, what: string) => {
          if (!Number.isInteger(freezes) || freezes < 0 || freezes > max)
            throw new Error(`S12: ${what} shows ${freezes} freezes, outside 0..${max}`);
        };
        let last = timeline[0]!.at;
        for (const [i, event] of timeline.entries()) {
          const result = await engine.record({ userId: 'u', ...event });
          within(result.currentStreak!.freezes, `the response to event ${i}`);
          expect(result.currentStreak!.maxFreezes).toBe(max);
          last = Math.max(last, event.at);
          const op = ops[i]!;
          if (op.grant !== null) {
            const at = last + op.grant.delay;
            const before = await engine.streak('u', { at });
            const granted = await engine.grantFreezes('u', op.grant.count, { at });
            expect(granted.maxFreezes).toBe(max);
            expect(granted.freezes).toBe(Math.min(max, before.freezes + op.grant.count));
            expect(granted.granted).toBe(granted.freezes - before.freezes);
            within(granted.freezes, `the grant after event ${i}`);
            const after = await engine.streak('u', { at });
            expect(after.freezes).toBe(granted.freezes);
            last = at;
          }
          if (op.read !== null) {
            const read = await engine.streak('u', { at: last + op.read, historyPeriods: 30 });
            within(read.freezes, `a read after event ${i}`);
            expect(read.maxFreezes).toBe(max);
            assertStreakInvariants(read);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
