/**
 * An account's points systems in the engine's terms (the core's PointsSystemRules), for one
 * namespace: ids of metrics, achievements and attributes become the keys the engine counts by,
 * instants and dates become epoch ms and epoch days, and a boost of one user counts only in the
 * namespace of its tenant. What can no longer pay is left out rather than stopping the account: an
 * archived trigger, or one naming a metric, achievement, attribute or streak rule that is gone.
 */
import { parseDay, type AttributeFilter, type PointsSystemRules, type PointsTrigger } from '@kindling/core';
import type {
  AccountConfig,
  AttributeFilter as AttributeFilterDef,
  PointsBoostDef,
  PointsSystemDef,
  PointsTriggerDef,
} from '../control/types.js';
import { RULE_KEY } from './rule-key.js';

/** The filter by attribute keys, or null when an attribute it names is no longer declared. */
function filterOf(filters: readonly AttributeFilterDef[] | undefined, keys: ReadonlyMap<string, string>) {
  const filter: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const { attributeId, attributeValue } of filters ?? []) {
    const key = keys.get(attributeId);
    if (key === undefined) return null;
    filter[key] = attributeValue;
  }
  return filter as AttributeFilter;
}

function triggerOf(def: PointsTriggerDef, config: AccountConfig, keys: ReadonlyMap<string, string>) {
  if (def.status === 'archived') return null;
  const userAttributes = filterOf(def.userAttributes, keys);
  if (userAttributes === null) return null;
  const base = {
    id: def.id,
    points: def.points,
    status: def.status,
    activatedAt: Date.parse(def.activated ?? def.created),
    userAttributes,
    blockIfOutOfPoints: def.blockIfOutOfPoints,
  };
  switch (def.type) {
    case 'metric': {
      const metric = config.metrics.find((m) => m.id === def.metricId);
      const eventAttributes = filterOf(def.eventAttributes, keys);
      if (metric === undefined || eventAttributes === null) return null;
      return { ...base, type: 'metric', metric: metric.key, threshold: def.metricThreshold ?? 1, eventAttributes };
    }
    case 'achievement': {
      const achievement = config.achievements.find((a) => a.id === def.achievementId);
      if (achievement === undefined || achievement.status === 'archived') return null;
      return { ...base, type: 'achievement', achievement: achievement.key };
    }
    case 'streak':
      if (config.streak === null) return null;
      return { ...base, type: 'streak', streak: RULE_KEY, length: def.streakLength ?? 1 };
    case 'time':
      return {
        ...base,
        type: 'time',
        unit: def.timeUnit === 'hours' ? 'hour' : 'day',
        interval: def.timeInterval ?? 1,
      };
    default:
      return { ...base, type: 'user_creation' };
  }
}

function boostOf(def: PointsBoostDef, tenantId: string | null, keys: ReadonlyMap<string, string>) {
  if (def.userId !== null && def.tenantId !== tenantId) return null;
  const userAttributes = filterOf(def.userAttributes, keys);
  if (userAttributes === null) return null;
  return {
    id: def.id,
    start: parseDay(def.start),
    end: def.end === null ? null : parseDay(def.end),
    multiplier: def.multiplier,
    rounding: def.rounding,
    userId: def.userId,
    ...(def.userId === null ? { userAttributes } : {}),
  };
}

function systemOf(
  def: PointsSystemDef,
  config: AccountConfig,
  tenantId: string | null,
  keys: ReadonlyMap<string, string>,
): PointsSystemRules {
  const triggers: PointsTrigger[] = [];
  for (const trigger of def.triggers) {
    const rule = triggerOf(trigger, config, keys);
    if (rule !== null) triggers.push(rule as PointsTrigger);
  }
  const boosts: PointsSystemRules['boosts'][number][] = [];
  for (const boost of def.boosts) {
    const rule = boostOf(boost, tenantId, keys);
    if (rule !== null) boosts.push(rule);
  }
  return {
    key: def.key,
    name: def.name,
    description: def.description === '' ? null : def.description,
    badgeUrl: def.badge?.url ?? null,
    maxPoints: def.maxPoints,
    status: def.status,
    triggers,
    levels: def.levels.map((level) => ({
      id: level.id,
      key: level.key,
      points: level.points,
      createdAt: Date.parse(level.created),
    })),
    boosts,
  };
}

/** The points systems of `config` as the engine of the namespace of `tenantId` (null: the account's own) runs them. */
export function pointsRulesOf(config: AccountConfig, tenantId: string | null): PointsSystemRules[] {
  if (config.points === undefined || config.points.length === 0) return [];
  const keys = new Map((config.attributes ?? []).map((attribute) => [attribute.id, attribute.key]));
  return config.points.map((system) => systemOf(system, config, tenantId, keys));
}
