import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, parseRules } from '@kindling/core';
import type { UserState } from '@kindling/core/adapter';
import { reduceEvent, zoneOf } from '@kindling/core/internal';
import { changedEntries, indexEntries, indexWatch } from './index-entry.js';
import type { StreakRuleInput } from './rules.js';
import type { IndexEntry } from './state.js';
import { EDGE_ZONES, frequencyArb, propertyRuns, weekdayArb } from '../test/time-arbitraries.js';

const HOUR = 3_600_000;

/** A rule over two metrics with freezes, a day start and a default zone drawn from the edges. */
const ruleArb = (key: string): fc.Arbitrary<StreakRuleInput> =>
  fc.record({
    key: fc.constant(key),
    frequency: frequencyArb,
    weekStart: weekdayArb,
    dayStartsAt: fc.constantFrom('00:00', '04:00', '23:30'),
    defaultTimeZone: fc.constantFrom(...EDGE_ZONES),
    mode: fc.constantFrom<'all' | 'any'>('all', 'any'),
    conditions: fc
      .subarray(['lessons', 'minutes'], { minLength: 1 })
      .map((metrics) => metrics.map((metric, i) => ({ metric, threshold: i + 1 }))),
    freezes: fc.option(
      fc.record({
        initial: fc.integer({ min: 0, max: 2 }),
        max: fc.constant(3),
        earn: fc.option(fc.record({ every: fc.integer({ min: 1, max: 14 }), amount: fc.integer({ min: 1, max: 2 }) }), {
          nil: undefined,
        }),
      }),
      { nil: undefined },
    ),
    restoreWindow: fc.integer({ min: 0, max: 2 }),
  });

/** Events hours to weeks apart, values of any sign, now and then in another zone. */
const timelineArb = fc
  .array(
    fc.record({
      gap: fc.oneof(
        fc.integer({ min: 0, max: 6 * HOUR }),
        fc.integer({ min: 18 * HOUR, max: 30 * HOUR }),
        fc.integer({ min: 2 * 24 * HOUR, max: 20 * 24 * HOUR }),
      ),
      metric: fc.constantFrom('lessons', 'minutes'),
      value: fc.oneof(
        fc.integer({ min: -3, max: 5 }),
        fc.double({ min: -2, max: 5, noNaN: true, noDefaultInfinity: true }),
      ),
      tz: fc.option(fc.constantFrom(...EDGE_ZONES), { nil: undefined, freq: 6 }),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((steps) => {
    let at = Date.UTC(2024, 0, 1);
    return steps.map(({ gap, ...event }) => ({ ...event, at: (at += gap) }));
  });

const line = (streak: string, length: number, expiresAt = 1000): IndexEntry => ({
  streak,
  length,
  longest: length,
  deadAt: expiresAt + 1,
  expiresAt,
});

describe('index lines', () => {
  it('writes every line of a new user', () => {
    expect(changedEntries(null, [line('a', 1)])).toEqual([line('a', 1)]);
  });

  it('writes only the lines an event changed', () => {
    expect(changedEntries([line('a', 1), line('b', 2)], [line('a', 1), line('b', 3)])).toEqual([line('b', 3)]);
    expect(changedEntries([line('a', 1)], [line('a', 1, 2000)])).toEqual([line('a', 1, 2000)]);
    expect(changedEntries([line('a', 1)], [line('a', 1)])).toEqual([]);
  });

  it('writes the line of a rule the user had no state for before', () => {
    expect(changedEntries([line('a', 1)], [line('a', 1), line('b', 0)])).toEqual([line('b', 0)]);
  });

  it('keeps the analytics right when the second lesson of a day leaves the line as it was (S15, S17)', async () => {
    const store = memoryStore();
    const engine = createEngine({
      store,
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      metrics: ['lessons'],
      clock: () => 0,
    });
    for (const hour of ['09', '15'])
      await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: Date.parse(`2026-04-01T${hour}:00:00Z`) });
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: Date.parse('2026-04-02T09:00:00Z') });
    const at = Date.parse('2026-04-02T10:00:00Z');
    expect(await engine.stats({ at })).toMatchObject({
      activeStreaks: 1,
      topCurrent: [{ userId: 'u', length: 2 }],
      topLongest: [{ userId: 'u', longest: 2 }],
    });
    // the day after the second extension, the 3rd, is the last one that keeps the streak
    expect(await engine.expiring({ at, before: Date.parse('2026-04-05T00:00:00Z') })).toEqual([
      { userId: 'u', length: 2, expiresAt: '2026-04-04T00:00:00.000Z' },
    ]);
  });

  it('compares with the lines the store holds when given them, and writes a line the store lacks', () => {
    const rules = parseRules([{ key: 'a', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }]);
    const model = { rules, achievements: [] };
    const event = (at: number) => ({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at,
      tz: null,
      email: null,
      eventId: 'e',
      idempotencyKey: null,
    });
    const watch = indexWatch(rules);
    const first = reduceEvent(null, event(Date.parse('2026-04-01T09:00:00Z')), model).user;
    const kept = indexEntries(first, rules);
    watch.note(first);
    // a second event on the same day: the streak's line does not move
    const second = reduceEvent(first, event(Date.parse('2026-04-01T15:00:00Z')), model).user;
    expect(watch.changed(second, kept)).toEqual([]);
    watch.note(second);
    const third = reduceEvent(second, event(Date.parse('2026-04-02T09:00:00Z')), model).user;
    expect(watch.changed(third, kept)).toEqual(indexEntries(third, rules));
    expect(watch.changed(third, [])).toEqual(indexEntries(third, rules));
  });

  it('S10, S11, S15: the watch writes the lines that comparing every line before and after each event finds changed, each with the line it replaces (property)', () => {
    fc.assert(
      fc.property(ruleArb('a'), ruleArb('b'), timelineArb, (a, b, timeline) => {
        const rules = parseRules([a, b]);
        const model = { rules, achievements: [] };
        const watch = indexWatch(rules);
        let user: UserState | null = null;
        for (const [i, e] of timeline.entries()) {
          const before = user === null ? null : indexEntries(user, rules);
          watch.note(user);
          const tz = e.tz === undefined ? null : zoneOf(e.tz).name;
          user = reduceEvent(
            user,
            {
              userId: 'u',
              metric: e.metric,
              value: e.value,
              at: e.at,
              tz,
              email: null,
              eventId: `e${i}`,
              idempotencyKey: null,
            },
            model,
          ).user;
          const expected = changedEntries(before, indexEntries(user, rules));
          expect(watch.changed(user)).toEqual(expected);
          // given the lines the store holds (those of the state before), it compares with them
          expect(watch.changed(user, before)).toEqual(expected);
          // and each line it writes carries the line it replaces, the state before's (none for a new one)
          const replaced = expected.map((line) => before?.find((entry) => entry.streak === line.streak));
          expect(watch.changedLines(user).indexBefore).toEqual(replaced);
          expect(watch.changedLines(user, before).indexBefore).toEqual(replaced);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
