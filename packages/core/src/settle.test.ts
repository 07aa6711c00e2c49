import { describe, expect, it } from 'vitest';
import { parseRules, type StreakRuleInput } from '@kindling/core';
import type { UserState } from '@kindling/core/adapter';
import { reduceEvent, settleUser } from '@kindling/core/internal';

const at = (iso: string) => Date.parse(iso);

function userWith(rule: Omit<StreakRuleInput, 'key'>, events: Array<{ at: string; tz: string }>) {
  const rules = parseRules([{ key: 'default', ...rule }]);
  let user: UserState | null = null;
  for (const [i, e] of events.entries()) {
    user = reduceEvent(
      user,
      {
        userId: 'u',
        metric: 'lessons',
        value: 1,
        at: at(e.at),
        tz: e.tz,
        email: null,
        eventId: `e${i}`,
        idempotencyKey: null,
      },
      { rules, achievements: [] },
    ).user;
  }
  return { user: user as UserState, rules };
}

const daily: Omit<StreakRuleInput, 'key'> = { frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] };

describe('settling a user ahead of the next event (S10)', () => {
  it('spends a freeze and then loses the streak at the local midnights that sealed them, not when it runs', () => {
    const { user, rules } = userWith({ ...daily, freezes: { initial: 1, max: 1 } }, [
      { at: '2026-03-01T10:00:00Z', tz: 'Asia/Kolkata' },
      { at: '2026-03-02T10:00:00Z', tz: 'Asia/Kolkata' },
    ]);
    const settlement = settleUser(user, rules, at('2026-03-06T12:00:00Z'));
    expect(settlement.moved).toBe(true);
    expect(settlement.changes).toEqual([
      {
        type: 'freeze.consumed',
        streak: 'default',
        periodStart: '2026-03-03',
        periodEnd: '2026-03-03',
        freezes: 0,
        at: at('2026-03-03T18:30:00Z'), // midnight of the 4th in Kolkata (UTC+5:30)
      },
      {
        type: 'streak.lost',
        streak: 'default',
        length: 2,
        periodStart: '2026-03-04',
        periodEnd: '2026-03-04',
        at: at('2026-03-04T18:30:00Z'),
      },
    ]);
    expect(user.streaks.default?.length).toBe(0);
  });

  it('dates a loss with the rule day start', () => {
    const { user, rules } = userWith({ ...daily, dayStartsAt: '04:00' }, [{ at: '2026-03-01T10:00:00Z', tz: 'UTC' }]);
    const { changes } = settleUser(user, rules, at('2026-03-05T00:00:00Z'));
    expect(changes.map((c) => [c.type, new Date(c.at).toISOString()])).toEqual([
      ['streak.lost', '2026-03-03T04:00:00.000Z'],
    ]);
  });

  it('places a loss on the midnight that ends a 23-hour day in New York (clocks spring forward on 8 March 2026)', () => {
    const { user, rules } = userWith(daily, [{ at: '2026-03-07T15:00:00Z', tz: 'America/New_York' }]);
    const { changes } = settleUser(user, rules, at('2026-03-10T12:00:00Z'));
    // the 8th is missed; it ends at midnight of the 9th, which is 04:00 UTC (EDT) rather than 05:00
    expect(changes.map((c) => [c.type, new Date(c.at).toISOString()])).toEqual([
      ['streak.lost', '2026-03-09T04:00:00.000Z'],
    ]);
  });

  it('gives the same streak whether a sweep ran first or not when the day starts inside the hour that clocks repeat (London, 25 October 2026, day start 01:30)', () => {
    // Clocks fall back from 02:00 BST to 01:00 GMT: 01:30 comes twice. The 24th ends at the first
    // 01:30 (00:30 UTC); 01:10 GMT (01:10 UTC) comes after it, so it counts on the 25th, whoever
    // looks first.
    const rule = { ...daily, dayStartsAt: '01:30' };
    const events = [
      { at: '2026-10-22T12:00:00Z', tz: 'Europe/London' },
      { at: '2026-10-23T12:00:00Z', tz: 'Europe/London' },
    ];
    const late = { at: '2026-10-25T01:10:00Z', tz: 'Europe/London' };
    const alone = userWith(rule, [...events, late]).user;
    const swept = userWith(rule, events);
    const { changes } = settleUser(swept.user, swept.rules, at('2026-10-25T00:45:00Z'));
    expect(changes.map((c) => [c.type, new Date(c.at).toISOString()])).toEqual([
      ['streak.lost', '2026-10-25T00:30:00.000Z'],
    ]);
    const after = reduceEvent(
      swept.user,
      {
        userId: 'u',
        metric: 'lessons',
        value: 1,
        at: at(late.at),
        tz: late.tz,
        email: null,
        eventId: 'late',
        idempotencyKey: null,
      },
      { rules: swept.rules, achievements: [] },
    ).user;
    const { length, started, day } = after.streaks.default ?? {};
    expect({ length, started, day }).toEqual({ length: 1, started: day, day: Date.UTC(2026, 9, 25) / 86_400_000 });
    expect(alone.streaks.default).toMatchObject({ length, started, day });
  });

  it('raises the version once when something moved and leaves a user already settled exactly as it was', () => {
    const { user, rules } = userWith(daily, [{ at: '2026-03-01T10:00:00Z', tz: 'UTC' }]);
    const version = user.version;
    expect(settleUser(user, rules, at('2026-03-04T00:00:00Z')).moved).toBe(true);
    expect(user.version).toBe(version + 1);
    const again = settleUser(user, rules, at('2026-03-04T00:00:00Z'));
    expect(again).toMatchObject({ moved: false, changes: [], history: [] });
    expect(user.version).toBe(version + 1);
  });

  it('leaves alone a rule the user has no streak under: a streak begins with an event', () => {
    const { user } = userWith(daily, [{ at: '2026-03-01T10:00:00Z', tz: 'UTC' }]);
    const other = parseRules([
      { key: 'weekly', frequency: 'weekly', conditions: [{ metric: 'lessons', threshold: 3 }] },
    ]);
    expect(settleUser(user, other, at('2026-04-01T00:00:00Z'))).toMatchObject({ moved: false, changes: [] });
    expect(user.streaks.weekly).toBeUndefined();
  });
});
