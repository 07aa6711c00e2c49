/**
 * The admin API's shapes: metrics with their activity, achievements with their stats, keys
 * without their hash, rebuild progress, accounts, the streak rule as saved, bulk answers and their
 * issues, as docs/http-api.md lists them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { unitsOf } from '../accounts/metric-units.js';
import type { Account, AchievementDef, ApiKeyRecord, MetricDef, Rebuild } from '../control/types.js';
import type { MetricActivity } from '../engines/activity.js';
import { attributeFilters, frequency, number, numberOrNull, text, textOrNull } from './primitives.js';
import { streakReadSchema } from './streak-wire.js';
import { userWithAchievementsSchema } from './user-wire.js';

const NO_ACTIVITY: MetricActivity = { total: 0, events: 0, lastEventAt: null };
const status = { type: 'string', enum: ['active', 'archived'] } as const;

export const metricSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key', 'name', 'status', 'unitType', 'units', 'total', 'events', 'lastEventAt', 'created'],
  properties: {
    id: text,
    key: text,
    name: text,
    status,
    unitType: { type: 'string', enum: ['number', 'currency'] },
    units: { ...text, description: 'number: a label, "" when none; currency: its code, such as USD' },
    total: number,
    events: number,
    lastEventAt: textOrNull,
    created: text,
  },
} as const;

export const achievementAdminSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key', 'name', 'trigger', 'badgeUrl', 'status', 'completions', 'rarity', 'created'],
  properties: {
    id: text,
    key: text,
    name: text,
    trigger: { type: 'string', enum: ['metric', 'streak', 'api', 'achievement'] },
    metric: { ...textOrNull, description: 'trigger metric: the key of its metric' },
    threshold: { ...numberOrNull, description: 'trigger metric' },
    streakLength: { ...numberOrNull, description: 'trigger streak' },
    prerequisites: {
      type: 'array',
      items: text,
      description: 'trigger achievement (a composite): the keys of the achievements it needs',
    },
    badgeUrl: { ...textOrNull, description: 'an https URL of its badge' },
    userAttributes: {
      ...attributeFilters,
      description: 'only users whose attributes hold every one of these values may complete it',
    },
    eventAttributes: {
      ...attributeFilters,
      description: 'trigger metric: only events whose attributes hold every one of these values count',
    },
    status: {
      type: 'string',
      enum: ['inactive', 'active', 'locked', 'archived'],
      description: 'inactive: not completable yet; active; locked: no new completions; archived',
    },
    completions: number,
    rarity: number,
    created: text,
  },
} as const;

const keyProperties = {
  id: text,
  name: text,
  kind: { type: 'string', enum: ['admin', 'application'] },
  prefix: text,
  created: text,
  lastUsedAt: textOrNull,
  revokedAt: textOrNull,
} as const;
const keyRequired = ['id', 'name', 'kind', 'prefix', 'created', 'lastUsedAt', 'revokedAt'] as const;

export const keySchema = {
  type: 'object',
  additionalProperties: false,
  required: keyRequired,
  properties: keyProperties,
} as const;

/** A new key with its secret, shown this once. */
export const createdKeySchema = {
  type: 'object',
  additionalProperties: false,
  required: [...keyRequired, 'key'],
  properties: { ...keyProperties, key: text },
} as const;

export const rebuildSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'done', 'total', 'startedAt', 'finishedAt', 'error'],
  properties: {
    status: { type: 'string', enum: ['idle', 'running', 'done', 'failed'] },
    done: number,
    total: number,
    startedAt: textOrNull,
    finishedAt: textOrNull,
    error: textOrNull,
  },
} as const;

export const accountSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'created'],
  properties: { id: text, name: text, created: text },
} as const;

/** `{ account: { id, name } }`: who is signed in. */
export const sessionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['account'],
  properties: {
    account: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      properties: { id: text, name: text },
    },
  },
} as const;

const weekday = {
  type: 'string',
  enum: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
} as const;

/** The streak rule as saved: every field filled. */
export const savedRuleSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'frequency',
    'weekStart',
    'dayStartsAt',
    'defaultTimeZone',
    'mode',
    'conditions',
    'freezes',
    'restoreWindow',
  ],
  properties: {
    frequency,
    weekStart: weekday,
    dayStartsAt: text,
    defaultTimeZone: text,
    mode: { type: 'string', enum: ['all', 'any'] },
    conditions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['metric', 'threshold'],
        properties: { metric: text, threshold: number },
      },
    },
    freezes: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['initial', 'max', 'earn'],
      properties: {
        initial: number,
        max: number,
        earn: {
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['every', 'amount'],
          properties: { every: number, amount: number },
        },
      },
    },
    restoreWindow: number,
    remindBefore: { ...textOrNull, description: 'reminders: how long before the end of an unmet period; null: none' },
    personalization: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['mode', 'thresholds'],
      properties: {
        mode: { type: 'boolean' },
        thresholds: {
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['min', 'max'],
          properties: { min: number, max: number },
        },
      },
    },
  },
} as const;

