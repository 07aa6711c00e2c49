/**
 * Restore (S14): give back a lost streak, as if the periods missed since the loss had been frozen,
 * while the loss lies within the rule's restore window. Restoring twice is a no-op.
 */
import type { StreakRule } from './rules.js';
import type { Change, HistoryEntry, StreakState } from './state.js';

export type RestoreOutcome =
  | { restored: true; length: number }
  | { restored: false; reason: 'nothing-to-restore' | 'window-passed'; length: number };

/**
 * `state` is a copy the caller owns, already advanced to now; `recent` holds the stored history of
 * the periods from the loss to now. Returns the outcome and the history entries to write.
 */
export function restoreStreak(
  state: StreakState,
  rule: StreakRule,
  recent: readonly HistoryEntry[],
  changes: Change[],
): { outcome: RestoreOutcome; history: HistoryEntry[] } {
  const lost = state.lost;
  if (lost === null)
    return { outcome: { restored: false, reason: 'nothing-to-restore', length: state.length }, history: [] };
  if (state.period - lost.period > rule.restoreWindow) {
    return { outcome: { restored: false, reason: 'window-passed', length: state.length }, history: [] };
  }
  const stored = new Map<number, HistoryEntry>();
  for (const entry of recent) stored.set(entry.period, entry);
  const history: HistoryEntry[] = [];
  let length = lost.length;
  for (let period = lost.period; period <= state.period; period++) {
    const entry = stored.get(period);
    const met = period === state.period ? state.met : entry?.heldBy === 'met';
    if (met) {
      length += 1;
      history.push({ streak: rule.key, period, length, heldBy: 'met' });
    } else if (period < state.period) {
      const heldBy = entry !== undefined && entry.heldBy !== 'met' ? entry.heldBy : 'restore';
      history.push({ streak: rule.key, period, length, heldBy });
    }
  }
  state.length = length;
  state.started = lost.started;
  state.longest = Math.max(state.longest, length);
  state.lost = null;
  changes.push({ type: 'streak.restored', streak: rule.key, length });
  return { outcome: { restored: true, length }, history };
}
