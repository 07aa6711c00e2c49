import { describe, expect, it } from 'vitest';
import {
  parseRules,
  type AchievementInput,
  type PointsSystemRules,
  type PointsTrigger,
  type StreakRuleInput,
} from '@kindling/core';
import { parseAchievements } from '@kindling/core/internal';
import { fingerprintModel, madeUnder, madeUnderStreakRules, stampOf } from './fingerprint.js';
import { metricTrigger, pointsSystem } from '../test/points-examples.js';

const base: StreakRuleInput = { key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] };
const modelOf = (rules: StreakRuleInput[], achievements: AchievementInput[] = []) => {
  const parsed = parseRules(rules);
  return { rules: parsed, achievements: parseAchievements(achievements, parsed) };
};
/** `fingerprintModel` of `base` at the versions that stamped one digest (before the two halves). */
const PINNED_BASE = 'b4d7be4f348e851f';

const fingerprint = (rules: StreakRuleInput[], achievements: AchievementInput[] = []) =>
  fingerprintModel(modelOf(rules, achievements));

describe('the rules fingerprint (S20)', () => {
  it('is 16 hex digits that depend only on the parsed settings, defaults filled in', () => {
    const explicit: StreakRuleInput = {
      ...base,
      weekStart: 'monday',
      dayStartsAt: '00:00',
      defaultTimeZone: 'UTC',
      mode: 'all',
      restoreWindow: 1,
    };
    expect(fingerprint([base])).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint([explicit])).toBe(fingerprint([base]));
  });

  it('does not change with the spelling of the default zone: the rule keeps its canonical name (S1)', () => {
    const spelled = parseRules([{ ...base, defaultTimeZone: 'asia/tokyo' }])[0];
    expect(spelled?.defaultTimeZone).toBe('Asia/Tokyo');
    expect(fingerprint([{ ...base, defaultTimeZone: 'asia/tokyo' }])).toBe(
      fingerprint([{ ...base, defaultTimeZone: 'Asia/Tokyo' }]),
    );
    expect(parseRules([{ ...base, defaultTimeZone: 'utc' }])[0]?.defaultTimeZone).toBe('UTC');
  });

  it('changes with every setting a stored state depends on', () => {
    const changed: StreakRuleInput[] = [
      { ...base, key: 'other' },
      { ...base, frequency: 'weekly' },
      { ...base, weekStart: 'sunday' },
      { ...base, dayStartsAt: '04:00' },
      { ...base, defaultTimeZone: 'Europe/Paris' },
      { ...base, mode: 'any' },
      { ...base, conditions: [{ metric: 'lessons', threshold: 2 }] },
      { ...base, conditions: [{ metric: 'minutes', threshold: 1 }] },
      {
        ...base,
        conditions: [
          { metric: 'lessons', threshold: 1 },
          { metric: 'minutes', threshold: 1 },
        ],
      },
      { ...base, freezes: {} },
      { ...base, freezes: { initial: 1 } },
      { ...base, freezes: { max: 5 } },
      { ...base, freezes: { earn: { every: 7, amount: 1 } } },
      { ...base, freezes: { earn: { every: 7, amount: 2 } } },
      { ...base, restoreWindow: 2 },
    ];
    const all = [fingerprint([base]), ...changed.map((rule) => fingerprint([rule]))];
    expect(new Set(all).size).toBe(all.length);
    expect(fingerprint([base, { ...base, key: 'b' }])).not.toBe(fingerprint([base]));
  });

  it('is the digest versions before this one stamped, so that their processes take a state this one wrote as their own', () => {
    // the fingerprint of `base` as the versions that stamped one digest computed it
    expect(fingerprint([base])).toBe(PINNED_BASE);
  });

  it('tells a state made under the same streak rules by the note of them beside its stamp, or by the first of two digests the versions between stamped', () => {
    const run: AchievementInput = { key: 'run', name: 'Ten in a row', trigger: 'streak', length: 10 };
    const rules = stampOf(modelOf([base], [run]));
    const before = stampOf(modelOf([base]));
    const other = stampOf(modelOf([{ ...base, conditions: [{ metric: 'lessons', threshold: 2 }] }], [run]));
    const written = (s: typeof rules) => ({ rulesFingerprint: s.fingerprint, streakRules: s.streakRules });
    expect(madeUnder(written(rules), rules)).toBe(true);
    expect(madeUnder({ rulesFingerprint: rules.halves }, rules)).toBe(true);
    expect(madeUnder(written(before), rules)).toBe(false);
    // only the achievements differ: the streaks stand
    expect(madeUnderStreakRules(written(before), rules)).toBe(true);
    expect(madeUnderStreakRules({ rulesFingerprint: before.halves }, rules)).toBe(true);
    // a stamp of one digest without the note, or with a note that belongs to another stamp
    expect(madeUnderStreakRules({ rulesFingerprint: before.fingerprint }, rules)).toBe(false);
    expect(madeUnderStreakRules({ rulesFingerprint: other.fingerprint, streakRules: before.streakRules }, rules)).toBe(
      false,
    );
    expect(madeUnderStreakRules(written(other), rules)).toBe(false);
    expect(madeUnderStreakRules({ rulesFingerprint: other.halves }, rules)).toBe(false);
    expect(madeUnderStreakRules({}, rules)).toBe(false);
    expect(madeUnderStreakRules({ rulesFingerprint: rules.halves.slice(0, 17) }, rules)).toBe(false);
  });

  it('changes with the achievements a rebuild completes, not with names or achievements completed by a call', () => {
    const run: AchievementInput = { key: 'run', name: 'Ten in a row', trigger: 'streak', length: 10 };
    const total: AchievementInput = {
      key: 'total',
      name: 'A hundred',
      trigger: 'metric',
      metric: 'lessons',
      threshold: 100,
    };
    const plain = fingerprint([base]);
    expect(fingerprint([base], [run])).not.toBe(plain);
    expect(fingerprint([base], [{ ...run, length: 11 }])).not.toBe(fingerprint([base], [run]));
    expect(fingerprint([base], [total])).not.toBe(plain);
    expect(fingerprint([base], [{ ...total, threshold: 50 }])).not.toBe(fingerprint([base], [total]));
    expect(fingerprint([base], [{ ...run, name: 'Renamed' }])).toBe(fingerprint([base], [run]));
    expect(fingerprint([base], [{ key: 'manual', name: 'By call', trigger: 'api' }])).toBe(plain);
  });

  it('changes when an achievement becomes active or a composite lists other prerequisites, not with a badge (S22)', () => {
    const total: AchievementInput = { key: 'total', name: 'Ten', trigger: 'metric', metric: 'lessons', threshold: 10 };
    const manual: AchievementInput = { key: 'manual', name: 'By call', trigger: 'api' };
    const both: AchievementInput = {
      key: 'both',
      name: 'Both',
      trigger: 'achievement',
      prerequisites: ['total', 'manual'],
    };
    const plain = fingerprint([base]);
    // an inactive or locked achievement completes for no one: it counts as absent
    expect(fingerprint([base], [{ ...total, status: 'inactive' }])).toBe(plain);
    expect(fingerprint([base], [{ ...total, status: 'locked' }])).toBe(plain);
    expect(fingerprint([base], [total])).not.toBe(plain);
    const composite = fingerprint([base], [total, manual, both]);
    expect(composite).not.toBe(fingerprint([base], [total, manual]));
    expect(fingerprint([base], [total, manual, { ...both, prerequisites: ['manual', 'total'] }])).toBe(composite);
    expect(fingerprint([base], [total, manual, { ...both, prerequisites: ['total'] }])).not.toBe(composite);
    expect(fingerprint([base], [total, manual, { ...both, status: 'inactive' }])).toBe(
      fingerprint([base], [total, manual]),
    );
    expect(fingerprint([base], [{ ...total, badgeUrl: 'https://example.com/ten.png' }])).toBe(
      fingerprint([base], [total]),
    );
  });

  it('changes with the live time triggers of the points systems, keeping the streak rules’ digest (S33), and with nothing else of points', () => {
    const rules = parseRules([base]);
    const metric = metricTrigger(10, 1, { id: 'per-lesson', activatedAt: 1 });
    const refill: PointsTrigger = {
      id: 'refill',
      type: 'time',
      unit: 'hour',
      interval: 4,
      points: 1,
      status: 'active',
      activatedAt: 1,
    };
    const system = (triggers: PointsTrigger[], status: 'active' | 'archived' = 'active'): PointsSystemRules => ({
      ...pointsSystem(triggers, { key: 'energy' }),
      status,
    });
    const stamp = (points: PointsSystemRules[]) => stampOf({ rules, achievements: [], points });
    const plain = stampOf({ rules, achievements: [] });
    // without time triggers: the fingerprint it had before points existed
    expect(stamp([system([metric])]).fingerprint).toBe(plain.fingerprint);
    expect(stamp([system([metric, { ...refill, status: 'inactive' }])]).fingerprint).toBe(plain.fingerprint);
    expect(stamp([system([metric, refill], 'archived')]).fingerprint).toBe(plain.fingerprint);
    const timed = stamp([system([metric, refill])]);
    expect(timed.fingerprint).not.toBe(plain.fingerprint);
    expect(timed.rules).toBe(plain.rules);
    for (const changed of [
      { ...refill, interval: 8 },
      { ...refill, unit: 'day' as const },
      { ...refill, activatedAt: 2 },
      { ...refill, userAttributes: { plan: 'pro' } },
    ])
      expect(stamp([system([metric, changed])]).fingerprint).not.toBe(timed.fingerprint);
    // what it pays is read at settlement, not stored in a line
    expect(stamp([system([metric, { ...refill, points: 5 }])]).fingerprint).toBe(timed.fingerprint);
    expect(madeUnderStreakRules({ rulesFingerprint: plain.fingerprint, streakRules: plain.streakRules }, timed)).toBe(
      true,
    );
  });
});
