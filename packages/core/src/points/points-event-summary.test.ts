import { describe, expect, it } from 'vitest';
import { summarizePointsDays } from './points-event-summary.js';
import { calendarFor } from '../time/period.js';
import { day } from '../../test/points-examples.js';

describe('the points event summary (S36)', () => {
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
