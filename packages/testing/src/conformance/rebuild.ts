/**
 * Rebuild on a given store (S20): recomputing from the journal gives back what events kept, and
 * after a rule change every user follows the new rule.
 */
import fc from 'fast-check';
import { createEngine, DAY_MS, formatDay, memoryStore, type Store, type StreakRuleInput } from '@kindling/core';
import type { HistoryEntry } from '@kindling/core/adapter';
import { expect, it } from 'vitest';
import { achievementsArb, ruleArb, timelineArb } from '../arbitraries.js';

const METRICS = ['lessons', 'minutes'];
const byPeriod = (a: HistoryEntry, b: HistoryEntry) => a.streak.localeCompare(b.streak) || a.period - b.period;

async function everything(store: Store, userId: string, keys: string[]) {
  const user = await store.load(userId);
  const history = (await Promise.all(keys.map((key) => store.history(userId, key, -1e7, 1e7)))).flat().sort(byPeriod);
  return { user: user === null ? null : { ...user, version: 0 }, history };
}

/** One lesson a day, then (the rule changed) two a week from Sunday. */
const DAILY: StreakRuleInput = {
  key: 'default',
  frequency: 'daily',
  conditions: [{ metric: 'lessons', threshold: 1 }],
};
const WEEKLY: StreakRuleInput = {
  key: 'default',
  frequency: 'weekly',
  weekStart: 'sunday',
  conditions: [{ metric: 'lessons', threshold: 2 }],
};

/**
 * An engine under the daily rule on `shared`, and a reference that records the same events under the
 * weekly rule from the start, on a memory store of its own.
 */
function dailyThenWeekly(shared: Store) {
  return {
    before: createEngine({ store: shared, streaks: [DAILY], metrics: METRICS, clock: () => 0 }),
    reference: createEngine({ store: memoryStore(), streaks: [WEEKLY], metrics: METRICS, clock: () => 0 }),
  };
}

