/**
 * Achievements (S22): a metric total reaching a value, a streak reaching a length, or an explicit
 * completion call. Each completes at most once per user.
 */
import { checkRecordKey } from './keys.js';
import { ConfigError } from './errors.js';
import type { StreakRule } from './rules.js';
import { withEntry, type Change, type UserState } from './state.js';

export type AchievementInput =
  | { key: string; name: string; trigger: 'metric'; metric: string; threshold: number }
  | { key: string; name: string; trigger: 'streak'; length: number; streak?: string }
  | { key: string; name: string; trigger: 'api' };

export type Achievement =
  | {
      readonly key: string;
      readonly name: string;
      readonly trigger: 'metric';
      readonly metric: string;
      readonly threshold: number;
    }
  | {
      readonly key: string;
      readonly name: string;
      readonly trigger: 'streak';
      readonly length: number;
      readonly streak: string;
    }
  | { readonly key: string; readonly name: string; readonly trigger: 'api' };

/** An achievement as a response shows it, with the instant it was completed. */
export type CompletedAchievement = Achievement & { readonly achievedAt: string };

export function parseAchievements(
  inputs: readonly AchievementInput[] | undefined,
  rules: readonly StreakRule[],
): Achievement[] {
  if (inputs === undefined) return [];
  if (!Array.isArray(inputs)) throw new ConfigError('achievements must be an array');
  const keys = new Set<string>();
  return inputs.map((input, i) => {
    const where = `achievements[${i}]`;
    if (input === null || typeof input !== 'object') throw new ConfigError(`${where} must be an object`);
    if (typeof input.key !== 'string' || input.key.length === 0)
      throw new ConfigError(`${where}.key must be a non-empty string`);
    checkRecordKey(input.key, `${where}.key`);
    if (keys.has(input.key)) throw new ConfigError(`two achievements share the key "${input.key}"`);
    keys.add(input.key);
    const name = typeof input.name === 'string' && input.name.length > 0 ? input.name : input.key;
    switch (input.trigger) {
      case 'metric':
        if (typeof input.metric !== 'string' || input.metric.length === 0)
          throw new ConfigError(`${where}.metric must be a non-empty string`);
        checkRecordKey(input.metric, `${where}.metric`);
        if (typeof input.threshold !== 'number' || !Number.isFinite(input.threshold)) {
          throw new ConfigError(`${where}.threshold must be a finite number, got ${String(input.threshold)}`);
        }
        return { key: input.key, name, trigger: 'metric', metric: input.metric, threshold: input.threshold };
      case 'streak': {
        if (!Number.isInteger(input.length) || input.length < 1)
          throw new ConfigError(`${where}.length must be a whole number >= 1, got ${String(input.length)}`);
        const streak = input.streak ?? rules[0]?.key;
        if (streak === undefined || !rules.some((r) => r.key === streak)) {
          throw new ConfigError(`${where} refers to streak rule ${JSON.stringify(streak)}, which is not configured`);
        }
        return { key: input.key, name, trigger: 'streak', length: input.length, streak };
      }
      case 'api':
        return { key: input.key, name, trigger: 'api' };
      default:
        throw new ConfigError(
          `${where}.trigger must be "metric", "streak" or "api", got ${JSON.stringify((input as { trigger?: unknown }).trigger)}`,
        );
    }
  });
}

export function describeCompleted(achievement: Achievement, at: number): CompletedAchievement {
  return { ...achievement, achievedAt: new Date(at).toISOString() };
}

/** The result when nothing completes: shared, frozen (copy before changing). */
const NONE: CompletedAchievement[] = Object.freeze([]) as unknown as CompletedAchievement[];

/** Mark complete, in `user` (a copy the caller owns), every achievement whose condition now holds. */
export function completeDue(
  user: UserState,
  achievements: readonly Achievement[],
  at: number,
  changes: Change[],
): CompletedAchievement[] {
  if (achievements.length === 0) return NONE;
  const done: CompletedAchievement[] = [];
  for (const achievement of achievements) {
    if (achievement.trigger === 'api' || user.achievements[achievement.key] !== undefined) continue;
    const due =
      achievement.trigger === 'metric'
        ? (user.totals[achievement.metric] ?? 0) >= achievement.threshold
        : (user.streaks[achievement.streak]?.length ?? 0) >= achievement.length;
    if (!due) continue;
    user.achievements = withEntry(user.achievements, achievement.key, at);
    done.push(describeCompleted(achievement, at));
    changes.push({ type: 'achievement.completed', achievement: achievement.key, name: achievement.name });
  }
  return done;
}
