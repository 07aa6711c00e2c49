/**
 * Streak rules: what an owner configures, checked once, with defaults filled in.
 * A bad rule is a ConfigError that says which rule and which field.
 */
import { checkRecordKey } from './keys.js';
import { ConfigError, KindlingError } from './errors.js';
import type { Weekday } from './time/calendar.js';
import { parseDayStart, zoneOf } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';
import { calendarFor, checkFrequency, checkWeekday, type Frequency, type PeriodCalendar } from './time/period.js';
import { shown } from './shown.js';

export type Mode = 'all' | 'any';

export interface ConditionInput {
  metric: string;
  threshold: number;
}

export interface FreezesInput {
  /** freezes a user holds when first seen (default 0) */
  initial?: number;
  /** the most freezes a user can hold (default 100) */
  max?: number;
  /** earn `amount` freezes every `every` days, counted from the day the user was first seen */
  earn?: { every: number; amount: number };
}

export interface StreakRuleInput {
  key?: string;
  frequency: Frequency;
  weekStart?: Weekday;
  dayStartsAt?: string;
  defaultTimeZone?: string;
  mode?: Mode;
  conditions: ConditionInput[];
  freezes?: FreezesInput;
  /** periods after a loss during which `restore` still works (default 1) */
  restoreWindow?: number;
  /**
   * remind a user whose streak is alive and whose current period is not met yet this long before
   * the period ends: `4h`, `90m`, `1h30m`, `2d` (off by default); less than the period's length
   */
  remindBefore?: string;
  /**
   * what a user may choose for themselves (personal-rule.ts): the mode, and thresholds between `min`
   * and `max` for a subset of the rule's metrics. Off by default; a user may always turn the streak off.
   */
  personalization?: PersonalizationInput;
}

export interface PersonalizationInput {
  mode?: boolean;
  thresholds?: { min: number; max: number };
}

/** What users may choose of a rule; null: nothing but turning the streak off. */
export interface Personalization {
  readonly mode: boolean;
  readonly thresholds: { readonly min: number; readonly max: number } | null;
}

export interface Condition {
  readonly metric: string;
  readonly threshold: number;
}

export interface FreezePolicy {
  readonly enabled: boolean;
  readonly initial: number;
  readonly max: number;
  /** days between earnings, 0 when freezes are not earned */
  readonly earnEvery: number;
  readonly earnAmount: number;
}

export interface StreakRule {
  readonly key: string;
  readonly frequency: Frequency;
  readonly weekStart: Weekday;
  /**
   * When the rule's day starts, three ways for three uses: `dayStartsAt` as the owner wrote it
   * ("04:00"), `dayStartMs` for instant arithmetic (placing an event, a day's first instant), and
   * `dayStart` in minutes, the key under which day sums (`Rollup.dayStart`) are kept.
   */
  readonly dayStartsAt: string;
  readonly dayStartMs: number;
  readonly dayStart: number;
  readonly defaultTimeZone: string;
  readonly mode: Mode;
  readonly conditions: readonly Condition[];
  readonly freezes: FreezePolicy;
  readonly restoreWindow: number;
  /** how long before the end of a period its reminder is due, in ms; null when reminders are off */
  readonly remindBeforeMs: number | null;
  readonly calendar: PeriodCalendar;
  /** the offsets of `defaultTimeZone`, resolved once */
  readonly defaultZone: ZoneOffsets;
  /** the metrics the conditions name */
  readonly metrics: ReadonlySet<string>;
  readonly personalization: Personalization | null;
}

export const DEFAULT_MAX_FREEZES = 100;

/** A count the engine keeps exactly (S6): a whole number from `min` to 2^53 - 1. */
function isCount(value: unknown, min: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= min;
}

const MAX_COUNT = Number.MAX_SAFE_INTEGER;

