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
 * What a state is stamped with (S20), computed once per engine. A rebuild from the journal judges
 * each day by its sum, which is not what events kept where a day's negative values lowered a period
 * met earlier that day (S6): so a state made under the streak rules in force keeps its streaks when
 * only the achievements changed, and only those are looked at again (current-rules.ts).
 */
export interface RulesStamp {
  /**
   * `rulesFingerprint`: one digest (16 hex digits) of the streak rules and the recomputed
   * achievements together, as every version has stamped and compared it. A process of an earlier
   * version in the same rollout takes a state stamped so as its own when its rules are the same.
   */
  readonly fingerprint: string;
  /**
   * `streakRules`: `<fingerprint>:<digest of the streak rules alone>`, written beside it. Trusted
   * only while its first part is the stamp beside it: a process that rewrote the state under other
   * rules and kept this field as it was has stamped another fingerprint.
   */
  readonly streakRules: string;
  /** `<streak rules>:<achievements>`: the stamp of the versions that wrote the two digests in `rulesFingerprint` */
  readonly halves: string;
  /** the digest of the streak rules alone */
  readonly rules: string;
}

/** Stamps by model: a rebuild of every user stamps each with the same one, computed once. */
const stamps = new WeakMap<Model, RulesStamp>();

export function stampOf(model: Model): RulesStamp {
  const kept = stamps.get(model);
  if (kept !== undefined) return kept;
  const parts = partsOf(model);
  const fingerprint = digestOf([parts.rules, parts.achievements]);
  const rules = digestOf(parts.rules);
  const made: RulesStamp = {
    fingerprint,
    streakRules: `${fingerprint}:${rules}`,
    halves: `${rules}:${digestOf(parts.achievements)}`,
    rules,
  };
  stamps.set(model, made);
  return made;
}

/** The one digest a state made under `model`'s rules is stamped with (`RulesStamp.fingerprint`). */
export function fingerprintModel(model: Model): string {
  return stampOf(model).fingerprint;
}

/** What of a state tells the rules it was made under. */
export interface Stamped {
  readonly rulesFingerprint?: string | undefined;
  readonly streakRules?: string | undefined;
}

/** Stamps a state as made under these rules (changed in place). */
export function stamp(user: { rulesFingerprint?: string; streakRules?: string }, rules: RulesStamp): void {
  user.rulesFingerprint = rules.fingerprint;
  user.streakRules = rules.streakRules;
}

/** Whether a state was made under these rules, streaks and achievements alike. */
export function madeUnder(user: Stamped, rules: RulesStamp): boolean {
  const stamped = user.rulesFingerprint;
  return stamped === rules.fingerprint || stamped === rules.halves;
}

/** Whether a state was made under these streak rules: its streaks stand, only its achievements may differ. */
export function madeUnderStreakRules(user: Stamped, rules: RulesStamp): boolean {
  const stamped = user.rulesFingerprint;
  if (stamped === undefined) return false;
  if (madeUnder(user, rules)) return true;
  // a stamp of two digests, as the versions between wrote it
  if (stamped.length === rules.halves.length && stamped.startsWith(`${rules.rules}:`)) return true;
  // the note beside a stamp of one digest, when it belongs to that stamp
  return user.streakRules === `${stamped}:${rules.rules}`;
}

/**
 * What of the points systems a state's points lines depend on (S33): the live time triggers, whose
 * next boundary each line holds for the sweeper. Added, changed, deactivated or filtered anew, they
 * make the states made before not current: each is refreshed as for a change of the achievements
 * (streaks kept, the lines written anew), so that the sweeper finds every user at the new
 * boundaries. Empty for a model without time triggers, which keeps the fingerprint it had.
 */
function timeScheduleParts(model: Model): unknown[] {
  const parts: unknown[] = [];
  for (const system of model.points ?? []) {
    if (system.status !== 'active') continue;
    for (const trigger of system.triggers)
      if (trigger.type === 'time' && trigger.status === 'active')
        parts.push([
          system.key,
          trigger.id,
          trigger.unit,
          trigger.interval,
          trigger.activatedAt,
          Object.entries(trigger.userAttributes ?? {}).sort(),
        ]);
  }
  return parts;
}

/**
 * The two halves: the streak rules, and what else a state is recomputed for without a rebuild of
 * its streaks (the achievements that complete, and the points time schedule when there is one).
 */
function partsOf(model: Model): { rules: unknown[]; achievements: unknown[] } {
  const achievements: unknown[] = model.achievements.map(achievementParts).filter((parts) => parts !== null);
  const schedule = timeScheduleParts(model);
  if (schedule.length > 0) achievements.push(['points time triggers', schedule]);
  return { rules: model.rules.map(ruleParts), achievements };
}

function digestOf(parts: unknown): string {
  return hashText(JSON.stringify(parts)).slice(0, 16);
}
