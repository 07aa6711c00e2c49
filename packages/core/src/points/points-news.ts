/**
 * What a points change puts in the outbox (S38): per system a write moved, one `points.changed`
 * with the total after the write, every award the write paid (the time triggers it settled first,
 * then the request's), their sum, and `level` only when the write changed it; and, when the level
 * changed, one `points.level_changed` with the level before and after. The level before is the
 * stored state's, before any settlement: what an app last heard. Made from the states before and
 * after, in the order of the systems, so the same write makes the same news in any process.
 */
import { levelChange } from './level-change.js';
import { levelOf } from './level-of.js';
import type { PointsAward, PointsLevel, PointsState, PointsSystemRules } from './points-types.js';

/** A points system's total moved (an award or a deduction). */
export interface PointsChangedNews {
  readonly type: 'points.changed';
  readonly system: string;
  /** the total after the write */
  readonly total: number;
  /** the sum of `awards` */
  readonly added: number;
  /** the write's awards, oldest first */
  readonly awards: readonly PointsAward[];
  /** present only when the write changed the level: the level after, or null below every level */
  readonly level?: PointsLevel | null;
}

/** A user's level in a points system changed. */
export interface PointsLevelNews {
  readonly type: 'points.level_changed';
  readonly system: string;
  readonly total: number;
  readonly previousLevel: PointsLevel | null;
  readonly newLevel: PointsLevel | null;
}

export type PointsNews = PointsChangedNews | PointsLevelNews;

/** One system a write moved: its state after, and the awards the write paid in it, oldest first. */
export interface SystemMoved {
  readonly key: string;
  readonly state: PointsState;
  readonly awards: readonly PointsAward[];
}

/** The news of `moved`, from the user's states before the write (`before`), against `systems`. */
export function pointsNews(
  systems: readonly PointsSystemRules[],
  before: Readonly<Record<string, PointsState>>,
  moved: readonly SystemMoved[],
): PointsNews[] {
  const news: PointsNews[] = [];
  for (const { key, state, awards } of moved) {
    const system = systems.find((s) => s.key === key);
    if (system === undefined) continue;
    const kept = Object.hasOwn(before, key) ? before[key] : undefined;
    const previousLevel = kept === undefined ? null : levelOf(system.levels, kept.total, kept.changed);
    const newLevel = levelOf(system.levels, state.total, state.changed);
    const level = levelChange(previousLevel, newLevel);
    const levelMoved = 'level' in level;
    if (awards.length === 0 && !levelMoved) continue;
    if (awards.length > 0) {
      const added = awards.reduce((sum, award) => sum + award.awarded, 0);
      news.push({ type: 'points.changed', system: key, total: state.total, added, awards, ...level });
    }
    if (levelMoved)
      news.push({ type: 'points.level_changed', system: key, total: state.total, previousLevel, newLevel });
  }
  return news;
}
