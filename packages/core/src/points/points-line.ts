/**
 * A user's line in a points system's index (S37, S34, S33): the total, whether a points change ever
 * happened (the user then holds a level), and when the user's time triggers are next due
 * (`nextPointsBoundary`, NEVER when none). Stores keep these lines as writes carry them, so the
 * summaries count and the sweeper finds due users without scanning every user. `pointsWatch` notes
 * the states before a step and answers only the lines that moved, as `indexWatch` does for streaks.
 */
import { NEVER, type UserState } from '../state.js';
import { nextPointsBoundary } from './next-points-boundary.js';
import type { PointsUser } from './points-user.js';
import { emptyPointsState, type PointsState, type PointsSystemRules } from './points-types.js';
import { pointsUserOf } from './request-points.js';

export interface PointsLine {
  /** the points system's key */
  readonly system: string;
  readonly total: number;
  /** a points change ever happened (S34): only then does the user hold a level */
  readonly changed: boolean;
  /** epoch ms of the next time-trigger boundary not yet settled (S33); NEVER when there is none */
  readonly dueAt: number;
}

/** The user's line in `system` for their state in it. */
export function pointsLine(system: PointsSystemRules, state: PointsState, user: PointsUser): PointsLine {
  return {
    system: system.key,
    total: state.total,
    changed: state.changed,
    dueAt: nextPointsBoundary(system, state, user) ?? NEVER,
  };
}

/** The state the user holds in `key`, read without a prototype's keys. */
function stateIn(points: UserState['points'], key: string): PointsState | undefined {
  return points !== undefined && Object.hasOwn(points, key) ? points[key] : undefined;
}

/**
 * The lines of every configured system the user has a state in, or whose time triggers will pay
 * them (S33: a user seen before a system got its time triggers is due all the same): what a write
 * that replaces or refreshes the whole user carries.
 */
export function pointsLines(user: UserState, systems: readonly PointsSystemRules[]): PointsLine[] {
  if (systems.length === 0) return [];
  const who = pointsUserOf(user);
  const lines: PointsLine[] = [];
  for (const system of systems) {
    const state = stateIn(user.points, system.key);
    if (state !== undefined) {
      lines.push(pointsLine(system, state, who));
      continue;
    }
    const line = pointsLine(system, emptyPointsState(), who);
    if (line.dueAt < NEVER) lines.push(line);
  }
  return lines;
}

function sameLine(a: PointsLine, b: PointsLine): boolean {
  return a.total === b.total && a.changed === b.changed && a.dueAt === b.dueAt;
}

/**
 * The points lines a step changed. `note` keeps, before the step, the user's points record and who
 * they were (attributes, zone, creation: what a due boundary reads); `changed` computes lines only
 * of the systems whose state was replaced (states are never changed in place, request-points.ts) or
 * of every system when who the user is moved, and answers those that differ from the line before.
 * One watch per engine: the steps are synchronous, so one step's note and changed never interleave.
 */
export function pointsWatch(systems: readonly PointsSystemRules[]): {
  note(user: UserState | null): void;
  changed(user: UserState): PointsLine[];
} {
  let points: UserState['points'];
  let who: PointsUser | null = null;
  return {
    note(user) {
      if (systems.length === 0) return;
      points = user?.points;
      who = user === null || user.points === undefined ? null : pointsUserOf(user);
    },
    changed(user) {
      if (systems.length === 0 || user.points === undefined) return [];
      const before = who;
      const now = pointsUserOf(user);
      const moved =
        before === null ||
        before.attributes !== now.attributes ||
        before.zone !== now.zone ||
        before.createdAt !== now.createdAt;
      if (!moved && user.points === points) return [];
      const lines: PointsLine[] = [];
      for (const system of systems) {
        const state = stateIn(user.points, system.key);
        if (state === undefined) continue;
        const old = stateIn(points, system.key);
        if (!moved && old === state) continue;
        const line = pointsLine(system, state, now);
        if (old !== undefined && before !== null && sameLine(pointsLine(system, old, before), line)) continue;
        lines.push(line);
      }
      return lines;
    },
  };
}
