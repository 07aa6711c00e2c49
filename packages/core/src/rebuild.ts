/**
 * Rebuild (S20): a user's streak states and history recomputed from the journal (daily sums per
 * metric, zone changes, owner actions), under the rules as they are now. With unchanged rules it
 * equals what events kept incrementally; after an owner changes a rule, every streak follows it.
 */
import { emptyRecord } from './keys.js';
import { isAttributed } from './attributed-metric.js';
import { completeDue } from './achievements.js';
import { countedRollups } from './day-start-eras.js';
import { advanceTo } from './advance.js';
import { stamp, stampOf } from './fingerprint.js';
import { grantFreezes } from './freezes.js';
import { ruleOfUser } from './personal-rule.js';
import { extendIfMet, newStreakState, type Model } from './reduce.js';
import { restoreStreak } from './restore.js';
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
import { placeInstant, zoneOf } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';
import { excusedByMove } from './zone-change.js';

type Item =
  | { kind: 0; day: number; at: number; version: number; change: ZoneChange }
  | { kind: 1; day: number; at: number; version: number; rows: Rollup[] }
  | { kind: 2; day: number; at: number; version: number; action: OwnerAction };

/**
 * The journal of one rule, in the order it happened (by the user's version): a day's sums stand
 * where its first event stood, and a zone change before the sums its event began. Later events of
 * the same day commute with owner actions on that day, so the daily sums lose nothing that matters.
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
  return items.sort((a, b) => a.version - b.version || a.kind - b.kind);
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
): StreakState | undefined {
  let state: StreakState | undefined;
  let zone: ZoneOffsets = rule.defaultZone;
  const ignored: Change[] = [];
  for (const item of timeline(rule, journal, rollups)) {
    if (item.kind === 0) {
      const to = zoneOf(item.change.to);
      if (state !== undefined && item.day > state.day) {
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
        advanceTo(state, item.day, { rule, zone: to, changes: null, history, excusedFrom });
      }
      zone = to;
      continue;
    }
    if (state === undefined) state = newStreakState(rule, item.day);
    else advanceTo(state, item.day, { rule, zone, changes: null, history });
    if (item.kind === 2) {
      applyAction(state, rule, item.action, history);
      continue;
    }
    let counted = false;
    for (const row of item.rows) {
      if (!rule.metrics.has(row.metric)) continue;
      counted = true;
      state.progress[row.metric] = (state.progress[row.metric] ?? 0) + row.value;
      if (row.lastAt > 0 && (state.lastAt === null || row.lastAt > state.lastAt)) state.lastAt = row.lastAt;
    }
    if (!counted) continue;
    if (!extendIfMet(state, rule, state.lastAt ?? 0, ignored, history) && state.met && state.lastAt !== null) {
      state.extendedAt = state.lastAt;
    }
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
    const state = rebuildRule(ruleOfUser(rule, stored), journal, rows, history);
    if (state !== undefined) user.streaks[rule.key] = state;
  }
  const completed = completeDue(user, model.achievements, at, []).map((a) => a.key);
  return { user, history, completed };
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
