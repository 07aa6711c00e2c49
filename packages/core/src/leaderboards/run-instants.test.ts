import { describe, expect, it } from 'vitest';
import { board, day } from '../../test/leaderboard-examples.js';
import { localDateStart } from '../time/local-date.js';
import { boardStatusAt, isRunClosed, runClosesAt, runOpensAt } from './run-instants.js';

describe('when a run is open', () => {
  it('opens at 10:00 UTC the day before its first date and closes at 12:00 UTC the day after its last', () => {
    expect(new Date(runOpensAt(day('2026-03-02'))).toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(new Date(runClosesAt(day('2026-03-08'))).toISOString()).toBe('2026-03-09T12:00:00.000Z');
  });

  it('is open when the first date begins in the earliest zone and until the last date ends in the latest', () => {
    expect(localDateStart('2026-03-02', 'Pacific/Kiritimati')).toBe(runOpensAt(day('2026-03-02')));
    expect(localDateStart('2026-03-09', 'Etc/GMT+12')).toBe(runClosesAt(day('2026-03-08')));
  });

  it('leaves a perpetual run without an end open forever', () => {
    expect(isRunClosed({ index: 0, start: day('2026-01-01'), end: null }, Date.parse('9999-01-01'))).toBe(false);
  });
});

describe('a board’s status', () => {
  const b = board({ start: day('2026-03-02'), end: day('2026-03-08') });

  it('reads scheduled until its first run opens', () => {
    expect(boardStatusAt(b, Date.parse('2026-03-01T09:59:59.999Z'))).toBe('scheduled');
    expect(boardStatusAt(b, Date.parse('2026-03-01T10:00:00Z'))).toBe('active');
  });

  it('reads finished once its last run has closed', () => {
    expect(boardStatusAt(b, Date.parse('2026-03-09T11:59:59.999Z'))).toBe('active');
    expect(boardStatusAt(b, Date.parse('2026-03-09T12:00:00Z'))).toBe('finished');
  });

  it('keeps the status an owner set when it is inactive or finished', () => {
    expect(boardStatusAt({ ...b, status: 'inactive' }, Date.parse('2026-03-05T00:00:00Z'))).toBe('inactive');
    expect(boardStatusAt({ ...b, status: 'finished' }, Date.parse('2026-03-05T00:00:00Z'))).toBe('finished');
  });
});
