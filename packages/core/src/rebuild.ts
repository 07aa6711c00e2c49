/**
 * Rebuild (S20): a user's streak states and history recomputed from the journal (daily sums per
 * metric, zone changes, owner actions), under the rules as they are now. With unchanged rules it
 * equals what events kept incrementally; after an owner changes a rule, every streak follows it.
 */
import { emptyRecord } from './keys.js';
import { isAttributed } from './attributed-metric.js';
import { completeDue, type CompletedAchievement } from './achievements.js';
import { countedRollups } from './day-start-eras.js';
import { advanceTo } from './advance.js';
import { stamp, stampOf } from './fingerprint.js';
import { grantFreezes } from './freezes.js';
import { ruleOfUser } from './personal-rule.js';
import { extendIfMet, newStreakState, type Model } from './reduce.js';
import { restoreStreak } from './restore.js';
import type { StreakExtension } from './points/evaluate-points.js';
import { rebuiltStreakProgress } from './points/rebuilt-streak-progress.js';
import type { StreakRule } from './rules.js';
import {
  cloneUser,
  copyRecord,
  type Change,
  type HistoryEntry,
  type Journal,
  type OwnerAction,
  type Rollup,
  type StreakState,
  type UserState,
  type ZoneChange,
} from './state.js';
import { changeInstant } from './settle.js';
import { dayStartInstant, placeInstant, zoneOf } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';
import { excusedByMove } from './zone-change.js';

/** A change of a streak with the instant it happened. */
export interface DatedChange {
  readonly change: Change;
  readonly at: number;
}

/** What a rebuild asked for them reports: its streaks' changes, each with the instant it happened, and the achievements it completed. */
export interface RebuildReport {
  readonly streaks: DatedChange[];
  /** the `achievement.completed` changes */
  readonly achievements: Change[];
  readonly completed: CompletedAchievement[];
}

type Item =
  | { kind: 0; day: number; at: number; version: number; change: ZoneChange }
  | { kind: 1; day: number; at: number; version: number; rows: Rollup[] }
  | { kind: 2; day: number; at: number; version: number; action: OwnerAction };

/**
 * The journal of one rule, in the order it happened (by the user's version): a day's sums stand
 * where its first event stood, and a zone change before the sums its event began. Later events of
 * the same day commute with owner actions on that day, so the daily sums lose nothing that matters.
 * A late event's sum (S4) stands on its own day, before what came after that day though journaled
 * later: items are then ordered by day, each zone change and action on the latest day reached when
 * it was journaled (what a state never goes back from), which leaves every other order as it was.
 */
function timeline(rule: StreakRule, journal: Journal, rollups: readonly Rollup[]): Item[] {
  const dayStart = String(rule.dayStart);
  const items: Item[] = [];
  const byDay = new Map<number, Rollup[]>();
  for (const row of rollups) {
    const rows = byDay.get(row.day);
    if (rows === undefined) byDay.set(row.day, [row]);
    else rows.push(row);
  }
  for (const [day, rows] of byDay)
    items.push({ kind: 1, day, at: 0, version: Math.min(...rows.map((row) => row.version)), rows });
  for (const change of journal.zoneChanges) {
    const day = change.days[dayStart] ?? placeInstant(change.at, zoneOf(change.to), rule.dayStartMs);
    items.push({ kind: 0, day, at: change.at, version: change.version, change });
  }
  for (const action of journal.actions) {
    const day = action.kind === 'settle' ? action.days[rule.key] : action.streak === rule.key ? action.day : undefined;
    if (day !== undefined) items.push({ kind: 2, day, at: action.at, version: action.version, action });
  }
  items.sort((a, b) => a.version - b.version || a.kind - b.kind);
  let reached = Number.NEGATIVE_INFINITY;
  // a zone change before any sums or action moves no state (there is none yet): it stays first, and
  // its day, placed under a day start the sums may not have been counted with, reaches nothing
  let begun = false;
  for (const item of items) {
    if (item.kind !== 0) begun = true;
    else if (!begun) {
      item.day = Number.NEGATIVE_INFINITY;
      continue;
    }
    if (item.kind !== 1 && item.day < reached) item.day = reached;
    if (item.day > reached) reached = item.day;
  }
  // stable: items of one day keep the journal's order
  return items.sort((a, b) => a.day - b.day);
}

function applyAction(state: StreakState, rule: StreakRule, action: OwnerAction, history: HistoryEntry[]): void {
  switch (action.kind) {
    case 'grant':
      grantFreezes(state, rule, action.count);
      break;
    case 'pause':
      state.pauses = [...state.pauses, { id: action.id, start: action.start, end: action.end }].sort(
        (a, b) => a.start - b.start,
      );
      break;
    case 'unpause':
      state.pauses = state.pauses.filter((pause) => pause.id !== action.id);
      break;
    case 'restore': {
      const mine = history.filter((entry) => entry.streak === rule.key);
      history.push(...restoreStreak(state, rule, mine, []).history);
      break;
    }
    case 'settle':
      // moving the state to the line's day, done before every action, is all a settlement did
      break;
  }
}

