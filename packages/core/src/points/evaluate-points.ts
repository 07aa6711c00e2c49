/**
 * S29..S34: one request's happenings evaluated against every active points system. Each system
 * first settles its time triggers up to the request's instant (S33), then pays in the order of S31:
 * user creation, metric triggers (each event in turn, triggers in configured order), achievement
 * triggers for the achievements this request completed live, streak triggers for this request's
 * extensions. A deduction of a `blockIfOutOfPoints` trigger that would take the running total below
 * zero refuses the whole request: the answer is a refusal value and the caller stores nothing.
 */
import { copyPointsState } from './copy-points-state.js';
import { levelOf } from './level-of.js';
import { payAward } from './pay-award.js';
import type { PointsUser } from './points-user.js';
import {
  emptyPointsState,
  type AttributeFilter,
  type PointsAward,
  type PointsLevel,
  type PointsState,
  type PointsSystemRules,
  type PointsTrigger,
} from './points-types.js';
import { matchesAttributes } from './attribute-match.js';
import { settleTimeTriggersInPlace } from './settle-time-triggers.js';
import { progressKey, triggerLive } from './trigger-live.js';
import { checkValue } from '../validate.js';

/** One metric event of the request: its value and the attributes it carried. */
export interface MetricHappening {
  readonly metric: string;
  readonly value: number;
  readonly attributes: AttributeFilter;
}

/** A live extension of the streak of rule `streak` to `length`, in the run that started on local day `run`. */
export interface StreakExtension {
  readonly streak: string;
  readonly length: number;
  readonly run: number;
}

/** What one request did that triggers may pay for. */
export interface PointsHappenings {
  /** the request created the user */
  readonly userCreated?: boolean;
  readonly metrics?: readonly MetricHappening[];
  /** achievements completed live by this request (not backdated ones) */
  readonly achievements?: readonly string[];
  readonly extensions?: readonly StreakExtension[];
}

/** One system's outcome: its new state, the awards time settled and the request's own, and its level either side. */
export interface SystemPoints {
  readonly key: string;
  readonly state: PointsState;
  /** awards of time triggers settled before the request, oldest first */
  readonly settled: readonly PointsAward[];
  /** the request's awards, in the order paid */
  readonly awards: readonly PointsAward[];
  /** the sum of `awards`' amounts */
  readonly added: number;
  /** the level after settlement, before the request */
  readonly levelBefore: PointsLevel | null;
  readonly levelAfter: PointsLevel | null;
}

export type PointsEvaluation =
  | { readonly refused: false; readonly systems: readonly SystemPoints[] }
  | {
      readonly refused: true;
      readonly system: string;
      readonly trigger: string;
      /** the running total the deduction met */
      readonly total: number;
      /** the deduction refused */
      readonly points: number;
    };

/** A refusal found while paying one system. */
class Refusal {
  constructor(
    readonly trigger: PointsTrigger,
    readonly total: number,
    readonly points: number,
  ) {}
}

function pay(
  state: PointsState,
  system: PointsSystemRules,
  trigger: PointsTrigger,
  points: number,
  at: number,
  user: PointsUser,
  awards: PointsAward[],
): void {
  if (points < 0 && trigger.blockIfOutOfPoints === true && state.total + points < 0)
    throw new Refusal(trigger, state.total, points);
  const award = payAward(state, system, trigger.id, points, at, user);
  if (award !== null) awards.push(award);
}

/**
 * How many whole thresholds `acc` holds (S29), a sum within a billionth (relative) of a multiple
 * counting as reaching it: doubles add 0.1 ten times up to 0.9999999999999999, one short of 1.
 */
function multiplesIn(acc: number, threshold: number): number {
  const ratio = acc / threshold;
  const nearest = Math.round(ratio);
  return Math.abs(ratio - nearest) <= 1e-9 * Math.max(1, Math.abs(ratio)) ? nearest : Math.floor(ratio);
}

function payRequest(
  system: PointsSystemRules,
  state: PointsState,
  happenings: PointsHappenings,
  user: PointsUser,
  at: number,
): PointsAward[] {
  const awards: PointsAward[] = [];
  const live = system.triggers.filter((trigger) => triggerLive(trigger, at, user));
  if (happenings.userCreated === true)
    for (const trigger of live)
      if (trigger.type === 'user_creation') pay(state, system, trigger, trigger.points, at, user, awards);
  for (const event of happenings.metrics ?? []) {
    for (const trigger of live) {
      if (trigger.type !== 'metric' || trigger.metric !== event.metric) continue;
      if (!matchesAttributes(trigger.eventAttributes, event.attributes)) continue;
      const from = progressKey(trigger);
      const kept = state.progress[trigger.id];
      const before = kept !== undefined && kept.from === from ? kept : { from, acc: 0, reached: 0 };
      const acc = (before.acc ?? 0) + event.value;
      const multiples = multiplesIn(acc, trigger.threshold);
      const reached = Math.max(before.reached, multiples);
      state.progress[trigger.id] = { from, acc, reached };
      if (reached > before.reached)
        pay(state, system, trigger, (reached - before.reached) * trigger.points, at, user, awards);
    }
  }
  for (const achievement of happenings.achievements ?? [])
    for (const trigger of live)
      if (trigger.type === 'achievement' && trigger.achievement === achievement)
        pay(state, system, trigger, trigger.points, at, user, awards);
  for (const extension of happenings.extensions ?? []) {
    for (const trigger of live) {
      if (trigger.type !== 'streak' || trigger.streak !== extension.streak) continue;
      if (extension.length <= 0 || extension.length % trigger.length !== 0) continue;
      const from = progressKey(trigger);
      const kept = state.progress[trigger.id];
      const paid = kept !== undefined && kept.from === from && kept.run === extension.run ? kept.reached : 0;
      const multiple = extension.length / trigger.length;
      if (multiple <= paid) continue;
      state.progress[trigger.id] = { from, run: extension.run, reached: multiple };
      pay(state, system, trigger, trigger.points, at, user, awards);
    }
  }
  return awards;
}

/**
 * Evaluates one request at instant `at` for `user` against `systems`, from the user's states by
 * system key (a system without one starts empty). A refusal names the system and the trigger. An
 * event value that is not a finite number within ±1e12 (S6) is an InvalidInputError, thrown before
 * anything is counted: a NaN kept in a trigger's progress would never leave it.
 */
export function evaluatePoints(
  systems: readonly PointsSystemRules[],
  states: Readonly<Record<string, PointsState>>,
  happenings: PointsHappenings,
  user: PointsUser,
  at: number,
): PointsEvaluation {
  for (const event of happenings.metrics ?? []) checkValue(event.value);
  const outcomes: SystemPoints[] = [];
  for (const system of systems) {
    if (system.status !== 'active') continue;
    const kept = Object.hasOwn(states, system.key) ? states[system.key] : undefined;
    const state = copyPointsState(kept ?? emptyPointsState());
    const settled = settleTimeTriggersInPlace(system, state, user, at);
    const levelBefore = levelOf(system.levels, state.total, state.changed);
    let awards: PointsAward[];
    try {
      awards = payRequest(system, state, happenings, user, at);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { refused: true, system: system.key, trigger: error.trigger.id, total: error.total, points: error.points };
    }
    outcomes.push({
      key: system.key,
      state,
      settled,
      awards,
      added: awards.reduce((sum, award) => sum + award.awarded, 0),
      levelBefore,
      levelAfter: levelOf(system.levels, state.total, state.changed),
    });
  }
  return { refused: false, systems: outcomes };
}
