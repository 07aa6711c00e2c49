/**
 * Achievements (S22): a metric total reaching a value, a streak reaching a length, an explicit
 * completion call, or every one of a list of other achievements held (a composite). Each completes
 * at most once per user, and only while its status is `active`: an inactive or locked one completes
 * for no one (an achievement already held stays held, whatever its status).
 */
import { filteredTotal } from './attributed-metric.js';
import { checkRecordKey } from './keys.js';
import { ConfigError } from './errors.js';
import type { StreakRule } from './rules.js';
import { withEntry, type Change, type UserState } from './state.js';
import { shown } from './shown.js';

/** `inactive`: not completable yet; `active`: live; `locked`: no new completions. */
export type AchievementStatus = 'active' | 'inactive' | 'locked';

/** The most prerequisites a composite may list. */
export const MAX_PREREQUISITES = 50;

interface CommonInput {
  key: string;
  name: string;
  /** default `active` */
  status?: AchievementStatus;
  /** shown only; the server checks it is an https URL */
  badgeUrl?: string | null;
  /** only users whose attributes hold every one of these values may complete it (default: none) */
  userAttributes?: ReadonlyArray<{ key: string; value: string }>;
}

export type AchievementInput =
  | (CommonInput & {
      trigger: 'metric';
      metric: string;
      threshold: number;
      /** only events whose attributes hold every one of these values count (S25; default: every event) */
      eventAttributes?: ReadonlyArray<{ key: string; value: string }>;
    })
  | (CommonInput & { trigger: 'streak'; length: number; streak?: string })
  | (CommonInput & { trigger: 'api' })
  | (CommonInput & { trigger: 'achievement'; prerequisites: string[] });

interface Common {
  readonly key: string;
  readonly name: string;
  readonly status: AchievementStatus;
  readonly badgeUrl: string | null;
  readonly userAttributes: ReadonlyArray<{ readonly key: string; readonly value: string }>;
}

export type Achievement =
  | (Common & {
      readonly trigger: 'metric';
      readonly metric: string;
      readonly threshold: number;
      readonly eventAttributes: ReadonlyArray<{ readonly key: string; readonly value: string }>;
    })
  | (Common & { readonly trigger: 'streak'; readonly length: number; readonly streak: string })
  | (Common & { readonly trigger: 'api' })
  | (Common & { readonly trigger: 'achievement'; readonly prerequisites: string[] });

/** An achievement as a response shows it, with the instant it was completed. */
export type CompletedAchievement = Achievement & { readonly achievedAt: string };

const STATUSES: readonly AchievementStatus[] = ['active', 'inactive', 'locked'];

function parseCommon(input: AchievementInput, where: string): Common {
  const name = typeof input.name === 'string' && input.name.length > 0 ? input.name : input.key;
  const status = input.status ?? 'active';
  if (!STATUSES.includes(status))
    throw new ConfigError(`${where}.status must be "active", "inactive" or "locked", got ${shown(status)}`);
  const badgeUrl = input.badgeUrl ?? null;
  if (badgeUrl !== null && typeof badgeUrl !== 'string')
    throw new ConfigError(`${where}.badgeUrl must be a string or null`);
  return {
    key: input.key,
    name,
    status,
    badgeUrl,
    userAttributes: parseAttributeFilters(input.userAttributes, `${where}.userAttributes`),
  };
}

/** The most user attribute filters an achievement may have. */
export const MAX_ATTRIBUTE_FILTERS = 20;

/** User or event attribute filters: { key, value } pairs, each key once. */
function parseAttributeFilters(input: unknown, where: string): Common['userAttributes'] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input) || input.length > MAX_ATTRIBUTE_FILTERS)
    throw new ConfigError(`${where} must list at most ${MAX_ATTRIBUTE_FILTERS} { key, value } filters`);
  const seen = new Set<string>();
  return input.map((filter: { key?: unknown; value?: unknown }, j) => {
    const at = `${where}[${j}]`;
    if (filter === null || typeof filter !== 'object' || typeof filter.key !== 'string' || filter.key.length === 0)
      throw new ConfigError(`${at}.key must be a non-empty string`);
    checkRecordKey(filter.key, `${at}.key`);
    if (typeof filter.value !== 'string') throw new ConfigError(`${at}.value must be a string`);
    if (seen.has(filter.key)) throw new ConfigError(`${where} filters "${filter.key}" twice`);
    seen.add(filter.key);
    return Object.freeze({ key: filter.key, value: filter.value });
  });
}

