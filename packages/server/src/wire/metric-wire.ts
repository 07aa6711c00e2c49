/**
 * A user's metric on the wire (the hosted service's MetricResponse): the metric (with its status,
 * which the SDK requires though the published schema omits it), the user's total,
 * and the metric's achievements with the user's progress towards each (`achievedAt`, null until
 * completed).
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { AchievementDef, MetricDef } from '../control/types.js';
import {
  type AchievementLookup,
  type UserAchievementWire,
  userAchievementSchema,
  userAchievementWire,
} from './achievement-wire.js';
import { number, text } from './primitives.js';

export const userMetricSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key', 'name', 'status', 'current', 'achievements'],
  properties: {
    id: text,
    key: text,
    name: text,
    status: { type: 'string', enum: ['active', 'archived'] },
    current: { ...number, description: "the user's total of the metric" },
    achievements: { type: 'array', items: userAchievementSchema },
  },
} as const;

export type UserMetricWire = FromSchema<typeof userMetricSchema>;

/** One period of an event summary (the hosted service's `{ date, total, change }`). */
export const summarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'total', 'change'],
  properties: {
    date: { ...text, description: 'the first local date of the period (YYYY-MM-DD)' },
    total: { ...number, description: "the user's total at the end of the period" },
    change: { ...number, description: "what the user's events added in the period" },
  },
} as const;

/**
 * The metric as `user` sees it: `totals` the user's totals by metric key, `achievedAt` the instants
 * (ISO) of the achievements they completed. Its achievements are those the metric triggers that are
 * active, and any the user completed.
 */
export function userMetricWire(
  metric: MetricDef,
  totals: Readonly<Record<string, number>>,
  achievedAt: ReadonlyMap<string, string>,
  achievements: readonly AchievementDef[],
  lookup: AchievementLookup,
): UserMetricWire {
  const own: UserAchievementWire[] = achievements
    .filter(
      (def) =>
        def.trigger === 'metric' && def.metric === metric.key && (def.status === 'active' || achievedAt.has(def.key)),
    )
    .map((def) => userAchievementWire(def, lookup, achievedAt.get(def.key) ?? null));
  return {
    id: metric.id,
    key: metric.key,
    name: metric.name,
    status: metric.status,
    current: Object.hasOwn(totals, metric.key) ? (totals[metric.key] as number) : 0,
    achievements: own,
  };
}
