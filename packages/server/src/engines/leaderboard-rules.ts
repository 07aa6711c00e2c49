/**
 * An account's leaderboards in the engine's terms (the core's LeaderboardRules): ids of metrics,
 * points systems and attributes become the keys the engine counts by, dates become epoch days and
 * times of day milliseconds. A board that can no longer rank (its metric, system, streak rule or a
 * breakdown attribute is gone) is left out rather than stopping the account.
 */
import { parseDay, parseTimeOfDay, type LeaderboardRules, type RankBy } from '@kindling/core';
import type { AccountConfig, LeaderboardDef } from '../control/types.js';
import { RULE_KEY } from './rule-key.js';

function rankByOf(def: LeaderboardDef, config: AccountConfig): RankBy | null {
  if (def.rankBy === 'metric') {
    const metric = config.metrics.find((m) => m.id === def.metricId);
    return metric === undefined ? null : { kind: 'metric', metric: metric.key };
  }
  if (def.rankBy === 'points') {
    const system = (config.points ?? []).find((p) => p.id === def.pointsSystemId && p.status === 'active');
    return system === undefined ? null : { kind: 'points', system: system.key };
  }
  return config.streak === null ? null : { kind: 'streak', streak: RULE_KEY };
}

/** The board `def` as the engine ranks it, or null when it can no longer rank. */
export function leaderboardRulesOf(def: LeaderboardDef, config: AccountConfig): LeaderboardRules | null {
  const rankBy = rankByOf(def, config);
  if (rankBy === null) return null;
  const breakdown: string[] = [];
  for (const id of def.breakdownAttributes) {
    const attribute = (config.attributes ?? []).find((a) => a.id === id);
    if (attribute === undefined) return null;
    breakdown.push(attribute.key);
  }
  const window =
    def.startTime === null && def.endTime === null
      ? null
      : {
          from: def.startTime === null ? null : parseTimeOfDay(def.startTime, 'startTime'),
          until: def.endTime === null ? null : parseTimeOfDay(def.endTime, 'endTime'),
        };
  return {
    id: def.id,
    key: def.key,
    rankBy,
    status: def.status,
    activatedAt: Date.parse(def.activated ?? def.created),
    start: parseDay(def.start),
    end: def.end === null ? null : parseDay(def.end),
    repeat: def.runUnit === null ? null : { unit: def.runUnit, interval: def.runInterval ?? 1 },
    window,
    breakdown,
    maxParticipants: def.maxParticipants,
  };
}

/** Every board of the account the engine can rank. */
export function leaderboardsRulesOf(config: AccountConfig): LeaderboardRules[] {
  const boards: LeaderboardRules[] = [];
  for (const def of config.leaderboards ?? []) {
    const rules = leaderboardRulesOf(def, config);
    if (rules !== null) boards.push(rules);
  }
  return boards;
}
