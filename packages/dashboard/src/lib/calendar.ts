/** One period of a user's streak history, as `GET /admin/v1/users/:id` returns it. */
export interface HistoryPeriod {
  periodStart: string;
  periodEnd: string;
  length: number;
  /** absent when the rule has no freezes */
  usedFreeze?: boolean;
  usedPause: boolean;
}

export type PeriodState = 'held' | 'frozen' | 'paused' | 'missed' | 'open';

/**
 * The state a calendar cell shows: a pause wins over a freeze (a paused period needs none), a
 * freeze over the length it kept, and a period with no streak is missed, unless it is the current
 * one: that one is still open (an event can still meet it).
 */
export function classifyPeriod(
  period: Pick<HistoryPeriod, 'length' | 'usedFreeze' | 'usedPause'>,
  options: { current?: boolean } = {},
): PeriodState {
  if (period.usedPause) return 'paused';
  if (period.usedFreeze) return 'frozen';
  if (period.length > 0) return 'held';
  return options.current ? 'open' : 'missed';
}

/** What each state looks like besides its colour, so the calendar reads without colour. */
export const periodStates: ReadonlyArray<{ state: PeriodState; label: string; symbol: string }> = [
  { state: 'held', label: 'Held', symbol: '✓' },
  { state: 'frozen', label: 'Frozen (a freeze was used)', symbol: '❄' },
  { state: 'paused', label: 'Paused', symbol: '‖' },
  { state: 'missed', label: 'Missed', symbol: '·' },
  { state: 'open', label: 'Open (the current period, not met yet)', symbol: '○' },
];

/** Counts the periods of each state, for the legend; the last period is the current one. */
export function countStates(periods: readonly HistoryPeriod[]): Record<PeriodState, number> {
  const counts: Record<PeriodState, number> = { held: 0, frozen: 0, paused: 0, missed: 0, open: 0 };
  for (const [i, period] of periods.entries())
    counts[classifyPeriod(period, { current: i === periods.length - 1 })] += 1;
  return counts;
}

/**
 * The periods from the first one the user held (or froze, or paused) on: the periods before it say
 * nothing, and a year of them would bury the few that matter. No such period: none.
 */
export function fromFirstActivity<T extends Pick<HistoryPeriod, 'length' | 'usedFreeze' | 'usedPause'>>(
  periods: readonly T[],
): T[] {
  const first = periods.findIndex((period) => classifyPeriod(period) !== 'missed');
  return first === -1 ? [] : periods.slice(first);
}
