import { describe, expect, it } from 'vitest';
import { board, date, day } from '../../test/leaderboard-examples.js';
import { runAt, runOfIndex } from './board-runs.js';

function runDates(b: ReturnType<typeof board>, on: string): [string, string | null] | null {
  const run = runAt(b, day(on));
  return run === null ? null : [date(run.start), run.end === null ? null : date(run.end)];
}

describe('a board’s runs', () => {
  it('gives a perpetual board one run from its start to its end', () => {
    expect(runDates(board(), '2031-05-05')).toEqual(['2026-01-01', null]);
    expect(runDates(board({ end: day('2026-03-31') }), '2026-03-31')).toEqual(['2026-01-01', '2026-03-31']);
  });

  it('holds no date before the start or after the end', () => {
    const b = board({ end: day('2026-03-31'), repeat: { unit: 'day', interval: 7 } });
    expect(runAt(b, day('2025-12-31'))).toBeNull();
    expect(runAt(b, day('2026-04-01'))).toBeNull();
  });

  it('makes a weekly board of seven days from the chosen start, Monday to Sunday from a Monday', () => {
    const weekly = board({ start: day('2026-01-05'), repeat: { unit: 'day', interval: 7 } });
    expect(runDates(weekly, '2026-01-05')).toEqual(['2026-01-05', '2026-01-11']);
    expect(runDates(weekly, '2026-01-11')).toEqual(['2026-01-05', '2026-01-11']);
    expect(runDates(weekly, '2026-01-12')).toEqual(['2026-01-12', '2026-01-18']);
  });

  it('counts monthly runs from the start each time, clamped to the last day of a shorter month', () => {
    const monthly = board({ start: day('2027-01-31'), repeat: { unit: 'month', interval: 1 } });
    const starts = [1, 2, 3, 4].map((i) => date(runOfIndex(monthly, i)?.start ?? 0));
    expect(starts).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(runDates(monthly, '2027-02-27')).toEqual(['2027-01-31', '2027-02-27']);
    expect(runDates(monthly, '2027-03-30')).toEqual(['2027-02-28', '2027-03-30']);
  });

  it('keeps a yearly board from a leap day on February 28 until the next leap year', () => {
    const yearly = board({ start: day('2028-02-29'), repeat: { unit: 'year', interval: 1 } });
    expect(runDates(yearly, '2029-03-01')).toEqual(['2029-02-28', '2030-02-27']);
    expect(date(runOfIndex(yearly, 4)?.start ?? 0)).toBe('2032-02-29');
  });

  it('cuts the last run at the board’s end', () => {
    const b = board({ start: day('2026-01-05'), end: day('2026-01-14'), repeat: { unit: 'day', interval: 7 } });
    expect(runDates(b, '2026-01-13')).toEqual(['2026-01-12', '2026-01-14']);
    expect(runOfIndex(b, 2)).toBeNull();
  });
});
