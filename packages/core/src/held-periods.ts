/**
 * One user's held periods as the memory store keeps them: a lane per rule, its entries in period
 * order. An event writes the periods it settles, in order, at or after the last one kept, so a
 * write is one comparison and a push (the map per rule and user it replaces cost a hash table per
 * user, packages/core/bench); an earlier period (a restore) is found by binary search.
 */
import type { HistoryEntry } from './state.js';

export interface HeldLane {
  readonly streak: string;
  /** in period order, one per period */
  readonly entries: HistoryEntry[];
}

/** Keeps `entry`, replacing the one of its (streak, period). */
export function putHeld(lanes: HeldLane[], entry: HistoryEntry): void {
  let lane: HeldLane | undefined;
  for (let i = 0; i < lanes.length && lane === undefined; i++)
    if ((lanes[i] as HeldLane).streak === entry.streak) lane = lanes[i];
  if (lane === undefined) {
    lanes.push({ streak: entry.streak, entries: [entry] });
    return;
  }
  const entries = lane.entries;
  const last = entries.length - 1;
  const lastPeriod = (entries[last] as HistoryEntry).period;
  if (lastPeriod < entry.period) {
    entries.push(entry);
    return;
  }
  if (lastPeriod === entry.period) {
    entries[last] = entry;
    return;
  }
  let low = 0;
  let high = last;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((entries[mid] as HistoryEntry).period < entry.period) low = mid + 1;
    else high = mid;
  }
  if ((entries[low] as HistoryEntry).period === entry.period) entries[low] = entry;
  else entries.splice(low, 0, entry);
}

/** The kept entries of `streak` with period in [from, to], in period order. */
export function heldBetween(lanes: readonly HeldLane[], streak: string, from: number, to: number): HistoryEntry[] {
  const lane = lanes.find((candidate) => candidate.streak === streak);
  if (lane === undefined) return [];
  return lane.entries.filter((entry) => entry.period >= from && entry.period <= to);
}
