/**
 * Personal rules on a given store (S24): a user's choice is kept with their state, and the rebuild it
 * starts reads the store's journal, so the streak follows the choice on every store alike.
 */
import { createEngine, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

export function preferenceCases(store: () => Store, reopen: ((store: Store) => Promise<Store>) | undefined): void {
  it('rebuilds a user from the stored journal when they turn the streak off, choose a threshold, or turn it back on', async () => {
    const engineOn = (s: Store) =>
      createEngine({
        store: s,
        clock: () => 0,
        streaks: [
          {
            key: 'daily',
            frequency: 'daily',
            conditions: [{ metric: 'lessons', threshold: 1 }],
            personalization: { thresholds: { min: 1, max: 5 } },
          },
        ],
        metrics: ['lessons'],
      });
    const engine = engineOn(store());
    for (const [day, value] of [
      ['2026-04-01', 1],
      ['2026-04-02', 2],
      ['2026-04-03', 2],
    ] as const)
      await engine.record({ userId: 'u', metric: 'lessons', value, at: noon(day), tz: 'UTC' });
    const at = noon('2026-04-03');
    const length = async (e = engine) => (await e.streak('u', { at, historyPeriods: 5 })).length;
    expect(await length()).toBe(3);
    await engine.setPreferences('u', { streak: { enabled: false } }, { at });
    expect(await length()).toBe(0);
    await engine.setPreferences(
      'u',
      { streak: { enabled: true, conditions: [{ metric: 'lessons', threshold: 2 }] } },
      { at },
    );
    expect(await length()).toBe(2);
    const history = (await engine.streak('u', { at, historyPeriods: 3 })).streakHistory.map((p) => p.length);
    expect(history).toEqual([0, 1, 2]);
    await engine.setPreferences('u', { notifications: { streak_reminder: ['push'] } }, { at });
    const expected = {
      notifications: { streak_reminder: ['push'] },
      streak: { enabled: true, mode: 'all', conditions: [{ metric: 'lessons', threshold: 2 }] },
    };
    expect(await engine.preferences('u')).toEqual(expected);
    if (reopen !== undefined) {
      const again = engineOn(await reopen(store()));
      expect(await again.preferences('u')).toEqual(expected);
      expect(await length(again)).toBe(2);
    }
  });
}
