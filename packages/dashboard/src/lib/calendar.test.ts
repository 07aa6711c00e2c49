import { describe, expect, it } from 'vitest';
import { classifyPeriod, countStates, fromFirstActivity, type HistoryPeriod } from './calendar';

const period = (fields: Partial<HistoryPeriod>): HistoryPeriod => ({
  periodStart: '2026-11-21',
  periodEnd: '2026-11-21',
  length: 0,
  usedFreeze: false,
  usedPause: false,
  ...fields,
});

describe('classifyPeriod', () => {
  it('calls a period with a streak and neither freeze nor pause held', () => {
    expect(classifyPeriod(period({ length: 3 }))).toBe('held');
  });

  it('calls a period that used a freeze frozen, whatever its length', () => {
    expect(classifyPeriod(period({ length: 3, usedFreeze: true }))).toBe('frozen');
    expect(classifyPeriod(period({ length: 0, usedFreeze: true }))).toBe('frozen');
  });

  it('calls a paused period paused, even if a freeze is marked too', () => {
    expect(classifyPeriod(period({ length: 3, usedPause: true }))).toBe('paused');
    expect(classifyPeriod(period({ usedPause: true, usedFreeze: true }))).toBe('paused');
  });

  it('calls a period of length 0 without freeze or pause missed', () => {
    expect(classifyPeriod(period({}))).toBe('missed');
  });

  it('calls the current period open while it is not met yet: it can still be, so it is not missed', () => {
    expect(classifyPeriod(period({}), { current: true })).toBe('open');
    expect(classifyPeriod(period({ length: 4 }), { current: true })).toBe('held');
    expect(classifyPeriod(period({ usedPause: true }), { current: true })).toBe('paused');
  });
});

describe('countStates', () => {
  it('counts each state once per period', () => {
    const counts = countStates([
      period({ length: 1 }),
      period({ length: 2 }),
      period({ length: 2, usedFreeze: true }),
      period({}),
      period({ usedPause: true }),
    ]);
    expect(counts).toEqual({ held: 2, frozen: 1, paused: 1, missed: 1, open: 0 });
  });

  it('counts the last period, when not met yet, as open rather than missed', () => {
    expect(countStates([period({ length: 1 }), period({}), period({})])).toEqual({
      held: 1,
      frozen: 0,
      paused: 0,
      missed: 1,
      open: 1,
    });
  });
});

describe('fromFirstActivity', () => {
  it('drops the missed periods before the first held one and keeps every period after it', () => {
    const held = period({ periodStart: '2026-11-19', length: 1 });
    const missedAfter = period({ periodStart: '2026-11-20' });
    const current = period({ periodStart: '2026-11-21', length: 1 });
    expect(
      fromFirstActivity([
        period({ periodStart: '2026-11-17' }),
        period({ periodStart: '2026-11-18' }),
        held,
        missedAfter,
        current,
      ]),
    ).toEqual([held, missedAfter, current]);
  });

  it('starts at a paused or frozen period as well', () => {
    const paused = period({ periodStart: '2026-11-20', usedPause: true });
    expect(fromFirstActivity([period({}), paused])).toEqual([paused]);
  });

  it('answers no periods when the user never held one', () => {
    expect(fromFirstActivity([period({}), period({})])).toEqual([]);
  });
});
