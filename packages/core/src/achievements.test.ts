import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type AchievementInput } from '@kindling/core';

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
        achievedAt: '2026-01-02T12:00:00.000Z',
      },
    });
    const again = await e.completeAchievement('newbie', 'onboarded', { at: noon('2026-01-03') });
    expect(again).toEqual({ completed: false, achievement: first.achievement });
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
