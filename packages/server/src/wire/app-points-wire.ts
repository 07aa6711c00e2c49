/**
 * The application API's points shapes, as the hosted service's SDK parses them: a system's base
 * (`PointsResponse`: id, key, name, description or null, badgeUrl, maxPoints), a trigger
 * (`PointsTrigger`, with the names of the metric or achievement it follows and attribute filters as
 * `{ key, value }`), a level (`PointsLevel`), a boost (`PointsBoost`), an award (`PointsAward`, its
 * trigger and boosts whole), an event's map of the systems it moved (`MetricEventPointsResponse`)
 * and a user's points (`GetUserPointsResponse`); their JSON Schemas beside them.
 */
import type { PointsAward, PointsChange, PointsLevel, UserPointsView } from '@kindling/core';
import { boostStatus } from '../accounts/points-boosts.js';
import type {
  AccountConfig,
  AttributeFilter,
  PointsBoostDef,
  PointsLevelDef,
  PointsSystemDef,
  PointsTriggerDef,
} from '../control/types.js';
import { attributeFilters, number, numberOrNull, text, textOrNull } from './primitives.js';

const baseProperties = {
  id: text,
  key: text,
  name: text,
  description: textOrNull,
  badgeUrl: textOrNull,
  maxPoints: numberOrNull,
} as const;
const baseRequired = ['id', 'key', 'name', 'description', 'badgeUrl', 'maxPoints'] as const;

export const appPointsTriggerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'points', 'status', 'userAttributes', 'created', 'updated'],
  properties: {
    id: text,
    type: { type: 'string', enum: ['metric', 'achievement', 'streak', 'time', 'user_creation'] },
    points: number,
    status: { type: 'string', enum: ['active', 'inactive', 'archived'] },
    metricId: text,
    metricName: text,
    metricThreshold: number,
    streakLengthThreshold: number,
    achievementId: text,
    achievementName: text,
    timeUnit: { type: 'string', enum: ['hour', 'day'] },
    timeInterval: number,
    userAttributes: attributeFilters,
    eventAttributes: attributeFilters,
    created: text,
    updated: text,
  },
} as const;

export const appPointsLevelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key', 'name', 'description', 'badgeUrl', 'points'],
  properties: { id: text, key: text, name: text, description: text, badgeUrl: textOrNull, points: number },
} as const;

export const appPointsBoostSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'status', 'start', 'end', 'multiplier', 'rounding'],
  properties: {
    id: text,
    name: text,
    status: { type: 'string', enum: ['active', 'scheduled', 'finished'] },
    start: text,
    end: textOrNull,
    multiplier: number,
    rounding: { type: 'string', enum: ['down', 'up', 'nearest'] },
  },
} as const;

export const pointsAwardSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'awarded', 'date', 'total', 'trigger', 'boosts'],
  properties: {
    id: text,
    awarded: number,
    date: text,
    total: number,
    trigger: appPointsTriggerSchema,
    boosts: { type: 'array', items: appPointsBoostSchema },
  },
} as const;

const levelOrNull = { anyOf: [appPointsLevelSchema, { type: 'null' }] } as const;

/** One system an event moved: `level` only when the event changed it. */
export const eventPointsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...baseRequired, 'total', 'added', 'awards'],
  properties: {
    ...baseProperties,
    total: number,
    added: number,
    level: levelOrNull,
    awards: { type: 'array', items: pointsAwardSchema },
  },
} as const;

export const eventPointsMapSchema = {
  type: 'object',
  additionalProperties: eventPointsSchema,
  description: 'each points system the event moved, by key; {} when none',
} as const;

export const userPointsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...baseRequired, 'total', 'level', 'awards'],
  properties: {
    ...baseProperties,
    total: number,
    level: levelOrNull,
    awards: { type: 'array', items: pointsAwardSchema, description: 'the most recent first' },
  },
} as const;

/** Attribute filters by id as the application API writes them: by the attribute's key. */
function filtersWire(filters: readonly AttributeFilter[], config: AccountConfig) {
  const filtered = [];
  for (const { attributeId, attributeValue } of filters) {
    const attribute = config.attributes?.find((a) => a.id === attributeId);
    if (attribute !== undefined) filtered.push({ key: attribute.key, value: attributeValue });
  }
  return filtered;
}

export function appPointsTriggerWire(def: PointsTriggerDef, config: AccountConfig) {
  const metric = def.metricId === undefined ? undefined : config.metrics.find((m) => m.id === def.metricId);
  const achievement =
    def.achievementId === undefined ? undefined : config.achievements.find((a) => a.id === def.achievementId);
  return {
    id: def.id,
    type: def.type,
    points: def.points,
    status: def.status,
    ...(def.metricId !== undefined ? { metricId: def.metricId } : {}),
    ...(metric !== undefined ? { metricName: metric.name } : {}),
    ...(def.metricThreshold !== undefined ? { metricThreshold: def.metricThreshold } : {}),
    ...(def.streakLength !== undefined ? { streakLengthThreshold: def.streakLength } : {}),
    ...(def.achievementId !== undefined ? { achievementId: def.achievementId } : {}),
    ...(achievement !== undefined ? { achievementName: achievement.name } : {}),
    ...(def.timeUnit !== undefined
      ? { timeUnit: def.timeUnit === 'hours' ? ('hour' as const) : ('day' as const) }
      : {}),
    ...(def.timeInterval !== undefined ? { timeInterval: def.timeInterval } : {}),
    userAttributes: filtersWire(def.userAttributes, config),
    ...(def.type === 'metric' ? { eventAttributes: filtersWire(def.eventAttributes ?? [], config) } : {}),
    created: def.created,
    updated: def.updated,
  };
}

