/**
 * JSON Schemas of the admin API's points requests (systems, triggers, levels, boosts), shared by
 * validation and the OpenAPI document. They check each item's shape and bound every string and
 * list; what is wrong with a value (a trigger of 0 points, a multiplier of 1, a key taken) is the
 * item's issue, said in `accounts/points-*.ts`, not a 422 for the whole body.
 */
import { MAX_NAME_LENGTH, NAME_PATTERN } from '../../accounts/names.js';
import { MAX_DESCRIPTION_LENGTH } from '../../accounts/points-checks.js';
import { MAX_BADGE_URL_LENGTH } from '../../accounts/achievement-checks.js';
import { KEY_PATTERN } from './schemas.js';

const id = { type: 'string', minLength: 1, maxLength: 255 } as const;
const name = { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, pattern: NAME_PATTERN } as const;
const key = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description: `letters, digits, - and _ (${KEY_PATTERN}), at most 64`,
} as const;
const description = { type: ['string', 'null'], maxLength: MAX_DESCRIPTION_LENGTH } as const;
const badge = {
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: { url: { type: 'string', maxLength: MAX_BADGE_URL_LENGTH + 1 } },
    },
    { type: 'null' },
  ],
} as const;
// numbers of any size: a value out of bounds is the item's issue, naming its field
const amount = { type: 'number' } as const;
const filters = {
  anyOf: [
    {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['attributeId', 'attributeValue'],
        properties: { attributeId: id, attributeValue: { type: 'string', maxLength: 255 } },
      },
    },
    { type: 'null' },
  ],
} as const;
const date = { type: 'string', maxLength: 10, description: 'a date, YYYY-MM-DD' } as const;

const triggerFields = {
  type: { type: 'string', enum: ['metric', 'achievement', 'streak', 'time', 'user_creation'] },
  points: { ...amount, description: 'a non-zero integer within ±1e9; negative deducts' },
  status: { type: 'string', enum: ['active', 'inactive'] },
  userAttributes: filters,
  metricId: id,
  metricThreshold: amount,
  eventAttributes: filters,
  achievementId: id,
  streakLength: amount,
  timeUnit: { type: 'string', enum: ['hours', 'days'] },
  timeInterval: amount,
  blockIfOutOfPoints: { type: 'boolean' },
} as const;

export const newPointsTrigger = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'points'],
  properties: triggerFields,
} as const;

export const pointsTriggerChange = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  minProperties: 2,
  properties: { id, ...triggerFields },
} as const;

export const newPointsLevel = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'key', 'points'],
  properties: { name, key, points: amount, description, badge },
} as const;

export const pointsLevelChange = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  minProperties: 2,
  properties: { id, name, points: amount, description, badge },
} as const;

const boostName = { type: 'string', minLength: 1, maxLength: 1024, pattern: NAME_PATTERN } as const;
const rounding = { type: 'string', enum: ['down', 'up', 'nearest'] } as const;

export const newPointsBoost = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'start', 'multiplier'],
  properties: {
    userId: { anyOf: [id, { type: 'null' }] },
    name: boostName,
    start: date,
    end: { anyOf: [date, { type: 'null' }] },
    multiplier: { ...amount, description: 'above 0, below 100, not 1' },
    rounding,
    userAttributes: filters,
  },
} as const;

export const pointsBoostChange = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  minProperties: 2,
  properties: {
    id,
    name: boostName,
    start: date,
    end: { anyOf: [date, { type: 'null' }] },
    multiplier: amount,
    rounding,
    userAttributes: filters,
  },
} as const;

/** The parts a system is made with: as many as one create of each takes. */
const parts = <const T extends object>(item: T) => ({ type: 'array', maxItems: 100, items: item }) as const;

export const newPointsSystem = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'key'],
  properties: {
    name,
    key,
    description,
    badge,
    maxPoints: { anyOf: [amount, { type: 'null' }] },
    levels: parts(newPointsLevel),
    boosts: parts(newPointsBoost),
    triggers: parts(newPointsTrigger),
  },
} as const;

export const pointsSystemChange = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  minProperties: 2,
  properties: { id, name, description, badge, maxPoints: { anyOf: [amount, { type: 'null' }] } },
} as const;

export const systemParams = {
  type: 'object',
  required: ['systemId'],
  properties: { systemId: id },
} as const;

export const systemItemParams = {
  type: 'object',
  required: ['systemId', 'id'],
  properties: { systemId: id, id },
} as const;
