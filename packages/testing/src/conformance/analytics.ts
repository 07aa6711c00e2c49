/**
 * Analytics on a given store: active streaks, average, top lists, histogram and the expiring list,
 * kept as events arrive.
 */
import { createEngine, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);

export function analyticsCases(store: () => Store): void {
  it('counts active streaks at an instant, their average, the longest current and ever, and a histogram', async () => {
    const engine = createEngine({
      store: store(),
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      clock: () => at('2026-02-10T12:00:00Z'),
    });
    const runs: Record<string, string[]> = {
      ann: ['2026-02-07', '2026-02-08', '2026-02-09', '2026-02-10'],
      bob: ['2026-02-09', '2026-02-10'],
      cid: ['2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05'],
      dee: ['2026-02-10'],
    };
    for (const [userId, days] of Object.entries(runs)) {
      for (const day of days)
        await engine.record({ userId, metric: 'lessons', value: 1, at: at(`${day}T09:00:00Z`), tz: 'UTC' });
    }
    const stats = await engine.stats({ top: 2 });
    expect(stats).toMatchObject({
      streak: 'default',
      activeStreaks: 3,
      averageLength: (4 + 2 + 1) / 3,
      topCurrent: [
        { userId: 'ann', length: 4 },
        { userId: 'bob', length: 2 },
      ],
      topLongest: [
        { userId: 'cid', longest: 5 },
        { userId: 'ann', longest: 4 },
      ],
      lengths: [
        { length: 1, users: 1 },
        { length: 2, users: 1 },
        { length: 4, users: 1 },
      ],
    });
    expect(stats.histogram.find((b) => b.from === 3)?.users).toBe(1);
    // Two days later nobody has extended: every streak is lost (no freezes).
    expect((await engine.stats({ at: at('2026-02-12T12:00:00Z') })).activeStreaks).toBe(0);
    // Whose streak expires before the end of the 11th (UTC)?
    const expiring = await engine.expiring({ before: at('2026-02-12T00:00:01Z') });
    expect(expiring.map((row) => row.userId)).toEqual(['ann', 'bob', 'dee']);
    expect(expiring[0]).toEqual({ userId: 'ann', length: 4, expiresAt: '2026-02-12T00:00:00.000Z' });
  });
}
