/**
 * The engine's scenarios (S1..S22) on a given store: the same answers whatever holds the state.
 */
import { createEngine, type Store, type StreakRuleInput } from '@kindling/core';
import { expect, it } from 'vitest';

const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);
const daily: StreakRuleInput = {
  key: 'default',
  frequency: 'daily',
  conditions: [{ metric: 'lessons', threshold: 1 }],
  freezes: { initial: 1, max: 2 },
};

export function scenarioCases(store: () => Store): void {
  const engineWith = (rule: StreakRuleInput = daily) =>
    createEngine({
      store: store(),
      streaks: [rule],
      metrics: ['lessons', 'minutes'],
      achievements: [{ key: 'three', name: 'Three', trigger: 'streak', length: 3 }],
      clock: () => 0,
    });

  it('extends a daily streak, spends a freeze on a missed day, and loses it when none is left (S8, S11)', async () => {
    const engine = engineWith();
    const lengths: number[] = [];
    for (const day of ['2026-04-01', '2026-04-02', '2026-04-04', '2026-04-07']) {
      lengths.push(
        (await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon(day), tz: 'UTC' })).currentStreak
          ?.length ?? -1,
      );
    }
    expect(lengths).toEqual([1, 2, 3, 1]);
    const read = await engine.streak('u', { at: noon('2026-04-07'), historyPeriods: 7 });
    expect(read.streakHistory.map((p) => [p.length, p.usedFreeze])).toEqual([
      [1, false],
      [2, false],
      [2, true],
      [3, false],
      [0, false],
      [0, false],
      [1, false],
    ]);
    expect(read).toMatchObject({ length: 1, longest: 3, freezes: 0 });
  });

  it('does not count the date skipped by flying from Los Angeles to Tokyo (S5)', async () => {
    const engine = engineWith({ ...daily, freezes: undefined });
    await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: Date.parse('2026-03-11T04:00:00Z'),
      tz: 'America/Los_Angeles',
    });
    const landed = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: Date.parse('2026-03-11T15:30:00Z'),
      tz: 'Asia/Tokyo',
    });
    expect(landed.currentStreak).toMatchObject({ length: 2, periodStart: '2026-03-12', extended: true });
  });

  it('lets a pause spare a freeze, and restores a lost streak inside its window only (S11, S13, S14)', async () => {
    const engine = engineWith();
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-05-01'), tz: 'UTC' });
    await engine.pause('u', { start: '2026-05-02', end: '2026-05-02', at: noon('2026-05-01') });
    const after = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-05-03') });
    expect(after.changes.map((c) => c.type)).toEqual(['pause.used', 'streak.extended']);
    expect(after.currentStreak).toMatchObject({ length: 2, freezes: 1 });
    await engine.grantFreezes('u', 1, { at: noon('2026-05-03') });
    expect((await engine.streak('u', { at: noon('2026-05-03') })).freezes).toBe(2);
    // Two freezes cover the 4th and 5th; the 6th loses it; on the 7th it can still be restored, not after.
    expect(await engine.restore('u', { at: noon('2026-05-08') })).toMatchObject({
      restored: false,
      reason: 'window-passed',
    });
    expect((await engine.streak('u', { at: noon('2026-05-08') })).length).toBe(0);
  });

  it('keeps idempotency per user and metric, and completes an achievement once (S18, S22)', async () => {
    const engine = engineWith();
    const first = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: noon('2026-06-01'),
      idempotencyKey: 'k',
    });
    const again = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: noon('2026-06-02'),
      idempotencyKey: 'k',
    });
    expect(again).toEqual({ ...first, replayed: true });
    const done: string[] = [];
    for (const day of ['2026-06-02', '2026-06-03', '2026-06-04']) {
      done.push(
        ...(await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon(day) })).achievements.map(
          (a) => a.key,
        ),
      );
    }
    expect(done).toEqual(['three']);
    expect((await engine.user('u'))?.totals).toEqual({ lessons: 4 });
  });

  it('runs weekly streaks from Sunday and monthly ones through February 29 (S3)', async () => {
    const weekly = engineWith({
      key: 'default',
      frequency: 'weekly',
      weekStart: 'sunday',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    await weekly.record({ userId: 'w', metric: 'lessons', value: 1, at: noon('2026-11-21') });
    expect(
      (await weekly.record({ userId: 'w', metric: 'lessons', value: 1, at: noon('2026-11-22') })).currentStreak,
    ).toMatchObject({ length: 2, periodStart: '2026-11-22' });
    const monthly = engineWith({
      key: 'default',
      frequency: 'monthly',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    await monthly.record({ userId: 'm', metric: 'lessons', value: 1, at: noon('2024-01-31') });
    expect(
      (await monthly.record({ userId: 'm', metric: 'lessons', value: 1, at: noon('2024-02-29') })).currentStreak,
    ).toMatchObject({ length: 2, periodEnd: '2024-02-29' });
  });
}
