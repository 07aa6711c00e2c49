/**
 * A rule as one user lives it: the owner's rule, unless the user turned the streak off (no period is
 * ever met: the length stays 0) or chose their own mode and thresholds, as far as the rule's
 * `personalization` allows (thresholds kept within its bounds; choices it does not allow are
 * ignored, so an owner who narrows the bounds narrows every user's choice at the next rebuild). Only
 * what decides whether a period is met differs: periods, sums and freezes are the rule's.
 */
import type { Condition, StreakRule } from './rules.js';
import type { StreakPreference, UserState } from './state.js';

/** Conditions no period meets: a streak turned off. */
function neverMet(rule: StreakRule): readonly Condition[] {
  return [{ metric: (rule.conditions[0] as Condition).metric, threshold: Number.POSITIVE_INFINITY }];
}

export function personalRule(rule: StreakRule, preference: StreakPreference | undefined): StreakRule {
  if (preference === undefined) return rule;
  if (!preference.enabled) return { ...rule, mode: 'all', conditions: neverMet(rule) };
  const allowed = rule.personalization;
  if (allowed === null) return rule;
  const mode = allowed.mode && preference.mode !== undefined ? preference.mode : rule.mode;
  let conditions = rule.conditions;
  const bounds = allowed.thresholds;
  if (bounds !== null && preference.conditions !== undefined) {
    const chosen = preference.conditions
      .filter((condition) => rule.metrics.has(condition.metric))
      .map((condition) => ({
        metric: condition.metric,
        threshold: Math.min(bounds.max, Math.max(bounds.min, condition.threshold)),
      }));
    if (chosen.length > 0) conditions = chosen;
  }
  return mode === rule.mode && conditions === rule.conditions ? rule : { ...rule, mode, conditions };
}

/** The rule as `user` lives it (the rule itself for a user without preferences: no cost per event). */
export function ruleOfUser(rule: StreakRule, user: UserState | null): StreakRule {
  const preferences = user?.preferences;
  return preferences === undefined ? rule : personalRule(rule, preferences.streaks[rule.key]);
}
