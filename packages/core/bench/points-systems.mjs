// @ts-check
// The points systems of bench:core's points rows (issue 46): two systems of five active triggers
// each (metric triggers of several thresholds, a streak trigger, an achievement trigger), one
// global boost live over the whole workload, and the achievement the achievement triggers name.
// Activated before the workload's first event, so every event counts.
import { parseDay } from '@kindling/core';

/** before the workload's first event (2025-01-01) */
const ACTIVATED = Date.parse('2024-12-01T00:00:00Z');

/** @type {import('@kindling/core').AchievementInput[]} */
export const POINTS_ACHIEVEMENTS = [
  { key: 'ten-lessons', name: 'Ten lessons', trigger: 'metric', metric: 'lessons', threshold: 10 },
];

/** An active trigger of `points`, activated before the workload. */
const trigger = (/** @type {string} */ id, /** @type {number} */ points, /** @type {object} */ kind) =>
  /** @type {import('@kindling/core').PointsTrigger} */ ({
    id,
    points,
    status: 'active',
    activatedAt: ACTIVATED,
    ...kind,
  });

/** A system of `triggers` and `boosts`, active, without a cap or levels. */
const system = (
  /** @type {string} */ key,
  /** @type {import('@kindling/core').PointsTrigger[]} */ triggers,
  /** @type {import('@kindling/core').PointsBoost[]} */ boosts,
) =>
  /** @type {import('@kindling/core').PointsSystemRules} */ ({
    key,
    name: key,
    description: null,
    badgeUrl: null,
    maxPoints: null,
    status: 'active',
    triggers,
    levels: [],
    boosts,
  });

/** Two systems × five active triggers, one global boost (×2) live from before the workload on. */
export const POINTS_SYSTEMS = [
  system(
    'xp',
    [
      trigger('xp-lesson', 10, { type: 'metric', metric: 'lessons', threshold: 1 }),
      trigger('xp-ten-lessons', 50, { type: 'metric', metric: 'lessons', threshold: 10 }),
      trigger('xp-minutes', 5, { type: 'metric', metric: 'minutes', threshold: 30 }),
      trigger('xp-week', 100, { type: 'streak', streak: 'daily', length: 7 }),
      trigger('xp-achievement', 200, { type: 'achievement', achievement: 'ten-lessons' }),
    ],
    [{ id: 'double', start: parseDay('2024-12-01'), end: null, multiplier: 2, rounding: 'down' }],
  ),
  system(
    'gems',
    [
      trigger('gems-minutes', 1, { type: 'metric', metric: 'minutes', threshold: 15 }),
      trigger('gems-hour', 5, { type: 'metric', metric: 'minutes', threshold: 60 }),
      trigger('gems-lessons', 20, { type: 'metric', metric: 'lessons', threshold: 50 }),
      trigger('gems-weeks', 10, { type: 'streak', streak: 'weekly', length: 2 }),
      trigger('gems-achievement', 25, { type: 'achievement', achievement: 'ten-lessons' }),
    ],
    [],
  ),
];
