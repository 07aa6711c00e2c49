/**
 * Backdating on a given store (S22): an achievement activated after users qualified for it is
 * completed for exactly those users by a rebuild of all, at the rebuild's instant, with no news in
 * the outbox, and the store's completion counts take it, so that they count the users who hold it.
 */
import { createEngine, type AchievementInput, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);
const daily = { key: 'default', frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] };

export function achievementCases(store: () => Store): void {
  it('S22: activating achievements completes them by a rebuild of all for exactly the users who qualify, silently, counted', async () => {
    const shared = store();
    const list = (status: 'inactive' | 'active'): AchievementInput[] => [
      { key: 'five', name: 'Five lessons', trigger: 'metric', metric: 'lessons', threshold: 5 },
      { key: 'three', name: 'Three days', trigger: 'streak', length: 3, status },
      { key: 'ten', name: 'Ten lessons', trigger: 'metric', metric: 'lessons', threshold: 10, status },
      { key: 'both', name: 'Both', trigger: 'achievement', prerequisites: ['five', 'three'], status },
    ];
    const options = { store: shared, streaks: [daily], metrics: ['lessons'], outbox: true };
    const before = createEngine({ ...options, achievements: list('inactive') });
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    // ann: three days, 12 lessons; bob: three days, 3 lessons; cy: one day, 10 lessons; dan: nothing due
    const plan: Array<[string, number[]]> = [
      ['ann', [4, 4, 4]],
      ['bob', [1, 1, 1]],
      ['cy', [10]],
      ['dan', [1]],
    ];
    for (const [userId, values] of plan)
      for (const [i, value] of values.entries())
        await before.record({ userId, metric: 'lessons', value, at: at(`${days[i]}T09:00:00Z`), tz: 'UTC' });
    const live = await shared.readOutbox(100);
    expect(live.filter((r) => r.entry.change.type === 'achievement.completed').map((r) => r.entry.userId)).toEqual([
      'ann',
      'cy',
    ]);
    await shared.removeOutbox(live.map((r) => r.position));

    const rebuiltAt = at('2026-03-04T12:00:00Z');
    const after = createEngine({ ...options, achievements: list('active'), clock: () => rebuiltAt });
    const progress: number[] = [];
    expect(await after.rebuildAll({ onProgress: ({ done }) => progress.push(done) })).toEqual({ users: 4 });
    expect(progress).toEqual([1, 2, 3, 4]);

    const held = async (userId: string) =>
      Object.fromEntries(((await after.user(userId))?.achievements ?? []).map((a) => [a.key, a.achievedAt]));
    const first = '2026-03-0%T09:00:00.000Z';
    const backdated = new Date(rebuiltAt).toISOString();
    expect(await held('ann')).toEqual({
      five: first.replace('%', '2'),
      three: backdated,
      ten: backdated,
      both: backdated,
    });
    expect(await held('bob')).toEqual({ three: backdated });
    expect(await held('cy')).toEqual({ five: first.replace('%', '1'), ten: backdated });
    expect(await held('dan')).toEqual({});
    // silent: no news; counted: the counts are the holders
    expect(await shared.readOutbox(100)).toEqual([]);
    expect((await shared.activity('2026-03-01', '2026-03-31')).achievements).toEqual([
      { achievement: 'both', completions: 1 },
      { achievement: 'five', completions: 2 },
      { achievement: 'ten', completions: 2 },
      { achievement: 'three', completions: 2 },
    ]);
    // a second rebuild of all completes nothing again and counts nothing twice
    await after.rebuildAll();
    expect(await held('ann')).toEqual({
      five: first.replace('%', '2'),
      three: backdated,
      ten: backdated,
      both: backdated,
    });
    expect((await shared.activity('2026-03-01', '2026-03-31')).achievements.map((a) => a.completions)).toEqual([
      1, 2, 2, 2,
    ]);
    expect(await shared.readOutbox(100)).toEqual([]);
  });

  it('S25: an achievement filtered by event attributes, declared later, completes for exactly the users whose matching events reach it; the metric itself is untouched', async () => {
    const shared = store();
    const options = { store: shared, streaks: [daily], metrics: ['lessons'] };
    const before = createEngine(options);
    // values with the series name's separators and other characters a store must keep as they are
    const odd = `a&b=c%d é 🙂 ${'x'.repeat(300)}`;
    const plan: Array<[string, number, Record<string, string> | undefined]> = [
      ['ann', 3, { device: 'ios' }],
      ['ann', 2, { device: 'ios', plan: odd }],
      ['ann', 7, undefined],
      ['bob', 4, { device: 'ios' }],
      ['bob', 9, { device: 'web' }],
      ['cy', 5, { device: odd }],
    ];
    for (const [i, [userId, value, attributes]] of plan.entries())
      await before.record({
        userId,
        metric: 'lessons',
        value,
        at: at(`2026-03-0${1 + (i % 3)}T09:00:00Z`),
        tz: 'UTC',
        ...(attributes !== undefined ? { attributes } : {}),
      });
    const after = createEngine({
      ...options,
      clock: () => at('2026-03-04T12:00:00Z'),
      achievements: [
        {
          key: 'ios-five',
          name: 'Five on iOS',
          trigger: 'metric',
          metric: 'lessons',
          threshold: 5,
          eventAttributes: [{ key: 'device', value: 'ios' }],
        },
        {
          key: 'odd',
          name: 'Odd',
          trigger: 'metric',
          metric: 'lessons',
          threshold: 5,
          eventAttributes: [{ key: 'device', value: odd }],
        },
      ],
    });
    await after.rebuildAll();
    const held = async (userId: string) => ((await after.user(userId))?.achievements ?? []).map((a) => a.key).sort();
    expect(await held('ann')).toEqual(['ios-five']);
    expect(await held('bob')).toEqual([]);
    expect(await held('cy')).toEqual(['odd']);
    // the metric's own total, daily sums and activity know nothing of the attributed series
    expect((await after.user('ann'))?.totals).toEqual({ lessons: 12 });
    expect((await after.user('bob'))?.totals).toEqual({ lessons: 13 });
    const summary = await after.eventSummary('ann', 'lessons', {
      aggregation: 'daily',
      from: '2026-03-01',
      to: '2026-03-03',
    });
    expect(summary.map((row) => row.change)).toEqual([3, 2, 7]);
    expect((await shared.activity('2026-03-01', '2026-03-31')).metrics.map((m) => m.metric)).toEqual(['lessons']);
    // live: the totals under attributes travel with the kept state from one event to the next
    const live = (userId: string, value: number, device: string) =>
      after.record({ userId, metric: 'lessons', value, at: at('2026-03-04T10:00:00Z'), attributes: { device } });
    expect((await live('dan', 3, 'ios')).achievements).toEqual([]);
    expect((await live('dan', 9, 'web')).achievements).toEqual([]);
    expect((await live('dan', 2, 'ios')).achievements.map((a) => a.key)).toEqual(['ios-five']);
  });
}
