/**
 * A user on the wire, with every key the hosted service's SDK requires.
 */
import type { IdentifyInput, RecordInput, UserView } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { updatedUser } from '../http/schemas.js';
import { anyObject, attributeFilters, flag, number, text, textOrNull } from './primitives.js';

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
    userAttributes: attributeFilters,
    eventAttributes: attributeFilters,
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

/** What of a user the wire shows (a `UserView` has it all). */
export type UserFacts = Omit<UserView, 'achievements'>;

export function userWire(user: UserFacts): UserWire {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    tz: user.tz,
    deviceTokens: user.deviceTokens,
    subscribeToEmails: user.subscribeToEmails,
    attributes: user.attributes,
    control: false,
    created: user.firstSeenAt,
    updated: user.updated,
    totals: user.totals,
  };
}

/** A user's fields as a request gives them (the hosted service's `UpdatedUser`). */
export type UserBody = FromSchema<typeof updatedUser>;

/** What the engine's `identify` (or an event's profile) takes of a request's user: only the fields given. */
export function profileInputOf(body: UserBody): IdentifyInput {
  const input: IdentifyInput = {};
  if (body.email !== undefined) input.email = body.email;
  if (body.name !== undefined) input.name = body.name;
  if (body.tz !== undefined) input.tz = body.tz;
  if (body.subscribeToEmails !== undefined) input.subscribeToEmails = body.subscribeToEmails;
  if (body.deviceTokens !== undefined) input.deviceTokens = body.deviceTokens;
  if (body.attributes !== undefined) input.attributes = body.attributes as Record<string, string>;
  return input;
}

/** What `record` takes of an event's user: zone, email, and the rest of the profile only when given (most events give none). */
export function eventUserOf(body: UserBody): Pick<RecordInput, 'tz' | 'email' | 'profile'> {
  const given = { tz: body.tz ?? null, email: body.email ?? null };
  // checked field by field: the hot path of most events, whose user gives no more than id, email and zone
  if (
    body.name === undefined &&
    body.subscribeToEmails === undefined &&
    body.deviceTokens === undefined &&
    body.attributes === undefined
  )
    return given;
  const { tz: _tz, email: _email, ...profile } = profileInputOf(body);
  return { ...given, profile };
}
