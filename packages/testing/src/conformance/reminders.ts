/**
 * Reminders on a given store: the sweeper finds the users whose period ends within `remindBefore`
 * in the store's index, a page after the last line it looked at, and reminds each once per period,
 * at `remindBefore` before the local end of the period (a 23-hour day too), with the reminder's
 * outbox entry committed with the mark that it was sent.
 */
import { createEngine, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);
const evenings = {
  key: 'default',
  frequency: 'daily' as const,
  conditions: [{ metric: 'lessons', threshold: 1 }],
  remindBefore: '4h',
};

export function reminderCases(store: () => Store): void {
  const engineOn = (s: Store) => createEngine({ store: s, streaks: [evenings], metrics: ['lessons'], outbox: true });
  const reminders = async () =>
    (await store().readOutbox(100)).flatMap(({ entry }) =>
      entry.change.type === 'streak.reminder_due'
        ? [[entry.userId, entry.change.periodStart, new Date(entry.at).toISOString()]]
        : [],
    );

  it('reminds a user whose period is not met yet, once, remindBefore before the local end of the period', async () => {
    const engine = engineOn(store());
    const record = (userId: string, iso: string, tz: string) =>
      engine.record({ userId, metric: 'lessons', value: 1, at: at(iso), tz });
    await record('ann', '2026-03-01T09:00:00Z', 'UTC');
    await record('kei', '2026-03-01T09:00:00Z', 'Asia/Tokyo');
    await record('met', '2026-03-01T09:00:00Z', 'UTC');
    await record('met', '2026-03-02T09:00:00Z', 'UTC');
    // Tokyo's 2nd ends at 15:00 UTC: its reminder is due at 11:00 UTC; UTC's 2nd ends at midnight
    await engine.settleDue({ at: at('2026-03-02T10:59:00Z') });
    expect(await reminders()).toEqual([]);
    await engine.settleDue({ at: at('2026-03-02T11:00:00Z') });
    await engine.settleDue({ at: at('2026-03-02T19:59:00Z') });
    expect(await reminders()).toEqual([['kei', '2026-03-02', '2026-03-02T11:00:00.000Z']]);
    await engine.settleDue({ at: at('2026-03-02T20:00:00Z') });
    await engine.settleDue({ at: at('2026-03-02T21:00:00Z') });
    // a new engine (another process) looks at the whole window again: the mark in the state holds
    await engineOn(store()).settleDue({ at: at('2026-03-02T22:00:00Z') });
    expect(await reminders()).toEqual([
      ['kei', '2026-03-02', '2026-03-02T11:00:00.000Z'],
      ['ann', '2026-03-02', '2026-03-02T20:00:00.000Z'],
    ]);
    // met's period was met: no reminder on the 2nd. The 3rd is another period: both are reminded
    await record('ann', '2026-03-02T23:00:00Z', 'UTC');
    await engine.settleDue({ at: at('2026-03-03T20:00:00Z') });
    expect((await reminders()).slice(2).sort()).toEqual([
      ['ann', '2026-03-03', '2026-03-03T20:00:00.000Z'],
      ['met', '2026-03-03', '2026-03-03T20:00:00.000Z'],
    ]);
  });

  it('reminds 4 h before local midnight on the 23-hour day of a change to summer time', async () => {
    const engine = engineOn(store());
    await engine.record({
      userId: 'nyc',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-07T15:00:00Z'),
      tz: 'America/New_York',
    });
    // 2026-03-08 has 23 hours in New York: it ends at 04:00 UTC on the 9th (EDT), so 20:00 EDT is 00:00 UTC
    await engine.settleDue({ at: at('2026-03-08T23:59:00Z') });
    expect(await reminders()).toEqual([]);
    await engine.settleDue({ at: at('2026-03-09T00:00:00Z') });
    expect(await reminders()).toEqual([['nyc', '2026-03-08', '2026-03-09T00:00:00.000Z']]);
  });

  it('pages the lines that expire soon after a given line, in expiry and user order', async () => {
    const engine = engineOn(store());
    for (const userId of ['b', 'a', 'c'])
      await engine.record({ userId, metric: 'lessons', value: 1, at: at('2026-03-01T09:00:00Z'), tz: 'UTC' });
    await engine.record({ userId: 'd', metric: 'lessons', value: 1, at: at('2026-03-01T09:00:00Z'), tz: 'Asia/Tokyo' });
    const page = (after?: { expiresAt: number; userId: string }) =>
      store()
        .expiring('default', at('2026-03-01T10:00:00Z'), at('2026-03-04T00:00:00Z'), 2, after)
        .then((rows) => rows.map((r) => r.userId));
    // Tokyo's day ends first
    expect(await page()).toEqual(['d', 'a']);
    expect(await page({ expiresAt: at('2026-03-03T00:00:00Z'), userId: 'a' })).toEqual(['b', 'c']);
    expect(await page({ expiresAt: at('2026-03-03T00:00:00Z'), userId: 'c' })).toEqual([]);
    expect(await page({ expiresAt: at('2026-03-02T15:00:00Z'), userId: 'd' })).toEqual(['a', 'b']);
  });
}
