/**
 * A late event (S4): an event whose instant lies before the latest instant the user's streaks were
 * moved at, on a local date before the latest placed. It is placed on its own local date (in its
 * `tz` if given, else the user's zone), its value added to the journal's sum of that day, and the
 * user rebuilt from the journal (S20), so the streak is what the same events in instant order
 * give. It answers the changes the rebuild finds that the journal without it did not give, each
 * with the instant it happened. Deterministic, no I/O: the engine hands in the journal.
 */
import { type EventInput, type EventReduction, type Model, reduceEvent } from './reduce.js';
import { type DatedChange, rebuildUser, type RebuildReport } from './rebuild.js';
import type { StreakRule } from './rules.js';
import { type Change, cloneUser, type Journal, mergeRollups, type Rollup, type UserState } from './state.js';
import { placeInstant, zoneOf } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';

/** The zone a possibly late event is placed in: its own, else the user's, else the rule's default (S1). */
function placingZone(user: UserState, event: EventInput, rule: StreakRule): ZoneOffsets {
  const name = event.tz ?? user.tz;
  return name === null ? rule.defaultZone : zoneOf(name);
}

/**
 * Whether the event's own local date lies before the latest placed under some rule: a late event
 * if its instant is also before the latest move of the user's streaks (`isLate`, which needs the
 * journal). Cheap: asked of every event with a known user.
 */
export function mayBeLate(user: UserState | null, event: EventInput, model: Model): boolean {
  if (user === null) return false;
  for (const rule of model.rules) {
    const state = user.streaks[rule.key];
    if (state !== undefined && placeInstant(event.at, placingZone(user, event, rule), rule.dayStartMs) < state.day)
      return true;
  }
  return false;
}

/**
 * The latest instant at which the user's streaks were moved: their latest event's, or a zone
 * change's, a settlement's or an owner action's in the journal (a sweep that decided a missed day).
 */
function latestMove(user: UserState, journal: Journal): number {
  let latest = user.lastEventAt ?? user.firstSeenAt;
  for (const change of journal.zoneChanges) if (change.at > latest) latest = change.at;
  for (const action of journal.actions) if (action.at > latest) latest = action.at;
  return latest;
}

/**
 * Whether an event `mayBeLate` found is one (S4): its instant is before the latest move. An event
 * later than everything before it, with a new zone that puts it on an earlier date (flying west),
 * is not: it counts on the latest date.
 */
export function isLate(user: UserState, journal: Journal, event: EventInput): boolean {
  return event.at < latestMove(user, journal);
}

/** `rows` added into the journal's sums, as every store merges them (one sum per metric, day start and day). */
function withRows(rollups: readonly Rollup[], rows: readonly Rollup[]): Rollup[] {
  const merged = rollups.slice();
  for (const row of rows) {
    const at = merged.findIndex((r) => r.metric === row.metric && r.dayStart === row.dayStart && r.day === row.day);
    if (at === -1) merged.push(row);
    else merged[at] = mergeRollups(merged[at] as Rollup, row);
  }
  return merged;
}

/**
 * What tells two dated changes apart: the change alone. A rebuild dates a day's change by the instants
 * it knows, and the instant it is run for (the late event's) where the journal keeps none, so the same
 * extension can carry two dates in the two rebuilds; by its date it would be reported, and sent to
 * the webhooks, a second time.
 */
const keyOf = ({ change }: DatedChange): string => JSON.stringify(change);

/** The dated changes of `after` that `before` does not hold (as many times as it does not), with `after`'s dates. */
function newIn(after: readonly DatedChange[], before: readonly DatedChange[]): DatedChange[] {
  const left = new Map<string, number>();
  for (const dated of before) left.set(keyOf(dated), (left.get(keyOf(dated)) ?? 0) + 1);
  const added: DatedChange[] = [];
  for (const dated of after) {
    const key = keyOf(dated);
    const count = left.get(key) ?? 0;
    if (count > 0) left.set(key, count - 1);
    else added.push(dated);
  }
  return added.sort((a, b) => a.at - b.at);
}

/** What a late event does: the reduction, with its changes dated, and the history that replaces the user's. */
export interface LateReduction extends EventReduction {
  readonly dated: DatedChange[];
}

/**
 * S4, S20: place a late event on its own local date and rebuild `before` from `journal` with it.
 * `before` is not changed. Refuses as `reduceEvent` does (a sum out of range, too many attribute sets).
 */
export function reduceLateEvent(before: UserState, journal: Journal, event: EventInput, model: Model): LateReduction {
  // The sums' checks, the profile, the totals and the metric achievements, as any event makes them;
  // the user's zone is not changed by a late event, and its streaks are what the rebuild makes.
  const counted = reduceEvent(cloneUser(before), { ...event, tz: null }, model);
  const rows = counted.rollups.map((row) => {
    const rule = model.rules.find((r) => r.dayStart === row.dayStart);
    const day =
      rule === undefined ? row.day : placeInstant(event.at, placingZone(before, event, rule), rule.dayStartMs);
    return { ...row, day };
  });
  const journaled: Journal = { ...journal, rollups: withRows(journal.rollups, rows) };
  // the changes the journal gave without the event, to tell the new ones
  const without: RebuildReport = { streaks: [], achievements: [], completed: [] };
  rebuildUser({ ...before, version: before.version }, journal, model, event.at, without);
  const report: RebuildReport = { streaks: [], achievements: [], completed: [] };
  // rebuilt from the state the event made, which holds its profile, version and metric achievements
  const stored: UserState = { ...counted.user, version: before.version, streaks: before.streaks };
  const rebuilt = rebuildUser(stored, journaled, model, event.at, report);
  const user = rebuilt.user;
  const eventAchievements = counted.changes.filter((change) => change.type === 'achievement.completed');
  const dated: DatedChange[] = [
    ...newIn(report.streaks, without.streaks),
    ...[...eventAchievements, ...report.achievements].map((change) => ({ change, at: event.at })),
  ];
  const extended = new Set<string>();
  for (const { change } of dated)
    if (change.type === 'streak.extended' || change.type === 'streak.started') extended.add(change.streak);
  const changes: Change[] = dated.map(({ change }) => change);
  return {
    user,
    history: rebuilt.history,
    rollups: rows,
    zoneChange: null,
    changes,
    extended: [...extended],
    achievements: [...counted.achievements, ...report.completed],
    dated,
  };
}
