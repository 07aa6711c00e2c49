import { describe, expect, it } from 'vitest';
import { dailyPointsChanges, summarizePointsDays } from './points-event-summary.js';
import type { PointsAward } from './points-types.js';
import { calendarFor } from '../time/period.js';
import { zoneOf } from '../time/local-date.js';
import { day } from '../../test/points-examples.js';

const award = (at: string, awarded: number, total: number): PointsAward => ({
  id: '1',
  trigger: 't',
  awarded,
  at: Date.parse(at),
  total,
});

describe('the points event summary (S36)', () => {
  it('places awards on the local dates of the user zone', () => {
    const awards = [award('2026-01-01T20:00:00Z', 5, 5), award('2026-01-02T10:00:00Z', -2, 3)];
    expect(dailyPointsChanges(awards, zoneOf('Asia/Tokyo'))).toEqual([{ day: day('2026-01-02'), change: 3 }]);
    expect(dailyPointsChanges(awards, zoneOf('UTC'))).toEqual([
      { day: day('2026-01-01'), change: 5 },
      { day: day('2026-01-02'), change: -2 },
    ]);
  });

  it('gives each period its change and the total at its end, weeks from their first date', () => {
    const changes = [
      { day: day('2025-12-30'), change: 10 },
      { day: day('2026-01-06'), change: 4 },
      { day: day('2026-01-13'), change: -1 },
    ];
    const weeks = summarizePointsDays(changes, calendarFor('weekly', 'monday'), day('2026-01-05'), day('2026-01-14'));
    expect(weeks).toEqual([
      { date: '2026-01-05', total: 14, change: 4 },
      { date: '2026-01-12', total: 13, change: -1 },
    ]);
  });
});
