import { describe, expect, it } from 'vitest';
import { parseRules, type StreakRuleInput } from '@kindling/core';
import type { UserState } from '@kindling/core/adapter';
import { reduceEvent, remindersDue } from '@kindling/core/internal';
import { thrown } from '../test/example-helpers.js';

const at = (iso: string) => Date.parse(iso);
const daily: StreakRuleInput = {
  key: 'default',
  frequency: 'daily',
  conditions: [{ metric: 'lessons', threshold: 1 }],
  remindBefore: '4h',
};

function userWith(rule: StreakRuleInput, events: Array<{ at: string; tz: string }>) {
  const rules = parseRules([rule]);
  let user: UserState | null = null;
  for (const [i, e] of events.entries()) {
    const event = { userId: 'u', metric: 'lessons', value: 1, at: at(e.at), tz: e.tz };
    user = reduceEvent(
      user,
      { ...event, email: null, eventId: `e${i}`, idempotencyKey: null },
      { rules, achievements: [] },
    ).user;
  }
  return { user: user as UserState, rules };
}

const instants = (user: UserState, rules: ReturnType<typeof parseRules>, when: string) =>
  remindersDue(user, rules, at(when)).map((r) => new Date(r.at).toISOString());

describe('reminders', () => {
  it('are due remindBefore ahead of the end of a period not met yet, for a live streak', () => {
    const { user, rules } = userWith(daily, [{ at: '2026-05-04T09:00:00Z', tz: 'Europe/Berlin' }]);
    // the 5th is open; it ends at midnight Berlin time (22:00 UTC in summer), so 4 h before is 18:00 UTC
    expect(instants(user, rules, '2026-05-05T17:59:59Z')).toEqual([]);
    expect(remindersDue(user, rules, at('2026-05-05T18:00:00Z'))).toEqual([
      {
        streak: 'default',
        length: 1,
        period: expect.any(Number),
        periodStart: '2026-05-05',
        periodEnd: '2026-05-05',
        at: at('2026-05-05T18:00:00Z'),
      },
    ]);
  });

  it('are 4 h before midnight on the 23-hour day and on the 25-hour day of New York', () => {
    const spring = userWith(daily, [{ at: '2026-03-07T15:00:00Z', tz: 'America/New_York' }]);
    // 8 March: clocks spring forward; midnight of the 9th is 04:00 UTC, 20:00 EDT is 00:00 UTC
    expect(instants(spring.user, spring.rules, '2026-03-09T01:00:00Z')).toEqual(['2026-03-09T00:00:00.000Z']);
    const autumn = userWith(daily, [{ at: '2026-10-31T15:00:00Z', tz: 'America/New_York' }]);
    // 1 November: clocks fall back; midnight of the 2nd is 05:00 UTC, 20:00 EST is 01:00 UTC
    expect(instants(autumn.user, autumn.rules, '2026-11-02T02:00:00Z')).toEqual(['2026-11-02T01:00:00.000Z']);
  });

  it('are not due once the period is met, without a live streak, or when the rule sets none', () => {
    const met = userWith(daily, [
      { at: '2026-05-04T09:00:00Z', tz: 'UTC' },
      { at: '2026-05-05T09:00:00Z', tz: 'UTC' },
    ]);
    expect(instants(met.user, met.rules, '2026-05-05T23:00:00Z')).toEqual([]);
    const lost = userWith(daily, [{ at: '2026-05-01T09:00:00Z', tz: 'UTC' }]);
    expect(instants(lost.user, lost.rules, '2026-05-05T23:00:00Z')).toEqual([]);
    const off = userWith({ ...daily, remindBefore: undefined }, [{ at: '2026-05-04T09:00:00Z', tz: 'UTC' }]);
    expect(instants(off.user, off.rules, '2026-05-05T23:00:00Z')).toEqual([]);
  });

  it('take the rule day start and fall no earlier than the period began', () => {
    const rule = { ...daily, dayStartsAt: '04:00', remindBefore: '23h59m' };
    const { user, rules } = userWith(rule, [{ at: '2026-05-04T09:00:00Z', tz: 'UTC' }]);
    expect(instants(user, rules, '2026-05-05T05:00:00Z')).toEqual(['2026-05-05T04:01:00.000Z']);
    // 23 h 30 min before the end of New York's 23-hour day would be before it began: due as it begins
    const short = userWith({ ...daily, remindBefore: '23h30m' }, [
      { at: '2026-03-07T15:00:00Z', tz: 'America/New_York' },
    ]);
    expect(instants(short.user, short.rules, '2026-03-08T06:00:00Z')).toEqual(['2026-03-08T05:00:00.000Z']);
  });

  it('refuse a remindBefore that is not a duration, is 0, or is not shorter than the period', () => {
    for (const remindBefore of ['4 hours', '', '0h', '24h', '1d', '-1h'])
      expect(String(thrown(() => parseRules([{ ...daily, remindBefore }]))), remindBefore).toMatch(/remindBefore/);
    expect(parseRules([{ ...daily, frequency: 'weekly', remindBefore: '2d' }])[0]?.remindBeforeMs).toBe(172_800_000);
    expect(parseRules([{ ...daily, remindBefore: '1h30m' }])[0]?.remindBeforeMs).toBe(5_400_000);
  });
});
