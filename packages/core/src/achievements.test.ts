import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type AchievementInput, type StreakRuleInput } from '@kindling/core';

const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

const achievements: AchievementInput[] = [
  { key: 'ten-lessons', name: 'Ten lessons', trigger: 'metric', metric: 'lessons', threshold: 10 },
  { key: 'three-days', name: 'Three days in a row', trigger: 'streak', length: 3 },
  { key: 'onboarded', name: 'Finished onboarding', trigger: 'api' },
];

function engine() {
  return createEngine({
    store: memoryStore(),
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    achievements,
    clock: () => noon('2026-01-01'),
  });
}

describe('achievements (S22)', () => {
  it('completes a metric achievement on the event that brings the total to the threshold, once', async () => {
    const e = engine();
    const first = await e.record({ userId: 'u', metric: 'lessons', value: 9, at: noon('2026-01-01') });
    expect(first.achievements).toEqual([]);
    const second = await e.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-01-01') });
    expect(second.achievements).toEqual([
      {
        key: 'ten-lessons',
        name: 'Ten lessons',
        trigger: 'metric',
        metric: 'lessons',
        threshold: 10,
        status: 'active',
        badgeUrl: null,
        userAttributes: [],
        eventAttributes: [],
        achievedAt: '2026-01-01T12:00:00.000Z',
      },
    ]);
    expect(second.changes).toContainEqual({
      type: 'achievement.completed',
      achievement: 'ten-lessons',
      name: 'Ten lessons',
    });
    const third = await e.record({ userId: 'u', metric: 'lessons', value: 5, at: noon('2026-01-01') });
    expect(third.achievements).toEqual([]);
  });

  it('completes a streak achievement when the streak reaches its length, and not again after a loss and a new run', async () => {
    const e = engine();
    const got: string[][] = [];
    for (const day of ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-05', '2026-01-06', '2026-01-07']) {
      const r = await e.record({ userId: 'u', metric: 'lessons', value: 1, at: noon(day) });
      got.push(r.achievements.map((a) => a.key));
    }
    expect(got).toEqual([[], [], ['three-days'], [], [], []]);
  });

  it('completes an API achievement by an explicit call, once, and creates the user if new', async () => {
    const e = engine();
    const first = await e.completeAchievement('newbie', 'onboarded', { at: noon('2026-01-02') });
    expect(first).toEqual({
      completed: true,
      achievement: {
        key: 'onboarded',
        name: 'Finished onboarding',
        trigger: 'api',
        status: 'active',
        badgeUrl: null,
        userAttributes: [],
        achievedAt: '2026-01-02T12:00:00.000Z',
      },
      points: {},
    });
    const again = await e.completeAchievement('newbie', 'onboarded', { at: noon('2026-01-03') });
    expect(again).toEqual({ completed: false, achievement: first.achievement, points: {} });
    expect((await e.user('newbie'))?.achievements.map((a) => a.key)).toEqual(['onboarded']);
  });

  it('rejects an unknown achievement and one that completes by its own trigger', async () => {
    const e = engine();
    await expect(e.completeAchievement('u', 'nope')).rejects.toMatchObject({
      code: 'UNKNOWN_ACHIEVEMENT',
      message: expect.stringContaining('"nope"'),
    });
    await expect(e.completeAchievement('u', 'three-days')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('composite achievements (S22)', () => {
  const composite: AchievementInput[] = [
    { key: 'all', name: 'Everything', trigger: 'achievement', prerequisites: ['both', 'onboarded'] },
    { key: 'both', name: 'Both', trigger: 'achievement', prerequisites: ['ten-lessons', 'three-days'] },
    ...achievements,
  ];
  const engineWith = (list: AchievementInput[]) =>
    createEngine({
      store: memoryStore(),
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      achievements: list,
      clock: () => noon('2026-01-01'),
      outbox: true,
    });

  it('completes a composite in the write that completes its last prerequisite, at that instant, composites of composites too', async () => {
    const e = engineWith(composite);
    const got: string[][] = [];
    for (const [day, value] of [
      ['2026-01-01', 1],
      ['2026-01-02', 1],
      ['2026-01-03', 1],
      ['2026-01-03', 7],
    ] as const) {
      const r = await e.record({ userId: 'u', metric: 'lessons', value, at: noon(day) });
      got.push(r.achievements.map((a) => a.key));
    }
    expect(got).toEqual([[], [], ['three-days'], ['ten-lessons', 'both']]);
    const last = await e.completeAchievement('u', 'onboarded', { at: noon('2026-01-04') });
    expect(last.completed).toBe(true);
    const held = (await e.user('u'))?.achievements.map((a) => [a.key, a.achievedAt]);
    expect(held).toEqual([
      ['all', '2026-01-04T12:00:00.000Z'],
      ['both', '2026-01-03T12:00:00.000Z'],
      ['ten-lessons', '2026-01-03T12:00:00.000Z'],
      ['three-days', '2026-01-03T12:00:00.000Z'],
      ['onboarded', '2026-01-04T12:00:00.000Z'],
    ]);
    // the composite completed by the call is news like any completion
    const news = (await e.store.readOutbox(100)).map((r) => r.entry.change);
    expect(
      news
        .filter((c) => c.type === 'achievement.completed')
        .map((c) => c.type === 'achievement.completed' && c.achievement),
    ).toEqual(['three-days', 'ten-lessons', 'both', 'onboarded', 'all']);
    const activity = await e.store.activity('2026-01-01', '2026-01-31');
    expect(activity.achievements.find((a) => a.achievement === 'all')?.completions).toBe(1);
  });

  it('refuses a composite with an unknown prerequisite, itself, a key twice, none, or a cycle, naming them', () => {
    const make = (list: AchievementInput[]) => () => engineWith(list);
    const api = (key: string): AchievementInput => ({ key, name: key, trigger: 'api' });
    const of = (key: string, prerequisites: string[]): AchievementInput => ({
      key,
      name: key,
      trigger: 'achievement',
      prerequisites,
    });
    expect(make([of('c', ['nope'])])).toThrow(/"c"\) lists the prerequisite "nope", which is not configured/);
    expect(make([api('a'), of('c', ['a', 'c'])])).toThrow(/"c" cannot be its own prerequisite/);
    expect(make([api('a'), of('c', ['a', 'a'])])).toThrow(/lists "a" twice/);
    expect(make([of('c', [])])).toThrow(/prerequisites must list 1 to 50/);
    expect(
      make([
        api('a'),
        of(
          'c',
          Array.from({ length: 51 }, () => 'a'),
        ),
      ]),
    ).toThrow(/1 to 50/);
    expect(make([of('x', ['y']), of('y', ['z']), of('z', ['x'])])).toThrow(/cycle of prerequisites: x → y → z → x/);
    expect(make([{ ...api('a'), status: 'paused' as 'locked' }])).toThrow(
      /status must be "active", "inactive" or "locked"/,
    );
  });
});

describe('achievement statuses (S22)', () => {
  const rule: StreakRuleInput = {
    key: 'default',
    frequency: 'daily',
    conditions: [{ metric: 'lessons', threshold: 1 }],
  };
  const withStatus = (status: 'active' | 'inactive' | 'locked', store = memoryStore()) =>
    createEngine({
      store,
      streaks: [rule],
      achievements: achievements.map((a) => ({ ...a, status })),
      clock: () => noon('2026-01-05'),
      outbox: true,
    });

  it('completes no inactive or locked achievement, by event, by call or by a rebuild', async () => {
    for (const status of ['inactive', 'locked'] as const) {
      const e = withStatus(status);
      for (const day of ['2026-01-01', '2026-01-02', '2026-01-03'])
        expect((await e.record({ userId: 'u', metric: 'lessons', value: 5, at: noon(day) })).achievements).toEqual([]);
      await expect(e.completeAchievement('u', 'onboarded')).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining(status),
      });
      await e.rebuild('u');
      expect((await e.user('u'))?.achievements).toEqual([]);
    }
  });

  it('keeps an achievement held when it is locked, and answers a repeated call with the first completion', async () => {
    const store = memoryStore();
    const live = withStatus('active', store);
    await live.record({ userId: 'u', metric: 'lessons', value: 10, at: noon('2026-01-01') });
    await live.completeAchievement('u', 'onboarded', { at: noon('2026-01-01') });
    const locked = withStatus('locked', store);
    await locked.rebuild('u');
    expect((await locked.user('u'))?.achievements.map((a) => [a.key, a.status])).toEqual([
      ['ten-lessons', 'locked'],
      ['onboarded', 'locked'],
    ]);
    expect((await locked.completeAchievement('u', 'onboarded')).completed).toBe(false);
  });

  it('completes, on activation, every qualifying user by the rebuild, silently and counted', async () => {
    const store = memoryStore();
    const inactive = withStatus('inactive', store);
    for (const [userId, value] of [
      ['ann', 10],
      ['bob', 3],
    ] as const)
      await inactive.record({ userId, metric: 'lessons', value, at: noon('2026-01-01') });
    await store.removeOutbox((await store.readOutbox(100)).map((r) => r.position));
    const active = withStatus('active', store);
    expect(await active.rebuildAll()).toEqual({ users: 2 });
    expect((await active.user('ann'))?.achievements.map((a) => [a.key, a.achievedAt])).toEqual([
      ['ten-lessons', '2026-01-05T12:00:00.000Z'],
    ]);
    expect((await active.user('bob'))?.achievements).toEqual([]);
    expect(await store.readOutbox(100)).toEqual([]);
    expect((await store.activity('2026-01-01', '2026-01-31')).achievements).toEqual([
      { achievement: 'ten-lessons', completions: 1 },
    ]);
  });
});
