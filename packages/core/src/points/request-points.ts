/**
 * S31, S34, S36: one request's points, as the engine commits and answers them. From the user's
 * state after the reducer, the happenings the request paid for are evaluated against every system
 * (evaluate-points.ts); the user's points states are replaced by the outcome's (never changed in
 * place), and the answer holds each system the request moved: its total, what it added, its awards,
 * and `level` only when it changed; and the news the outbox carries of it (points-news.ts, S38).
 * A refusal (S31) is handed back as a value; the caller then stores nothing.
 */
import { emptyRecord } from '../keys.js';
import type { UserState } from '../state.js';
import { zoneOf } from '../time/local-date.js';
import { evaluatePoints, type PointsHappenings } from './evaluate-points.js';
import { levelChange } from './level-change.js';
import { pointsNews, type PointsNews } from './points-news.js';
import type { PointsUser } from './points-user.js';
import type { PointsAward, PointsLevel, PointsState, PointsSystemRules } from './points-types.js';

/** What one request did to one system, as its answer shows it. */
export interface PointsChange {
  /** the total after the request */
  readonly total: number;
  /** the sum of the request's awards */
  readonly added: number;
  /** the request's awards, in the order paid */
  readonly awards: readonly PointsAward[];
  /** present only when the request changed the level (S34): the level after, or null below every level */
  readonly level?: PointsLevel | null;
}

/** Why a request was refused (S31): the deduction of `trigger` in `system` met a running total of `total`. */
export interface PointsRefusal {
  readonly system: string;
  readonly trigger: string;
  readonly total: number;
  /** the deduction refused, negative */
  readonly points: number;
}

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze(emptyRecord<string>());

/**
 * Whom points are evaluated for: the user as the request left them. A user without a zone counts
 * local dates (boosts, daily time triggers) in UTC.
 */
export function pointsUserOf(user: UserState): PointsUser {
  return {
    id: user.id,
    attributes: user.profile?.attributes ?? NO_ATTRIBUTES,
    zone: zoneOf(user.tz ?? 'UTC'),
    createdAt: user.firstSeenAt,
  };
}

/** A request's points paid: the answer's map, and the news for the outbox (time settled included). */
export interface PointsPaid {
  readonly refused: null;
  readonly points: Record<string, PointsChange>;
  readonly news: readonly PointsNews[];
}

const NO_NEWS: readonly PointsNews[] = Object.freeze([]);

/**
 * Evaluates the request's `happenings` at `at` for `user` (its state after the reducer) against
 * `systems`: on success, sets `user.points` to the new states and answers each system the request
 * changed, with the news of every system the write moved; a refusal leaves `user` as it was and is
 * answered as it is.
 */
export function payRequestPoints(
  systems: readonly PointsSystemRules[],
  user: UserState,
  happenings: PointsHappenings,
  at: number,
): { readonly refused: PointsRefusal } | PointsPaid {
  const before = user.points ?? emptyRecord<PointsState>();
  const outcome = evaluatePoints(systems, before, happenings, pointsUserOf(user), at);
  if (outcome.refused) {
    const { system, trigger, total, points } = outcome;
    return { refused: { system, trigger, total, points } };
  }
  const points = emptyRecord<PointsChange>();
  if (outcome.systems.length === 0) return { refused: null, points, news: NO_NEWS };
  const states = emptyRecord<PointsState>();
  for (const key in before) states[key] = before[key] as PointsState;
  for (const system of outcome.systems) {
    states[system.key] = system.state;
    const level = levelChange(system.levelBefore, system.levelAfter);
    if (system.awards.length === 0 && !('level' in level)) continue;
    points[system.key] = { total: system.state.total, added: system.added, awards: system.awards, ...level };
  }
  user.points = states;
  const moved = outcome.systems.map((system) => ({
    key: system.key,
    state: system.state,
    awards: system.settled.length === 0 ? system.awards : [...system.settled, ...system.awards],
  }));
  return { refused: null, points, news: pointsNews(systems, before, moved) };
}

/** `systems` with no trigger blocking: where a refusal has no request to refuse, a deduction only takes what there is. */
export function withoutBlocking(systems: readonly PointsSystemRules[]): PointsSystemRules[] {
  return systems.map((system) => ({
    ...system,
    triggers: system.triggers.map((trigger) =>
      trigger.blockIfOutOfPoints === true ? { ...trigger, blockIfOutOfPoints: false } : trigger,
    ),
  }));
}
