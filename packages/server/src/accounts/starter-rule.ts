/**
 * What the first start gives the first account, so that an event can be sent at once: one metric,
 * `lessons`, and a daily streak of one lesson a day with a freeze to start and more to earn.
 */
import type { RuleConfig } from '../control/types.js';

export const STARTER_METRIC = { key: 'lessons', name: 'Lessons' } as const;

export const STARTER_RULE: RuleConfig = {
  frequency: 'daily',
  weekStart: 'monday',
  dayStartsAt: '00:00',
  defaultTimeZone: 'UTC',
  mode: 'all',
  conditions: [{ metric: STARTER_METRIC.key, threshold: 1 }],
  freezes: { initial: 1, max: 3, earn: { every: 7, amount: 1 } },
  restoreWindow: 1,
};
