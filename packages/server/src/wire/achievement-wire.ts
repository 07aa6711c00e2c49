/**
 * Achievements on the wire: every key the hosted service's SDK requires (id, name, trigger,
 * userAttributes, ...), with our definition's id and the metric's id and name where they apply.
 */
import type { AchievementDef, MetricDef } from '../control/types.js';

export function achievementWire(def: AchievementDef, metrics: ReadonlyMap<string, MetricDef>) {
  const metric = def.metric !== null ? metrics.get(def.metric) : undefined;
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    trigger: def.trigger,
    description: null,
    badgeUrl: null,
    userAttributes: [],
    ...(def.trigger === 'metric' ? { metricId: metric?.id ?? null, metricName: metric?.name ?? def.metric, metricValue: def.threshold, eventAttributes: [] } : {}),
    ...(def.trigger === 'streak' ? { streakLength: def.streakLength } : {}),
  };
}

export function userAchievementWire(def: AchievementDef, metrics: ReadonlyMap<string, MetricDef>, achievedAt: string | null) {
  return { ...achievementWire(def, metrics), achievedAt };
}
