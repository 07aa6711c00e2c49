/**
 * The admin API's shapes: metrics with their activity, achievements with their stats, keys
 * without their hash, rebuild progress and accounts, as docs/http-api.md lists them.
 */
import type { Account, AchievementDef, ApiKeyRecord, MetricDef, Rebuild } from '../control/types.js';
import type { MetricActivity } from '../runtime/activity.js';

const NO_ACTIVITY: MetricActivity = { total: 0, events: 0, lastEventAt: null };

export function metricWire(def: MetricDef, activity: MetricActivity = NO_ACTIVITY) {
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    status: def.status,
    unitType: 'number' as const,
    units: '',
    total: activity.total,
    events: activity.events,
    lastEventAt: activity.lastEventAt,
    created: def.created,
  };
}

export function achievementAdminWire(def: AchievementDef, stats: { completions: number; rarity: number } = { completions: 0, rarity: 0 }) {
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    trigger: def.trigger,
    ...(def.trigger === 'metric' ? { metric: def.metric, threshold: def.threshold } : {}),
    ...(def.trigger === 'streak' ? { streakLength: def.streakLength } : {}),
    status: def.status,
    completions: stats.completions,
    rarity: stats.rarity,
    created: def.created,
  };
}

export function keyWire(record: ApiKeyRecord) {
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

export function rebuildWire(rebuild: Rebuild) {
  return {
    status: rebuild.status,
    done: rebuild.done,
    total: rebuild.total,
    startedAt: rebuild.startedAt,
    finishedAt: rebuild.finishedAt,
    error: rebuild.error,
  };
}

export function accountWire(account: Account) {
  return { id: account.id, name: account.name, created: account.created };
}
