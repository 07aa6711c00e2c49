/**
 * Settling a user up to an instant (S10, S11, S12): what the next event or read would find when it
 * came, done ahead of it, so that a sweeper can tell an app that a streak was lost or a freeze spent
 * while the user is away. It runs the same code as the lazy path (`advanceTo`), so settling and then
 * recording gives the state and the changes that recording alone gives (but for a period the event's
 * new zone would have excused, S5: settled stays settled), and settling again at the same or an
 * earlier instant changes nothing.
 *
 * Each change carries the instant it happened, not the instant the sweeper ran: a period's fate
 * (lost, a freeze consumed, a pause used) at the first instant of the day after the period, a freeze
 * earned at the first instant of its day; both in the user's zone, with the rule's day start.
 */
import { advanceTo } from './advance.js';
import { emptyRecord } from './keys.js';
import { zoneFor } from './reduce.js';
import type { StreakRule } from './rules.js';
import type { Change, HistoryEntry, UserState } from './state.js';
import { parseDay } from './time/calendar.js';
import { dayStartInstant, placeInstant } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';

/** A change with the instant (epoch ms) it happened. */
export type SettledChange = Change & { readonly at: number };

export interface Settlement {
  /** the user it was given, moved forward in place (its version raised by one when `moved`) */
  readonly user: UserState;
  /** what happened between the user's last settled day and the instant, oldest first per rule */
  readonly changes: SettledChange[];
  /** periods decided on the way (held by a freeze, a pause, or excused) */
  readonly history: HistoryEntry[];
  /** whether any rule's state moved; when false the user is exactly as it was given */
  readonly moved: boolean;
  /** by rule key, the local day each moved rule reached: the journal's line of the settlement (SettleLine) */
  readonly days: Record<string, number>;
}

/**
 * The instant a change happened. A period's fate (lost, a freeze consumed, a pause used) at the
 * start of the local day after the period, a freeze earned at the start of its day; a change an
 * event or an owner's action made (started, extended, restored, an achievement) at `made`, that
 * event's or action's instant.
 */
export function changeInstant(change: Change, zone: ZoneOffsets, rule: StreakRule, made: number): number {
  switch (change.type) {
    case 'freeze.earned':
      return dayStartInstant(parseDay(change.date), zone, rule.dayStartMs);
    case 'streak.lost':
    case 'freeze.consumed':
    case 'pause.used':
      return dayStartInstant(parseDay(change.periodEnd) + 1, zone, rule.dayStartMs);
    default:
      return made;
  }
}

/**
 * Move every streak of `user` (a copy the caller owns) forward to the local day `at` falls on in
 * the user's zone, collecting what happened with its instant. Rules the user has no state for are
 * left alone: a streak begins with an event.
 */
export function settleUser(user: UserState, rules: readonly StreakRule[], at: number): Settlement {
  const changes: SettledChange[] = [];
  const history: HistoryEntry[] = [];
  let moved = false;
  const days = emptyRecord<number>();
  for (const rule of rules) {
    const state = user.streaks[rule.key];
    if (state === undefined) continue;
    const zone = zoneFor(user, rule);
    const day = placeInstant(at, zone, rule.dayStartMs);
    if (day <= state.day) continue;
    const found: Change[] = [];
    advanceTo(state, day, { rule, zone, changes: found, history });
    for (const change of found) changes.push({ ...change, at: changeInstant(change, zone, rule, at) });
    days[rule.key] = day;
    moved = true;
  }
  if (moved) user.version += 1;
  return { user, changes, history, moved, days };
}
