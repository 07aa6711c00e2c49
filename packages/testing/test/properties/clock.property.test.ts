/**
 * The engine takes "now" only from the injected clock (S10).
 * Every title starts with the rule it checks; expected values come from an oracle written in
 * property-support.ts or from a second, independent path through the engine.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, KindlingError, memoryStore } from '@kindling/core';
import { EDGE_ZONES, ruleArb, timeZoneArb } from '../../src/index.js';
import {
  RUNS,
  METRICS,
  HOUR,
  DAY,
  OriginalDate,
  originalNow,
  isoDate,
  addDays,
  freezingRuleArb,
} from './property-support.js';

describe('engine properties', () => {
  describe('S10: the engine takes "now" only from the injected clock', () => {
    class RealClockRead extends Error {}

    /**
     * Run `body` with Date.now and zero-argument `new Date()` throwing (and counted, in case the
     * engine swallowed the error). The engine must be created inside: `createEngine` captures
     * `Date.now` as its default clock when it is created.
     */
    async function withoutRealClock<T>(body: (calls: { count: number }) => Promise<T>): Promise<T> {
      const calls = { count: 0 };
      const forbidden = (what: string) => {
        calls.count += 1;
        return new RealClockRead(`the real clock was read: ${what}`);
      };
      const now = () => {
        throw forbidden('Date.now()');
      };
      class NoClockDate extends OriginalDate {
        constructor(...args: unknown[]) {
          if (args.length === 0) throw forbidden('new Date()');
          super(...(args as [number]));
        }
        static override now(): number {
          return now();
        }
      }
      (globalThis as { Date: DateConstructor }).Date = NoClockDate as DateConstructor;
      OriginalDate.now = now;
      try {
        return await body(calls);
      } finally {
        (globalThis as { Date: DateConstructor }).Date = OriginalDate;
        OriginalDate.now = originalNow;
      }
    }

    const opArb = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('record' as const),
          gap: fc.integer({ min: 0, max: 30 * HOUR }),
          metric: fc.constantFrom(...METRICS),
          value: fc.integer({ min: 0, max: 3 }),
          tz: fc.option(timeZoneArb(EDGE_ZONES), { freq: 6, nil: undefined }),
          atGiven: fc.constantFrom('no', 'number', 'date'),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('streak' as const),
          gap: fc.integer({ min: 0, max: 5 * DAY }),
          atGiven: fc.constantFrom('no', 'number', 'date'),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('grant' as const),
          gap: fc.integer({ min: 0, max: 2 * DAY }),
          count: fc.integer({ min: 1, max: 3 }),
          atGiven: fc.constantFrom('no', 'number', 'date'),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('pause' as const),
          gap: fc.integer({ min: 0, max: 2 * DAY }),
          from: fc.integer({ min: 1, max: 5 }),
          days: fc.integer({ min: 0, max: 10 }),
          atGiven: fc.constantFrom('no', 'number', 'date'),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('restore' as const),
          gap: fc.integer({ min: 0, max: 3 * DAY }),
          atGiven: fc.constantFrom('no', 'number', 'date'),
        }),
      },
    );

    it('S10: with an injected clock, record/streak/grantFreezes/pause/restore never call Date.now or new Date()', async () => {
      await fc.assert(
        fc.asyncProperty(
          freezingRuleArb,
          timeZoneArb(EDGE_ZONES),
          fc.array(opArb, { minLength: 1, maxLength: 30 }),
          async (rule, firstZone, ops) => {
            let now = Date.UTC(2024, 0, 1);
            let clockCalls = 0;
            let expectedClockCalls = 0;
            const calls = await withoutRealClock(async (calls) => {
              const engine = createEngine({
                store: memoryStore(),
                streaks: [rule],
                metrics: [...METRICS],
                clock: () => {
                  clockCalls++;
                  return now;
                },
              });
              let seen = false;
              for (const op of ops) {
                now += op.gap;
                if (op.atGiven === 'no') expectedClockCalls += 1;
                const at = op.atGiven === 'no' ? {} : { at: op.atGiven === 'number' ? now : new Date(now) };
                try {
                  if (op.kind === 'record') {
                    await engine.record({
                      userId: 'u',
                      metric: op.metric,
                      value: op.value,
                      ...(seen ? (op.tz ? { tz: op.tz } : {}) : { tz: firstZone }),
                      ...at,
                    });
                    seen = true;
                  } else if (op.kind === 'streak') {
                    await engine.streak('u', { ...at, historyPeriods: 30 });
                  } else if (op.kind === 'grant') {
                    await engine.grantFreezes('u', op.count, at);
                  } else if (op.kind === 'pause') {
                    const start = isoDate(now + op.from * DAY);
                    await engine.pause('u', { start, end: addDays(start, op.days), ...at });
                  } else {
                    await engine.restore('u', at);
                  }
                } catch (error) {
                  // Unknown user before the first event, a pause in the past after a westward move:
                  // the engine's own errors. Anything else (the patch's error above all) fails.
                  if (!(error instanceof KindlingError)) throw error;
                }
              }
              return calls;
            });
            expect(calls.count).toBe(0);
            // and the injected clock is what was used instead
            expect(clockCalls).toBe(expectedClockCalls);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it('S10 (control): without an injected clock the engine does read Date.now, so the property above can fail', async () => {
      await fc.assert(
        fc.asyncProperty(
          ruleArb(),
          fc.constantFrom(...METRICS),
          fc.integer({ min: 0, max: 3 }),
          async (rule, metric, value) => {
            await withoutRealClock(async (calls) => {
              expect(() => new Date()).toThrow(RealClockRead);
              expect(() => Date.now()).toThrow(RealClockRead);
              const engine = createEngine({ store: memoryStore(), streaks: [rule], metrics: [...METRICS] });
              await expect(engine.record({ userId: 'u', metric, value })).rejects.toThrow(RealClockRead);
              expect(calls.count).toBe(3);
            });
            // restored afterwards
            expect(typeof Date.now()).toBe('number');
            expect(new Date()).toBeInstanceOf(OriginalDate);
          },
        ),
        { numRuns: RUNS },
      );
    });
  });
});