/** `{ rule, rebuild }`: the rule (null when none) and the progress of the last rebuild. */
export const streakSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['rule', 'rebuild'],
  properties: { rule: { anyOf: [savedRuleSchema, { type: 'null' }] }, rebuild: rebuildSchema },
} as const;

export const issueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['severity', 'message'],
  properties: {
    index: { ...number, description: 'the item of a create, by its place in the body' },
    id: { ...text, description: 'the item of an update or delete, by its id' },
    userId: text,
    severity: { type: 'string', enum: ['error', 'warning'] },
    message: text,
  },
} as const;

export const issues = { type: 'array', items: issueSchema } as const;

const severity = { type: 'string', enum: ['error', 'warning'] } as const;

/**
 * An issue of a `/streaks/freezes` or `/streaks/restore` item, which names a user: the admin API's
 * `severity` and `message`, and the same again as `level` and `reason`, the names the hosted
 * service's SDK 1.0.42 requires of these two answers (`BulkInsertIssue`: `userId`, `level`,
 * `reason`; it throws on an answer without them). Newer SDKs read `severity` and `message`.
 */
export const userIssueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['index', 'userId', 'severity', 'message', 'level', 'reason'],
  properties: {
    index: { ...number, description: 'the item, by its place in the body' },
    userId: text,
    severity,
    message: text,
    level: { ...severity, description: 'the same as severity, for the SDK 1.0.42' },
    reason: { ...text, description: 'the same as message, for the SDK 1.0.42' },
  },
} as const;

const userIssues = { type: 'array', items: userIssueSchema } as const;
const ids = {
  type: 'array',
  items: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: text } },
} as const;

// Bulk writes answer what they did (created, updated or deleted) and the issues of the items they did not.
export const createdMetricsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['created', 'issues'],
  properties: { created: { type: 'array', items: metricSchema }, issues },
} as const;
export const updatedMetricsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['updated', 'issues'],
  properties: { updated: { type: 'array', items: metricSchema }, issues },
} as const;
/** The rebuild a change of achievements started (backdating, S22), or null when it changed no completion. */
const startedRebuild = {
  anyOf: [rebuildSchema, { type: 'null' }],
  description:
    'the rebuild of every user that completes the changed achievements for those who qualify; null when none was needed',
} as const;
export const createdAchievementsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['created', 'issues', 'rebuild'],
  properties: { created: { type: 'array', items: achievementAdminSchema }, issues, rebuild: startedRebuild },
} as const;
export const updatedAchievementsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['updated', 'issues', 'rebuild'],
  properties: { updated: { type: 'array', items: achievementAdminSchema }, issues, rebuild: startedRebuild },
} as const;
export const deletedAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['deleted', 'issues'],
  properties: { deleted: ids, issues },
} as const;
/** A batch of events: how many were recorded (or were repeats of events recorded before), and the issues of the others. */
export const acceptedEventsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['accepted', 'issues'],
  properties: { accepted: { ...number, description: 'events recorded, or replayed by their idempotency key' }, issues },
} as const;
/** POST /streaks/freezes: the issues of the items that granted no freeze. */
export const freezesAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['issues'],
  properties: { issues: userIssues },
} as const;
export const restoredAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['restoredUsers', 'issues'],
  properties: { restoredUsers: { type: 'array', items: text }, issues: userIssues },
} as const;

export const pauseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'userId', 'start', 'end', 'status'],
  properties: { id: text, userId: text, start: text, end: text, status: { type: 'string', enum: ['active'] } },
} as const;

export const createdPausesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['created', 'issues'],
  properties: { created: { type: 'array', items: pauseSchema }, issues },
} as const;

