/**
 * The points tests' examples: systems built from a few triggers, levels and boosts, a user in a
 * zone, and the instants they use. Kept out of src/, which is what the package ships.
 */
import type { PointsUser } from '../src/points/points-user.js';
import type {
  PointsAward,
  PointsBoost,
  PointsLevel,
  PointsState,
  PointsSystemRules,
  PointsTrigger,
} from '../src/points/points-types.js';
import { dayFromCivil } from '../src/time/calendar.js';
import { zoneOf } from '../src/time/local-date.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** 2026-01-01T00:00:00Z, when the examples' triggers were activated. */
export const T0 = Date.parse('2026-01-01T00:00:00Z');

/** The epoch day of a `YYYY-MM-DD`. */
export function day(text: string): number {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return dayFromCivil(y, m, d);
}

/** A system of `triggers` (and levels, boosts), active, without a cap unless given. */
export function pointsSystem(
  triggers: readonly PointsTrigger[],
  more: {
    maxPoints?: number | null;
    levels?: readonly PointsLevel[];
    boosts?: readonly PointsBoost[];
    key?: string;
  } = {},
): PointsSystemRules {
  return {
    key: more.key ?? 'xp',
    name: 'XP',
    description: null,
    badgeUrl: null,
    maxPoints: more.maxPoints ?? null,
    status: 'active',
    triggers,
    levels: more.levels ?? [],
    boosts: more.boosts ?? [],
  };
}

/** An active metric trigger over `lessons` activated at T0. */
export function metricTrigger(points: number, threshold: number, more: Partial<PointsTrigger> = {}): PointsTrigger {
  return {
    id: 'm',
    type: 'metric',
    metric: 'lessons',
    threshold,
    points,
    status: 'active',
    activatedAt: T0,
    ...more,
  } as PointsTrigger;
}

/** An active time trigger activated at T0. */
export function timeTrigger(
  points: number,
  unit: 'hour' | 'day',
  interval: number,
  more: Partial<PointsTrigger> = {},
): PointsTrigger {
  return { id: 't', type: 'time', unit, interval, points, status: 'active', activatedAt: T0, ...more } as PointsTrigger;
}

/** A global boost over the local dates `start..end`. */
export function boost(
  id: string,
  multiplier: number,
  rounding: PointsBoost['rounding'] = 'down',
  more: Partial<PointsBoost> = {},
): PointsBoost {
  return { id, start: day('2026-01-01'), end: null, multiplier, rounding, ...more };
}

/** A level `key` at `points`. */
export function level(key: string, points: number, createdAt = T0): PointsLevel {
  return { id: `level-${key}`, key, points, createdAt };
}

/** User `u` in `zone`, first seen at T0, with `attributes`. */
export function pointsUser(zone = 'UTC', attributes: Record<string, string> = {}, createdAt = T0): PointsUser {
  return { id: 'u', attributes, zone: zoneOf(zone), createdAt };
}

/** One metric event of `lessons` worth `value`. */
export function lessons(value: number, attributes: Record<string, string> = {}) {
  return { metric: 'lessons', value, attributes };
}

/** An award of `trigger` (and `boosts`) as a state keeps it: 10 points, the total 10 × its id. */
export function keptAward(id: string, trigger: string, boosts?: string[]): PointsAward {
  return {
    id,
    trigger,
    awarded: 10,
    ...(boosts === undefined ? {} : { boosts }),
    at: 1_764_100_000_000,
    total: 10 * Number(id),
  };
}

/** A state of one system with three awards (the newest boosted), a trigger's progress and its days: what the codecs pack. */
export const KEPT_STATE: PointsState = {
  total: 30,
  changed: true,
  seq: 3,
  progress: { 'trigger-uuid-1': { from: '1764000000000/1', acc: 3, reached: 3 } },
  awards: [
    keptAward('3', 'trigger-uuid-1', ['boost-uuid']),
    keptAward('2', 'trigger-uuid-1'),
    keptAward('1', 'trigger-uuid-2'),
  ],
  days: { from: 20_400, to: 20_401, changes: 'abc' },
};
