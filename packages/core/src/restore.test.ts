import { describe, expect, it } from 'vitest';
import { dailyEngine, extendOn, noon } from '../test/example-helpers.js';

const engineWith = dailyEngine;

describe('restore (S14)', () => {
  it('gives back the lost length the day after the loss, as if the missed day had been frozen', async () => {
    const engine = engineWith();
    await extendOn(engine, ['2026-05-01', '2026-05-02', '2026-05-03']);
    // The 4th is missed; on the 5th the streak reads 0.
    expect((await engine.streak('u', { at: noon('2026-05-05') })).length).toBe(0);
    const outcome = await engine.restore('u', { at: noon('2026-05-05') });
    expect(outcome).toMatchObject({
      restored: true,
      length: 3,
      streak: { length: 3, started: '2026-05-01', expires: '2026-05-05' },
    });
    const next = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-05-05') });
    expect(next.currentStreak).toMatchObject({ length: 4, started: '2026-05-01', extended: true });
    const read = await engine.streak('u', { at: noon('2026-05-05'), historyPeriods: 5 });
    expect(read.streakHistory.map((p) => [p.length, p.usedFreeze])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [3, true],
      [4, false],
    ]);
  });

  it('counts a period met after the loss on top of the restored length', async () => {
    const engine = engineWith();
    await extendOn(engine, ['2026-05-01', '2026-05-02', '2026-05-04']);
    const outcome = await engine.restore('u', { at: noon('2026-05-04') });
    expect(outcome).toMatchObject({ restored: true, length: 3 });
    expect(
      (await engine.streak('u', { at: noon('2026-05-04'), historyPeriods: 4 })).streakHistory.map((p) => p.length),
    ).toEqual([1, 2, 2, 3]);
  });

  it('refuses once the restore window has passed', async () => {
    const engine = engineWith();
    await extendOn(engine, ['2026-05-01', '2026-05-02']);
    // Lost on the 3rd; with the default window of 1 period, the 4th is the last chance.
    expect(await engine.restore('u', { at: noon('2026-05-05') })).toMatchObject({
      restored: false,
      reason: 'window-passed',
      length: 0,
    });
  });

  it('accepts a wider window set by the rule', async () => {
    const engine = engineWith({ restoreWindow: 3 });
    await extendOn(engine, ['2026-05-01', '2026-05-02']);
    expect(await engine.restore('u', { at: noon('2026-05-06') })).toMatchObject({ restored: true, length: 2 });
    const read = await engine.streak('u', { at: noon('2026-05-06'), historyPeriods: 5 });
    // May 2 met, May 3..5 covered by the restore, May 6 (today) not met yet.
    expect(read.streakHistory.map((p) => [p.length, p.usedFreeze])).toEqual([
      [2, false],
      [2, true],
      [2, true],
      [2, true],
      [0, false],
    ]);
  });

  it('is a no-op the second time and when nothing was lost', async () => {
    const engine = engineWith();
    await extendOn(engine, ['2026-05-01', '2026-05-02']);
    expect(await engine.restore('u', { at: noon('2026-05-02') })).toMatchObject({
      restored: false,
      reason: 'nothing-to-restore',
      length: 2,
    });
    expect(await engine.restore('u', { at: noon('2026-05-04') })).toMatchObject({ restored: true, length: 2 });
    expect(await engine.restore('u', { at: noon('2026-05-04') })).toMatchObject({
      restored: false,
      reason: 'nothing-to-restore',
      length: 2,
    });
  });

  it('rejects an unknown user', async () => {
    const engine = engineWith();
    await expect(engine.restore('ghost', { at: noon('2026-05-04') })).rejects.toMatchObject({ code: 'UNKNOWN_USER' });
  });
});
