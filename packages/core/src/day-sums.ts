/**
 * One user's day sums as the memory store keeps them: a lane per (metric, day start), each one flat
 * array of numbers, five per day (day, value, lastAt, version, order), in day order. An event adds
 * to the user's latest day, so the sum it changes is the lane's last row, or a new row after it:
 * one comparison, no map lookups, and numbers in arrays the collector does not need to trace (the
 * nested maps of DaySum objects they replace were the memory store's largest cost per event,
 * packages/core/bench). `order` is when the sum was first written: the journal's order.
 */
import type { Rollup } from './state.js';

/** numbers per row: day, value, lastAt, version, order */
const ROW = 5;

export interface DaySumLane {
  readonly metric: string;
  readonly dayStart: number;
  readonly rows: number[];
}

export interface DaySums {
  readonly lanes: DaySumLane[];
  /** sums ever added: the order of the next one */
  count: number;
}

export function newDaySums(): DaySums {
  return { lanes: [], count: 0 };
}

export function findLane(sums: DaySums, metric: string, dayStart: number): DaySumLane | undefined {
  const lanes = sums.lanes;
  for (let i = 0; i < lanes.length; i++) {
    const lane = lanes[i] as DaySumLane;
    if (lane.dayStart === dayStart && lane.metric === metric) return lane;
  }
  return undefined;
}

/**
 * Where the row of `day` starts in `lane.rows`; when there is none, `-(p + 1)` for the position `p`
 * it would be inserted at to keep the days in order.
 */
export function findRow(lane: DaySumLane, day: number): number {
  const rows = lane.rows;
  const last = rows.length - ROW;
  if (last < 0 || (rows[last] as number) < day) return -(rows.length + 1);
  if (rows[last] === day) return last;
  let low = 0;
  let high = last / ROW;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((rows[mid * ROW] as number) < day) low = mid + 1;
    else high = mid;
  }
  return rows[low * ROW] === day ? low * ROW : -(low * ROW + 1);
}

/** Sets the sum of (metric, dayStart, day), merged already (`mergeRollups`), adding its row when new. */
export function putDaySum(
  sums: DaySums,
  metric: string,
  dayStart: number,
  day: number,
  value: number,
  lastAt: number,
  version: number,
): void {
  let lane = findLane(sums, metric, dayStart);
  if (lane === undefined) {
    lane = { metric, dayStart, rows: [] };
    sums.lanes.push(lane);
  }
  const at = findRow(lane, day);
  const rows = lane.rows;
  if (at >= 0) {
    rows[at + 1] = value;
    rows[at + 2] = lastAt;
    rows[at + 3] = version;
  } else if (-(at + 1) === rows.length) {
    rows.push(day, value, lastAt, version, sums.count++);
  } else {
    rows.splice(-(at + 1), 0, day, value, lastAt, version, sums.count++);
  }
}

/** Every sum as a rollup, in the order first written. */
export function daySumsInOrder(sums: DaySums): Rollup[] {
  const found: Array<{ order: number; rollup: Rollup }> = [];
  for (const lane of sums.lanes) {
    const rows = lane.rows;
    for (let at = 0; at < rows.length; at += ROW) {
      found.push({
        order: rows[at + 4] as number,
        rollup: {
          metric: lane.metric,
          dayStart: lane.dayStart,
          day: rows[at] as number,
          value: rows[at + 1] as number,
          lastAt: rows[at + 2] as number,
          version: rows[at + 3] as number,
        },
      });
    }
  }
  found.sort((a, b) => a.order - b.order);
  return found.map((entry) => entry.rollup);
}

/** `rollup` added to the stored sum of its (metric, dayStart, day) as `mergeRollups` adds them; `rollup` itself when none is stored. */
export function withStoredSum(sums: DaySums | undefined, rollup: Rollup): Rollup {
  const lane = sums === undefined ? undefined : findLane(sums, rollup.metric, rollup.dayStart);
  const at = lane === undefined ? -1 : findRow(lane, rollup.day);
  if (lane === undefined || at < 0) return rollup;
  const rows = lane.rows;
  return {
    metric: rollup.metric,
    dayStart: rollup.dayStart,
    day: rollup.day,
    value: (rows[at + 1] as number) + rollup.value,
    lastAt: Math.max(rows[at + 2] as number, rollup.lastAt),
    version: Math.min(rows[at + 3] as number, rollup.version),
  };
}
