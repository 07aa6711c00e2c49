/**
 * S30 under a rebuild (S20): a rebuild of the user's streaks pays no points and takes none back. Each
 * streak trigger's progress is set to the rebuilt run with every multiple up to its length counted
 * as paid, so that the next live extension pays only a multiple no run reached before it (a run
 * the rebuild shortened keeps the multiples it was paid, so none is paid twice in one run); metric
 * and time progress stand as they were (the events and boundaries they counted are the same).
 */
import type { StreakExtension } from './evaluate-points.js';
import type { PointsState, PointsSystemRules } from './points-types.js';
import { progressKey } from './trigger-live.js';
import { copyRecord } from '../state.js';

/** `state` after a rebuild found `streaks` (each rule's current length and run start; length 0: no run). */
export function rebuiltStreakProgress(
  system: PointsSystemRules,
  state: PointsState,
  streaks: readonly StreakExtension[],
): PointsState {
  const progress = copyRecord(state.progress);
  for (const trigger of system.triggers) {
    if (trigger.type !== 'streak') continue;
    const streak = streaks.find((s) => s.streak === trigger.streak);
    if (streak === undefined || streak.length <= 0) {
      delete progress[trigger.id];
      continue;
    }
    const from = progressKey(trigger);
    const kept = progress[trigger.id];
    // a run the rebuild made shorter keeps the multiples it was paid: none is paid twice in one run
    const paid = kept !== undefined && kept.from === from && kept.run === streak.run ? kept.reached : 0;
    progress[trigger.id] = {
      from,
      run: streak.run,
      reached: Math.max(paid, Math.floor(streak.length / trigger.length)),
    };
  }
  return { total: state.total, changed: state.changed, seq: state.seq, progress, awards: state.awards };
}
