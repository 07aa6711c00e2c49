/**
 * A rule changed after a year of events (S20): `engine.rebuild` under the new rule gives exactly
 * what recording the same events from scratch under it gives — state, held periods and
 * `extendedAt`. The last months are too thin to meet the new thresholds, so the period that last
 * extended the streak lies months back: a store that kept the instants of recent days only cannot
 * pass.
 */
import { createEngine, DAY_MS, memoryStore, type Store, type StreakRuleInput } from '@kindling/core';
import type { HistoryEntry } from '@kindling/core/adapter';
import { expect, it } from 'vitest';

const METRICS = ['lessons', 'minutes'];
const daily: StreakRuleInput = {
  key: 'default',
  frequency: 'daily',
  conditions: [{ metric: 'lessons', threshold: 1 }],
};
const monthly: StreakRuleInput = {
  key: 'default',
  frequency: 'monthly',
  conditions: [{ metric: 'lessons', threshold: 40 }],
};
const weekly: StreakRuleInput = {
  key: 'default',
  frequency: 'weekly',
  weekStart: 'monday',
  conditions: [{ metric: 'lessons', threshold: 9 }],
};

const FIRST_DAY = Date.UTC(2025, 0, 1) / DAY_MS;
/** from this day on (2025-10-01) the user only does a lesson every other day */
const THIN_FROM = Date.UTC(2025, 9, 1) / DAY_MS;

/** A year of events at irregular instants: two lessons a day (minutes too) until October, then one every other day. */
function yearOfEvents(): Array<{ metric: string; value: number; at: number; tz: string }> {
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const events: Array<{ metric: string; value: number; at: number; tz: string }> = [];
  for (let day = FIRST_DAY; day < FIRST_DAY + 365; day++) {
    if (day >= THIN_FROM && (day - THIN_FROM) % 2 === 1) continue;
    const lessons = day >= THIN_FROM ? 1 : 2;
    for (let k = 0; k < lessons; k++) {
      events.push({
        metric: 'lessons',
        value: 1,
        at: day * DAY_MS + 6 * 3_600_000 + Math.floor(next() * 7 * 3_600_000) + k * 7 * 3_600_000,
        tz: 'Europe/Paris',
      });
    }
    events.push({
      metric: 'minutes',
      value: 5 + Math.floor(next() * 40),
      at: day * DAY_MS + 8 * 3_600_000 + Math.floor(next() * 10 * 3_600_000),
      tz: 'Europe/Paris',
    });
  }
  return events;
}

const byPeriod = (a: HistoryEntry, b: HistoryEntry) => a.period - b.period;

async function everything(store: Store, userId: string) {
  const user = await store.load(userId);
  return {
    user: user === null ? null : { ...user, version: 0 },
    history: (await store.history(userId, 'default', -1e7, 1e7)).sort(byPeriod),
  };
}

export function ruleChangeCases(store: () => Store): void {
  const events = yearOfEvents();
  const end = (events.at(-1)?.at ?? 0) + 3_600_000;

  for (const [name, rule] of [
    ['monthly', monthly],
    ['weekly', weekly],
  ] as const) {
    it(`S20: after a year under a daily rule, a rebuild under a ${name} rule equals recording the same events under it from scratch`, async () => {
      const shared = store();
      const before = createEngine({ store: shared, streaks: [daily], metrics: METRICS, clock: () => end });
      const reference = createEngine({ store: memoryStore(), streaks: [rule], metrics: METRICS, clock: () => end });
      for (const event of events) {
        await before.record({ userId: 'u', ...event });
        await reference.record({ userId: 'u', ...event });
      }
      const after = createEngine({ store: shared, streaks: [rule], metrics: METRICS, clock: () => end });
      await after.rebuild('u', { at: end });
      const rebuilt = await everything(shared, 'u');
      const expected = await everything(reference.store, 'u');
      expect(rebuilt).toEqual(expected);
      // The streak last extended before October: its instant is months older than the last events.
      const extendedAt = rebuilt.user?.streaks.default?.extendedAt ?? null;
      expect(extendedAt).toBe(expected.user?.streaks.default?.extendedAt);
      expect(extendedAt).not.toBeNull();
      expect(extendedAt as number).toBeLessThan(THIN_FROM * DAY_MS);
    });
  }
}
