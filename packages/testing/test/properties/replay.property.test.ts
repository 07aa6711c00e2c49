/**
 * Idempotency, replay equivalence, late events and lazy reads (S4, S10, S18, S20).
 * Every title starts with the rule it checks; expected values come from an oracle written in
 * property-support.ts or from a second, independent path through the engine.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deterministicId, type RecordResult } from '@kindling/core';
import type { HistoryEntry } from '@kindling/core/adapter';
import { replayEvents, type EventInput } from '@kindling/core/internal';
import { achievementsArb, ruleArb, timelineArb, type TimelineEvent } from '../../src/index.js';
import { RUNS, DAY, engineFor, snapshot, storedState, omit, wire, laterArb } from './property-support.js';

describe('engine properties', () => {
  it('S18: a repeated idempotency key (same user and metric) returns the first response marked replayed and changes nothing; on another metric or user it is a new event', async () => {
    const keysArb = fc.array(fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { freq: 3, nil: undefined }), {
      minLength: 40,
      maxLength: 40,
    });
    await fc.assert(
      fc.asyncProperty(
        ruleArb(),
        timelineArb({ anyValues: true }),
        keysArb,
        achievementsArb(),
        async (rule, timeline, keys, achievements) => {
          const engine = engineFor(rule, { achievements });
          const first = new Map<string, RecordResult>(); // metric \0 key → first response
          const totals: Record<string, number> = {};
          const fresh = async (userId: string, event: TimelineEvent, key: string, model: Record<string, number>) => {
            const result = await engine.record({ userId, ...event, idempotencyKey: key });
            expect(result.replayed).toBe(false);
            expect(result.idempotencyKey).toBe(key);
            model[event.metric] = (model[event.metric] ?? 0) + event.value;
            expect(result.total).toBe(model[event.metric]);
            expect((await engine.user(userId))!.totals).toEqual(model);
            return result;
          };
          for (const [i, event] of timeline.entries()) {
            const key = keys[i];
            if (key === undefined) {
              const result = await engine.record({ userId: 'u', ...event });
              expect(result.replayed).toBe(false);
              totals[event.metric] = (totals[event.metric] ?? 0) + event.value;
              continue;
            }
            const id = `${event.metric}\u0000${key}`;
            const earlier = first.get(id);
            if (earlier === undefined) {
              first.set(id, snapshot(await fresh('u', event, key, totals)));
              continue;
            }
            const stateBefore = await storedState(engine, 'u');
            const readBefore = await engine.streak('u', { at: event.at, historyPeriods: 30 });
            const userBefore = await engine.user('u');
            const replay = await engine.record({ userId: 'u', ...event, idempotencyKey: key });
            // Compared in their JSON form, which is what every store keeps and the service sends: the
            // memory store's copy turns a value of -0 into 0 (not a difference in JSON; see the report).
            expect(wire(replay)).toEqual(wire({ ...earlier, replayed: true }));
            expect(await storedState(engine, 'u')).toEqual(stateBefore);
            expect(await engine.streak('u', { at: event.at, historyPeriods: 30 })).toEqual(readBefore);
            expect(await engine.user('u')).toEqual(userBefore);
            expect(userBefore!.totals).toEqual(totals);
          }
          // The same key on the other metric is a new event (unless already used there)...
          const last = Math.max(...timeline.map((e) => e.at));
          for (const id of [...first.keys()]) {
            const [metric, key] = id.split('\u0000') as [string, string];
            const other = metric === 'lessons' ? 'minutes' : 'lessons';
            if (first.has(`${other}\u0000${key}`)) continue;
            first.set(`${other}\u0000${key}`, await fresh('u', { metric: other, value: 1, at: last }, key, totals));
          }
          // ...and so is the same key for another user.
          const otherTotals: Record<string, number> = {};
          for (const id of first.keys()) {
            const [metric, key] = id.split('\u0000') as [string, string];
            await fresh('v', { metric, value: 2, at: last }, key, otherTotals);
          }
          expect((await engine.user('u'))!.totals).toEqual(totals);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('S20: folding events one by one through the engine, with reads in between (S10), equals replayEvents over the same events', async () => {
    const extrasArb = fc.array(
      fc.record({
        email: fc.option(fc.constantFrom('a@example.com', 'b@example.com'), { freq: 5, nil: undefined }),
        read: fc.option(
          fc.record({
            offset: fc.integer({ min: -40 * DAY, max: 800 * DAY }),
            periods: fc.integer({ min: 1, max: 60 }),
          }),
          { freq: 2 },
        ),
      }),
      { minLength: 40, maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(
        ruleArb(),
        timelineArb({ anyValues: true }),
        extrasArb,
        achievementsArb(),
        async (rule, timeline, extras, achievements) => {
          const engine = engineFor(rule, { achievements });
          const inputs: EventInput[] = [];
          for (const [i, event] of timeline.entries()) {
            const { email, read } = extras[i]!;
            await engine.record({ userId: 'u', ...event, ...(email !== undefined ? { email } : {}) });
            inputs.push({
              userId: 'u',
              metric: event.metric,
              value: event.value,
              at: event.at,
              tz: event.tz ?? null,
              email: email ?? null,
              // the engine without newId numbers events by the user's version
              eventId: deterministicId('event', 'u', i + 1),
              idempotencyKey: null,
            });
            if (read !== null) {
              const before = await storedState(engine, 'u');
              await engine.streak('u', {
                at: Math.max(Date.UTC(1971, 0, 1), event.at + read.offset),
                historyPeriods: read.periods,
              });
              expect(await storedState(engine, 'u')).toEqual(before);
            }
          }
          const replayed = replayEvents(inputs, { rules: engine.rules, achievements: engine.achievements });
          const folded = await storedState(engine, 'u');
          expect(folded.user).toEqual(replayed.user);
          const byPeriod = (x: HistoryEntry, y: HistoryEntry) => x.period - y.period;
          expect(folded.history).toEqual(replayed.history.filter((e) => e.streak === 'default').sort(byPeriod));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('S10: a read is the same when repeated, agrees with the next event, and changes nothing a later event sees', async () => {
    const readsArb = fc.array(
      fc.option(
        fc.record({
          offset: fc.oneof(laterArb, fc.integer({ min: -10 * DAY, max: 0 })),
          periods: fc.integer({ min: 1, max: 60 }),
        }),
        { freq: 2 },
      ),
      { minLength: 40, maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(ruleArb(), timelineArb(), readsArb, laterArb, async (rule, timeline, reads, finalDelay) => {
        const withReads = engineFor(rule);
        const without = engineFor(rule);
        let zone = rule.defaultTimeZone ?? 'UTC';
        for (const [i, event] of timeline.entries()) {
          const spec = reads[i];
          if (spec !== null && spec !== undefined) {
            const at = Math.max(Date.UTC(1971, 0, 1), event.at + spec.offset);
            const once = await withReads.streak('u', { at, historyPeriods: spec.periods });
            const twice = await withReads.streak('u', { at, historyPeriods: spec.periods });
            expect(twice).toEqual(once);
          }
          // The next event and a read at its instant settle the missed periods the same way: an
          // event that cannot extend (value 0, no zone change) answers what the read answered.
          const quiet = i > 0 && event.value === 0 && (event.tz === undefined || event.tz === zone);
          const readFirst = quiet ? await withReads.streak('u', { at: event.at }) : null;
          const a = await withReads.record({ userId: 'u', ...event });
          const b = await without.record({ userId: 'u', ...event });
          if (event.tz !== undefined) zone = event.tz;
          expect(a).toEqual(b);
          expect(await storedState(withReads, 'u')).toEqual(await storedState(without, 'u'));
          const { extended, ...answered } = a.currentStreak!;
          if (readFirst !== null) {
            expect(extended).toBe(false);
            expect(answered).toEqual(omit(readFirst, ['streakHistory', 'pauses']));
          }
          // A read at the event's instant shows what the event answered.
          expect(omit(await withReads.streak('u', { at: event.at }), ['streakHistory', 'pauses'])).toEqual(answered);
        }
        const end = Math.max(...timeline.map((e) => e.at)) + finalDelay;
        expect(await withReads.streak('u', { at: end, historyPeriods: 60 })).toEqual(
          await without.streak('u', { at: end, historyPeriods: 60 }),
        );
      }),
      { numRuns: RUNS },
    );
  });
  it('S4, S20: events recorded late, each on its own date, give the streaks and totals the same events give in instant order (one zone, values of 0 or more)', async () => {
    // Where this does not hold, by the rules: negative values (a rebuild judges a day by its sum,
    // S20), a late event from another zone (it never changes the user's zone, S4), and what is no
    // streak (the first-seen instant is the first recorded event's; an achievement a late event
    // completes is completed at that event's instant). The user's one zone may differ from the
    // rule's default: the first event's zone is then no move (S5) for late events before it, whose
    // smallest counterexample was New York by default, 1 minute at 21:37 UTC on 1 January recorded
    // after events of 0 at midnight UTC on the 3rd, all sent from UTC.
    const delaysArb = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 40, maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        ruleArb({ zones: ['UTC', 'Asia/Kolkata', 'America/New_York'] }),
        fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York'),
        timelineArb({ maxEvents: 25 }),
        delaysArb,
        fc.integer({ min: 0, max: 3 * DAY }),
        async (rule, zone, timeline, delays, finalDelay) => {
          const events = timeline.map((event) => ({ ...event, tz: zone }));
          const inOrder = engineFor(rule);
          for (const event of events) await inOrder.record({ userId: 'u', ...event });
          // each event recorded after those up to `delays[i]` places later than itself
          const late = engineFor(rule);
          const order = events.map((event, i) => ({ event, place: i + (delays[i] ?? 0), i }));
          order.sort((a, b) => a.place - b.place || a.i - b.i);
          for (const { event } of order) await late.record({ userId: 'u', ...event });
          const end = Math.max(...events.map((e) => e.at)) + finalDelay;
          expect(await late.streak('u', { at: end, historyPeriods: 60 })).toEqual(
            await inOrder.streak('u', { at: end, historyPeriods: 60 }),
          );
          expect((await late.user('u'))!.totals).toEqual((await inOrder.user('u'))!.totals);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
