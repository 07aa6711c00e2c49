import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type Store, type StreakRuleInput } from '@kindling/core';
import { countedRollups } from './day-start-eras.js';
import type { Rollup } from './state.js';

const rule = (dayStartsAt: string): StreakRuleInput => ({
  key: 'default',
  frequency: 'daily',
  dayStartsAt,
  conditions: [{ metric: 'lessons', threshold: 1 }],
});
const engineOn = (store: Store, streak: StreakRuleInput) =>
  createEngine({ store, streaks: [streak], metrics: ['lessons'], clock: () => 0 });
const at = (iso: string) => Date.parse(iso);
const row = (dayStart: number, day: number, version: number): Rollup => ({
  metric: 'lessons',
  dayStart,
  day,
  value: 1,
  lastAt: 0,
  version,
});

describe('day start eras (S2, S20)', () => {
  it('keeps the day of sums counted under an earlier day start, placed before the user zone their first event set', async () => {
    const store = memoryStore();
    // 00:00 UTC on Jan 1 counts on Dec 31 under a 03:30 day start; the event also sets the user's zone
    await engineOn(store, rule('03:30')).record({
      userId: 'u',
      metric: 'lessons',
      value: 0,
      at: at('2024-01-01T00:00:00Z'),
      tz: 'UTC',
    });
    const midnight = engineOn(store, rule('00:00'));
    await midnight.record({
      userId: 'u',
      metric: 'lessons',
      value: 0,
      at: at('2024-01-01T00:00:00Z'),
      tz: 'Etc/GMT+12',
    });
    const kept = await store.load('u');
    expect(kept?.streaks.default?.day).toBe(Date.UTC(2023, 11, 31) / 86_400_000);
    await midnight.rebuild('u', { at: 0 });
    expect((await store.load('u'))?.streaks.default).toEqual(kept?.streaks.default);
  });

  it('keeps the days counted before the day start moved when the owner changes the rules again later', async () => {
    const store = memoryStore();
    const early = engineOn(store, rule('04:00'));
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03'])
      await early.record({ userId: 'u', metric: 'lessons', value: 1, at: at(`${day}T12:00:00Z`) });
    const midnight = engineOn(store, rule('00:00'));
    for (const day of ['2026-03-04', '2026-03-05'])
      await midnight.record({ userId: 'u', metric: 'lessons', value: 1, at: at(`${day}T12:00:00Z`) });
    // Any later change of the rules rebuilds every user from the journal, as this call does.
    await midnight.rebuild('u', { at: at('2026-03-05T13:00:00Z') });
    const read = await midnight.streak('u', { at: at('2026-03-05T13:00:00Z'), historyPeriods: 5 });
    expect(read.length).toBe(5);
    expect(read.streakHistory.map((p) => p.length)).toEqual([1, 2, 3, 4, 5]);
    expect((await store.load('u'))?.totals).toEqual({ lessons: 5 });
  });

  it('takes each event once when the day start moves away and back', () => {
    const eras = [
      { from: 1, starts: [0] },
      { from: 3, starts: [240] },
      { from: 5, starts: [0] },
    ];
    const rows = [row(0, 10, 1), row(0, 11, 2), row(240, 12, 3), row(240, 13, 4), row(0, 14, 5)];
    expect(countedRollups(rows, eras, 0).map((r) => r.day)).toEqual([10, 11, 12, 13, 14]);
    expect(countedRollups(rows, eras, 240).map((r) => r.day)).toEqual([10, 11, 12, 13, 14]);
    expect(countedRollups(rows, eras, null).map((r) => r.day)).toEqual([10, 11, 12, 13, 14]);
  });

  it("prefers a rule's own day start where two rules summed the same events under different ones", () => {
    const eras = [{ from: 1, starts: [0, 240] }];
    const rows = [row(0, 10, 1), row(240, 9, 1), row(0, 11, 2), row(240, 11, 2)];
    expect(countedRollups(rows, eras, 240).map((r) => [r.dayStart, r.day])).toEqual([
      [240, 9],
      [240, 11],
    ]);
    expect(countedRollups(rows, eras, null).map((r) => r.dayStart)).toEqual([0, 0]);
  });

  it('reads rows kept before eras were recorded as it always did: its own day start if any row has it, else the first', () => {
    const legacy = [row(240, 10, 1), row(240, 11, 2)];
    const later = [row(0, 12, 3)];
    const eras = [{ from: 3, starts: [0] }];
    expect(countedRollups([...legacy, ...later], eras, 0).map((r) => r.day)).toEqual([10, 11, 12]);
    expect(countedRollups([row(0, 10, 1), row(240, 10, 1)], undefined, 240).map((r) => r.dayStart)).toEqual([240]);
  });
});
