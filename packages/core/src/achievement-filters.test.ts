import { describe, expect, it } from 'vitest';
import { ConfigError, InvalidInputError } from './errors.js';
import { createEngine } from './engine.js';
import { memoryStore } from './memory-store.js';
import { noon } from '../test/example-helpers.js';

function engine() {
  return createEngine({
    store: memoryStore(),
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    achievements: [
      {
        key: 'pro-five',
        name: 'Five lessons, pro',
        trigger: 'metric',
        metric: 'lessons',
        threshold: 5,
        userAttributes: [{ key: 'plan', value: 'pro' }],
      },
      { key: 'pro-welcome', name: 'Pro welcome', trigger: 'api', userAttributes: [{ key: 'plan', value: 'pro' }] },
    ],
    clock: () => noon('2026-01-01'),
  });
}

describe('achievements filtered by user attributes (S22)', () => {
  it('complete only for users whose attributes hold every value asked for', async () => {
    const e = engine();
    await e.identify('pro', { attributes: { plan: 'pro' } }, { mode: 'create' });
    await e.identify('free', { attributes: { plan: 'free' } }, { mode: 'create' });
    const pro = await e.record({ userId: 'pro', metric: 'lessons', value: 5 });
    const free = await e.record({ userId: 'free', metric: 'lessons', value: 5 });
    const none = await e.record({ userId: 'anon', metric: 'lessons', value: 5 });
    expect(pro.achievements.map((a) => a.key)).toEqual(['pro-five']);
    expect(free.achievements).toEqual([]);
    expect(none.achievements).toEqual([]);
  });

  it('complete when a user who already qualifies gains the attribute, reporting it as news', async () => {
    const e = createEngine({ ...engineOptions(), outbox: true });
    await e.record({ userId: 'u', metric: 'lessons', value: 6 });
    expect((await e.user('u'))?.achievements).toEqual([]);
    await e.identify('u', { attributes: { plan: 'pro' } }, { mode: 'update' });
    expect((await e.user('u'))?.achievements.map((a) => a.key)).toEqual(['pro-five']);
    const outbox = await e.store.readOutbox(10);
    expect(outbox.map((r) => r.entry.change.type)).toContain('achievement.completed');
  });

  it('refuse an explicit completion for a user without the attributes', async () => {
    const e = engine();
    await e.identify('free', { attributes: { plan: 'free' } }, { mode: 'create' });
    await expect(e.completeAchievement('free', 'pro-welcome')).rejects.toBeInstanceOf(InvalidInputError);
    await e.identify('pro', { attributes: { plan: 'pro' } }, { mode: 'create' });
    expect((await e.completeAchievement('pro', 'pro-welcome')).completed).toBe(true);
  });

  it('refuse a filter without a key, with a reserved key, or twice the same key', () => {
    for (const userAttributes of [
      [{ key: '', value: 'x' }],
      [{ key: 'constructor', value: 'x' }],
      [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ],
    ])
      expect(() =>
        createEngine({
          store: memoryStore(),
          achievements: [{ key: 'a', name: 'A', trigger: 'api', userAttributes }],
        }),
      ).toThrow(ConfigError);
  });
});

function engineOptions() {
  return {
    store: memoryStore(),
    streaks: [{ key: 'default', frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] }],
    achievements: [
      {
        key: 'pro-five',
        name: 'Five lessons, pro',
        trigger: 'metric' as const,
        metric: 'lessons',
        threshold: 5,
        userAttributes: [{ key: 'plan', value: 'pro' }],
      },
    ],
    clock: () => noon('2026-01-01'),
  };
}
