import { describe, expect, it } from 'vitest';
import { FeatureOffError, InvalidInputError, NotFoundError } from './errors.js';
import { dailyEngine, extendOn, noon } from '../test/example-helpers.js';

const personal = { personalization: { mode: true, thresholds: { min: 1, max: 10 } } };

describe('preferences', () => {
  it('answers null for a user never seen, and the rule as it is for a user without a choice', async () => {
    const engine = dailyEngine();
    expect(await engine.preferences('nobody')).toBeNull();
    await extendOn(engine, ['2026-03-01']);
    expect(await engine.preferences('u')).toEqual({
      notifications: {},
      streak: { enabled: true, mode: 'all', conditions: [{ metric: 'lessons', threshold: 1 }] },
    });
  });

  it('keeps notification channels per type, merged with what was set before', async () => {
    const engine = dailyEngine();
    await extendOn(engine, ['2026-03-01']);
    await engine.setPreferences('u', { notifications: { streak_reminder: ['email', 'push', 'email'] } });
    const view = await engine.setPreferences('u', { notifications: { recap: [] } });
    expect(view.notifications).toEqual({ streak_reminder: ['email', 'push'], recap: [] });
  });

  it('turns a streak off: the length reads 0 at once (rebuilt), and back on gives back what the journal holds (S24, S20)', async () => {
    const engine = dailyEngine();
    await extendOn(engine, ['2026-03-01', '2026-03-02', '2026-03-03']);
    const off = await engine.setPreferences('u', { streak: { enabled: false } }, { at: noon('2026-03-03') });
    expect(off.streak.enabled).toBe(false);
    expect((await engine.streak('u', { at: noon('2026-03-03') })).length).toBe(0);
    await engine.setPreferences('u', { streak: { enabled: true } }, { at: noon('2026-03-03') });
    expect((await engine.streak('u', { at: noon('2026-03-03') })).length).toBe(3);
  });

  it('takes a user’s own threshold within the owner’s bounds, and applies it from the journal on', async () => {
    const engine = dailyEngine({ ...personal, conditions: [{ metric: 'lessons', threshold: 1 }] });
    await extendOn(engine, ['2026-03-01', '2026-03-02']);
    const view = await engine.setPreferences(
      'u',
      { streak: { conditions: [{ metric: 'lessons', threshold: 2 }] } },
      { at: noon('2026-03-02') },
    );
    expect(view.streak.conditions).toEqual([{ metric: 'lessons', threshold: 2 }]);
    // one lesson a day no longer meets the user's day
    expect((await engine.streak('u', { at: noon('2026-03-02') })).length).toBe(0);
  });

  it('refuses a mode or thresholds the rule does not let users choose, with PERSONALIZATION_OFF', async () => {
    const engine = dailyEngine();
    await extendOn(engine, ['2026-03-01']);
    const error = await engine.setPreferences('u', { streak: { mode: 'any' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeatureOffError);
    expect(error).not.toBeInstanceOf(InvalidInputError);
    expect((error as FeatureOffError).code).toBe('PERSONALIZATION_OFF');
  });

  it('names the field of a choice out of bounds or of another metric, and of an unknown notification type', async () => {
    const engine = dailyEngine(personal);
    await extendOn(engine, ['2026-03-01']);
    const cases: Array<[Parameters<typeof engine.setPreferences>[1], RegExp]> = [
      [{ streak: { conditions: [{ metric: 'lessons', threshold: 11 }] } }, /threshold must be a number from 1 to 10/],
      [{ streak: { conditions: [{ metric: 'minutes', threshold: 2 }] } }, /conditions\[0\]\.metric/],
      [{ notifications: { weekly_digest: ['email'] } as never }, /weekly_digest/],
      [{ notifications: { recap: ['sms'] } as never }, /notifications\.recap/],
    ];
    for (const [input, message] of cases) {
      const error = await engine.setPreferences('u', input).catch((e: unknown) => e);
      expect(error, JSON.stringify(input)).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('refuses preferences of a user never seen', async () => {
    await expect(dailyEngine().setPreferences('ghost', { notifications: { recap: [] } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
