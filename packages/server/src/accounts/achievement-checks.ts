/**
 * What makes an achievement definition acceptable under an account's configuration, each problem
 * as the message of that item's issue: its trigger's settings, its badge URL, a composite's
 * prerequisites, and a change of status (inactive → active ↔ locked; S22).
 */
import type { AccountConfig, AchievementDef, AchievementStatus } from '../control/types.js';
import { urlTextProblem } from './url-text.js';
import { achievementInputs } from '../engines/engines.js';

/** The longest badge URL an achievement may have. */
export const MAX_BADGE_URL_LENGTH = 2000;

/** What is wrong with a metric or streak trigger under `config`, or null. */
export function triggerProblem(
  item: { trigger: string; metric?: string; threshold?: number; streakLength?: number },
  config: AccountConfig,
): string | null {
  if (item.trigger === 'metric') {
    if (item.metric === undefined) return 'A metric achievement needs a metric';
    const metric = config.metrics.find((m) => m.key === item.metric);
    if (metric === undefined) return `No metric has the key ${JSON.stringify(item.metric)}`;
    if (metric.status !== 'active') return `The metric ${JSON.stringify(item.metric)} is archived`;
    // as a streak rule's conditions: a total of 0 or below is every user's before any event
    if (item.threshold === undefined || !Number.isFinite(item.threshold) || item.threshold <= 0)
      return 'A metric achievement needs a finite threshold above 0';
  }
  if (item.trigger === 'streak') {
    if (item.streakLength === undefined || !Number.isInteger(item.streakLength) || item.streakLength < 1)
      return 'A streak achievement needs a streakLength of 1 or more';
    if (config.streak === null) return 'Configure the streak rule before creating streak achievements';
  }
  return null;
}

/** What is wrong with a badge URL (an absolute https URL, at most MAX_BADGE_URL_LENGTH characters), or null. */
export function badgeUrlProblem(text: string | null | undefined): string | null {
  if (text === undefined || text === null) return null;
  if (text.length > MAX_BADGE_URL_LENGTH) return `badgeUrl is at most ${MAX_BADGE_URL_LENGTH} characters`;
  const unshowable = urlTextProblem(text, 'badgeUrl');
  if (unshowable !== null) return unshowable;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'badgeUrl must be an absolute https:// URL';
  }
  if (url.protocol !== 'https:' || url.hostname === '') return 'badgeUrl must be an absolute https:// URL';
  if (url.username !== '' || url.password !== '') return 'badgeUrl must not carry a user name or password';
  return null;
}

/**
 * What is wrong with a composite's prerequisites among `achievements` (the account's, with those made
 * in the same request), or null. Itself, a repeat and a cycle are left to the engine's ConfigError.
 */
export function prerequisitesProblem(
  prerequisites: readonly string[] | undefined,
  achievements: readonly AchievementDef[],
): string | null {
  if (prerequisites === undefined || prerequisites.length === 0)
    return 'A composite achievement needs prerequisites: the keys of 1 to 50 achievements';
  for (const key of prerequisites) {
    const found = achievements.find((a) => a.key === key);
    if (found === undefined) return `No achievement has the key ${JSON.stringify(key)}`;
    if (found.status === 'archived') return `The achievement ${JSON.stringify(key)} is archived`;
  }
  return null;
}

/** Why an achievement may not go from `from` to `to`, or null: inactive → active, active ↔ locked. */
export function transitionProblem(from: AchievementStatus, to: AchievementStatus): string | null {
  if (from === to) return null;
  if (from === 'archived') return 'The achievement is archived';
  if (to === 'inactive') return 'An achievement that was active cannot become inactive again; lock it instead';
  if (from === 'inactive' && to === 'locked') return 'Activate an inactive achievement before locking it';
  return null;
}

/** What is wrong with user attribute filters under `config` (each key a declared user attribute, once), or null. */
export function userAttributesProblem(
  filters: ReadonlyArray<{ key: string; value: string }> | undefined,
  config: AccountConfig,
): string | null {
  return attributeFiltersProblem(filters, config, 'user');
}

/**
 * What is wrong with event attribute filters of an achievement of `trigger` under `config` (a metric
 * achievement's only; each key a declared event attribute, once), or null.
 */
export function eventAttributesProblem(
  filters: ReadonlyArray<{ key: string; value: string }> | null | undefined,
  trigger: string,
  config: AccountConfig,
): string | null {
  if (filters === undefined || filters === null) return null;
  if (trigger !== 'metric') return 'eventAttributes applies to metric achievements only';
  return attributeFiltersProblem(filters, config, 'event');
}

function attributeFiltersProblem(
  filters: ReadonlyArray<{ key: string; value: string }> | undefined,
  config: AccountConfig,
  type: 'user' | 'event',
): string | null {
  if (filters === undefined) return null;
  const declared = new Set((config.attributes ?? []).filter((a) => a.type === type).map((a) => a.key));
  const seen = new Set<string>();
  for (const { key } of filters) {
    if (!declared.has(key))
      return `${type}Attributes: ${JSON.stringify(key.slice(0, 64))} is not a declared ${type} attribute`;
    if (seen.has(key)) return `${type}Attributes filters ${JSON.stringify(key)} twice`;
    seen.add(key);
  }
  return null;
}

/**
 * The engine's refusal of an account's achievements, told in the words of a request: the engine
 * names each by its place in the list it was given (`achievements[12]`, with its key in brackets
 * after it at times), a place no request has; the key names it here. Its first letter is upper case,
 * as every issue's is.
 */
export function refusalByKey(message: string, config: AccountConfig): string {
  const inputs = achievementInputs(config.achievements, config.streak !== null);
  const named = message.replace(
    /achievements\[(\d+)\](?: \("(?:[^"\\]|\\.)*"\))?(\.)?/g,
    (whole, place: string, dot?: string) => {
      const key = inputs[Number(place)]?.key;
      return key === undefined ? whole : `the achievement ${JSON.stringify(key)}${dot === undefined ? '' : ': '}`;
    },
  );
  return named.charAt(0).toUpperCase() + named.slice(1);
}
