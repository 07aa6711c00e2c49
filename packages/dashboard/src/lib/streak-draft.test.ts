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
});
