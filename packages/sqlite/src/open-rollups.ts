/**
 * A user's open rollups: the sums of the days its events still add to, kept in the user's row
 * (migrations/003_open_rollups.sql) rather than in the rollups table, so that an event of a day
 * already begun rewrites only the row it rewrites anyway. One is open per (metric, dayStart); an
 * event of another day closes it (it goes to the table). The journal is the two merged, the same
 * sums the table alone held before.
 */
import { mergeRollups, type Rollup } from '@kindling/core/adapter';

/**
 * The open rollups once `added` are summed in; each one that an event of a later (or earlier) day
 * closes goes to `close`. Each open rollup stays at its place (replaced by its sum, or by the day
 * that closed it) and new ones follow them: the store tells which days a write opened by place.
 */
export function addToOpen(
  open: readonly Rollup[],
  added: readonly Rollup[],
  close: (rollup: Rollup) => void,
): Rollup[] {
  const next = [...open];
  for (const rollup of added) {
    const i = next.findIndex((o) => o.metric === rollup.metric && o.dayStart === rollup.dayStart);
    const current = next[i];
    if (current === undefined) next.push(rollup);
    else if (current.day === rollup.day) next[i] = mergeRollups(current, rollup);
    else {
      close(current);
      next[i] = rollup;
    }
  }
  return next;
}

function byVersion(a: Rollup, b: Rollup): number {
  if (a.version !== b.version) return a.version - b.version;
  if (a.metric !== b.metric) return a.metric < b.metric ? -1 : 1;
  return a.dayStart - b.dayStart || a.day - b.day;
}

/**
 * The journal's rollups: the table's rows (`closed`) and the open ones, one per (metric, dayStart,
 * day), in (version, metric, dayStart, day) order. An open sum of a day the table holds too (written
 * before a day opened again went to the table at once, store.ts) is merged with it.
 */
export function journalRollups(closed: readonly Rollup[], open: readonly Rollup[]): Rollup[] {
  if (open.length === 0) return [...closed];
  const rows = [...closed];
  // the place of each (metric, dayStart, day) among the rows, looked up once per open rollup
  const places = new Map<string, number>();
  const dayOf = (row: Rollup) => `${row.metric}\u0000${row.dayStart}\u0000${row.day}`;
  for (let i = 0; i < rows.length; i++) {
    const day = dayOf(rows[i] as Rollup);
    if (!places.has(day)) places.set(day, i);
  }
  for (const rollup of open) {
    const i = places.get(dayOf(rollup));
    if (i === undefined) {
      places.set(dayOf(rollup), rows.length);
      rows.push(rollup);
    } else rows[i] = mergeRollups(rows[i] as Rollup, rollup);
  }
  return rows.sort(byVersion);
}
