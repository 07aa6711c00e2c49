/**
 * S5: what a change of zone excuses. The periods missed between the user's previous event and the
 * event that carries the new zone are counted twice: entirely in the old zone, and entirely in the
 * new one with the previous event placed there too. The smaller count is what the user missed; the
 * periods beyond it are excused. The reducer (an event) and the rebuild (the journal's zone change)
 * both ask this one function, so that they agree (S20).
 */
import { advanceTo } from './advance.js';
import type { StreakRule } from './rules.js';
import type { Change, HistoryEntry, StreakState, UserState, ZoneChange } from './state.js';
import { placeInstant, zoneOf } from './time/local-date.js';
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

/**
 * A change of zone without an event (S4, S5): each rule's state is advanced to the day `at` falls
 * on in the new zone, excusing what the move excuses, exactly as the next event would have done had
 * it carried the zone; the user's zone becomes `to`. Answers the journal line, made at the user's
 * current version (bump it first), which a rebuild folds as it folds an event's zone change.
 */
export function moveZone(
  user: UserState,
  to: string,
  at: number,
  rules: readonly StreakRule[],
  changes: Change[],
  history: HistoryEntry[],
): ZoneChange {
  const toZone = zoneOf(to);
  const previousAt = user.lastEventAt ?? null;
  const days: Record<string, number> = {};
  for (const rule of rules) {
    const day = placeInstant(at, toZone, rule.dayStartMs);
    days[String(rule.dayStart)] = day;
    const state = user.streaks[rule.key];
    if (state === undefined || day <= state.day) continue;
    const from = user.tz === null ? rule.defaultZone : zoneOf(user.tz);
    const excusedFrom =
      from === toZone ? undefined : excusedByMove(state, rule, { at, day, from, to: toZone, previousAt });
    advanceTo(state, day, { rule, zone: toZone, changes, history, excusedFrom });
  }
  const change: ZoneChange = {
    at,
    from: user.tz,
    to,
    days,
    version: user.version,
    ...(previousAt !== null ? { previousAt } : {}),
  };
  user.tz = to;
  return change;
}