/** Whether `attributes` hold every value the achievement's user attribute filters ask for. */
export function matchesUserAttributes(
  achievement: Achievement,
  attributes: Readonly<Record<string, string>> | undefined,
): boolean {
  for (const filter of achievement.userAttributes)
    if (attributes === undefined || !Object.hasOwn(attributes, filter.key) || attributes[filter.key] !== filter.value)
      return false;
  return true;
}

function parsePrerequisites(input: { key: string; prerequisites: unknown }, where: string): string[] {
  const list = input.prerequisites;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_PREREQUISITES)
    throw new ConfigError(`${where}.prerequisites must list 1 to ${MAX_PREREQUISITES} achievement keys`);
  const seen = new Set<string>();
  for (const [j, key] of list.entries()) {
    if (typeof key !== 'string' || key.length === 0)
      throw new ConfigError(`${where}.prerequisites[${j}] must be a non-empty string`);
    if (key === input.key) throw new ConfigError(`${where}: the achievement "${key}" cannot be its own prerequisite`);
    if (seen.has(key)) throw new ConfigError(`${where}.prerequisites lists "${key}" twice`);
    seen.add(key);
  }
  return [...seen];
}

/** Every prerequisite names an achievement, and no composite depends on itself through others. */
function checkComposites(achievements: readonly Achievement[]): void {
  const byKey = new Map(achievements.map((a) => [a.key, a]));
  for (const [i, a] of achievements.entries()) {
    if (a.trigger !== 'achievement') continue;
    for (const key of a.prerequisites)
      if (!byKey.has(key))
        throw new ConfigError(
          `achievements[${i}] ("${a.key}") lists the prerequisite "${key}", which is not configured`,
        );
  }
  // Depth-first search; `path` holds the composites being visited, so meeting one again is a cycle.
  const done = new Set<string>();
  const visit = (a: Achievement, path: string[]): void => {
    if (a.trigger !== 'achievement' || done.has(a.key)) return;
    const at = path.indexOf(a.key);
    if (at !== -1)
      throw new ConfigError(`achievements form a cycle of prerequisites: ${[...path.slice(at), a.key].join(' → ')}`);
    path.push(a.key);
    for (const key of a.prerequisites) visit(byKey.get(key) as Achievement, path);
    path.pop();
    done.add(a.key);
  };
  for (const a of achievements) visit(a, []);
}

export function parseAchievements(
  inputs: readonly AchievementInput[] | undefined,
  rules: readonly StreakRule[],
): Achievement[] {
  if (inputs === undefined) return [];
  if (!Array.isArray(inputs)) throw new ConfigError('achievements must be an array');
  const keys = new Set<string>();
  const parsed = inputs.map((input, i): Achievement => {
    const where = `achievements[${i}]`;
    if (input === null || typeof input !== 'object') throw new ConfigError(`${where} must be an object`);
    if (typeof input.key !== 'string' || input.key.length === 0)
      throw new ConfigError(`${where}.key must be a non-empty string`);
    checkRecordKey(input.key, `${where}.key`);
    if (keys.has(input.key)) throw new ConfigError(`two achievements share the key "${input.key}"`);
    keys.add(input.key);
    const common = parseCommon(input, where);
    switch (input.trigger) {
      case 'metric':
        if (typeof input.metric !== 'string' || input.metric.length === 0)
          throw new ConfigError(`${where}.metric must be a non-empty string`);
        checkRecordKey(input.metric, `${where}.metric`);
        if (typeof input.threshold !== 'number' || !Number.isFinite(input.threshold)) {
          throw new ConfigError(`${where}.threshold must be a finite number, got ${shown(input.threshold)}`);
        }
        return {
          ...common,
          trigger: 'metric',
          metric: input.metric,
          threshold: input.threshold,
          eventAttributes: parseAttributeFilters(input.eventAttributes, `${where}.eventAttributes`),
        };
      case 'streak': {
        if (!Number.isInteger(input.length) || input.length < 1)
          throw new ConfigError(`${where}.length must be a whole number >= 1, got ${shown(input.length)}`);
        const streak = input.streak ?? rules[0]?.key;
        if (streak === undefined || !rules.some((r) => r.key === streak)) {
          throw new ConfigError(`${where} refers to streak rule ${JSON.stringify(streak)}, which is not configured`);
        }
        return { ...common, trigger: 'streak', length: input.length, streak };
      }
      case 'api':
        return { ...common, trigger: 'api' };
      case 'achievement':
        return { ...common, trigger: 'achievement', prerequisites: parsePrerequisites(input, where) };
      default:
        throw new ConfigError(
          `${where}.trigger must be "metric", "streak", "api" or "achievement", got ${shown((input as { trigger?: unknown }).trigger)}`,
        );
    }
  });
  checkComposites(parsed);
  return parsed;
}

