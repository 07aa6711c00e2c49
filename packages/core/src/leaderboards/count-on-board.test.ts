import { describe, expect, it } from 'vitest';
import { added, board, day, HOUR, lengthSet } from '../../test/leaderboard-examples.js';
import { DAY_MS } from '../time/calendar.js';
import { countOnBoard } from './count-on-board.js';
import type { BoardStanding } from './leaderboard-types.js';
import { parseTimeOfDay } from './time-window.js';

const NOW = Date.parse('2026-03-04T12:00:00Z');
const weekly = board({ start: day('2026-03-02'), repeat: { unit: 'day', interval: 7 } });

describe('a change on a board', () => {
  it('enters the user on their first counted change, stamped with the instant it was committed', () => {
    const move = countOnBoard(weekly, [], added(3, '2026-03-04'), {}, NOW);
    expect(move?.before).toBeNull();
    expect(move?.after).toEqual({
      run: day('2026-03-02'),
      group: '',
      value: 3,
      reachedAt: NOW,
      day: day('2026-03-04'),
    });
    expect(move?.standings).toEqual([move?.after]);
  });

  it('adds to the value of the run holding the change’s local date', () => {
    const first = countOnBoard(weekly, [], added(3, '2026-03-04'), {}, NOW);
    const second = countOnBoard(weekly, first?.standings ?? [], added(4.5, '2026-03-08'), {}, NOW + 1);
    expect(second?.after?.value).toBe(7.5);
    const next = countOnBoard(weekly, second?.standings ?? [], added(1, '2026-03-09'), {}, NOW + 2);
    expect(next?.run.start).toBe(day('2026-03-09'));
    expect(next?.after?.value).toBe(1);
    expect(next?.standings.map((s) => s.value)).toEqual([7.5, 1]);
  });

  it('counts nothing that is older than the board’s activation, or on a date outside its runs', () => {
    const late = board({ activatedAt: NOW });
    expect(countOnBoard(late, [], added(3, '2026-03-04', 11), {}, NOW)).toBeNull();
    expect(countOnBoard(weekly, [], added(3, '2026-03-01'), {}, NOW)).toBeNull();
  });

  it('counts nothing on an inactive or finished board', () => {
    expect(countOnBoard({ ...weekly, status: 'inactive' }, [], added(3, '2026-03-04'), {}, NOW)).toBeNull();
    expect(countOnBoard({ ...weekly, status: 'finished' }, [], added(3, '2026-03-04'), {}, NOW)).toBeNull();
  });

  it('does not count a change that arrives after its run closed, and drops closed runs’ standings', () => {
    const kept: BoardStanding[] = [
      { run: day('2026-03-02'), group: '', value: 5, reachedAt: NOW, day: day('2026-03-04') },
    ];
    const closes = Date.parse('2026-03-09T12:00:00Z');
    expect(countOnBoard(weekly, kept, added(1, '2026-03-08'), {}, closes - 1)?.after?.value).toBe(6);
    expect(countOnBoard(weekly, kept, added(1, '2026-03-08'), {}, closes)).toBeNull();
    expect(countOnBoard(weekly, kept, added(1, '2026-03-09'), {}, closes)?.standings).toEqual([
      { run: day('2026-03-09'), group: '', value: 1, reachedAt: closes, day: day('2026-03-09') },
    ]);
  });

  it('counts only changes inside the daily window, in the user’s local time', () => {
    const evening = board({
      window: { from: parseTimeOfDay('18:00', 'from'), until: parseTimeOfDay('20:00', 'until') },
    });
    expect(countOnBoard(evening, [], added(1, '2026-03-04', 17), {}, NOW)).toBeNull();
    expect(countOnBoard(evening, [], added(1, '2026-03-04', 18), {}, NOW)?.after?.value).toBe(1);
  });

  it('does not enter a user by a change of 0, nor one without the breakdown attributes', () => {
    expect(countOnBoard(weekly, [], added(0, '2026-03-04'), {}, NOW)).toBeNull();
    const byCountry = board({ breakdown: ['country'] });
    expect(countOnBoard(byCountry, [], added(1, '2026-03-04'), { plan: 'pro' }, NOW)).toBeNull();
  });

  it('keeps a user whose value fell back to 0 on the board', () => {
    const first = countOnBoard(weekly, [], added(2, '2026-03-04'), {}, NOW);
    const back = countOnBoard(weekly, first?.standings ?? [], added(-2, '2026-03-04'), {}, NOW + 1);
    expect(back?.after).toEqual({
      run: day('2026-03-02'),
      group: '',
      value: 0,
      reachedAt: NOW + 1,
      day: day('2026-03-04'),
    });
  });

  it('moves a user whose group changed to the new group with their value, keeping when they reached it', () => {
    const byCountry = board({ breakdown: ['country'] });
    const first = countOnBoard(byCountry, [], added(2, '2026-03-04'), { country: 'NZ' }, NOW);
    const moved = countOnBoard(
      byCountry,
      first?.standings ?? [],
      added(0, '2026-03-05'),
      { country: 'AU' },
      NOW + DAY_MS,
    );
    expect(moved?.before?.group).toBe('["NZ"]');
    expect(moved?.after).toEqual({
      run: day('2026-01-01'),
      group: '["AU"]',
      value: 2,
      reachedAt: NOW,
      day: day('2026-03-05'),
    });
  });
});

describe('a change on a streak board', () => {
  const streaks = board({ rankBy: { kind: 'streak', streak: 'daily' } });

  it('sets the value to the streak’s length, and takes the user off at 0', () => {
    const on = countOnBoard(streaks, [], lengthSet(4, '2026-03-04'), {}, NOW);
    expect(on?.after?.value).toBe(4);
    const off = countOnBoard(streaks, on?.standings ?? [], lengthSet(0, '2026-03-06', false), {}, NOW + 2 * DAY_MS);
    expect(off?.after).toBeNull();
    expect(off?.standings).toEqual([]);
  });

  it('counts a lost streak at any time of day, whatever the window', () => {
    const evening = { ...streaks, window: { from: 18 * HOUR, until: 20 * HOUR } };
    const kept: BoardStanding[] = [
      { run: day('2026-01-01'), group: '', value: 4, reachedAt: NOW, day: day('2026-03-04') },
    ];
    expect(countOnBoard(evening, kept, lengthSet(0, '2026-03-06', false), {}, NOW)?.after).toBeNull();
    expect(countOnBoard(evening, kept, lengthSet(5, '2026-03-06', true), {}, NOW)).toBeNull();
  });
});
