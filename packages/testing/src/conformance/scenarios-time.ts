/**
 * The engine issue's time scenarios on a given store: DST days, the extreme zones, travel both ways,
 * week starts, month ends, and expires for met and unmet periods (S1..S5, S15).
 */
import { createEngine, type Store, type StreakRuleInput } from '@kindling/core';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);
const daily: StreakRuleInput = {
  key: 'default',
  frequency: 'daily',
  conditions: [{ metric: 'lessons', threshold: 1 }],
};

export function timeScenarioCases(store: () => Store): void {
  const engineWith = (rule: StreakRuleInput = daily) =>
    createEngine({ store: store(), streaks: [rule], metrics: ['lessons'], clock: () => 0 });
  const record = (engine: ReturnType<typeof engineWith>, userId: string, iso: string, tz?: string) =>
    engine.record({ userId, metric: 'lessons', value: 1, at: at(iso), ...(tz ? { tz } : {}) });

  it('keeps a daily streak over the spring-forward and fall-back days of New York and Sydney (S1)', async () => {
    const engine = engineWith();
    const ny = ['2026-03-08T03:30:00Z', '2026-03-09T03:30:00Z', '2026-03-10T03:30:00Z'];
    const lengths = [];
    for (const iso of ny) lengths.push((await record(engine, 'ny', iso, 'America/New_York')).currentStreak?.length);
    expect(lengths).toEqual([1, 2, 3]);
    const fall = await record(engine, 'ny2', '2026-11-02T04:30:00Z', 'America/New_York');
    expect(fall.currentStreak).toMatchObject({ periodStart: '2026-11-01', expiresAt: '2026-11-03T05:00:00.000Z' });
    const syd = await record(engine, 'syd', '2026-10-03T13:59:00Z', 'Australia/Sydney');
    expect(syd.currentStreak).toMatchObject({ periodStart: '2026-10-03', expiresAt: '2026-10-04T13:00:00.000Z' });
    expect((await record(engine, 'syd', '2026-10-04T12:59:00Z')).currentStreak).toMatchObject({
      length: 2,
      periodStart: '2026-10-04',
    });
  });

  it('places one instant on different dates at UTC-12 and UTC+14 (S1)', async () => {
    const engine = engineWith();
    expect((await record(engine, 'w', '2026-07-01T11:00:00Z', 'Etc/GMT+12')).currentStreak?.periodStart).toBe(
      '2026-06-30',
    );
    expect((await record(engine, 'e', '2026-07-01T11:00:00Z', 'Pacific/Kiritimati')).currentStreak?.periodStart).toBe(
      '2026-07-02',
    );
  });

  it('flies Tokyo to Los Angeles onto a repeated date without going back (S4)', async () => {
    const engine = engineWith();
    await record(engine, 'u', '2026-03-10T14:30:00Z', 'Asia/Tokyo');
    const landed = await record(engine, 'u', '2026-03-11T00:30:00Z', 'America/Los_Angeles');
    expect(landed.currentStreak).toMatchObject({ length: 1, periodStart: '2026-03-10', extended: false });
    expect((await record(engine, 'u', '2026-03-11T17:00:00Z')).currentStreak).toMatchObject({
      length: 2,
      periodStart: '2026-03-11',
    });
  });

  it('runs weeks from Monday or Sunday as the rule says (S3)', async () => {
    const monday = engineWith({
      key: 'default',
      frequency: 'weekly',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    expect((await record(monday, 'mon', '2026-11-22T12:00:00Z')).currentStreak).toMatchObject({
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      expires: '2026-11-29',
    });
    const sunday = engineWith({
      key: 'default',
      frequency: 'weekly',
      weekStart: 'sunday',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    expect((await record(sunday, 'sun', '2026-11-22T12:00:00Z')).currentStreak).toMatchObject({
      periodStart: '2026-11-22',
      periodEnd: '2026-11-28',
      expires: '2026-12-05',
    });
  });

  it('carries a monthly streak from January 31 to February 1 of a leap year (S3)', async () => {
    const engine = engineWith({
      key: 'default',
      frequency: 'monthly',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    await record(engine, 'u', '2024-01-31T23:00:00Z');
    expect((await record(engine, 'u', '2024-02-01T00:30:00Z')).currentStreak).toMatchObject({
      length: 2,
      periodEnd: '2024-02-29',
      expires: '2024-03-31',
    });
  });

  it('shows expires at the end of the next period once met, and of the current one while unmet (S15)', async () => {
    const engine = engineWith({
      key: 'default',
      frequency: 'daily',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    expect((await record(engine, 'u', '2026-09-10T12:00:00Z', 'UTC')).currentStreak).toMatchObject({
      expires: '2026-09-11',
    });
    expect(await engine.streak('u', { at: at('2026-09-11T12:00:00Z') })).toMatchObject({
      length: 1,
      met: false,
      expires: '2026-09-11',
    });
  });
}
