/**
 * A user's points states (S27..S36) packed for a store (the SQLite row, the Redis state): an array
 * of systems in place of the object keyed by system, each as `[key, total, changed, seq, progress, names, awards,
 * days?]`. Every id an award names (its trigger and its boosts, UUIDs on the service) is written
 * once in `names`, and each award is `[id, trigger, awarded, at, total]` or, with boosts,
 * `[id, trigger, awarded, at, total, [boosts]]`, the trigger and boosts as places in `names`;
 * `days` is `[from, to, changes]`. With ten awards kept per system, the key names and the repeated
 * ids were more than half of a state's bytes, and every event rewrites the state. A states object is packed only when every state, award and day list has exactly the shape
 * the engine makes; otherwise it stays the JSON object it was, which is read as before (an object,
 * where the packed form is an array).
 */
import { hasKeysInOrder, isRecord } from '../key-order.js';
import type { PointsAward, PointsState } from './points-types.js';

const STATE_FIELDS = ['total', 'changed', 'seq', 'progress', 'awards'] as const;
const STATE_FIELDS_WITH_DAYS = [...STATE_FIELDS, 'days'] as const;
const AWARD_FIELDS = ['id', 'trigger', 'awarded', 'at', 'total'] as const;
const AWARD_FIELDS_WITH_BOOSTS = ['id', 'trigger', 'awarded', 'boosts', 'at', 'total'] as const;
const DAYS_FIELDS = ['from', 'to', 'changes'] as const;

/** The place of `name` in `names`, added at the end when new. */
function placeOf(name: string, names: string[], places: Map<string, number>): number {
  let place = places.get(name);
  if (place === undefined) {
    place = names.length;
    names.push(name);
    places.set(name, place);
  }
  return place;
}

function packAward(award: unknown, names: string[], places: Map<string, number>): unknown[] | null {
  const boosted = isRecord(award) && Object.hasOwn(award, 'boosts');
  if (!hasKeysInOrder(award, boosted ? AWARD_FIELDS_WITH_BOOSTS : AWARD_FIELDS)) return null;
  const { id, trigger, awarded, at, total, boosts } = award as unknown as PointsAward;
  if (typeof id !== 'string' || typeof trigger !== 'string' || typeof awarded !== 'number') return null;
  if (typeof at !== 'number' || typeof total !== 'number') return null;
  const row: unknown[] = [id, placeOf(trigger, names, places), awarded, at, total];
  if (boosted) {
    if (!Array.isArray(boosts) || boosts.length === 0) return null;
    const packed: number[] = [];
    for (const boost of boosts) {
      if (typeof boost !== 'string') return null;
      packed.push(placeOf(boost, names, places));
    }
    row.push(packed);
  }
  return row;
}

function packState(key: string, state: unknown): unknown[] | null {
  const withDays = isRecord(state) && Object.hasOwn(state, 'days');
  if (!hasKeysInOrder(state, withDays ? STATE_FIELDS_WITH_DAYS : STATE_FIELDS)) return null;
  const { total, changed, seq, progress, awards, days } = state as unknown as PointsState;
  if (typeof total !== 'number' || typeof changed !== 'boolean' || typeof seq !== 'number') return null;
  if (!isRecord(progress) || !Array.isArray(awards)) return null;
  const names: string[] = [];
  const places = new Map<string, number>();
  const rows: unknown[] = [];
  for (const award of awards) {
    const row = packAward(award, names, places);
    if (row === null) return null;
    rows.push(row);
  }
  const packed: unknown[] = [key, total, changed, seq, progress, names, rows];
  if (withDays) {
    if (!hasKeysInOrder(days, DAYS_FIELDS)) return null;
    packed.push([days.from, days.to, days.changes]);
  }
  return packed;
}

/** The packed form of a user's points states, or null when one of them has another shape. */
export function packPoints(points: unknown): unknown[] | null {
  if (!isRecord(points)) return null;
  const packed: unknown[] = [];
  for (const key in points) {
    if (!Object.hasOwn(points, key)) return null;
    const state = packState(key, points[key]);
    if (state === null) return null;
    packed.push(state);
  }
  return packed;
}

function unpackAward(row: unknown, names: readonly unknown[]): PointsAward | undefined {
  if (!Array.isArray(row) || (row.length !== 5 && row.length !== 6)) return undefined;
  const [id, trigger, awarded, at, total, boosts] = row;
  const triggerName = names[trigger as number];
  if (typeof triggerName !== 'string') return undefined;
  if (row.length === 5) return { id, trigger: triggerName, awarded, at, total };
  if (!Array.isArray(boosts)) return undefined;
  const boostNames: string[] = [];
  for (const place of boosts) {
    const name = names[place as number];
    if (typeof name !== 'string') return undefined;
    boostNames.push(name);
  }
  return { id, trigger: triggerName, awarded, boosts: boostNames, at, total };
}

/** The points states of a packed form, keyed by system; undefined when the array is not one. */
export function unpackPoints(packed: readonly unknown[]): Record<string, PointsState> | undefined {
  // Without a prototype: a system keyed `__proto__` is set as a field, as JSON.parse keeps it.
  const points: Record<string, PointsState> = Object.create(null);
  for (const system of packed) {
    if (!Array.isArray(system) || (system.length !== 7 && system.length !== 8)) return undefined;
    const [key, total, changed, seq, progress, names, rows, days] = system;
    if (typeof key !== 'string' || !isRecord(progress) || !Array.isArray(names) || !Array.isArray(rows))
      return undefined;
    const awards: PointsAward[] = [];
    for (const row of rows) {
      const award = unpackAward(row, names);
      if (award === undefined) return undefined;
      awards.push(award);
    }
    const state = { total, changed, seq, progress, awards } as PointsState;
    if (system.length === 8) {
      if (!Array.isArray(days) || days.length !== 3) return undefined;
      state.days = { from: days[0], to: days[1], changes: days[2] };
    }
    points[key] = state;
  }
  return points;
}
