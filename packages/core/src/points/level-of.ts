/**
 * S34: a user's level in a system: none before any points change, else the highest level whose
 * threshold is at most the total (reached at `>=`), the later created winning a tie; none when the
 * total is below every threshold. Derived from the current levels each time, never stored.
 */
import type { PointsLevel } from './points-types.js';

export function levelOf(levels: readonly PointsLevel[], total: number, changed: boolean): PointsLevel | null {
  if (!changed) return null;
  let best: PointsLevel | null = null;
  for (const level of levels) {
    if (level.points > total) continue;
    if (
      best === null ||
      level.points > best.points ||
      (level.points === best.points && level.createdAt >= best.createdAt)
    )
      best = level;
  }
  return best;
}
