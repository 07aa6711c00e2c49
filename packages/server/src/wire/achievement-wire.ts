/**
 * Achievements on the wire: every key the hosted service's SDK requires (id, name, trigger,
 * userAttributes, ...), with our definition's id and the metric's id and name where they apply.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { AchievementDef, MetricDef } from '../control/types.js';
import { attributeFilters, number, numberOrNull, text, textOrNull } from './primitives.js';

const achievementProperties = {
  id: text,
  key: text,
  name: text,
  trigger: { type: 'string', enum: ['metric', 'streak', 'api', 'achievement'] },
  description: textOrNull,
  badgeUrl: textOrNull,
  achievementIds: {
    type: 'array',
    items: text,
    description: 'trigger achievement (a composite): the ids of the achievements it needs',
  },
  userAttributes: attributeFilters,
  metricId: { ...textOrNull, description: 'trigger metric' },
  metricName: { ...textOrNull, description: 'trigger metric' },
  metricValue: { ...numberOrNull, description: 'trigger metric: the total that completes it' },
  eventAttributes: { ...attributeFilters, description: 'trigger metric' },
  eventAttribute: {
    type: 'object',
    additionalProperties: false,
    required: ['key', 'value'],
    properties: { key: text, value: text },
    description:
      'deprecated, as in the hosted service (SDKs before eventAttributes read it): the one event attribute filter, when there is exactly one',
  },
  streakLength: { ...numberOrNull, description: 'trigger streak: the length that completes it' },
} as const;
const achievementRequired = ['id', 'key', 'name', 'trigger', 'description', 'badgeUrl', 'userAttributes'] as const;

export const achievementSchema = {
  type: 'object',
  additionalProperties: false,
  required: achievementRequired,
  properties: achievementProperties,
} as const;

/** An achievement of a user: completed at `achievedAt`, or null when not (yet). */
export const userAchievementSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...achievementRequired, 'achievedAt'],
  properties: { ...achievementProperties, achievedAt: textOrNull },
} as const;

const stats = {
  completions: { ...number, description: 'users who completed it' },
  rarity: { ...number, description: "percent of the account's users who completed it" },
} as const;

/** An achievement with how many users completed it (GET /v1/achievements). */
export const achievementStatsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...achievementRequired, 'completions', 'rarity'],
  properties: { ...achievementProperties, ...stats },
} as const;

/** A user's achievement with its stats (GET /v1/users/:id/achievements). */
export const userAchievementStatsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...achievementRequired, 'completions', 'rarity', 'achievedAt'],
  properties: { ...achievementProperties, ...stats, achievedAt: textOrNull },
} as const;

export type AchievementWire = FromSchema<typeof achievementSchema>;
export type UserAchievementWire = FromSchema<typeof userAchievementSchema>;
export type AchievementStatsWire = FromSchema<typeof achievementStatsSchema>;

/** What an achievement's answer looks up: its metric, and a composite's prerequisites (by key). */
export interface AchievementLookup {
  readonly metricsByKey: ReadonlyMap<string, MetricDef>;
  readonly achievementsByKey: ReadonlyMap<string, AchievementDef>;
}

/** The deprecated `eventAttribute`: the one event attribute filter, when there is exactly one. */
function onlyFilter(filters: AchievementDef['eventAttributes']): { eventAttribute?: { key: string; value: string } } {
  const [only, ...more] = filters ?? [];
  return only !== undefined && more.length === 0 ? { eventAttribute: { key: only.key, value: only.value } } : {};
}

export function achievementWire(def: AchievementDef, lookup: AchievementLookup): AchievementWire {
  const metric = def.metric !== null ? lookup.metricsByKey.get(def.metric) : undefined;
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    trigger: def.trigger,
    description: null,
    badgeUrl: def.badgeUrl ?? null,
    userAttributes: (def.userAttributes ?? []).map(({ key, value }) => ({ key, value })),
    ...(def.trigger === 'metric'
      ? {
          metricId: metric?.id ?? null,
          metricName: metric?.name ?? def.metric,
          metricValue: def.threshold,
          eventAttributes: (def.eventAttributes ?? []).map(({ key, value }) => ({ key, value })),
          ...onlyFilter(def.eventAttributes),
        }
      : {}),
    ...(def.trigger === 'streak' ? { streakLength: def.streakLength } : {}),
    ...(def.trigger === 'achievement'
      ? {
          achievementIds: (def.prerequisites ?? []).flatMap((key) => {
            const prerequisite = lookup.achievementsByKey.get(key);
            return prerequisite === undefined ? [] : [prerequisite.id];
          }),
        }
      : {}),
  };
}

export function userAchievementWire(
  def: AchievementDef,
  lookup: AchievementLookup,
  achievedAt: string | null,
): UserAchievementWire {
  return { ...achievementWire(def, lookup), achievedAt };
}
