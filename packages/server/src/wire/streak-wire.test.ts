import type { CurrentStreak } from '@kindling/core';
import { describe, expect, it } from 'vitest';
import type { RuleConfig } from '../control/types.js';
import { currentStreakWire } from './streak-wire.js';

const streak: CurrentStreak = {
  key: 'default',
  length: 4,
  frequency: 'daily',
  started: '2026-03-01',
  periodStart: '2026-03-04',
  periodEnd: '2026-03-04',
  expires: '2026-03-05',
  expiresAt: '2026-03-05T23:00:00.000Z',
  longest: 9,
  freezes: 2,
  maxFreezes: 3,
  extendedAt: '2026-03-04T08:00:00.000Z',
  met: true,
  extended: true,
};
// currentStreakWire reads only these two fields of the rule.
const rule = (freezes: RuleConfig['freezes']) => ({ frequency: 'daily', freezes }) as RuleConfig;
const BASE = ['length', 'frequency', 'started', 'periodStart', 'periodEnd', 'expires', 'extended'];

describe('currentStreakWire', () => {
  it('adds the freeze fields the rule has, in the order the hosted service writes them', () => {
    const earning = currentStreakWire(streak, rule({ initial: 1, max: 3, earn: { every: 7, amount: 1 } }));
    expect(Object.keys(earning)).toEqual([
      ...BASE,
      'freezes',
      'maxFreezes',
      'freezeAutoEarnInterval',
      'freezeAutoEarnAmount',
    ]);
    expect(earning).toMatchObject({
      length: 4,
      extended: true,
      freezes: 2,
      maxFreezes: 3,
      freezeAutoEarnInterval: 7,
      freezeAutoEarnAmount: 1,
    });
    expect(Object.keys(currentStreakWire(streak, rule({ initial: 1, max: 3, earn: null })))).toEqual([
      ...BASE,
      'freezes',
      'maxFreezes',
    ]);
    expect(Object.keys(currentStreakWire(streak, rule(null)))).toEqual(BASE);
  });

  it('answers a zero streak of the rule’s frequency when there is no streak', () => {
    expect(currentStreakWire(null, { ...rule(null), frequency: 'weekly' })).toEqual({
      length: 0,
      frequency: 'weekly',
      started: null,
      periodStart: null,
      periodEnd: null,
      expires: null,
      extended: false,
    });
    expect(currentStreakWire(null, null)).toMatchObject({ length: 0, frequency: 'daily' });
  });
});
