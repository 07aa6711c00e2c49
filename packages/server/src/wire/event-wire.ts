/**
 * The answer of an event (POST /v1/metrics/:key/event) in the hosted service's shape: the metric's
 * id, the total, the achievements it completed, the current streak, every change, and the
 * idempotency fields when the request carried a key.
 */
import type { RecordResult } from '@kindling/core';
import type { AccountRuntime } from '../runtime/engines.js';
import { userAchievementWire } from './achievement-wire.js';
import { currentStreakWire } from './streak-wire.js';

export function eventWire(result: RecordResult, runtime: AccountRuntime, metricId: string): Record<string, unknown> {
  const { metricsByKey, achievementsByKey, config } = runtime;
  const achievements = [];
  for (const a of result.achievements) {
    const def = achievementsByKey.get(a.key);
    if (def !== undefined) achievements.push(userAchievementWire(def, metricsByKey, a.achievedAt));
  }
  const { eventId, total, changes, idempotencyKey } = result;
  const currentStreak = currentStreakWire(result.currentStreak, config.streak);
  // Literals rather than a spread of the idempotency keys: see currentStreakWire.
  if (idempotencyKey === null) return { metricId, eventId, total, achievements, currentStreak, points: {}, leaderboards: {}, changes };
  return { metricId, eventId, total, achievements, currentStreak, points: {}, leaderboards: {}, changes, idempotencyKey, idempotentReplayed: result.replayed };
}
