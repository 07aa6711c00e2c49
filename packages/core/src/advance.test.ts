import { describe, expect, it } from 'vitest';
import { dailyEngine, extendOn, noon } from '../test/example-helpers.js';

const engineWith = dailyEngine;

describe('missing periods (S10, S11)', () => {
  it('consumes one freeze per missed day over a multi-day gap, oldest first, then loses the streak when they run out (S11)', async () => {
    const engine = engineWith({ freezes: { initial: 2, max: 2 } });
    await extendOn(engine, ['2026-04-01', '2026-04-02']);
    // 3, 4 and 5 April are missed: two freezes cover the 3rd and 4th, the 5th loses the streak.
    const back = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-04-06') });
    expect(back.changes).toEqual([
      { type: 'freeze.consumed', streak: 'default', periodStart: '2026-04-03', periodEnd: '2026-04-03', freezes: 1 },
      { type: 'freeze.consumed', streak: 'default', periodStart: '2026-04-04', periodEnd: '2026-04-04', freezes: 0 },
      { type: 'streak.lost', streak: 'default', length: 2, periodStart: '2026-04-05', periodEnd: '2026-04-05' },
      { type: 'streak.started', streak: 'default', length: 1, periodStart: '2026-04-06', periodEnd: '2026-04-06' },
    ]);
    const read = await engine.streak('u', { at: noon('2026-04-06'), historyPeriods: 6 });
    expect(read.streakHistory.map((p) => [p.periodStart, p.length, p.usedFreeze])).toEqual([
      ['2026-04-01', 1, false],
      ['2026-04-02', 2, false],
      ['2026-04-03', 2, true],
      ['2026-04-04', 2, true],
      ['2026-04-05', 0, false],
      ['2026-04-06', 1, false],
    ]);
    expect(read).toMatchObject({ length: 1, longest: 2, freezes: 0 });
  });

  it('keeps a frozen streak going: a frozen day holds the length and the next met day adds one (S9)', async () => {
    const engine = engineWith({ freezes: { initial: 1 } });
    await extendOn(engine, ['2026-04-01', '2026-04-02', '2026-04-04']);
    const read = await engine.streak('u', { at: noon('2026-04-04'), historyPeriods: 4 });
    expect(read.streakHistory.map((p) => p.length)).toEqual([1, 2, 2, 3]);
    expect(read.length).toBe(3);
  });

  it('lets a pause excuse a missed day without spending a freeze (S11)', async () => {
    const engine = engineWith({ freezes: { initial: 1 } });
    await extendOn(engine, ['2026-04-01']);
    await engine.pause('u', { start: '2026-04-02', end: '2026-04-03', at: noon('2026-04-01') });
    const back = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-04-05') });
    expect(back.changes.map((c) => c.type)).toEqual(['pause.used', 'pause.used', 'freeze.consumed', 'streak.extended']);
    expect(back.currentStreak).toMatchObject({ length: 2, freezes: 0 });
    const read = await engine.streak('u', { at: noon('2026-04-05'), historyPeriods: 5 });
    expect(read.streakHistory.map((p) => [p.length, p.usedPause, p.usedFreeze])).toEqual([
      [1, false, false],
      [1, true, false],
      [1, true, false],
      [1, false, true],
      [2, false, false],
    ]);
  });

  it('applies the same lazy evaluation on reads as on the next event, and a read changes nothing (S10)', async () => {
    const engine = engineWith({ freezes: { initial: 1 } });
    await extendOn(engine, ['2026-04-01', '2026-04-02']);
    const stateBefore = await engine.store.load('u');
    const read = await engine.streak('u', { at: noon('2026-04-05') });
    const again = await engine.streak('u', { at: noon('2026-04-05') });
    expect(again).toEqual(read);
    expect(read).toMatchObject({ length: 0, freezes: 0, longest: 2 });
    expect(await engine.store.load('u')).toEqual(stateBefore);
    const next = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-04-05') });
    expect(next.changes.map((c) => c.type)).toEqual(['freeze.consumed', 'streak.lost', 'streak.started']);
  });

  it('does not spend freezes on a streak that is not running', async () => {
    const engine = engineWith({ freezes: { initial: 2 } });
    await engine.record({ userId: 'u', metric: 'minutes', value: 1, at: noon('2026-04-01') }).catch(() => undefined);
    await engine.record({ userId: 'u', metric: 'lessons', value: 0, at: noon('2026-04-01') });
    const read = await engine.streak('u', { at: noon('2026-04-10') });
    expect(read).toMatchObject({ length: 0, freezes: 2 });
  });
});

describe('freezes (S12)', () => {
  it('grants the initial freezes when a user is first seen and earns more every N days from then, up to the maximum', async () => {
    const engine = engineWith({ freezes: { initial: 1, max: 3, earn: { every: 7, amount: 1 } } });
    // First seen on April 1 with an event that meets nothing, so no freeze is ever consumed.
    await engine.record({ userId: 'u', metric: 'lessons', value: 0, at: noon('2026-04-01'), tz: 'UTC' });
    expect((await engine.streak('u', { at: noon('2026-04-07') })).freezes).toBe(1);
    expect((await engine.streak('u', { at: noon('2026-04-08') })).freezes).toBe(2);
    expect((await engine.streak('u', { at: noon('2026-04-15') })).freezes).toBe(3);
    expect((await engine.streak('u', { at: noon('2026-05-30') })).freezes).toBe(3);
  });

  it('consumes a freeze at a boundary before earning the one due that same day', async () => {
    const engine = engineWith({ freezes: { initial: 0, max: 1, earn: { every: 2, amount: 1 } } });
    await extendOn(engine, ['2026-04-01']); // first seen on the 1st: earnings on the 3rd, 5th, …
    await extendOn(engine, ['2026-04-02']);
    // The 3rd is missed; the boundary is the start of the 4th. The freeze earned on the 3rd covers it.
    const back = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-04-04') });
    expect(back.changes.map((c) => c.type)).toEqual(['freeze.earned', 'freeze.consumed', 'streak.extended']);
    expect(back.currentStreak).toMatchObject({ length: 3, freezes: 0 });
  });

  it('caps owner grants at the maximum and reports what was granted', async () => {
    const engine = engineWith({ freezes: { initial: 1, max: 3 } });
    await extendOn(engine, ['2026-04-01']);
    expect(await engine.grantFreezes('u', 5, { at: noon('2026-04-01') })).toEqual({
      granted: 2,
      freezes: 3,
      maxFreezes: 3,
    });
    expect(await engine.grantFreezes('u', 1, { at: noon('2026-04-01') })).toEqual({
      granted: 0,
      freezes: 3,
      maxFreezes: 3,
    });
  });
});
