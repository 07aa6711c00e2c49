/**
 * A user on the wire, with every key the hosted service's SDK requires.
 */
import type { UserView } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import { anyObject, flag, number, text, textOrNull } from './primitives.js';

const userProperties = {
  id: text,
  email: textOrNull,
  name: textOrNull,
  tz: { ...textOrNull, description: 'IANA time zone' },
  deviceTokens: { type: ['array', 'null'], items: text },
  subscribeToEmails: flag,
  attributes: anyObject,
  control: flag,
  created: text,
  updated: text,
  totals: { type: 'object', additionalProperties: number, description: 'the total of each metric, by metric key' },
} as const;
const userRequired = [
  'id',
  'email',
  'name',
  'tz',
  'deviceTokens',
  'subscribeToEmails',
  'attributes',
  'control',
  'created',
  'updated',
  'totals',
] as const;

export const userSchema = {
  type: 'object',
  additionalProperties: false,
  required: userRequired,
  properties: userProperties,
} as const;

/** An achievement a user completed, as the engine describes it (admin user view). */
const completedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'name', 'trigger', 'achievedAt'],
  properties: {
    key: text,
    name: text,
    trigger: { type: 'string', enum: ['metric', 'streak', 'api', 'achievement'] },
    metric: text,
    threshold: number,
    streak: text,
    length: number,
    prerequisites: { type: 'array', items: text },
    status: { type: 'string', enum: ['active', 'inactive', 'locked'] },
    badgeUrl: { type: ['string', 'null'] },
    achievedAt: text,
  },
} as const;

/** The user of the admin user view: the user and the achievements completed. */
export const userWithAchievementsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...userRequired, 'achievements'],
  properties: { ...userProperties, achievements: { type: 'array', items: completedSchema } },
} as const;

export type UserWire = FromSchema<typeof userSchema>;

export function userWire(user: UserView, updated: string): UserWire {
  return {
    id: user.id,
    email: user.email,
    name: null,
    tz: user.tz,
    deviceTokens: null,
    subscribeToEmails: true,
    attributes: {},
    control: false,
    created: user.firstSeenAt,
    updated,
    totals: user.totals,
  };
}
