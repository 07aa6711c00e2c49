/**
 * Personal rules (S24) over random rules and timelines: a user's own mode and thresholds make their
 * streak exactly what the owner's rule with that mode and those thresholds would make; a choice made
 * midway rebuilds the user as if they had always lived under it (S20); a user who turned the rule
 * off never has a streak; users side by side without a choice are not affected.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type Engine, type Mode, type StreakRuleInput } from '@kindling/core';
import { ruleArb, timelineArb, type TimelineEvent } from '../../src/index.js';
import { DAY, METRICS, RUNS } from './property-support.js';

const BOUNDS = { min: 1, max: 4 };

const engineWith = (rule: StreakRuleInput): Engine =>
  createEngine({ store: memoryStore(), streaks: [rule], metrics: [...METRICS], clock: () => 0 });

/** A rule users may personalise, and a choice of mode and thresholds for every metric it counts. */
const choiceArb = ruleArb().chain((rule) =>
  fc.record({
    rule: fc.constant<StreakRuleInput>({ ...rule, personalization: { mode: true, thresholds: BOUNDS } }),
    mode: fc.constantFrom<Mode>('all', 'any'),
    conditions: fc.tuple(
      ...rule.conditions.map((c) =>
        fc.integer({ min: BOUNDS.min, max: BOUNDS.max }).map((threshold) => ({ metric: c.metric, threshold })),
      ),
    ),
  }),
);

/** What a read shows of a streak at `at` (ids and instants of events aside). */
async function read(engine: Engine, userId: string, at: number) {
  const { length, longest, started, periodStart, periodEnd, expires, freezes, streakHistory } = await engine.streak(
    userId,
    { at, historyPeriods: 30 },
  );
  return { length, longest, started, periodStart, periodEnd, expires, freezes, streakHistory };
}

async function recordAll(engine: Engine, userId: string, timeline: readonly TimelineEvent[]) {
  for (const event of timeline) await engine.record({ userId, ...event });
}

describe('personal rules', () => {
  it('S24: a user’s own mode and thresholds give the streak the owner’s rule with that mode and those thresholds gives; a user beside them without a choice keeps the owner’s', async () => {
    await fc.assert(
      fc.asyncProperty(choiceArb, timelineArb({ maxEvents: 30 }), async ({ rule, mode, conditions }, timeline) => {
        const shared = engineWith(rule);
        const first = (timeline[0] as TimelineEvent).at;
        await shared.identify('chooser', {}, { mode: 'create', at: first });
        await shared.setPreferences('chooser', { streak: { mode, conditions } }, { at: first });
        await recordAll(shared, 'chooser', timeline);
        await recordAll(shared, 'bystander', timeline);
        const asChosen = engineWith({ ...rule, mode, conditions });
        await recordAll(asChosen, 'u', timeline);
        const asOwner = engineWith(rule);
        await recordAll(asOwner, 'u', timeline);
        for (const later of [0, DAY, 9 * DAY]) {
          const at = (timeline.at(-1) as TimelineEvent).at + later;
          expect(await read(shared, 'chooser', at)).toEqual(await read(asChosen, 'u', at));
          expect(await read(shared, 'bystander', at)).toEqual(await read(asOwner, 'u', at));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('S24, S20: a choice made midway rebuilds the user as if they had always lived under it', async () => {
    await fc.assert(
      fc.asyncProperty(
        choiceArb,
        timelineArb({ minEvents: 2, maxEvents: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async ({ rule, mode, conditions }, timeline, share) => {
          const split = Math.max(1, Math.floor(share * timeline.length));
          const engine = engineWith(rule);
          await recordAll(engine, 'u', timeline.slice(0, split));
          await engine.setPreferences(
            'u',
            { streak: { mode, conditions } },
            { at: (timeline[split - 1] as TimelineEvent).at },
          );
          await recordAll(engine, 'u', timeline.slice(split));
          const asChosen = engineWith({ ...rule, mode, conditions });
          await recordAll(asChosen, 'u', timeline);
          const at = (timeline.at(-1) as TimelineEvent).at + DAY;
          expect(await read(engine, 'u', at)).toEqual(await read(asChosen, 'u', at));
          // and a rebuild from the journal changes nothing
          const before = await read(engine, 'u', at);
          await engine.rebuild('u', { at });
          expect(await read(engine, 'u', at)).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('S24: a user who turned the rule off has length 0 after every event and hears of no streak change, with the same totals as anyone', async () => {
    await fc.assert(
      fc.asyncProperty(ruleArb(), timelineArb({ maxEvents: 30 }), async (rule, timeline) => {
        const engine = engineWith(rule);
        const first = (timeline[0] as TimelineEvent).at;
        await engine.identify('off', {}, { mode: 'create', at: first });
        await engine.setPreferences('off', { streak: { enabled: false } }, { at: first });
        for (const event of timeline) {
          const off = await engine.record({ userId: 'off', ...event });
          const on = await engine.record({ userId: 'on', ...event });
          expect(off.currentStreak?.length ?? 0).toBe(0);
          expect(off.changes.filter((c) => c.type.startsWith('streak.'))).toEqual([]);
          expect(off.total).toBe(on.total);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
