/**
 * S5: what a change of zone excuses. The periods missed between the user's previous event and the
 * event that carries the new zone are counted twice: entirely in the old zone, and entirely in the
 * new one with the previous event placed there too. The smaller count is what the user missed; the
 * periods beyond it are excused. The reducer (an event) and the rebuild (the journal's zone change)
 * both ask this one function, so that they agree (S20).
 */
import type { StreakRule } from './rules.js';
import type { StreakState } from './state.js';
import { placeInstant } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';

export interface ZoneMove {
  /** the instant of the event that carries the new zone */
  readonly at: number;
  /** the local day it is placed on in the new zone (never before `state.day`, S4) */
  readonly day: number;
  readonly from: ZoneOffsets;
  readonly to: ZoneOffsets;
  /** the instant of the user's latest event before it; null when unknown (a journal written before it was kept) */
  readonly previousAt: number | null;
}

/**
 * The index of the first period that the move excuses, for `advanceTo`; undefined when it excuses
 * none. `state` is the rule's state before the event (its `day` is the latest day placed, S4).
 */
export function excusedByMove(state: StreakState, rule: StreakRule, move: ZoneMove): number | undefined {
  const calendar = rule.calendar;
  const target = calendar.indexOf(move.day);
  // The first period that can be missed: the current one if it is not met yet, else the next.
  const first = state.met ? state.period + 1 : state.period;
  if (target <= first) return undefined;
  // In the old zone: from the current period to the period the event falls in there (S4 applies).
  const oldDay = Math.max(placeInstant(move.at, move.from, rule.dayStartMs), state.day);
  const inOld = Math.max(0, calendar.indexOf(oldDay) - first);
  // In the new zone: the current period, as the previous event left it, moves with that event to the
  // period it falls in there (never an earlier one, S4).
  const previousDay =
    move.previousAt === null ? state.day : Math.max(placeInstant(move.previousAt, move.to, rule.dayStartMs), state.day);
  const shift = calendar.indexOf(previousDay) - state.period;
  const inNew = Math.max(0, target - first - shift);
  const missed = Math.min(inOld, inNew);
  return first + missed < target ? first + missed : undefined;
}
