/**
 * The streak settings form holds text as typed; these turn a saved rule into that form state and
 * back, checking the numbers on the way.
 */
import { WEEKDAYS } from '@kindling/core';
import type { Frequency, StreakRule, Weekday } from '../api/types';

export interface ConditionDraft {
  metric: string;
  threshold: string;
}

export interface StreakDraft {
  frequency: Frequency;
  weekStart: Weekday;
  dayStartsAt: string;
  defaultTimeZone: string;
  mode: 'all' | 'any';
  conditions: ConditionDraft[];
  freezesEnabled: boolean;
  freezesInitial: string;
  freezesMax: string;
  earnEnabled: boolean;
  earnEvery: string;
  earnAmount: string;
  restoreWindow: string;
  /** as typed: empty for no reminders, else a duration such as 4h or 90m */
  remindBefore: string;
  /** users may choose all or any for themselves */
  personalMode: boolean;
  /** users may choose their own thresholds, from `personalMin` to `personalMax` */
  personalThresholds: boolean;
  personalMin: string;
  personalMax: string;
}

/** The largest threshold bound the core accepts (rules.ts, parsePersonalization). */
const MAX_PERSONAL_THRESHOLD = 1e12;

/** The week's days as the form lists them, Monday first (the core's list starts on Sunday). */
export const weekdays: readonly Weekday[] = [...WEEKDAYS.slice(1), ...WEEKDAYS.slice(0, 1)];

/** The form state for a saved rule, or sensible defaults when there is none yet. */
export function ruleToDraft(rule: StreakRule | null, firstMetricKey = ''): StreakDraft {
  return {
    frequency: rule?.frequency ?? 'daily',
    weekStart: rule?.weekStart ?? 'monday',
    dayStartsAt: rule?.dayStartsAt ?? '00:00',
    defaultTimeZone: rule?.defaultTimeZone ?? 'UTC',
    mode: rule?.mode ?? 'all',
    conditions: rule?.conditions.map((c) => ({ metric: c.metric, threshold: String(c.threshold) })) ?? [
      { metric: firstMetricKey, threshold: '1' },
    ],
    freezesEnabled: rule ? rule.freezes !== null : false,
    freezesInitial: String(rule?.freezes?.initial ?? 1),
    freezesMax: String(rule?.freezes?.max ?? 3),
    earnEnabled: Boolean(rule?.freezes?.earn),
    earnEvery: String(rule?.freezes?.earn?.every ?? 7),
    earnAmount: String(rule?.freezes?.earn?.amount ?? 1),
    restoreWindow: String(rule?.restoreWindow ?? 0),
    remindBefore: rule?.remindBefore ?? '',
    personalMode: rule?.personalization?.mode ?? false,
    personalThresholds: Boolean(rule?.personalization?.thresholds),
    personalMin: String(rule?.personalization?.thresholds?.min ?? 1),
    personalMax: String(rule?.personalization?.thresholds?.max ?? 10),
  };
}

/** The rule to save, or the first problem with the form (named by its label). */
export function draftToRule(draft: StreakDraft): { rule: StreakRule } | { error: string } {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.dayStartsAt)) return { error: 'Day starts at must be a time HH:MM.' };
  if (draft.conditions.length === 0) return { error: 'Add at least one condition.' };
  const conditions = [];
  for (const [i, condition] of draft.conditions.entries()) {
    if (condition.metric === '') return { error: `Choose the metric of condition ${i + 1}.` };
    const threshold = Number(condition.threshold);
    if (condition.threshold.trim() === '' || !Number.isFinite(threshold) || threshold <= 0) {
      return { error: `The threshold of condition ${i + 1} must be a number above 0.` };
    }
    conditions.push({ metric: condition.metric, threshold });
  }
  const restoreWindow = wholeNumber(draft.restoreWindow);
  if (restoreWindow === null) return { error: 'Restore window must be a whole number, 0 or more.' };
  const remindBefore = draft.remindBefore.trim();
  if (remindBefore !== '' && !/^(\d+d)?(\d+h)?(\d+m)?$/.test(remindBefore))
    return { error: 'Remind before must be empty or a time such as 4h, 90m or 1h30m.' };

  let freezes: StreakRule['freezes'] = null;
  if (draft.freezesEnabled) {
    const initial = wholeNumber(draft.freezesInitial);
    const max = wholeNumber(draft.freezesMax);
    if (initial === null) return { error: 'Freezes at the start must be a whole number, 0 or more.' };
    if (max === null) return { error: 'Most freezes held must be a whole number, 0 or more.' };
    if (initial > max) return { error: 'Freezes at the start cannot be more than the most freezes held.' };
    let earn: NonNullable<StreakRule['freezes']>['earn'] = null;
    if (draft.earnEnabled) {
      const every = wholeNumber(draft.earnEvery);
      const amount = wholeNumber(draft.earnAmount);
      if (every === null || every < 1) return { error: 'Earn every must be a whole number, 1 or more.' };
      if (amount === null || amount < 1) return { error: 'Freezes earned must be a whole number, 1 or more.' };
      earn = { every, amount };
    }
    freezes = { initial, max, earn };
  }

  const personalization = draftToPersonalization(draft);
  if ('error' in personalization) return personalization;

  return {
    rule: {
      frequency: draft.frequency,
      weekStart: draft.weekStart,
      dayStartsAt: draft.dayStartsAt,
      defaultTimeZone: draft.defaultTimeZone,
      mode: draft.mode,
      conditions,
      freezes,
      restoreWindow,
      remindBefore: remindBefore === '' ? null : remindBefore,
      personalization: personalization.value,
    },
  };
}

/**
 * What users may choose for themselves: null when nothing (they may still turn the streak off),
 * else the mode and the thresholds' bounds, checked as the core checks them (0 < min <= max <= 1e12).
 */
function draftToPersonalization(
  draft: StreakDraft,
): { value: NonNullable<StreakRule['personalization']> | null } | { error: string } {
  if (!draft.personalMode && !draft.personalThresholds) return { value: null };
  if (!draft.personalThresholds) return { value: { mode: draft.personalMode, thresholds: null } };
  const min = positiveNumber(draft.personalMin);
  const max = positiveNumber(draft.personalMax);
  if (min === null) return { error: 'Lowest threshold must be a number above 0.' };
  if (max === null) return { error: 'Highest threshold must be a number above 0.' };
  if (max > MAX_PERSONAL_THRESHOLD) return { error: 'Highest threshold must be at most 1,000,000,000,000.' };
  if (min > max) return { error: 'Lowest threshold cannot be more than the highest threshold.' };
  return { value: { mode: draft.personalMode, thresholds: { min, max } } };
}

function positiveNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
}

function wholeNumber(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  return Number(text);
}
