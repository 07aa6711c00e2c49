/**
 * JSON Schemas of the admin API's requests, shared by validation and the OpenAPI document.
 * Bulk bodies are checked for their shape here; what is wrong with one item (a taken key, an
 * unknown metric) is an issue of that item, not a 400 for the whole request.
 */
import { newUserId } from '../../http/schemas.js';
import { MAX_NAME_LENGTH, NAME_PATTERN } from '../../accounts/names.js';
import { PASSWORD_LENGTH } from '../../secrets.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../webhooks/target.js';
import { webhookType } from '../../wire/webhook-wire.js';

export const TAG = 'admin';

export const KEY_PATTERN = '^[a-zA-Z0-9_-]+$';

const name = { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, pattern: NAME_PATTERN } as const;
const key = {
  type: 'string',
  maxLength: 255,
  description: `letters, digits, - and _ (${KEY_PATTERN}), at most 64; derived from the name when absent`,
} as const;

/** A bulk body: an array of 1..100 items. */
export function bulkOf<const T extends object>(item: T) {
  return { type: 'array', minItems: 1, maxItems: 100, items: item } as const;
}

/** `?ids=a,b` or `?ids=a&ids=b`: 1..100 ids in all (checked after splitting). */
export const idsQuery = {
  type: 'object',
  required: ['ids'],
  properties: {
    ids: {
      type: 'array',
      items: { type: 'string', maxLength: 4096 },
      minItems: 1,
      maxItems: 100,
      description: 'repeated or comma-separated, 1..100',
    },
  },
} as const;

export const includeArchivedQuery = {
  type: 'object',
  properties: { includeArchived: { type: 'string', enum: ['true', 'false'] } },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 255 } },
} as const;

export const newAttribute = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'key', 'type'],
  properties: {
    name,
    key: { type: 'string', maxLength: 255, description: `letters, digits, - and _ (${KEY_PATTERN}), at most 64` },
    type: { type: 'string', enum: ['user', 'event'] },
  },
} as const;

export const attributeChange = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 255 }, name },
} as const;

// A string, not an enum: an unknown unit type is an issue of its item (accounts/metric-units.ts).
const unitType = {
  type: 'string',
  maxLength: 64,
  description: '"number" (the default) or "currency"',
} as const;
const units = {
  type: 'string',
  maxLength: 64,
  pattern: NAME_PATTERN,
  description: 'number: a free label (default ""); currency: a currency code such as USD',
} as const;

export const newMetric = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name, key, unitType, units },
} as const;

export const metricChange = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  minProperties: 2,
  properties: { id: { type: 'string', minLength: 1, maxLength: 255 }, name, unitType, units },
} as const;

const weekday = {
  type: 'string',
  enum: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
} as const;
const count = { type: 'integer', minimum: 0 } as const;

export const streakRule = {
  type: 'object',
  required: ['frequency', 'conditions'],
  additionalProperties: false,
  properties: {
    frequency: { type: 'string', enum: ['daily', 'weekly', 'monthly'] },
    weekStart: { ...weekday, default: 'monday' },
    dayStartsAt: {
      type: 'string',
      pattern: '^\\d{2}:\\d{2}$',
      default: '00:00',
      description: 'local time at which a day begins, HH:MM',
    },
    defaultTimeZone: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      default: 'UTC',
      description: 'IANA zone of users who sent none',
    },
    mode: { type: 'string', enum: ['all', 'any'], default: 'all' },
    conditions: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        required: ['metric', 'threshold'],
        additionalProperties: false,
        properties: {
          metric: { type: 'string', minLength: 1, maxLength: 255, description: 'the key of an active metric' },
          threshold: { type: 'number' },
        },
      },
    },
    freezes: {
      type: ['object', 'null'],
      default: null,
      required: ['initial', 'max'],
      additionalProperties: false,
      properties: {
        initial: count,
        max: count,
        earn: {
          type: ['object', 'null'],
          default: null,
          required: ['every', 'amount'],
          additionalProperties: false,
          properties: { every: { type: 'integer', minimum: 1 }, amount: { type: 'integer', minimum: 1 } },
        },
      },
    },
    restoreWindow: { ...count, default: 1, description: 'periods after a loss during which a restore is allowed' },
    remindBefore: {
      type: ['string', 'null'],
      default: null,
      maxLength: 16,
      description:
        'how long before the end of a period that is not met yet streak.reminder_due is sent, as 4h, 90m, 1h30m or 2d (less than a period); null: no reminders',
    },
    personalization: {
      type: ['object', 'null'],
      default: null,
      additionalProperties: false,
      description:
        'what users may choose for themselves with PATCH /v1/users/:id/preferences: the mode, and thresholds from min to max; null: users may only turn the streak off',
      properties: {
        mode: { type: 'boolean', default: false, description: 'users may choose the mode; false when absent' },
        thresholds: {
          type: ['object', 'null'],
          default: null,
          description: 'the bounds within which users may choose their thresholds; null (or absent): they may not',
          additionalProperties: false,
          required: ['min', 'max'],
          properties: {
            min: { type: 'number', exclusiveMinimum: 0, maximum: 1e12 },
            max: { type: 'number', exclusiveMinimum: 0, maximum: 1e12 },
          },
        },
      },
    },
  },
} as const;

