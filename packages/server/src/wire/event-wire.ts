/**
 * The answer of an event (POST /v1/metrics/:key/event) in the hosted service's shape: the metric's
 * id, the total, the achievements it completed, the current streak, the points systems and the
 * leaderboards it moved, every change, and the idempotency fields when the request carried a key.
 */
import type { RecordResult } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { AccountRuntime } from '../engines/engines.js';
import { userAchievementSchema, userAchievementWire } from './achievement-wire.js';
import { eventPointsMapSchema, eventPointsWire } from './app-points-wire.js';
import { eventLeaderboardsMapSchema, eventLeaderboardsWire } from './leaderboard-wire.js';
import { flag, number, text } from './primitives.js';
import { currentStreakSchema, currentStreakWire } from './streak-wire.js';

/** A change the event made (docs/semantics.md): `type` says which, the other keys depend on it. */
const changeSchema = {
  type: 'object',
  required: ['type'],
  properties: {
    type: {
      ...text,
      description:
        'streak.started, streak.extended, freeze.consumed, freeze.earned, pause.used, streak.lost, streak.restored, achievement.completed',
    },
  },
  additionalProperties: true,
} as const;

export const eventAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['metricId', 'eventId', 'total', 'achievements', 'currentStreak', 'points', 'leaderboards', 'changes'],
  properties: {
    metricId: text,
    eventId: text,
    total: { ...number, description: "the user's total of the metric after the event" },
    achievements: { type: 'array', items: userAchievementSchema, description: 'the achievements this event completed' },
    currentStreak: currentStreakSchema,
    points: eventPointsMapSchema,
    leaderboards: eventLeaderboardsMapSchema,
    changes: { type: 'array', items: changeSchema },
    idempotencyKey: { ...text, description: 'when the request carried an Idempotency-Key' },
    idempotentReplayed: { ...flag, description: 'true when this answer is the first one, replayed' },
  },
} as const;

export type EventAnswer = FromSchema<typeof eventAnswerSchema>;

/** The answer of `result`, with its points systems as configured at `now` (ms). */
export function eventWire(result: RecordResult, runtime: AccountRuntime, metricId: string, now: number): EventAnswer {
  const { achievementsByKey, config } = runtime;
  const achievements = [];
  for (const a of result.achievements) {
    const def = achievementsByKey.get(a.key);
    if (def !== undefined) achievements.push(userAchievementWire(def, runtime, a.achievedAt));
  }
  const { eventId, total, changes, idempotencyKey } = result;
  const currentStreak = currentStreakWire(result.currentStreak, config.streak);
  // an answer kept before events answered points has no map: it moved no system
  const points = result.points === undefined ? {} : eventPointsWire(result.points, config, now);
  const leaderboards = eventLeaderboardsWire(result.leaderboards, runtime.leaderboardsByKey, config);
  // Literals rather than a spread of the idempotency keys: see currentStreakWire.
  if (idempotencyKey === null)
    return { metricId, eventId, total, achievements, currentStreak, points, leaderboards, changes };
  return {
    metricId,
    eventId,
    total,
    achievements,
    currentStreak,
    points,
    leaderboards,
    changes,
    idempotencyKey,
    idempotentReplayed: result.replayed,
  };
}
