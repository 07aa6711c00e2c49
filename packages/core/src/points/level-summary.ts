/**
 * S34: how many users are at each level of a system, levels by ascending threshold (then by
 * creation), a level no one holds kept with 0. Users with no points change yet hold no level.
 */
import { levelOf } from './level-of.js';
import type { PointsLevel, PointsState } from './points-types.js';

export function summarizeLevels(
  levels: readonly PointsLevel[],
  states: readonly Pick<PointsState, 'total' | 'changed'>[],
): { level: PointsLevel; users: number }[] {
  const ordered = [...levels].sort((a, b) => a.points - b.points || a.createdAt - b.createdAt);
  const counts = new Map<PointsLevel, number>(ordered.map((level) => [level, 0]));
  for (const state of states) {
    const level = levelOf(levels, state.total, state.changed);
    if (level !== null) counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  return ordered.map((level) => ({ level, users: counts.get(level) ?? 0 }));
}
