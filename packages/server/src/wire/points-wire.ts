/**
 * The admin API's points answers in the hosted service's shapes: a points system
 * (`AdminPointsSystem`, with the parts a create named), a trigger (`AdminPointsTrigger`, with
 * `created` and `updated`, which the application API's trigger needs), a level (`AdminPointsLevel`,
 * `description` "" when none) and a boost (`AdminPointsBoost`, its status from its dates and the
 * day); their JSON Schemas and the bulk answers of each.
 */
import { boostStatus } from '../accounts/points-boosts.js';
import type {
  AttributeFilter,
  PointsBoostDef,
  PointsLevelDef,
  PointsSystemDef,
  PointsTriggerDef,
} from '../control/types.js';
import { deletedAnswerSchema, issues } from './admin-wire.js';
import { flag, number, text, textOrNull } from './primitives.js';

const badge = {
  anyOf: [
    { type: 'object', additionalProperties: false, required: ['url'], properties: { url: text } },
    { type: 'null' },
  ],
} as const;
const filters = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['attributeId', 'attributeValue'],
    properties: { attributeId: text, attributeValue: text },
  },
} as const;
const integerOrNull = { type: ['integer', 'null'] } as const;

export const pointsTriggerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'points', 'status', 'userAttributes', 'blockIfOutOfPoints', 'created', 'updated'],
  properties: {
    id: text,
    type: { type: 'string', enum: ['metric', 'achievement', 'streak', 'time', 'user_creation'] },
    points: number,
    status: { type: 'string', enum: ['active', 'inactive'] },
    userAttributes: filters,
    metricId: text,
    metricThreshold: number,
    eventAttributes: filters,
    achievementId: text,
    streakLength: number,
    timeUnit: { type: 'string', enum: ['hours', 'days'] },
    timeInterval: number,
    blockIfOutOfPoints: flag,
    created: text,
    updated: text,
  },
} as const;

export const pointsLevelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key', 'name', 'points', 'description', 'badge'],
  properties: { id: text, key: text, name: text, points: number, description: text, badge },
} as const;

export const pointsBoostSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'status', 'start', 'end', 'multiplier', 'rounding', 'userId'],
  properties: {
    id: text,
    name: text,
    status: { type: 'string', enum: ['active', 'scheduled', 'finished'], description: 'from the dates, in UTC' },
    start: text,
    end: textOrNull,
    multiplier: number,
    rounding: { type: 'string', enum: ['down', 'up', 'nearest'] },
    userId: textOrNull,
    userAttributes: { ...filters, description: 'a boost of all users only' },
  },
} as const;

const systemProperties = {
  id: text,
  key: text,
  name: text,
  description: text,
  status: { type: 'string', enum: ['active', 'archived'] },
  badge,
  maxPoints: integerOrNull,
} as const;
const systemRequired = ['id', 'key', 'name', 'description', 'status', 'badge', 'maxPoints'] as const;

export const pointsSystemSchema = {
  type: 'object',
  additionalProperties: false,
  required: systemRequired,
  properties: systemProperties,
} as const;

/** A system as a create answers it: with the levels, boosts and triggers the item named. */
export const createdPointsSystemSchema = {
  type: 'object',
  additionalProperties: false,
  required: systemRequired,
  properties: {
    ...systemProperties,
    levels: { type: 'array', items: pointsLevelSchema },
    boosts: { type: 'array', items: pointsBoostSchema },
    triggers: { type: 'array', items: pointsTriggerSchema },
  },
} as const;

function bulkAnswers<const T extends object>(item: T) {
  return {
    created: {
      type: 'object',
      additionalProperties: false,
      required: ['created', 'issues'],
      properties: { created: { type: 'array', items: item }, issues },
    },
    updated: {
      type: 'object',
      additionalProperties: false,
      required: ['updated', 'issues'],
      properties: { updated: { type: 'array', items: item }, issues },
    },
  } as const;
}

export const pointsSystemAnswers = {
  created: bulkAnswers(createdPointsSystemSchema).created,
  updated: bulkAnswers(pointsSystemSchema).updated,
  deleted: deletedAnswerSchema,
} as const;
export const pointsTriggerAnswers = { ...bulkAnswers(pointsTriggerSchema), deleted: deletedAnswerSchema } as const;
export const pointsLevelAnswers = { ...bulkAnswers(pointsLevelSchema), deleted: deletedAnswerSchema } as const;
export const pointsBoostAnswers = { ...bulkAnswers(pointsBoostSchema), deleted: deletedAnswerSchema } as const;

const copy = (list: readonly AttributeFilter[]) =>
  list.map(({ attributeId, attributeValue }) => ({ attributeId, attributeValue }));

export function pointsTriggerWire(def: PointsTriggerDef) {
  return {
    id: def.id,
    type: def.type,
    points: def.points,
    status: def.status === 'active' ? ('active' as const) : ('inactive' as const),
    userAttributes: copy(def.userAttributes),
    ...(def.metricId !== undefined ? { metricId: def.metricId } : {}),
    ...(def.metricThreshold !== undefined ? { metricThreshold: def.metricThreshold } : {}),
    ...(def.type === 'metric' ? { eventAttributes: copy(def.eventAttributes ?? []) } : {}),
    ...(def.achievementId !== undefined ? { achievementId: def.achievementId } : {}),
    ...(def.streakLength !== undefined ? { streakLength: def.streakLength } : {}),
    ...(def.timeUnit !== undefined ? { timeUnit: def.timeUnit } : {}),
    ...(def.timeInterval !== undefined ? { timeInterval: def.timeInterval } : {}),
    blockIfOutOfPoints: def.blockIfOutOfPoints,
    created: def.created,
    updated: def.updated,
  };
}

export function pointsLevelWire(def: PointsLevelDef) {
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    points: def.points,
    description: def.description,
    badge: def.badge === null ? null : { url: def.badge.url },
  };
}

/** A boost as answered on the day of `now` (ms). */
export function pointsBoostWire(def: PointsBoostDef, now: number) {
  return {
    id: def.id,
    name: def.name,
    status: boostStatus(def, now),
    start: def.start,
    end: def.end,
    multiplier: def.multiplier,
    rounding: def.rounding,
    userId: def.userId,
    ...(def.userId === null ? { userAttributes: copy(def.userAttributes) } : {}),
  };
}

export function pointsSystemWire(def: PointsSystemDef) {
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    description: def.description,
    status: def.status,
    badge: def.badge === null ? null : { url: def.badge.url },
    maxPoints: def.maxPoints,
  };
}

/** A system as a create answers it, with the parts its item named, on the day of `now`. */
export function createdPointsSystemWire(
  made: { system: PointsSystemDef; named: { levels: boolean; boosts: boolean; triggers: boolean } },
  now: number,
) {
  const { system, named } = made;
  return {
    ...pointsSystemWire(system),
    ...(named.levels ? { levels: system.levels.map(pointsLevelWire) } : {}),
    ...(named.boosts ? { boosts: system.boosts.map((b) => pointsBoostWire(b, now)) } : {}),
    ...(named.triggers ? { triggers: system.triggers.map(pointsTriggerWire) } : {}),
  };
}
