/**
 * The fingerprint of an engine's configuration: a short digest of every parsed setting that a
 * stored streak state depends on. A user state stamped with another fingerprint was computed under
 * other rules and is rebuilt from the journal before use (S20). Pure: no clock, no randomness, the
 * same text for the same settings in every process.
 */
import type { Achievement } from './achievements.js';
import { hashText } from './ids.js';
import type { Model } from './reduce.js';
import type { StreakRule } from './rules.js';

/** What of a rule a state depends on, in a fixed order (display-only fields and caches left out). */
function ruleParts(rule: StreakRule): unknown[] {
  const f = rule.freezes;
  return [
    rule.key,
    rule.frequency,
    rule.weekStart,
    rule.dayStartMs,
    rule.defaultTimeZone,
    rule.mode,
    rule.conditions.map((c) => [c.metric, c.threshold]),
    [f.enabled, f.initial, f.max, f.earnEvery, f.earnAmount],
    rule.restoreWindow,
    // only when set: a rule without it keeps the fingerprint it had before personalization existed
    ...(rule.personalization !== null ? [[rule.personalization.mode, rule.personalization.thresholds]] : []),
  ];
}

/**
 * What of an achievement a rebuild depends on: it completes those that are due (completeDue), and
 * only active ones, so an inactive or locked achievement counts as absent and activating one
 * changes the fingerprint (its backdating, S22). An achievement completed only by an explicit call
 * is never recomputed; a name and a badge are only shown.
 */
function achievementParts(achievement: Achievement): unknown[] | null {
  if (achievement.status !== 'active') return null;
  const parts = conditionParts(achievement);
  // user attribute filters only when set: an achievement without them keeps the fingerprint it had
  if (parts === null || achievement.userAttributes.length === 0) return parts;
  return [...parts, achievement.userAttributes.map((f) => [f.key, f.value]).sort()];
}

function conditionParts(achievement: Achievement): unknown[] | null {
  switch (achievement.trigger) {
    case 'metric':
      // event attribute filters only when set, as user attribute filters
      return achievement.eventAttributes.length === 0
        ? [achievement.key, 'metric', achievement.metric, achievement.threshold]
        : [
            achievement.key,
            'metric',
            achievement.metric,
            achievement.threshold,
            achievement.eventAttributes.map((f) => [f.key, f.value]).sort(),
          ];
    case 'streak':
      return [achievement.key, 'streak', achievement.streak, achievement.length];
    case 'achievement':
      return [achievement.key, 'achievement', [...achievement.prerequisites].sort()];
    case 'api':
      return null;
  }
}

/** 16 hex digits (64 bits) naming the rules and the recomputed achievements of `model`. */
export function fingerprintModel(model: Model): string {
  const rules = model.rules.map(ruleParts);
  const achievements = model.achievements.map(achievementParts).filter((parts) => parts !== null);
  return hashText(JSON.stringify([rules, achievements])).slice(0, 16);
}