export const analyticsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'streak',
    'at',
    'activeStreaks',
    'averageLength',
    'topCurrent',
    'topLongest',
    'histogram',
    'lengths',
    'daily',
  ],
  properties: {
    streak: { ...textOrNull, description: 'the rule analysed; null when the account has none' },
    at: text,
    activeStreaks: number,
    averageLength: number,
    topCurrent: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['userId', 'length'],
        properties: { userId: text, length: number },
      },
    },
    topLongest: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['userId', 'longest'],
        properties: { userId: text, longest: number },
      },
    },
    histogram: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to', 'users'],
        properties: { from: number, to: { ...numberOrNull, description: 'null: no upper bound' }, users: number },
      },
    },
    lengths: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['length', 'users'],
        properties: { length: number, users: number },
      },
    },
    daily: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'events', 'extended', 'lost', 'freezesUsed'],
        properties: { date: text, events: number, extended: number, lost: number, freezesUsed: number },
      },
    },
  },
} as const;

/** GET /admin/v1/users/:id: the user, the streak with a year of periods (null without a rule), the last daily sums. */
export const adminUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'streak', 'recent', 'points'],
  properties: {
    user: userWithAchievementsSchema,
    points: {
      type: 'array',
      description:
        "the user's points in each live points system, its time triggers settled to now, with the latest awards",
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'key', 'name', 'total', 'level', 'awards'],
        properties: {
          id: text,
          key: text,
          name: text,
          total: number,
          level: {
            anyOf: [
              {
                type: 'object',
                additionalProperties: false,
                required: ['key', 'name', 'points'],
                properties: { key: text, name: text, points: number },
              },
              { type: 'null' },
            ],
          },
          awards: {
            type: 'array',
            description: 'newest first, at most 5',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'awarded', 'date', 'total', 'trigger', 'triggerType'],
              properties: {
                id: text,
                awarded: number,
                date: text,
                total: number,
                trigger: { ...text, description: "the trigger's id" },
                triggerType: {
                  type: 'string',
                  enum: ['metric', 'achievement', 'streak', 'time', 'user_creation', 'deleted'],
                  description: "the trigger's type, or deleted for a trigger deleted since",
                },
              },
            },
          },
        },
      },
    },
    streak: { anyOf: [streakReadSchema, { type: 'null' }] },
    recent: {
      type: 'array',
      description: 'newest first',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'metric', 'value'],
        properties: { date: text, metric: text, value: number },
      },
    },
  },
} as const;

export type MetricWire = FromSchema<typeof metricSchema>;
export type UserIssueWire = FromSchema<typeof userIssueSchema>;
export type AchievementAdminWire = FromSchema<typeof achievementAdminSchema>;
export type KeyWire = FromSchema<typeof keySchema>;
export type RebuildWire = FromSchema<typeof rebuildSchema>;
export type AccountWire = FromSchema<typeof accountSchema>;

export function metricWire(def: MetricDef, activity: MetricActivity = NO_ACTIVITY): MetricWire {
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    status: def.status,
    ...unitsOf(def),
    total: activity.total,
    events: activity.events,
    lastEventAt: activity.lastEventAt,
    created: def.created,
  };
}

/** A streak item's issue with the names of both versions of the hosted service's SDK. */
export function userIssueWire(issue: {
  index: number;
  userId: string;
  severity: UserIssueWire['severity'];
  message: string;
}): UserIssueWire {
  return {
    index: issue.index,
    userId: issue.userId,
    severity: issue.severity,
    message: issue.message,
    level: issue.severity,
    reason: issue.message,
  };
}

export function achievementAdminWire(
  def: AchievementDef,
  stats: { completions: number; rarity: number } = { completions: 0, rarity: 0 },
): AchievementAdminWire {
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    trigger: def.trigger,
    ...(def.trigger === 'metric'
      ? {
          metric: def.metric,
          threshold: def.threshold,
          eventAttributes: (def.eventAttributes ?? []).map(({ key, value }) => ({ key, value })),
        }
      : {}),
    ...(def.trigger === 'streak' ? { streakLength: def.streakLength } : {}),
    ...(def.trigger === 'achievement' ? { prerequisites: [...(def.prerequisites ?? [])] } : {}),
    badgeUrl: def.badgeUrl ?? null,
    userAttributes: (def.userAttributes ?? []).map(({ key, value }) => ({ key, value })),
    status: def.status,
    completions: stats.completions,
    rarity: stats.rarity,
    created: def.created,
  };
}

export function keyWire(record: ApiKeyRecord): KeyWire {
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    prefix: record.prefix,
    created: record.created,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
  };
}

export function rebuildWire(rebuild: Rebuild): RebuildWire {
  return {
    status: rebuild.status,
    done: rebuild.done,
    total: rebuild.total,
    startedAt: rebuild.startedAt,
    finishedAt: rebuild.finishedAt,
    error: rebuild.error,
  };
}

export function accountWire(account: Account): AccountWire {
  return { id: account.id, name: account.name, created: account.created };
}
