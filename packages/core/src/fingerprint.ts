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

/**
 * Two digests of 16 hex digits (64 bits) each, `<streak rules>:<recomputed achievements>`: a state
 * whose first half is the engine's was made under the streak rules in force, and only its
 * achievements are looked at again (current-rules.ts): a rebuild from the journal judges each day
 * by its sum (S20), which is not what events kept where a day's negative values lowered a period
 * met earlier that day (S6).
 */
export function fingerprintModel(model: Model): string {
  const { rules, achievements } = partsOf(model);
  return `${digestOf(rules)}:${digestOf(achievements)}`;
}

/** The fingerprint as states were stamped before it had two halves: one digest of both. */
export function legacyFingerprintOf(model: Model): string {
  const { rules, achievements } = partsOf(model);
  return digestOf([rules, achievements]);
}

/** Whether a state stamped `stamp` was made under the streak rules `fingerprint` names. */
export function sameStreakRules(stamp: string | undefined, fingerprint: string, legacy: string): boolean {
  if (stamp === undefined) return false;
  if (stamp === legacy) return true;
  const half = fingerprint.indexOf(':');
  return stamp.length === fingerprint.length && stamp.startsWith(fingerprint.slice(0, half + 1));
}

function partsOf(model: Model): { rules: unknown[]; achievements: unknown[] } {
  return {
    rules: model.rules.map(ruleParts),
    achievements: model.achievements.map(achievementParts).filter((parts) => parts !== null),
  };
}

function digestOf(parts: unknown): string {
  return hashText(JSON.stringify(parts)).slice(0, 16);
}