function parseFreezes(input: FreezesInput | undefined, where: string): FreezePolicy {
  if (input === undefined || input === null) return { enabled: false, initial: 0, max: 0, earnEvery: 0, earnAmount: 0 };
  if (typeof input !== 'object') throw new ConfigError(`${where}.freezes must be an object`);
  const initial = input.initial ?? 0;
  const max = input.max ?? Math.max(DEFAULT_MAX_FREEZES, initial);
  if (!isCount(initial, 0))
    throw new ConfigError(
      `${where}.freezes.initial must be a whole number from 0 to ${MAX_COUNT}, got ${shown(initial)}`,
    );
  if (!isCount(max, 0))
    throw new ConfigError(`${where}.freezes.max must be a whole number from 0 to ${MAX_COUNT}, got ${shown(max)}`);
  if (initial > max) throw new ConfigError(`${where}.freezes.initial (${initial}) is above freezes.max (${max})`);
  let earnEvery = 0;
  let earnAmount = 0;
  if (input.earn !== undefined && input.earn !== null) {
    earnEvery = input.earn.every;
    earnAmount = input.earn.amount;
    if (!isCount(earnEvery, 1))
      throw new ConfigError(
        `${where}.freezes.earn.every must be a whole number of days from 1 to ${MAX_COUNT}, got ${shown(earnEvery)}`,
      );
    if (!isCount(earnAmount, 1))
      throw new ConfigError(
        `${where}.freezes.earn.amount must be a whole number from 1 to ${MAX_COUNT}, got ${shown(earnAmount)}`,
      );
  }
  return { enabled: true, initial, max, earnEvery, earnAmount };
}

function parseConditions(input: unknown, where: string): Condition[] {
  if (!Array.isArray(input) || input.length === 0) {
    throw new ConfigError(`${where} has no conditions: give at least one { metric, threshold }`);
  }
  const seen = new Set<string>();
  return input.map((condition: Partial<ConditionInput>, i) => {
    const at = `${where}.conditions[${i}]`;
    if (typeof condition?.metric !== 'string' || condition.metric.length === 0)
      throw new ConfigError(`${at}.metric must be a non-empty string`);
    checkRecordKey(condition.metric, `${at}.metric`);
    if (seen.has(condition.metric)) throw new ConfigError(`${at} repeats metric "${condition.metric}"`);
    seen.add(condition.metric);
    const threshold = condition.threshold;
    if (typeof threshold !== 'number' || !Number.isFinite(threshold) || threshold <= 0) {
      throw new ConfigError(`${at}.threshold must be a finite number above 0, got ${shown(threshold)}`);
    }
    return { metric: condition.metric, threshold };
  });
}

const DURATION = /^(?:(\d{1,3})d)?(?:(\d{1,4})h)?(?:(\d{1,6})m)?$/;
/** The shortest a period of each frequency can be, in ms (a reminder must fall inside it). */
const SHORTEST_PERIOD_MS: Record<Frequency, number> = {
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
  monthly: 28 * 86_400_000,
};

/** `remindBefore` as ms (null when off): days, hours and minutes, more than 0, less than a period. */
function parseRemindBefore(input: unknown, frequency: Frequency): number | null {
  if (input === undefined || input === null) return null;
  const match = typeof input === 'string' && input !== '' ? DURATION.exec(input) : null;
  if (match === null)
    throw new ConfigError(`remindBefore must be a duration such as "4h", "90m", "1h30m" or "2d", got ${shown(input)}`);
  const ms = (Number(match[1] ?? 0) * 24 * 60 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)) * 60_000;
  if (ms <= 0) throw new ConfigError(`remindBefore must be more than 0, got ${shown(input)}`);
  if (ms >= SHORTEST_PERIOD_MS[frequency])
    throw new ConfigError(
      `remindBefore must be shorter than a ${frequency} period (${SHORTEST_PERIOD_MS[frequency] / 3_600_000} h), got ${shown(input)}`,
    );
  return ms;
}