export function appPointsLevelWire(def: PointsLevelDef) {
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    description: def.description,
    badgeUrl: def.badge?.url ?? null,
    points: def.points,
  };
}

/** A boost as answered on the day of `now` (ms). */
export function appPointsBoostWire(def: PointsBoostDef, now: number) {
  return {
    id: def.id,
    name: def.name,
    status: boostStatus(def, now),
    start: def.start,
    end: def.end,
    multiplier: def.multiplier,
    rounding: def.rounding,
  };
}

export function pointsBaseWire(def: PointsSystemDef) {
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    description: def.description === '' ? null : def.description,
    badgeUrl: def.badge?.url ?? null,
    maxPoints: def.maxPoints,
  };
}

/**
 * An award with its trigger and boosts as configured now (a trigger deleted since is kept archived,
 * so every award finds its own; one removed from the document by hand is left out with the award).
 */
function awardWire(award: PointsAward, def: PointsSystemDef, config: AccountConfig, now: number) {
  const trigger = def.triggers.find((t) => t.id === award.trigger);
  if (trigger === undefined) return null;
  const boosts = [];
  for (const id of award.boosts ?? []) {
    const boost = def.boosts.find((b) => b.id === id);
    if (boost !== undefined) boosts.push(appPointsBoostWire(boost, now));
  }
  return {
    id: award.id,
    awarded: award.awarded,
    date: new Date(award.at).toISOString(),
    total: award.total,
    trigger: appPointsTriggerWire(trigger, config),
    boosts,
  };
}

function awardsWire(awards: readonly PointsAward[], def: PointsSystemDef, config: AccountConfig, now: number) {
  const shown = [];
  for (const award of awards) {
    const wire = awardWire(award, def, config, now);
    if (wire !== null) shown.push(wire);
  }
  return shown;
}

/** A level as the application API shows it, found by id in the system as configured now; null when none (or gone). */
export function levelWire(level: PointsLevel | null, def: PointsSystemDef) {
  if (level === null) return null;
  const found = def.levels.find((l) => l.id === level.id);
  return found === undefined ? null : appPointsLevelWire(found);
}

/** One system's entry of an event's `points` map (`MetricEventPointsResponse`), also the body of `points.changed`. */
export function eventSystemWire(change: PointsChange, def: PointsSystemDef, config: AccountConfig, now: number) {
  return {
    ...pointsBaseWire(def),
    total: change.total,
    added: change.added,
    ...('level' in change ? { level: levelWire(change.level ?? null, def) } : {}),
    awards: awardsWire(change.awards, def, config, now),
  };
}

/** An event's (or a completion's) `points` map: each system it moved, as configured at `now`. */
export function eventPointsWire(points: Readonly<Record<string, PointsChange>>, config: AccountConfig, now: number) {
  const map: Record<string, ReturnType<typeof eventSystemWire>> = {};
  for (const key of Object.keys(points)) {
    const def = config.points?.find((system) => system.key === key);
    if (def === undefined) continue;
    // defined, not assigned: a system may be keyed `__proto__`
    Object.defineProperty(map, key, {
      value: eventSystemWire(points[key] as PointsChange, def, config, now),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return map;
}

/** A user's points in one system, the newest `awards` of those kept. */
export function userPointsWire(
  view: UserPointsView,
  def: PointsSystemDef,
  config: AccountConfig,
  now: number,
  awards: number,
) {
  return {
    ...pointsBaseWire(def),
    total: view.total,
    level: levelWire(view.level, def),
    awards: awardsWire(view.awards.slice(0, awards), def, config, now),
  };
}

/** `GET /v1/points/:key`: the system (no `key`, as the hosted service answers it) and its active triggers. */
export const pointsSystemAppSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'badgeUrl', 'maxPoints', 'triggers'],
  properties: {
    id: text,
    name: text,
    description: textOrNull,
    badgeUrl: textOrNull,
    maxPoints: numberOrNull,
    triggers: { type: 'array', items: appPointsTriggerSchema },
  },
} as const;

export function pointsSystemAppWire(def: PointsSystemDef, config: AccountConfig) {
  const { key: _key, ...base } = pointsBaseWire(def);
  return {
    ...base,
    triggers: def.triggers.filter((t) => t.status === 'active').map((t) => appPointsTriggerWire(t, config)),
  };
}

/** One of a points summary's eleven ranges (`PointsRange`): the users whose total is from `from` to `to`. */
export const pointsRangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'users'],
  properties: { from: { type: 'integer' }, to: { type: 'integer' }, users: { type: 'integer' } },
} as const;

/** One level of a level summary: the level as `/levels` shows it and how many users hold it. */
export const levelSummaryEntrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['level', 'users'],
  properties: { level: appPointsLevelSchema, users: { type: 'integer' } },
} as const;

/** A level summary's rows, each level of the engine's by its id in the system's configuration. */
export function levelSummaryWire(
  rows: ReadonlyArray<{ readonly level: PointsLevel; readonly users: number }>,
  def: PointsSystemDef,
) {
  const byId = new Map(def.levels.map((level) => [level.id, level]));
  return rows.flatMap(({ level, users }) => {
    const found = byId.get(level.id);
    return found === undefined ? [] : [{ level: appPointsLevelWire(found), users }];
  });
}
