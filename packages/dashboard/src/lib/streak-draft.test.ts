import { describe, expect, it } from 'vitest';
import type { StreakRule } from '../api/types';
import { draftToRule, ruleToDraft } from './streak-draft';

const rule: StreakRule = {
  frequency: 'weekly',
  weekStart: 'sunday',
  dayStartsAt: '04:30',
  defaultTimeZone: 'Europe/Berlin',
  mode: 'any',
  conditions: [
    { metric: 'lessons', threshold: 2 },
    { metric: 'minutes', threshold: 15 },
  ],
  freezes: { initial: 1, max: 3, earn: { every: 7, amount: 1 } },
  restoreWindow: 2,
  remindBefore: '4h',
  personalization: { mode: true, thresholds: { min: 1.5, max: 30 } },
};

describe('streak draft', () => {
  it('turns a saved rule into the form and back unchanged', () => {
    expect(draftToRule(ruleToDraft(rule))).toEqual({ rule });
  });

  it('starts a new rule with one condition on the first metric and no freezes', () => {
    const result = draftToRule(ruleToDraft(null, 'lessons'));
    expect(result).toEqual({
      rule: {
        frequency: 'daily',
        weekStart: 'monday',
        dayStartsAt: '00:00',
        defaultTimeZone: 'UTC',
        mode: 'all',
        conditions: [{ metric: 'lessons', threshold: 1 }],
        freezes: null,
        restoreWindow: 0,
        remindBefore: null,
        personalization: null,
      },
    });
  });

  it('sends no reminders when remind before is left empty', () => {
    const result = draftToRule({ ...ruleToDraft(rule), remindBefore: '  ' });
    expect('rule' in result && result.rule.remindBefore).toBeNull();
  });

  it('sends earn as null when earning is off', () => {
    const draft = { ...ruleToDraft(rule), earnEnabled: false };
    const result = draftToRule(draft);
    expect('rule' in result && result.rule.freezes).toEqual({ initial: 1, max: 3, earn: null });
  });

  it('names the field that is wrong', () => {
    expect(draftToRule({ ...ruleToDraft(rule), dayStartsAt: '25:00' })).toEqual({
      error: 'Day starts at must be a time HH:MM.',
    });
    expect(draftToRule({ ...ruleToDraft(rule), conditions: [{ metric: 'lessons', threshold: '0' }] })).toEqual({
      error: 'The threshold of condition 1 must be a number above 0.',
    });
    expect(draftToRule({ ...ruleToDraft(rule), conditions: [] })).toEqual({ error: 'Add at least one condition.' });
    expect(draftToRule({ ...ruleToDraft(rule), freezesInitial: '4' })).toEqual({
      error: 'Freezes at the start cannot be more than the most freezes held.',
    });
    expect(draftToRule({ ...ruleToDraft(rule), restoreWindow: '-1' })).toEqual({
      error: 'Restore window must be a whole number, 0 or more.',
    });
    expect(draftToRule({ ...ruleToDraft(rule), remindBefore: '4 hours' })).toEqual({
      error: 'Remind before must be empty or a time such as 4h, 90m or 1h30m.',
    });
  });

  it('lets users choose nothing for themselves when the saved rule says nothing of it', () => {
    const { personalization: _, ...saved } = rule;
    const draft = ruleToDraft(saved);
    expect([draft.personalMode, draft.personalThresholds]).toEqual([false, false]);
    const result = draftToRule(draft);
    expect('rule' in result && result.rule.personalization).toBeNull();
  });

  it('lets users choose the mode alone, without thresholds of their own', () => {
    const draft = { ...ruleToDraft(rule), personalThresholds: false };
    const result = draftToRule(draft);
    expect('rule' in result && result.rule.personalization).toEqual({ mode: true, thresholds: null });
  });

  it('lets users choose thresholds alone, with bounds that may be equal', () => {
    const draft = { ...ruleToDraft(rule), personalMode: false, personalMin: '5', personalMax: '5' };
    const result = draftToRule(draft);
    expect('rule' in result && result.rule.personalization).toEqual({ mode: false, thresholds: { min: 5, max: 5 } });
  });

  it('ignores the bounds as typed while users may not choose thresholds', () => {
    const draft = { ...ruleToDraft(rule), personalThresholds: false, personalMin: '9', personalMax: '-' };
    expect('rule' in draftToRule(draft)).toBe(true);
  });

  it('names the bound that is wrong: each above 0 and finite, the lowest not above the highest, at most 1e12', () => {
    const bounds = (personalMin: string, personalMax: string) =>
      draftToRule({ ...ruleToDraft(rule), personalMin, personalMax });
    expect(bounds('', '10')).toEqual({ error: 'Lowest threshold must be a number above 0.' });
    expect(bounds('0', '10')).toEqual({ error: 'Lowest threshold must be a number above 0.' });
    expect(bounds('-1', '10')).toEqual({ error: 'Lowest threshold must be a number above 0.' });
    expect(bounds('1', 'Infinity')).toEqual({ error: 'Highest threshold must be a number above 0.' });
    expect(bounds('1', 'ten')).toEqual({ error: 'Highest threshold must be a number above 0.' });
    expect(bounds('1', '2e12')).toEqual({ error: 'Highest threshold must be at most 1,000,000,000,000.' });
    expect(bounds('20', '5')).toEqual({ error: 'Lowest threshold cannot be more than the highest threshold.' });
    expect(bounds('0.5', '1e12')).toEqual({
      rule: { ...rule, personalization: { mode: true, thresholds: { min: 0.5, max: 1e12 } } },
    });
  });
});