export function rebuildCases(store: () => Store, runs: number): void {
  it('S4, S20: late events stand on their own days in the store’s journal: the streak is a memory store’s, and a rebuild gives it again', async () => {
    const rule: StreakRuleInput = { ...DAILY, freezes: { initial: 1 } };
    const on = createEngine({ store: store(), streaks: [rule], metrics: METRICS, clock: () => 0 });
    const reference = createEngine({ store: memoryStore(), streaks: [rule], metrics: METRICS, clock: () => 0 });
    const at = (day: number, hour = 12) => Date.UTC(2026, 4, day, hour);
    // later days first, then the days between, a day's sum closed and opened again
    const instants = [at(1), at(4), at(2), at(4, 15), at(3), at(6), at(5, 9), at(6, 18), at(5, 20), at(2, 8)];
    for (const instant of instants) {
      const event = { userId: 'late', metric: 'lessons', value: 1, at: instant, tz: 'UTC' };
      expect(await on.record(event)).toEqual(await reference.record(event));
    }
    const read = { at: at(7), historyPeriods: 10 };
    const expected = await reference.streak('late', read);
    expect(expected.length).toBe(6);
    expect(await on.streak('late', read)).toEqual(expected);
    await on.rebuild('late');
    expect(await on.streak('late', read)).toEqual(expected);
    expect((await on.user('late'))?.totals).toEqual({ lessons: instants.length });
  });

  it('S20: a rebuild from the journal equals the state kept event by event, owner actions included', async () => {
    await fc.assert(
      fc.asyncProperty(
        ruleArb({ metrics: METRICS }),
        timelineArb({ metrics: METRICS, maxEvents: 25 }),
        fc.integer({ min: 0, max: 3 }),
        async (rule, timeline, grants) => {
          const userId = `u-${Math.random().toString(36).slice(2)}`;
          const engine = createEngine({ store: store(), streaks: [rule], metrics: METRICS, clock: () => 0 });
          for (const [i, event] of timeline.entries()) {
            await engine.record({ userId, ...event });
            if (rule.freezes && i < grants) await engine.grantFreezes(userId, 1, { at: event.at });
            if (i === Math.floor(timeline.length / 2)) await engine.restore(userId, { at: event.at });
            if (i === 1) {
              // Two days after the UTC date is never before the user's local date, whatever the zone.
              const start = formatDay(Math.floor(event.at / DAY_MS) + 2);
              const pause = await engine.pause(userId, {
                start,
                end: formatDay(Math.floor(event.at / DAY_MS) + 4),
                at: event.at,
              });
              const later = timeline[5]?.at;
              const pending =
                later !== undefined &&
                (await engine.streak(userId, { at: later })).pauses.some((p) => p.id === pause.id);
              if (pending) await engine.unpause(userId, pause.id, { at: later });
            }
          }
          const kept = await everything(engine.store, userId, ['default']);
          await engine.rebuild(userId, { at: timeline[timeline.length - 1]!.at });
          const rebuilt = await everything(engine.store, userId, ['default']);
          expect(rebuilt).toEqual(kept);
        },
      ),
      { numRuns: runs },
    );
  });

  it('S6/S20: a day met by +1 and lowered by −1 stays met through rebuildAll and a new achievement', async () => {
    const shared = store();
    const userId = `u-${Math.random().toString(36).slice(2)}`;
    const engine = createEngine({ store: shared, streaks: [DAILY], metrics: METRICS, clock: () => 0 });
    for (const day of ['2026-01-04', '2026-01-05']) {
      await engine.record({ userId, metric: 'lessons', value: 1, at: Date.parse(`${day}T10:00:00Z`), tz: 'UTC' });
      await engine.record({ userId, metric: 'lessons', value: -1, at: Date.parse(`${day}T11:00:00Z`), tz: 'UTC' });
    }
    const at = Date.parse('2026-01-05T12:00:00Z');
    expect((await engine.streak(userId, { at })).length).toBe(2);
    await engine.rebuildAll({ at });
    expect((await engine.streak(userId, { at })).length).toBe(2);
    const withAchievement = createEngine({
      store: shared,
      streaks: [DAILY],
      achievements: [{ key: 'ten', name: 'Ten', trigger: 'metric', metric: 'lessons', threshold: 10 }],
      metrics: METRICS,
      clock: () => at,
    });
    expect((await withAchievement.streak(userId, { at })).length).toBe(2);
  });

  it('S6/S20: with the streak rules as they were, rebuildAll and a change of achievements alone leave every streak as events kept it, negative values included', async () => {
    // A day's journal is its sum: a period met and then lowered the same day (S6) is judged by that
    // sum when rebuilt, so nothing may rebuild the streaks of a state made under the rules in force.
    await fc.assert(
      fc.asyncProperty(
        ruleArb({ metrics: METRICS }),
        timelineArb({ metrics: METRICS, maxEvents: 25, anyValues: true }),
        achievementsArb(METRICS),
        async (rule, timeline, achievements) => {
          const userId = `u-${Math.random().toString(36).slice(2)}`;
          const shared = store();
          const engine = createEngine({ store: shared, streaks: [rule], metrics: METRICS, clock: () => 0 });
          for (const event of timeline) await engine.record({ userId, ...event });
          const kept = await everything(shared, userId, ['default']);
          const at = timeline[timeline.length - 1]!.at;

          await engine.rebuildAll({ at });
          expect(await everything(shared, userId, ['default'])).toEqual(kept);

          const withAchievements = createEngine({
            store: shared,
            streaks: [rule],
            achievements,
            metrics: METRICS,
            clock: () => at,
          });
          await withAchievements.rebuildAll({ at });
          const after = await everything(shared, userId, ['default']);
          expect(after.history).toEqual(kept.history);
          expect(after.user?.streaks).toEqual(kept.user?.streaks);
          expect(after.user?.totals).toEqual(kept.user?.totals);
        },
      ),
      { numRuns: runs },
    );
  });

  it('S10/S20: a rebuild equals the state kept when sweeps and restores that find nothing settled it between events, zone changes included', async () => {
    await fc.assert(
      fc.asyncProperty(
        ruleArb({ metrics: METRICS }),
        timelineArb({ metrics: METRICS, maxEvents: 20 }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('settle', 'restore')), {
          maxLength: 20,
        }),
        async (rule, timeline, between) => {
          const userId = `u-${Math.random().toString(36).slice(2)}`;
          const engine = createEngine({ store: store(), streaks: [rule], metrics: METRICS, clock: () => 0 });
          for (const [i, event] of timeline.entries()) {
            await engine.record({ userId, ...event });
            const next = timeline[i + 1];
            const [fraction, kind] = between[i] ?? [0, 'none'];
            if (next === undefined || kind === 'none') continue;
            // somewhere between this event and the next, where the streak may have moved on
            const at = event.at + Math.floor((next.at - event.at) * fraction);
            if (kind === 'settle') await engine.settle(userId, { at });
            else await engine.restore(userId, { at });
          }
          const kept = await everything(engine.store, userId, ['default']);
          await engine.rebuild(userId, { at: timeline[timeline.length - 1]!.at });
          expect(await everything(engine.store, userId, ['default'])).toEqual(kept);
        },
      ),
      { numRuns: runs },
    );
  });

  it('S10/S20: a sweep before a move from London to Kiritimati: the rebuild counts the periods the sweep settled as the event did', async () => {
    const rule: StreakRuleInput = {
      key: 'default',
      frequency: 'daily',
      conditions: [{ metric: 'lessons', threshold: 1 }],
      freezes: { initial: 2, max: 5 },
    };
    for (const between of ['settle', 'restore'] as const) {
      const userId = `u-${Math.random().toString(36).slice(2)}`;
      const engine = createEngine({ store: store(), streaks: [rule], metrics: METRICS, clock: () => 0 });
      await engine.record({
        userId,
        metric: 'lessons',
        value: 1,
        at: Date.parse('2024-01-06T21:27:00Z'),
        tz: 'Europe/London',
      });
      // 2024-01-07 went by unmet in London: the sweep spends a freeze on it
      if (between === 'settle') await engine.settle(userId, { at: Date.parse('2024-01-08T23:17:00Z') });
      else await engine.restore(userId, { at: Date.parse('2024-01-08T23:17:00Z') });
      const last = Date.parse('2024-01-10T04:54:00Z');
      await engine.record({ userId, metric: 'lessons', value: 1, at: last, tz: 'Pacific/Kiritimati' });
      const kept = await everything(engine.store, userId, ['default']);
      await engine.rebuild(userId, { at: last });
      expect(await everything(engine.store, userId, ['default'])).toEqual(kept);
    }
  });

  it('S2/S20: after the day start moved and moved back, a rebuild keeps every day and every total the events were counted with', async () => {
    const rule = (dayStartsAt: string): StreakRuleInput => ({
      key: 'default',
      frequency: 'daily',
      dayStartsAt,
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    const shared = store();
    const userId = `u-${Math.random().toString(36).slice(2)}`;
    const eras = ['04:00', '00:00', '04:00'].map((dayStartsAt) =>
      createEngine({ store: shared, streaks: [rule(dayStartsAt)], metrics: METRICS, clock: () => 0 }),
    );
    // Seven days in a row, the sums of each era kept under its own day start.
    for (let i = 0; i < 7; i++)
      await eras[Math.floor(i / 3)]!.record({
        userId,
        metric: 'lessons',
        value: 1,
        at: Date.parse(`2026-03-0${i + 2}T10:00:00Z`),
        tz: 'Europe/Paris',
      });
    const last = eras[2]!;
    const kept = await everything(shared, userId, ['default']);
    await last.rebuild(userId, { at: Date.parse('2026-03-08T12:00:00Z') });
    expect(await everything(shared, userId, ['default'])).toEqual(kept);
    expect(kept.user?.totals).toEqual({ lessons: 7 });
    expect(kept.history.map((entry) => entry.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('makes every user follow a changed rule after rebuildAll, with progress reported', async () => {
    const shared = store();
    const { before, reference } = dailyThenWeekly(shared);
    const days = ['2026-01-04', '2026-01-05', '2026-01-12', '2026-01-13', '2026-01-14', '2026-01-19', '2026-01-25'];
    for (const userId of ['ann', 'bob', 'cid']) {
      for (const [i, day] of days.entries()) {
        if (userId === 'bob' && i % 2 === 1) continue;
        const event = { userId, metric: 'lessons', value: 1, at: Date.parse(`${day}T10:00:00Z`), tz: 'Europe/Paris' };
        await before.record(event);
        await reference.record(event);
      }
    }
    const after = createEngine({
      store: shared,
      streaks: [WEEKLY],
      metrics: METRICS,
      clock: () => Date.parse('2026-01-25T12:00:00Z'),
    });
    const progress: number[] = [];
    const done = await after.rebuildAll({ onProgress: ({ done: count, total }) => progress.push(count / total) });
    expect(done.users).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toBe(1);
    for (const userId of ['ann', 'bob', 'cid']) {
      expect(await after.streak(userId, { historyPeriods: 6 })).toEqual(
        await reference.streak(userId, { at: Date.parse('2026-01-25T12:00:00Z'), historyPeriods: 6 }),
      );
    }
  });

  it('keeps the rules fingerprint with the state, so that a user kept under a changed rule answers as the new rule says without rebuildAll', async () => {
    const shared = store();
    const { before, reference } = dailyThenWeekly(shared);
    const userId = `u-${Math.random().toString(36).slice(2)}`;
    for (const day of ['2026-01-04', '2026-01-05', '2026-01-12', '2026-01-13', '2026-01-14', '2026-01-19']) {
      const event = { userId, metric: 'lessons', value: 1, at: Date.parse(`${day}T10:00:00Z`), tz: 'Europe/Paris' };
      await before.record(event);
      await reference.record(event);
    }
    expect((await shared.load(userId))?.rulesFingerprint).toBe(before.rulesFingerprint);
    const after = createEngine({ store: shared, streaks: [WEEKLY], metrics: METRICS, clock: () => 0 });
    const at = Date.parse('2026-01-25T12:00:00Z');
    expect(await after.streak(userId, { at, historyPeriods: 6 })).toEqual(
      await reference.streak(userId, { at, historyPeriods: 6 }),
    );
    const event = { userId, metric: 'lessons', value: 2, at, tz: 'Europe/Paris' };
    const { eventId: _a, ...got } = await after.record(event);
    const { eventId: _b, ...expected } = await reference.record(event);
    expect(got).toEqual(expected);
    expect((await shared.load(userId))?.rulesFingerprint).toBe(after.rulesFingerprint);
    expect(await everything(shared, userId, ['default'])).toEqual(
      await everything(reference.store, userId, ['default']),
    );
  });
}
