/**
 * Which day starts summed which events (S2, S20). An event is summed once per distinct day start of
 * the rules in force (its rollups); when an owner changes a rule's `dayStartsAt`, later events are
 * summed under the new one and earlier ones stay where they were counted. The user state keeps the
 * eras (from which version on which day starts summed), so that a rebuild takes every event exactly
 * once, on the day its rule placed it where that rule's day start was in force, else on the day the
 * day start then in force placed it.
 */
import type { DayStartEra, Rollup, UserState } from './state.js';

function sameStarts(starts: readonly number[], rollups: readonly Rollup[]): boolean {
  if (starts.length !== rollups.length) return false;
  for (let i = 0; i < starts.length; i++) if (starts[i] !== (rollups[i] as Rollup).dayStart) return false;
  return true;
}

/**
 * Opens a new era on `user` when the day starts that summed its event just now (its `rollups`)
 * changed. It runs on every event, so it compares in place and allocates only for a new era.
 */
export function noteDayStarts(user: UserState, rollups: readonly Rollup[]): void {
  const eras = user.dayStarts;
  const last = eras === undefined ? undefined : eras[eras.length - 1];
  if (last !== undefined && sameStarts(last.starts, rollups)) return;
  user.dayStarts = [...(eras ?? []), { from: user.version, starts: rollups.map((rollup) => rollup.dayStart) }];
}

/**
 * The rollups that count each event once: under `dayStart` (a rule's own, in minutes) wherever it
 * summed the event, else under the first day start of the event's era; `null` takes the first
 * everywhere (the metric totals). Rows older than the first era (kept before eras were recorded)
 * are taken as before: the rule's own day start if any such row has it, else the first row's.
 */
export function countedRollups(
  rollups: readonly Rollup[],
  eras: readonly DayStartEra[] | undefined,
  dayStart: number | null,
): Rollup[] {
  const known = eras ?? [];
  const firstEra = known[0]?.from ?? Number.POSITIVE_INFINITY;
  let legacy: number | undefined;
  for (const row of rollups) {
    if (row.version >= firstEra) continue;
    if (legacy === undefined) legacy = row.dayStart;
    if (row.dayStart === dayStart) legacy = dayStart;
  }
  return rollups.filter((row) => {
    if (row.version < firstEra) return row.dayStart === legacy;
    // the era of the row: the newest that began at or before it (a user has a handful at most)
    const era = known.findLast((candidate) => candidate.from <= row.version) as DayStartEra;
    return row.dayStart === (dayStart !== null && era.starts.includes(dayStart) ? dayStart : era.starts[0]);
  });
}
