/**
 * A change of rules without a rebuild (S20): the engine rebuilds a user kept under other rules
 * before it uses the state, so an owner's rule change holds for every user at once, not only after
 * `rebuildAll` reaches them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createEngine,
  memoryStore,
  type Engine,
  type RecordResult,
  type Store,
  type StreakRuleInput,
} from '@kindling/core';
import { ruleArb, timelineArb } from '../../src/index.js';
import { RUNS, METRICS, DAY, snapshot } from './property-support.js';

const engineOn = (store: Store, rule: StreakRuleInput): Engine =>
  createEngine({ store, streaks: [rule], metrics: [...METRICS], clock: () => 0 });

/** What the store keeps of the user, its version aside (a rebuild is one more write), and every held period. */
async function kept(engine: Engine) {
  const user = snapshot(await engine.store.load('u'));
  const history = snapshot(await engine.store.history('u', 'default', -1e7, 1e7)).sort((a, b) => a.period - b.period);
  return { user: user === null ? null : { ...user, version: 0 }, history };
}

/** A response as compared: its event id derives from the user's version. */
const answer = ({ eventId: _, ...rest }: RecordResult) => rest;

describe('rule change properties', () => {
  it('S20: recording the first part of a timeline under rule A and the rest under rule B, with no rebuild call, answers and keeps what recording all of it under B does', async () => {
    await fc.assert(
      fc.asyncProperty(
        ruleArb(),
        ruleArb(),
        timelineArb({ maxEvents: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 60 * DAY }),
        async (a, b, timeline, share, later) => {
          // Events stay on the local days they were counted for (S20): a changed day start applies to new events only.
          const ruleB = { ...b, dayStartsAt: a.dayStartsAt };
          const split = Math.min(timeline.length - 1, Math.floor(share * timeline.length));
          const shared = memoryStore();
          const underA = engineOn(shared, a);
          const underB = engineOn(shared, ruleB);
          const reference = engineOn(memoryStore(), ruleB);
          for (const [i, event] of timeline.entries()) {
            const expected = await reference.record({ userId: 'u', ...event });
            const got = await (i < split ? underA : underB).record({ userId: 'u', ...event });
            if (i >= split) expect(answer(got)).toEqual(answer(expected));
          }
          expect(await kept(underB)).toEqual(await kept(reference));
          const at = timeline[timeline.length - 1]!.at + later;
          expect(await underB.streak('u', { at, historyPeriods: 30 })).toEqual(
            await reference.streak('u', { at, historyPeriods: 30 }),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('S20: after the day start changes, once or back and forth, a rebuild under unchanged rules keeps every day and every total the events were counted with', async () => {
    const dayStart = fc.constantFrom('00:00', '03:30', '05:00', '23:00');
    await fc.assert(
      fc.asyncProperty(
        ruleArb(),
        fc.array(dayStart, { minLength: 2, maxLength: 4 }),
        timelineArb({ maxEvents: 30 }),
        async (rule, starts, timeline) => {
          fc.pre(timeline.length >= starts.length);
          const shared = memoryStore();
          const engines = starts.map((dayStartsAt) => engineOn(shared, { ...rule, dayStartsAt }));
          // each engine records one consecutive share of the timeline; the last one keeps recording
          for (const [i, event] of timeline.entries()) {
            await engines[Math.floor((i * engines.length) / timeline.length)]!.record({ userId: 'u', ...event });
          }
          const last = engines[engines.length - 1]!;
          const before = await kept(last);
          await last.rebuild('u', { at: 0 });
          expect(await kept(last)).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
