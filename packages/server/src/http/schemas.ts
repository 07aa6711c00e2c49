/**
 * JSON Schemas shared by request validation and the OpenAPI document (one source for both), and the
 * error answer every route declares. Bodies are validated without type coercion; query strings and
 * paths with it. Every object of a request body says what members it takes (`additionalProperties`):
 * a member it does not know is refused with 400 naming it, never dropped, so that a misspelt field or
 * one this server does not read (an `at` where none is taken) is not recorded as if it were not there
 * (`http/request-bodies.test.ts` tours every route's body). The answers of each route are in wire/.
 */
import { SHOWABLE_PATTERN } from '@kindling/core';
import { eventInstant } from './event-instant.js';
import { ERROR_CODE_LIST } from '../errors/error-codes.js';

/** The error answer: one shared schema (components.schemas.ErrorBody in the document), referenced by every route. */
export const errorBody = {
  $id: 'ErrorBody',
  type: 'object',
  additionalProperties: false,
  required: ['error', 'code'],
  properties: { error: { type: 'string' }, code: { type: 'string', enum: ERROR_CODE_LIST } },
} as const;

/** A user id as a read or an erasure names it: a user stored before the characters were checked stays reachable. */
export const userId = { type: 'string', minLength: 1, maxLength: 255 } as const;

/**
 * A user id as a write gives it: no control or direction characters (the core's rule,
 * `checkNewUserId`, which the engine applies too); refused naming the field.
 */
export const newUserId = { ...userId, pattern: SHOWABLE_PATTERN } as const;

/**
 * What a caller may tell of a user besides the id (the hosted service's `UpdatedUser`); limits as the
 * engine's PROFILE_LIMITS. None takes null: a null is the field not given (null-as-absent.ts), as the
 * hosted service reads the nulls its SDK sends for fields left undefined.
 */
const userFields = {
  email: { type: 'string', maxLength: 320 },
  name: { type: 'string', maxLength: 255, pattern: SHOWABLE_PATTERN },
  tz: { type: 'string', maxLength: 64, description: 'IANA time zone of the user, e.g. Europe/Berlin' },
  subscribeToEmails: { type: 'boolean', description: 'false: the user’s email address is not kept' },
  deviceTokens: {
    type: 'array',
    maxItems: 20,
    items: { type: 'string', minLength: 1, maxLength: 4096 },
    description: 'push tokens of the user’s devices',
  },
  attributes: {
    type: 'object',
    maxProperties: 100,
    propertyNames: { minLength: 1, maxLength: 255 },
    additionalProperties: { type: 'string', minLength: 1, maxLength: 1000 },
    description:
      'custom user attributes, key → value: each key declared as a user attribute (POST /admin/v1/attributes)',
  },
} as const;

/** An event's custom attributes: each key declared as an event attribute. */
export const eventAttributes = {
  type: ['object', 'null'],
  maxProperties: 100,
  propertyNames: { minLength: 1, maxLength: 255 },
  additionalProperties: { type: 'string', minLength: 1, maxLength: 1000 },
  description:
    'custom event attributes, key → value: each key declared as an event attribute (POST /admin/v1/attributes)',
} as const;

export const upsertedUser = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: newUserId, ...userFields },
} as const;

export const updatedUser = {
  type: 'object',
  additionalProperties: false,
  properties: userFields,
} as const;

export const eventBody = {
  type: 'object',
  required: ['user', 'value'],
  additionalProperties: false,
  properties: {
    user: upsertedUser,
    value: {
      type: 'number',
      minimum: -1e12,
      maximum: 1e12,
      description: 'what the event adds to the metric; may be negative or fractional, at most 1e12 either way',
    },
    attributes: eventAttributes,
    at: eventInstant,
  },
} as const;

export const metricKeyParams = {
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', minLength: 1, maxLength: 255 } },
} as const;

export const userParams = {
  type: 'object',
  required: ['id'],
  properties: { id: userId },
} as const;

/** The path of a route that writes a user (identify by id). */
export const newUserParams = {
  type: 'object',
  required: ['id'],
  properties: { id: newUserId },
} as const;

export const historyQuery = {
  type: 'object',
  properties: { historyPeriods: { type: 'integer', minimum: 1, maximum: 366, default: 7 } },
} as const;

export const errorRef = { $ref: 'ErrorBody#' } as const;

/** Error responses every authenticated route may give, and those of `statuses`. */
export function errors<S extends number>(...statuses: S[]): { [K in 400 | 401 | 413 | 429 | S]: typeof errorRef } {
  return Object.fromEntries([400, 401, 413, 429, ...statuses].map((s) => [s, errorRef])) as {
    [K in 400 | 401 | 413 | 429 | S]: typeof errorRef;
  };
}
