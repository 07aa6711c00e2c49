import { describe, expect, it } from 'vitest';
import { describePointsTrigger, type TriggerNames } from './points-trigger-line';

const names: TriggerNames = {
  unit: 'XP',
  metrics: new Map([
    ['m1', 'Lessons'],
    ['m2', 'API calls'],
  ]),
  achievements: new Map([['a1', 'First lesson']]),
  attributes: new Map([
    ['at1', 'Device'],
    ['at2', 'Plan'],
    ['at3', 'Country'],
  ]),
};

const active = { status: 'active', userAttributes: [] } as const;

describe('the plain-language line of a points trigger', () => {
  it('tells a metric trigger with an event filter by the metric and the value the events hold', () => {
    const trigger = {
      ...active,
      type: 'metric',
      points: 10,
      metricId: 'm1',
      metricThreshold: 3,
      eventAttributes: [{ attributeId: 'at1', attributeValue: 'mobile' }],
    } as const;
    expect(describePointsTrigger(trigger, names)).toBe('10 XP for every 3 lessons, on mobile');
  });

  it('tells a threshold of one as a single one of the metric, and keeps a name that starts with an acronym', () => {
    expect(
      describePointsTrigger({ ...active, type: 'metric', points: 1, metricId: 'm1', metricThreshold: 1 }, names),
    ).toBe('1 XP for every lesson');
    expect(
      describePointsTrigger({ ...active, type: 'metric', points: 2, metricId: 'm2', metricThreshold: 5 }, names),
    ).toBe('2 XP for every 5 API calls');
  });

  it('tells a streak trigger by its length in the periods of the streak rule', () => {
    const trigger = { ...active, type: 'streak', points: 5, streakLength: 7 } as const;
    expect(describePointsTrigger(trigger, names)).toBe('5 XP every 7-day streak');
    expect(describePointsTrigger(trigger, { ...names, streakPeriod: 'week' })).toBe('5 XP every 7-week streak');
  });

  it('tells an achievement trigger by the achievement’s name', () => {
    expect(describePointsTrigger({ ...active, type: 'achievement', points: 50, achievementId: 'a1' }, names)).toBe(
      '50 XP on completing First lesson',
    );
  });

  it('tells a time trigger by its interval, in the unit of the system’s name as it reads in a sentence', () => {
    const energy = { ...names, unit: 'Energy' };
    expect(
      describePointsTrigger({ ...active, type: 'time', points: 1, timeUnit: 'hours', timeInterval: 2 }, energy),
    ).toBe('1 energy every 2 hours');
    expect(
      describePointsTrigger({ ...active, type: 'time', points: 3, timeUnit: 'days', timeInterval: 1 }, energy),
    ).toBe('3 energy every day');
  });

  it('tells a user-creation trigger, grouping large numbers', () => {
    expect(describePointsTrigger({ ...active, type: 'user_creation', points: 100 }, names)).toBe(
      '100 XP when a user is created',
    );
    expect(describePointsTrigger({ ...active, type: 'user_creation', points: 1500 }, names)).toBe(
      '1,500 XP when a user is created',
    );
  });

  it('says "Takes" for negative points, without the minus sign', () => {
    expect(describePointsTrigger({ ...active, type: 'streak', points: -5, streakLength: 3 }, names)).toBe(
      'Takes 5 XP every 3-day streak',
    );
  });

  it('says when a trigger is inactive', () => {
    expect(describePointsTrigger({ ...active, status: 'inactive', type: 'user_creation', points: 100 }, names)).toBe(
      '100 XP when a user is created (inactive)',
    );
  });

  it('names the users a trigger is for by their attributes’ names and values', () => {
    const trigger = {
      ...active,
      type: 'metric',
      points: 10,
      metricId: 'm1',
      metricThreshold: 3,
      eventAttributes: [{ attributeId: 'at1', attributeValue: 'mobile' }],
      userAttributes: [
        { attributeId: 'at2', attributeValue: 'pro' },
        { attributeId: 'at3', attributeValue: 'FR' },
      ],
    } as const;
    expect(describePointsTrigger(trigger, names)).toBe(
      '10 XP for every 3 lessons, on mobile, for users whose plan is pro and country is FR',
    );
  });

  it('tells what it cannot name by its kind', () => {
    expect(
      describePointsTrigger({ ...active, type: 'metric', points: 10, metricId: 'gone', metricThreshold: 3 }, names),
    ).toBe('10 XP for every 3 of a metric');
    expect(describePointsTrigger({ ...active, type: 'achievement', points: 10, achievementId: 'gone' }, names)).toBe(
      '10 XP on completing an achievement',
    );
  });
});