function parsePersonalization(input: PersonalizationInput | undefined | null): Personalization | null {
  if (input === undefined || input === null) return null;
  if (typeof input !== 'object') throw new ConfigError('personalization must be an object');
  const mode = input.mode ?? false;
  if (typeof mode !== 'boolean')
    throw new ConfigError(`personalization.mode must be true or false, got ${shown(mode)}`);
  let thresholds: Personalization['thresholds'] = null;
  if (input.thresholds !== undefined && input.thresholds !== null) {
    const { min, max } = input.thresholds;
    if (
      typeof min !== 'number' ||
      typeof max !== 'number' ||
      !Number.isFinite(min) ||
      !Number.isFinite(max) ||
      min <= 0 ||
      min > max ||
      max > 1e12
    )
      throw new ConfigError(
        `personalization.thresholds must be { min, max } with 0 < min <= max <= 1e12, got ${shown(input.thresholds)}`,
      );
    thresholds = { min, max };
  }
  return mode || thresholds !== null ? { mode, thresholds } : null;
}

/** Check one rule and fill in its defaults. */
export function parseRule(input: StreakRuleInput, index = 0): StreakRule {
  const where = `streaks[${index}]`;
  if (input === null || typeof input !== 'object') throw new ConfigError(`${where} must be an object`);
  const key = input.key ?? 'default';
  if (typeof key !== 'string' || key.length === 0) throw new ConfigError(`${where}.key must be a non-empty string`);
  checkRecordKey(key, `${where}.key`);
  const named = `${where} ("${key}")`;
  try {
    const frequency = checkFrequency(input.frequency);
    const weekStart = checkWeekday(input.weekStart ?? 'monday');
    const dayStartsAt = input.dayStartsAt ?? '00:00';
    const dayStartMs = parseDayStart(dayStartsAt);
    // Kept under its one canonical name, as a user's zone is (S1): a spelling is never a change of rule.
    const defaultZone = zoneOf(input.defaultTimeZone ?? 'UTC');
    const defaultTimeZone = defaultZone.name;
    const mode = input.mode ?? 'all';
    if (mode !== 'all' && mode !== 'any') throw new ConfigError(`mode must be "all" or "any", got ${shown(mode)}`);
    const restoreWindow = input.restoreWindow ?? 1;
    if (!isCount(restoreWindow, 0))
      throw new ConfigError(`restoreWindow must be a whole number from 0 to ${MAX_COUNT}, got ${shown(restoreWindow)}`);
    const conditions = parseConditions(input.conditions, named);
    const remindBeforeMs = parseRemindBefore(input.remindBefore, frequency);
    const personalization = parsePersonalization(input.personalization);
    return {
      key,
      frequency,
      weekStart,
      dayStartsAt,
      dayStartMs,
      dayStart: dayStartMs / 60_000,
      defaultTimeZone,
      mode,
      conditions,
      freezes: parseFreezes(input.freezes, named),
      restoreWindow,
      remindBeforeMs,
      calendar: calendarFor(frequency, weekStart),
      defaultZone,
      metrics: new Set(conditions.map((c) => c.metric)),
      personalization,
    };
  } catch (error) {
    if (error instanceof ConfigError)
      throw error.message.startsWith(named) ? error : new ConfigError(`${named}: ${error.message}`);
    if (error instanceof KindlingError) throw new ConfigError(`${named}: ${error.message}`);
    throw error;
  }
}

/** Check every rule; keys must be unique. */
export function parseRules(inputs: readonly StreakRuleInput[] | undefined): StreakRule[] {
  if (inputs === undefined) return [];
  if (!Array.isArray(inputs)) throw new ConfigError('streaks must be an array of rules');
  const rules = inputs.map((input, i) => parseRule(input, i));
  const keys = new Set<string>();
  for (const rule of rules) {
    if (keys.has(rule.key))
      throw new ConfigError(`two streak rules share the key "${rule.key}": give each rule its own key`);
    keys.add(rule.key);
  }
  return rules;
}

/** S6: are the rule's conditions met by these per-period sums? (Loops, not closures: this runs on every event.) */
export function conditionsMet(rule: StreakRule, progress: Readonly<Record<string, number>>): boolean {
  const all = rule.mode === 'all';
  for (const condition of rule.conditions) {
    const sum = progress[condition.metric] ?? 0;
    const met = sum >= condition.threshold - 1e-9 * Math.max(1, Math.abs(condition.threshold));
    if (met !== all) return met;
  }
  return all;
}