export function describeCompleted(achievement: Achievement, at: number): CompletedAchievement {
  return { ...achievement, achievedAt: new Date(at).toISOString() };
}

/** The result when nothing completes: shared, frozen (copy before changing). */
const NONE: CompletedAchievement[] = Object.freeze([]) as unknown as CompletedAchievement[];

/** Whether the condition of `achievement`, not a composite nor completed by a call, holds for `user`. */
function isDue(user: UserState, achievement: Achievement): boolean {
  switch (achievement.trigger) {
    case 'metric':
      return (
        (achievement.eventAttributes.length === 0
          ? (user.totals[achievement.metric] ?? 0)
          : filteredTotal(user.attributed, achievement.metric, achievement.eventAttributes)) >= achievement.threshold
      );
    case 'streak':
      return (user.streaks[achievement.streak]?.length ?? 0) >= achievement.length;
    case 'achievement':
      return achievement.prerequisites.every((key) => user.achievements[key] !== undefined);
    case 'api':
      return false;
  }
}

/**
 * Mark complete, in `user` (a copy the caller owns), every active achievement whose condition now
 * holds. Composites go after the others, pass after pass while one completes, so that a composite
 * whose last prerequisite completes in this write (itself perhaps a composite) completes with it, at
 * the same instant.
 */
export function completeDue(
  user: UserState,
  achievements: readonly Achievement[],
  at: number,
  changes: Change[],
): CompletedAchievement[] {
  if (achievements.length === 0) return NONE;
  const done: CompletedAchievement[] = [];
  const complete = (achievement: Achievement) => {
    user.achievements = withEntry(user.achievements, achievement.key, at);
    done.push(describeCompleted(achievement, at));
    changes.push({ type: 'achievement.completed', achievement: achievement.key, name: achievement.name });
  };
  let composites = false;
  for (const achievement of achievements) {
    if (achievement.trigger === 'achievement') composites = true;
    else if (
      achievement.trigger !== 'api' &&
      achievement.status === 'active' &&
      user.achievements[achievement.key] === undefined &&
      isDue(user, achievement) &&
      matchesUserAttributes(achievement, user.profile?.attributes)
    )
      complete(achievement);
  }
  if (composites) completeComposites(user, achievements, complete);
  return done;
}

/** Completes `user`'s due composites, pass after pass while one completes (a composite of composites). */
function completeComposites(
  user: UserState,
  achievements: readonly Achievement[],
  complete: (achievement: Achievement) => void,
): void {
  for (let more = true; more; ) {
    more = false;
    for (const achievement of achievements) {
      if (
        achievement.trigger === 'achievement' &&
        achievement.status === 'active' &&
        user.achievements[achievement.key] === undefined &&
        isDue(user, achievement) &&
        matchesUserAttributes(achievement, user.profile?.attributes)
      ) {
        complete(achievement);
        more = true;
      }
    }
  }
}