const achievementKeyList = {
  type: 'array',
  minItems: 1,
  maxItems: 50,
  items: { type: 'string', minLength: 1, maxLength: 255 },
  description: 'trigger achievement (a composite): the keys of the 1..50 achievements it needs',
} as const;
const badgeUrl = {
  type: ['string', 'null'],
  maxLength: 2000,
  description: 'an absolute https:// URL of its badge, shown only; null: none',
} as const;

const userAttributeFilters = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['key', 'value'],
    properties: { key: { type: 'string', minLength: 1, maxLength: 255 }, value: { type: 'string', maxLength: 1000 } },
  },
  description: 'only users whose attributes hold every one of these values may complete it (declared user attributes)',
} as const;

const eventAttributeFilters = {
  ...userAttributeFilters,
  description:
    'trigger metric: only events whose attributes hold every one of these values count (declared event attributes)',
} as const;

export const newAchievement = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'trigger'],
  properties: {
    name,
    key,
    trigger: { type: 'string', enum: ['metric', 'streak', 'api', 'achievement'] },
    metric: { type: 'string', maxLength: 255, description: 'trigger metric: the key of an active metric' },
    threshold: { type: 'number', description: 'trigger metric: the total that completes it' },
    streakLength: { type: 'integer', description: 'trigger streak: the length that completes it, >= 1' },
    prerequisites: achievementKeyList,
    badgeUrl,
    userAttributes: userAttributeFilters,
    eventAttributes: eventAttributeFilters,
    status: {
      type: 'string',
      enum: ['active', 'inactive'],
      default: 'active',
      description: 'inactive: made but not completable until activated',
    },
  },
} as const;

export const achievementChange = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  minProperties: 2,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 255 },
    name,
    status: {
      type: 'string',
      enum: ['inactive', 'active', 'locked'],
      description:
        'inactive → active (completes it for every user who qualifies, silently), active ↔ locked (no new completions)',
    },
    badgeUrl,
    userAttributes: userAttributeFilters,
    eventAttributes: eventAttributeFilters,
    threshold: { type: 'number', description: 'trigger metric' },
    streakLength: { type: 'integer', description: 'trigger streak, >= 1' },
    prerequisites: achievementKeyList,
  },
} as const;

export const newKeyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'kind'],
  properties: { name, kind: { type: 'string', enum: ['admin', 'application'] } },
} as const;

/** `?limit=&skip=`: a page of the API keys, 100 by default (Kindling's own list). */
export const keysPageQuery = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    skip: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
  },
  additionalProperties: false,
} as const;

/** `?limit=&skip=`: a page of a list, as the hosted service's admin lists take it. */
export const pageQuery = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    skip: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
  },
} as const;

/** `?limit=&skip=&includeArchived=true`: a page of the metrics, archived ones counted only when asked for. */
export const metricListQuery = {
  type: 'object',
  properties: { ...pageQuery.properties, ...includeArchivedQuery.properties },
} as const;

const customerId = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description: 'the value clients send as the Tenant-ID header: printable ASCII, unique in the account',
} as const;

export const newTenant = {
  type: 'object',
  additionalProperties: false,
  required: ['customerId', 'name'],
  properties: { customerId, name },
} as const;

export const tenantChange = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 255 }, customerId, name },
} as const;

export const newApplicationKey = {
  type: 'object',
  additionalProperties: false,
  required: ['userId'],
  properties: { userId: newUserId },
} as const;

export const freezesBody = {
  type: 'object',
  additionalProperties: false,
  required: ['freezes'],
  properties: {
    freezes: bulkOf({
      type: 'object',
      required: ['userId'],
      properties: { userId: newUserId },
      additionalProperties: false,
    }),
  },
} as const;

const date = { type: 'string', description: 'YYYY-MM-DD' } as const;

export const pausesBody = {
  type: 'object',
  additionalProperties: false,
  required: ['pauses'],
  properties: {
    pauses: bulkOf({
      type: 'object',
      required: ['userId', 'start', 'end'],
      properties: { userId: newUserId, start: date, end: date },
      additionalProperties: false,
    }),
  },
} as const;

export const restoreBody = {
  type: 'object',
  additionalProperties: false,
  required: ['users'],
  properties: {
    users: bulkOf({ type: 'object', required: ['id'], properties: { id: newUserId }, additionalProperties: false }),
  },
} as const;

export const analyticsQuery = {
  type: 'object',
  properties: {
    top: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    days: { type: 'integer', minimum: 1, maximum: 366, default: 30 },
  },
} as const;

export const signInBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    password: { type: 'string', minLength: 1, maxLength: PASSWORD_LENGTH.max },
    account: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'id or name of the account; default: the operator account',
    },
    key: { type: 'string', minLength: 1, maxLength: 1024, description: 'an admin key, instead of a password' },
  },
} as const;

export const newAccountBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name },
} as const;

const webhookUrl = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  description: 'an absolute http:// or https:// URL of a public address',
} as const;
const webhookTypes = { type: 'array', items: webhookType, minItems: 1, maxItems: 16, uniqueItems: true } as const;

export const newWebhookBody = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'types'],
  properties: {
    url: webhookUrl,
    types: webhookTypes,
    enabled: { type: 'boolean', default: true, description: 'false: made off, sent nothing until turned on' },
  },
} as const;

export const webhookChange = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { url: webhookUrl, types: webhookTypes, enabled: { type: 'boolean' } },
} as const;