function rebuildRule(
  rule: StreakRule,
  journal: Journal,
  rollups: readonly Rollup[],
  history: HistoryEntry[],
  dated: DatedChange[] | null,
): StreakState | undefined {
  let state: StreakState | undefined;
  let zone: ZoneOffsets = rule.defaultZone;
  // what each item changed, dated and moved to `dated` when it is asked for
  const found: Change[] = [];
  const date = (made: number): void => {
    if (dated !== null) for (const change of found) dated.push({ change, at: changeInstant(change, zone, rule, made) });
    found.length = 0;
  };
  const changes = dated === null ? null : found;
  // the smallest version of the items folded so far: items journaled after a zone change but
  // folded before it are late events (S4), placed in a zone known after it, not moves from its old zone
  let earliest = Number.POSITIVE_INFINITY;
  for (const item of timeline(rule, journal, rollups)) {
    const before = earliest;
    if (item.version < earliest) earliest = item.version;
    if (item.kind === 0) {
      const to = zoneOf(item.change.to);
      if (state !== undefined && item.day > state.day && before < item.version) {
        // S5, as the event did it: excuse the periods that only one of the two zones sees missed.
        const from = item.change.from === null ? rule.defaultZone : zoneOf(item.change.from);
        const excusedFrom =
          from === to
            ? undefined
            : excusedByMove(state, rule, {
                at: item.at,
                day: item.day,
                from,
                to,
                previousAt: item.change.previousAt ?? null,
              });
        advanceTo(state, item.day, { rule, zone: to, changes, history, excusedFrom });
      }
      zone = to;
      date(item.at);
      continue;
    }
    if (state === undefined) state = newStreakState(rule, item.day);
    else advanceTo(state, item.day, { rule, zone, changes, history });
    if (item.kind === 2) {
      applyAction(state, rule, item.action, history);
      date(item.action.at);
      continue;
    }
    let counted = false;
    for (const row of item.rows) {
      if (!rule.metrics.has(row.metric)) continue;
      counted = true;
      state.progress[row.metric] = (state.progress[row.metric] ?? 0) + row.value;
      if (row.lastAt > 0 && (state.lastAt === null || row.lastAt > state.lastAt)) state.lastAt = row.lastAt;
    }
    if (!counted) {
      date(0);
      continue;
    }
    if (!extendIfMet(state, rule, state.lastAt ?? 0, found, history) && state.met && state.lastAt !== null) {
      state.extendedAt = state.lastAt;
    }
    // an extension happened at the latest event of its period the day's sums tell of
    date(state.lastAt ?? dayStartInstant(item.day, zone, rule.dayStartMs));
  }
  return state;
}

/**
 * Recompute a user's streaks from the journal; the profile and completed achievements are kept
 * (S22), and the state is stamped with the fingerprint of the rules it was computed under. Active
 * achievements the user now qualifies for are completed at `at` (backdated, S22): `completed` names
 * them, for the activity counts, and nothing else reports them (no change, no outbox entry).
 */
export function rebuildUser(
  stored: UserState,
  journal: Journal,
  model: Model,
  at: number,
  report?: RebuildReport,
): { user: UserState; history: HistoryEntry[]; completed: string[] } {
  const history: HistoryEntry[] = [];
  // Every event is summed once per distinct day start: one row per event and day gives the totals.
  const totals = emptyRecord<number>();
  // the series of metrics under their events' attributes apart (S25)
  let attributed: Record<string, number> | undefined;
  for (const row of countedRollups(journal.rollups, stored.dayStarts, null)) {
    const sums = isAttributed(row.metric) ? (attributed ??= emptyRecord<number>()) : totals;
    sums[row.metric] = (sums[row.metric] ?? 0) + row.value;
  }
  const user: UserState = {
    ...stored,
    version: stored.version + 1,
    totals,
    attributed,
    streaks: emptyRecord(),
    achievements: copyRecord(stored.achievements),
  };
  stamp(user, stampOf(model));
  for (const rule of model.rules) {
    // Days stay as they were counted where the rule's day start was not in force (it changed).
    const rows = countedRollups(journal.rollups, stored.dayStarts, rule.dayStart);
    // the rule as this user lives it (personal-rule.ts): only whether a period is met may differ
    const state = rebuildRule(ruleOfUser(rule, stored), journal, rows, history, report?.streaks ?? null);
    if (state !== undefined) user.streaks[rule.key] = state;
  }
  rebuildPointsProgress(user, model);
  const done = completeDue(user, model.achievements, at, report?.achievements ?? []);
  if (report !== undefined) report.completed.push(...done);
  return { user, history, completed: done.map((a) => a.key) };
}

/** S30: each points state of `user` with its streak triggers' progress set to the runs just rebuilt; nothing paid or taken. */
function rebuildPointsProgress(user: UserState, model: Model): void {
  const kept = user.points;
  if (kept === undefined || model.points === undefined || model.points.length === 0) return;
  const runs: StreakExtension[] = [];
  for (const rule of model.rules) {
    const state = user.streaks[rule.key];
    runs.push({ streak: rule.key, length: state?.length ?? 0, run: state?.started ?? 0 });
  }
  const points = copyRecord(kept);
  for (const system of model.points) {
    const state = points[system.key];
    if (state !== undefined) points[system.key] = rebuiltStreakProgress(system, state, runs);
  }
  user.points = points;
}

/**
 * A state made under the streak rules in force, with other achievements recomputed: its streaks,
 * totals and history stay as events kept them (a rebuild would judge each day by its sum, S20), and
 * the active achievements the user now qualifies for are completed at `at`, as `rebuildUser` does.
 */
export function refreshAchievements(
  stored: UserState,
  model: Model,
  at: number,
): { user: UserState; completed: string[] } {
  const user = cloneUser(stored);
  user.version = stored.version + 1;
  user.achievements = copyRecord(stored.achievements);
  stamp(user, stampOf(model));
  const completed = completeDue(user, model.achievements, at, []).map((a) => a.key);
  return { user, completed };
}
