/**
 * The flags of `kindling streak set` as a change of the rule: each flag names one field of it, and a
 * field no flag names keeps the value it has (a patch, as the dashboard's form changes only what is
 * edited), so that setting the freezes cannot drop the reminders, nor setting the condition the
 * freezes. An optional field is cleared with `none`. While the account has no rule yet, --frequency
 * and --condition are needed and the other fields take the defaults of PUT /admin/v1/streak.
 */
import { WEEKDAYS, type Weekday } from '@kindling/core';
import type { RuleConfig } from '../control/types.js';
import { isDecimalText } from '../http/decimal-text.js';
import { UsageError, choiceFlag, wholeFlag, type FlagSpec, type ParsedArgs } from './args.js';

export const RULE_FLAGS = {
  frequency: 'string',
  'week-start': 'string',
  'day-start': 'string',
  tz: 'string',
  mode: 'string',
  condition: 'list',
  freezes: 'string',
  'restore-window': 'string',
  'remind-before': 'string',
  'personal-mode': 'string',
  'personal-thresholds': 'string',
} as const satisfies FlagSpec;

export const RULE_HELP = [
  '  --frequency F              daily, weekly or monthly',
  '  --condition M:N            a metric key and the amount per period; repeat for more (lessons:1);',
  '                             the conditions given replace all the rule has',
  '  --mode all|any             all conditions per period, or any one (default all)',
  '  --week-start DAY           first day of a week, monday..sunday (default monday)',
  '  --day-start HH:MM          local time at which a day begins (default 00:00)',
  '  --tz ZONE                  IANA zone of users who sent none (default UTC)',
  '  --freezes I,M[,E,A]|none   freezes: I at start, at most M, and A more earned every E days',
  '                             (initial,max[,every,amount]); none (the default) for none',
  '  --restore-window N         periods after a loss in which a restore is allowed (default 1)',
  '  --remind-before D|none     send streak.reminder_due this long before an unmet period ends',
  '                             (4h, 90m, 1h30m, 2d); none (the default) for no reminders',
  '  --personal-mode on|off     whether users may choose their own mode (default off)',
  '  --personal-thresholds MIN,MAX|none',
  '                             the thresholds users may choose for themselves; none (the default)',
  '                             for none. With neither, users may only turn their streak off',
];

/** What the flags change: each field named by a flag, and the parts of `personalization` named. */
export interface RulePatch {
  readonly fields: Partial<Omit<RuleConfig, 'personalization'>>;
  readonly personalization: {
    readonly mode?: boolean;
    readonly thresholds?: { min: number; max: number } | null;
  };
}

/** A number written in plain decimal digits (no hex, exponent or spaces), finite. */
function decimal(text: string): number | null {
  const value = Number(text);
  return isDecimalText(text, 'number') && Number.isFinite(value) ? value : null;
}

function condition(text: string): { metric: string; threshold: number } {
  const match = /^([^:]+):(.+)$/.exec(text);
  const threshold = match === null ? null : decimal(match[2] as string);
  if (match === null || threshold === null)
    throw new UsageError(`--condition must be METRIC:THRESHOLD like lessons:1, got ${JSON.stringify(text)}`);
  return { metric: match[1] as string, threshold };
}

function freezes(text: string): RuleConfig['freezes'] {
  if (text === 'none') return null;
  const parts = text.split(',').map((p) => p.trim());
  if ((parts.length !== 2 && parts.length !== 4) || parts.some((p) => !/^\d+$/.test(p))) {
    throw new UsageError(
      `--freezes must be initial,max or initial,max,every,amount (whole numbers), or none; got ${JSON.stringify(text)}`,
    );
  }
  const [initial, max, every, amount] = parts.map(Number) as [number, number, number?, number?];
  return { initial, max, earn: every !== undefined && amount !== undefined ? { every, amount } : null };
}

function thresholds(text: string): { min: number; max: number } | null {
  if (text === 'none') return null;
  const parts = text.split(',').map(decimal);
  const [min, max] = parts;
  if (parts.length !== 2 || min === null || max === null || min === undefined || max === undefined)
    throw new UsageError(
      `--personal-thresholds must be MIN,MAX in decimal digits (1,10), or none; got ${JSON.stringify(text)}`,
    );
  return { min, max };
}

/** The change the flags ask for; a malformed value is a UsageError naming its flag. */
export function patchFromFlags(args: ParsedArgs): RulePatch {
  const s = args.strings;
  const fields: RulePatch['fields'] = {};
  if (s.frequency !== undefined)
    fields.frequency = choiceFlag(args, 'frequency', ['daily', 'weekly', 'monthly'] as const, 'daily');
  if (s['week-start'] !== undefined) fields.weekStart = choiceFlag<Weekday>(args, 'week-start', WEEKDAYS, 'monday');
  if (s['day-start'] !== undefined) fields.dayStartsAt = s['day-start'];
  if (s.tz !== undefined) fields.defaultTimeZone = s.tz;
  if (s.mode !== undefined) fields.mode = choiceFlag(args, 'mode', ['all', 'any'] as const, 'all');
  if (args.lists.condition !== undefined) fields.conditions = args.lists.condition.map(condition);
  if (s.freezes !== undefined) fields.freezes = freezes(s.freezes);
  if (s['restore-window'] !== undefined) fields.restoreWindow = wholeFlag(args, 'restore-window', 0, 10_000, 1);
  if (s['remind-before'] !== undefined) fields.remindBefore = s['remind-before'] === 'none' ? null : s['remind-before'];
  const personalization: { mode?: boolean; thresholds?: { min: number; max: number } | null } = {};
  if (s['personal-mode'] !== undefined)
    personalization.mode = choiceFlag(args, 'personal-mode', ['on', 'off'] as const, 'off') === 'on';
  if (s['personal-thresholds'] !== undefined) personalization.thresholds = thresholds(s['personal-thresholds']);
  return { fields, personalization };
}

/** Whether the flags change nothing. */
export function isEmptyPatch(patch: RulePatch): boolean {
  return Object.keys(patch.fields).length === 0 && Object.keys(patch.personalization).length === 0;
}

/**
 * `current` with the patch applied (not yet checked: the engine does that, ruleAsKept). Without a
 * current rule, the defaults of PUT /admin/v1/streak fill what the patch leaves out.
 */
export function patchedRule(current: RuleConfig | null, patch: RulePatch): RuleConfig {
  let base: RuleConfig;
  if (current !== null) base = current;
  else {
    const { frequency, conditions } = patch.fields;
    if (frequency === undefined) throw new UsageError('--frequency is required: the account has no streak rule yet');
    if (conditions === undefined || conditions.length === 0)
      throw new UsageError(
        '--condition is required: the account has no streak rule yet (for example --condition lessons:1)',
      );
    base = {
      frequency,
      weekStart: 'monday',
      dayStartsAt: '00:00',
      defaultTimeZone: 'UTC',
      mode: 'all',
      conditions,
      freezes: null,
      restoreWindow: 1,
    };
  }
  if (patch.fields.conditions?.length === 0) throw new UsageError('--condition needs a METRIC:THRESHOLD');
  const rule: RuleConfig = { ...base, ...patch.fields };
  const asked = patch.personalization;
  if (asked.mode !== undefined || asked.thresholds !== undefined) {
    const was = base.personalization ?? null;
    const mode = asked.mode ?? was?.mode ?? false;
    const thresholds = asked.thresholds !== undefined ? asked.thresholds : (was?.thresholds ?? null);
    // nothing to choose but turning the streak off is what no personalization means
    rule.personalization = !mode && thresholds === null ? null : { mode, thresholds };
  }
  return rule;
}
