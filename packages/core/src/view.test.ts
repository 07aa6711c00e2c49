import { describe, expect, it } from 'vitest';
import { createEngine, InvalidInputError, memoryStore, type StreakRuleInput } from '@kindling/core';

const at = (iso: string) => Date.parse(iso);
const noon = (day: string) => at(`${day}T12:00:00Z`);

function engineWith(rule: Partial<StreakRuleInput> = {}) {
  return createEngine({
    store: memoryStore(),
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 2 }], ...rule }],
    clock: () => noon('2026-09-10'),
  });
}

describe('expires (S15)', () => {
  it('is the end of the next period once the current one is met', async () => {
    const engine = engineWith();
    const result = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 2,
      at: noon('2026-09-10'),
      tz: 'Asia/Tokyo',
    });
    expect(result.currentStreak).toMatchObject({
      length: 1,
      expires: '2026-09-11',
      expiresAt: '2026-09-11T15:00:00.000Z',
    });
  });

  it('is the end of the current period while it is not yet met', async () => {
    const engine = engineWith();
    await engine.record({ userId: 'u', metric: 'lessons', value: 2, at: noon('2026-09-10'), tz: 'UTC' });
    const read = await engine.streak('u', { at: noon('2026-09-11') });
    expect(read).toMatchObject({
      length: 1,
      met: false,
      periodStart: '2026-09-11',
      expires: '2026-09-11',
      expiresAt: '2026-09-12T00:00:00.000Z',
    });
    const partial = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-09-11') });
    expect(partial.currentStreak).toMatchObject({ extended: false, expires: '2026-09-11' });
  });

  it('is null, as is started, for a streak of length 0', async () => {
    const engine = engineWith();
    const result = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-09-10') });
    expect(result.currentStreak).toMatchObject({
      length: 0,
      started: null,
      expires: null,
      expiresAt: null,
      periodStart: '2026-09-10',
    });
  });

  it('moves past the periods a pause covers', async () => {
    const engine = engineWith();
    await engine.record({ userId: 'u', metric: 'lessons', value: 2, at: noon('2026-09-10'), tz: 'UTC' });
    await engine.pause('u', { start: '2026-09-11', end: '2026-09-13', at: noon('2026-09-10') });
    expect((await engine.streak('u', { at: noon('2026-09-10') })).expires).toBe('2026-09-14');
  });

  it('ends a weekly streak’s expiry at the end of the following week, with the day start applied', async () => {
    const engine = engineWith({ frequency: 'weekly', dayStartsAt: '03:00' });
    const result = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 2,
      at: noon('2026-09-10'),
      tz: 'Europe/Paris',
    }); // Thursday
    expect(result.currentStreak).toMatchObject({
      periodStart: '2026-09-07',
      periodEnd: '2026-09-13',
      expires: '2026-09-20',
      expiresAt: '2026-09-21T01:00:00.000Z',
    });
  });
});

describe('history (S16, S17)', () => {
  it('returns the N most recent periods, oldest first, with no gaps and 0 for periods not held', async () => {
    const engine = engineWith();
    for (const day of ['2026-09-01', '2026-09-02', '2026-09-04']) {
      await engine.record({ userId: 'u', metric: 'lessons', value: 2, at: noon(day), tz: 'UTC' });
    }
    const read = await engine.streak('u', { at: noon('2026-09-05'), historyPeriods: 6 });
    expect(read.streakHistory).toEqual([
      { periodStart: '2026-08-31', periodEnd: '2026-08-31', length: 0, usedFreeze: false, usedPause: false },
      { periodStart: '2026-09-01', periodEnd: '2026-09-01', length: 1, usedFreeze: false, usedPause: false },
      { periodStart: '2026-09-02', periodEnd: '2026-09-02', length: 2, usedFreeze: false, usedPause: false },
      { periodStart: '2026-09-03', periodEnd: '2026-09-03', length: 0, usedFreeze: false, usedPause: false },
      { periodStart: '2026-09-04', periodEnd: '2026-09-04', length: 1, usedFreeze: false, usedPause: false },
      { periodStart: '2026-09-05', periodEnd: '2026-09-05', length: 0, usedFreeze: false, usedPause: false },
    ]);
    expect(read).toMatchObject({ length: 1, longest: 2 });
  });

  it('shows the current period’s length only once it is met', async () => {
    const engine = engineWith();
    await engine.record({ userId: 'u', metric: 'lessons', value: 2, at: noon('2026-09-04'), tz: 'UTC' });
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-09-05') });
    const unmet = await engine.streak('u', { at: noon('2026-09-05'), historyPeriods: 2 });
    expect(unmet.streakHistory.map((p) => p.length)).toEqual([1, 0]);
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-09-05') });
    const met = await engine.streak('u', { at: noon('2026-09-05'), historyPeriods: 2 });
    expect(met.streakHistory.map((p) => p.length)).toEqual([1, 2]);
  });

  it('defaults to 7 periods and accepts 1 and 366', async () => {
    const engine = engineWith({ frequency: 'monthly' });
    await engine.record({ userId: 'u', metric: 'lessons', value: 2, at: noon('2026-09-04') });
    expect((await engine.streak('u')).streakHistory).toHaveLength(7);
    expect((await engine.streak('u', { historyPeriods: 1 })).streakHistory).toHaveLength(1);
    const long = await engine.streak('u', { historyPeriods: 366 });
    expect(long.streakHistory).toHaveLength(366);
    expect(long.streakHistory[0]?.periodStart).toBe('1996-04-01');
  });

  it.each([0, 367, -1, 2.5, Number.NaN])('rejects historyPeriods %s with a clear error', async (historyPeriods) => {
    const engine = engineWith();
    await expect(engine.streak('u', { historyPeriods })).rejects.toThrow(InvalidInputError);
    await expect(engine.streak('u', { historyPeriods })).rejects.toThrow(
      /historyPeriods must be a whole number from 1 to 366/,
    );
  });

  it('reads an unknown user as a streak of length 0 in the rule’s default zone', async () => {
    const engine = engineWith({ defaultTimeZone: 'Pacific/Kiritimati' });
    const read = await engine.streak('nobody', { at: at('2026-09-10T11:00:00Z'), historyPeriods: 2 });
    expect(read).toMatchObject({ length: 0, longest: 0, periodStart: '2026-09-11', started: null, expires: null });
    expect(read.streakHistory.map((p) => p.length)).toEqual([0, 0]);
  });
});
