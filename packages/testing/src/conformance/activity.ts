/**
 * The account's activity counters on a given store: counted in the same commit as each event, so
 * replays, refused writes and reopened stores neither add nor lose a count.
 */
import { createEngine, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);
const lessons = {
  key: 'default',
  frequency: 'daily' as const,
  conditions: [{ metric: 'lessons', threshold: 1 }],
  freezes: { initial: 1 },
};

export function activityCases(store: () => Store, reopen?: (store: Store) => Promise<Store>): void {
  it('counts each event and extension on the day of the event, each loss and freeze used on the day it happened, and each completion, once', async () => {
    const engine = createEngine({
      store: store(),
      streaks: [lessons],
      achievements: [
        { key: 'first', name: 'First', trigger: 'metric', metric: 'lessons', threshold: 1 },
        { key: 'hello', name: 'Hello', trigger: 'api' },
      ],
    });
    const record = (userId: string, iso: string, value = 1, idempotencyKey?: string) =>
      engine.record({
        userId,
        metric: 'lessons',
        value,
        at: at(iso),
        tz: 'UTC',
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
    await record('ann', '2026-03-01T09:00:00Z', 2, 'k1');
    await record('ann', '2026-03-01T09:00:00Z', 2, 'k1'); // a replay counts nothing
    await record('ann', '2026-03-01T10:00:00Z', 0.5);
    await record('bob', '2026-03-01T11:00:00Z');
    await record('ann', '2026-03-03T09:00:00Z'); // the 2nd missed: a freeze used, then extended
    await record('bob', '2026-03-05T23:59:00Z'); // missed 2nd (freeze), 3rd and 4th: lost, then started again
    await engine.completeAchievement('bob', 'hello', { at: at('2026-03-05T23:59:30Z') });
    await engine.completeAchievement('bob', 'hello', { at: at('2026-03-06T00:00:00Z') }); // done already: nothing

    const report = await store().activity('2026-03-01', '2026-03-05');
    // events and extensions on the event's day; losses and freezes used on the day they happened,
    // as the day after the period they sealed began, even when the event that settled them came later
    expect(report.days).toEqual([
      { day: '2026-03-01', events: 3, extended: 2, lost: 0, freezesUsed: 0 },
      { day: '2026-03-03', events: 1, extended: 1, lost: 0, freezesUsed: 2 },
      { day: '2026-03-04', events: 0, extended: 0, lost: 1, freezesUsed: 0 },
      { day: '2026-03-05', events: 1, extended: 1, lost: 0, freezesUsed: 0 },
    ]);
    expect(report.metrics).toEqual([{ metric: 'lessons', total: 5.5, events: 5, lastAt: at('2026-03-05T23:59:00Z') }]);
    expect(report.achievements).toEqual([
      { achievement: 'first', completions: 2 },
      { achievement: 'hello', completions: 1 },
    ]);
    // Only the days asked for.
    expect((await store().activity('2026-03-02', '2026-03-04')).days.map((d) => d.day)).toEqual([
      '2026-03-03',
      '2026-03-04',
    ]);
    if (reopen) {
      const again = await reopen(store());
      try {
        expect(await again.activity('2026-03-01', '2026-03-05')).toEqual(report);
      } finally {
        await again.close();
      }
    }
  });

  it('counts an event on the local day of the user, not the UTC one', async () => {
    const engine = createEngine({ store: store(), streaks: [lessons] });
    // 23:30 UTC on the 1st is 08:30 on the 2nd in Tokyo and 18:30 on the 1st in New York
    await engine.record({
      userId: 'kei',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-01T23:30:00Z'),
      tz: 'Asia/Tokyo',
    });
    await engine.record({
      userId: 'ned',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-01T23:30:00Z'),
      tz: 'America/New_York',
    });
    expect((await store().activity('2026-02-28', '2026-03-03')).days).toEqual([
      { day: '2026-03-01', events: 1, extended: 1, lost: 0, freezesUsed: 0 },
      { day: '2026-03-02', events: 1, extended: 1, lost: 0, freezesUsed: 0 },
    ]);
  });

  it('adds nothing for a write the store refuses', async () => {
    const s = store();
    await expect(
      s.update('eve', () => ({
        result: null,
        write: {
          user: { id: 'eve', version: 7 } as never,
          history: [],
          rollups: [],
          index: [],
          activity: {
            days: [{ day: '2026-03-01', events: 1, extended: 0, lost: 0, freezesUsed: 0 }],
            metrics: [],
            achievements: [],
          },
        },
      })),
    ).rejects.toThrow();
    expect(await s.activity('2026-01-01', '2026-12-31')).toEqual({ days: [], metrics: [], achievements: [] });
  });
}
