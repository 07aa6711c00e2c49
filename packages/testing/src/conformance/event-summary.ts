/**
 * Event summaries on a given store: a metric's change per local day, week and month of a user, and
 * the total at the end of each, from the daily sums the store keeps; each event once, also under two
 * rules with different day starts.
 */
import { createEngine, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);

export function eventSummaryCases(store: () => Store): void {
  it("sums a metric per local day, week and month of the user's zone, each with the total at its end", async () => {
    let now = at('2026-02-20T00:00:00Z');
    const engine = createEngine({
      store: store(),
      clock: () => now,
      streaks: [
        { key: 'a', frequency: 'daily', weekStart: 'monday', conditions: [{ metric: 'lessons', threshold: 1 }] },
        { key: 'b', frequency: 'daily', dayStartsAt: '04:00', conditions: [{ metric: 'lessons', threshold: 1 }] },
      ],
      metrics: ['lessons', 'minutes'],
    });
    const record = (iso: string, value: number, metric = 'lessons') => {
      now = at(iso);
      return engine.record({ userId: 'ann', metric, value, tz: 'Asia/Tokyo' });
    };
    await record('2026-02-20T00:00:00Z', 5); // Tokyo 02-20 09:00
    await record('2026-03-01T16:00:00Z', 2); // Tokyo 03-02 01:00, a Monday
    await record('2026-03-02T14:00:00Z', 1); // Tokyo 03-02 23:00
    await record('2026-03-02T15:30:00Z', 4); // Tokyo 03-03 00:30
    await record('2026-03-02T16:00:00Z', 30, 'minutes');
    await record('2026-03-09T03:00:00Z', -1); // Tokyo 03-09 12:00, the next Monday
    await record('2026-04-01T00:00:00Z', 10.5); // Tokyo 04-01 09:00

    expect(
      await engine.eventSummary('ann', 'lessons', { aggregation: 'daily', from: '2026-03-02', to: '2026-03-04' }),
    ).toEqual([
      { date: '2026-03-02', total: 8, change: 3 },
      { date: '2026-03-03', total: 12, change: 4 },
      { date: '2026-03-04', total: 12, change: 0 },
    ]);
    expect(
      await engine.eventSummary('ann', 'lessons', { aggregation: 'weekly', from: '2026-03-03', to: '2026-03-10' }),
    ).toEqual([
      { date: '2026-03-02', total: 12, change: 7 },
      { date: '2026-03-09', total: 11, change: -1 },
    ]);
    expect(
      await engine.eventSummary('ann', 'lessons', { aggregation: 'monthly', from: '2026-02-15', to: '2026-04-30' }),
    ).toEqual([
      { date: '2026-02-01', total: 5, change: 5 },
      { date: '2026-03-01', total: 11, change: 6 },
      { date: '2026-04-01', total: 21.5, change: 10.5 },
    ]);
    expect(
      await engine.eventSummary('ann', 'minutes', { aggregation: 'monthly', from: '2026-03-01', to: '2026-03-31' }),
    ).toEqual([{ date: '2026-03-01', total: 30, change: 30 }]);
    // the total at the end agrees with the user's total
    expect((await engine.user('ann'))?.totals.lessons).toBe(21.5);
  });

  it('refuses an unknown user or metric, a range that runs backwards or over 400 days, and an unknown aggregation', async () => {
    const engine = createEngine({
      store: store(),
      clock: () => at('2026-03-02T10:00:00Z'),
      streaks: [{ key: 'a', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    });
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1 });
    const range = { aggregation: 'daily' as const, from: '2026-03-01', to: '2026-03-02' };
    await expect(engine.eventSummary('nobody', 'lessons', range)).rejects.toMatchObject({ code: 'UNKNOWN_USER' });
    await expect(engine.eventSummary('ann', 'pages', range)).rejects.toMatchObject({ code: 'UNKNOWN_METRIC' });
    await expect(engine.eventSummary('ann', 'lessons', { ...range, from: '2026-03-03' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(engine.eventSummary('ann', 'lessons', { ...range, from: '2025-01-01' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(engine.eventSummary('ann', 'lessons', { ...range, from: '2026-02-30' })).rejects.toMatchObject({
      code: 'INVALID_DATE',
    });
    await expect(
      engine.eventSummary('ann', 'lessons', { ...range, aggregation: 'yearly' as 'daily' }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    // 400 days is the most
    expect(
      await engine.eventSummary('ann', 'lessons', { ...range, from: '2025-01-27', to: '2026-03-02' }),
    ).toHaveLength(400);
  });
}
