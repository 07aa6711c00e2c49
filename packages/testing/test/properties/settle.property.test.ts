/**
 * Settling ahead of time (S10, S11, S12): what a sweeper does while a user is away. Expected values
 * come from the other path through the engine, the next event settling lazily, and from placing each
 * change's instant back on the user's local calendar.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, parseDay, parseRules, type Change, type StreakRule } from '@kindling/core';
import type { HistoryEntry, UserState } from '@kindling/core/adapter';
import {
  placeInstant,
  reduceEvent,
  settleUser,
  zoneOf,
  type EventInput,
  type Model,
  type SettledChange,
} from '@kindling/core/internal';
import { ruleArb, timelineArb, type TimelineEvent } from '../../src/index.js';
import { DAY, METRICS, RUNS } from './property-support.js';

function eventOf(e: { metric: string; value: number; at: number; tz?: string }, i: number): EventInput {
  return {
    userId: 'u',
    metric: e.metric,
    value: e.value,
    at: e.at,
    tz: e.tz === undefined ? null : zoneOf(e.tz).name,
    email: null,
    eventId: `e${i}`,
    idempotencyKey: null,
  };
}

/** The user a timeline leaves, built anew each time (the reducer updates in place). */
function userAfter(timeline: readonly TimelineEvent[], model: Model): UserState {
  let user: UserState | null = null;
  for (const [i, e] of timeline.entries()) user = reduceEvent(user, eventOf(e, i), model).user;
  return user as UserState;
}

const withoutInstant = ({ at: _at, ...change }: SettledChange): Change => change as Change;
const sorted = (items: readonly unknown[]) => items.map((item) => JSON.stringify(item)).sort();

/** A timeline, instants after its last event (in any order), and a later event in the same zone. */
const scenarioArb = fc
  .record({
    a: ruleArb({ key: 'a' }),
    b: ruleArb({ key: 'b' }),
    timeline: timelineArb({ maxEvents: 25 }),
    delays: fc.array(fc.integer({ min: 0, max: 45 * DAY }), { minLength: 1, maxLength: 4 }),
    last: fc.record({ metric: fc.constantFrom(...METRICS), value: fc.integer({ min: 0, max: 3 }) }),
    lastDelay: fc.integer({ min: 0, max: 3 * DAY }),
  })
  .map((s) => {
    const end = (s.timeline[s.timeline.length - 1] as TimelineEvent).at;
    const instants = s.delays.map((d) => end + d);
    const next = { ...s.last, at: Math.max(...instants) + s.lastDelay };
    return { ...s, instants, next };
  });

describe('settling properties', () => {
  it('S10: settling at any instants, in any order, and then recording an event gives the state, the held periods and the changes that recording alone gives: each change once, none lost', () => {
    fc.assert(
      fc.property(scenarioArb, ({ a, b, timeline, instants, next }) => {
        const rules = parseRules([a, b]);
        const model: Model = { rules, achievements: [] };
        const event = eventOf(next, timeline.length);

        const swept = userAfter(timeline, model);
        const settled: SettledChange[] = [];
        const held: HistoryEntry[] = [];
        for (const at of instants) {
          const settlement = settleUser(swept, rules, at);
          settled.push(...settlement.changes);
          held.push(...settlement.history);
        }
        const afterSweep = reduceEvent(swept, event, model);

        const lazy = reduceEvent(userAfter(timeline, model), event, model);

        expect(JSON.stringify(afterSweep.user.streaks)).toBe(JSON.stringify(lazy.user.streaks));
        expect(sorted([...settled.map(withoutInstant), ...afterSweep.changes])).toEqual(sorted(lazy.changes));
        expect(sorted([...held, ...afterSweep.history])).toEqual(sorted(lazy.history));
      }),
      { numRuns: RUNS },
    );
  });

  it('S10: settling again at the same or an earlier instant changes nothing', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 10 * DAY }), ({ a, b, timeline, instants }, back) => {
        const rules = parseRules([a, b]);
        const user = userAfter(timeline, { rules, achievements: [] });
        const at = Math.max(...instants);
        settleUser(user, rules, at);
        const before = JSON.stringify(user);
        for (const again of [at, at - back]) {
          const settlement = settleUser(user, rules, again);
          expect(settlement.moved).toBe(false);
          expect(settlement.changes).toEqual([]);
          expect(settlement.history).toEqual([]);
          expect(JSON.stringify(user)).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('S11, S12: every settled change carries the first instant of the local day that sealed it, in the user zone with the rule day start, never later than the settling', () => {
    fc.assert(
      fc.property(scenarioArb, ({ a, b, timeline, instants }) => {
        const rules = parseRules([a, b]);
        const user = userAfter(timeline, { rules, achievements: [] });
        for (const at of instants) {
          const { changes } = settleUser(user, rules, at);
          for (const change of changes) {
            const rule = rules.find((r) => 'streak' in change && r.key === change.streak) as StreakRule;
            const zone = user.tz === null ? rule.defaultZone : zoneOf(user.tz);
            const day =
              change.type === 'freeze.earned'
                ? parseDay(change.date)
                : parseDay((change as { periodEnd: string }).periodEnd) + 1;
            expect(change.at).toBeLessThanOrEqual(at);
            expect(placeInstant(change.at, zone, rule.dayStartMs)).toBe(day);
            expect(placeInstant(change.at - 1, zone, rule.dayStartMs)).toBeLessThan(day);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('S10, S12: the index finds every user a settlement would change: one whose line earns a freeze by then earns it, and one found by neither expiry nor earning settles to nothing', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ a, b, timeline, instants }) => {
        const store = memoryStore();
        const engine = createEngine({ store, streaks: [a, b], metrics: [...METRICS], clock: () => 0 });
        for (const e of timeline) await engine.record({ userId: 'u', ...e });
        for (const at of [...instants].sort((x, y) => x - y)) {
          const earning = new Set<string>();
          let expired = false;
          for (const key of ['a', 'b']) {
            if ((await store.earning(key, at + 1, 10)).includes('u')) earning.add(key);
            if ((await store.expiring(key, 0, at + 1, 10)).some((row) => row.userId === 'u')) expired = true;
          }
          const { changes } = await engine.settle('u', { at });
          const earned = new Set(changes.filter((c) => c.type === 'freeze.earned').map((c) => c.streak));
          for (const key of earning) expect(earned.has(key), `rule ${key} earns by ${at}`).toBe(true);
          if (!expired) expect(changes.filter((c) => c.type !== 'freeze.earned' || !earning.has(c.streak))).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
