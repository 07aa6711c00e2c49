import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.js';
import { memoryStore } from './memory-store.js';
import type { StreakRuleInput } from './rules.js';
import { noon } from '../test/example-helpers.js';

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

function engineWith(rule: Partial<StreakRuleInput> = {}, options: { outbox?: boolean } = {}) {
  const store = memoryStore();
  const engine = createEngine({
    store,
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }], ...rule }],
    clock: () => 0,
    ...options,
  });
  return { store, engine };
}

const lesson = (at: number, extra: { idempotencyKey?: string } = {}) => ({
  userId: 'u',
  metric: 'lessons',
  value: 1,
  at,
  tz: 'UTC',
  ...extra,
});

describe('a late event (S4, S20)', () => {
  it('counts on its own local date: a missed day met late gives back the freeze it consumed', async () => {
    const { engine } = engineWith({ freezes: { initial: 1 } });
    for (const date of ['2026-05-01', '2026-05-02', '2026-05-04']) await engine.record(lesson(noon(date)));
    const before = await engine.streak('u', { at: noon('2026-05-04') });
    expect([before.length, before.freezes]).toEqual([3, 0]);
    // recorded on the 4th, it happened on the 3rd
    const late = await engine.record(lesson(noon('2026-05-03')));
    expect(late.currentStreak).toMatchObject({ length: 4, freezes: 1, periodStart: '2026-05-04', extended: true });
    const read = await engine.streak('u', { at: noon('2026-05-04'), historyPeriods: 4 });
    expect(read.streakHistory.map((entry) => [entry.periodStart, entry.length, entry.usedFreeze])).toEqual([
      ['2026-05-01', 1, false],
      ['2026-05-02', 2, false],
      ['2026-05-03', 3, false],
      ['2026-05-04', 4, false],
    ]);
    expect((await engine.user('u'))?.totals).toEqual({ lessons: 4 });
  });

  it('revives a streak lost for want of the day it met, and reports the extensions it made, each at its instant', async () => {
    const { engine } = engineWith();
    for (const date of ['2026-05-01', '2026-05-02', '2026-05-04']) await engine.record(lesson(noon(date)));
    expect((await engine.streak('u', { at: noon('2026-05-04') })).length).toBe(1);
    const late = await engine.record(lesson(noon('2026-05-03')));
    expect(late.currentStreak?.length).toBe(4);
    expect(late.changes).toEqual([
      { type: 'streak.extended', streak: 'default', length: 3, periodStart: '2026-05-03', periodEnd: '2026-05-03' },
      { type: 'streak.extended', streak: 'default', length: 4, periodStart: '2026-05-04', periodEnd: '2026-05-04' },
    ]);
  });

  it('on a day already met reports no change and extends nothing, so no webhook goes out twice', async () => {
    const { engine } = engineWith({}, { outbox: true });
    for (const date of ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04'])
      await engine.record(lesson(noon(date)));
    // two more lessons of the 3rd, one second apart, recorded once the 4th was met
    for (const second of [1, 2]) {
      const late = await engine.record(lesson(noon('2026-05-03') + second * 1000));
      expect(late.changes).toEqual([]);
      expect(late.currentStreak).toMatchObject({ length: 4, periodStart: '2026-05-04', extended: false });
    }
  });

  it('gives the state the same events give in instant order', async () => {
    const dates = ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-05', '2026-05-06'];
    const late = engineWith({ freezes: { initial: 1, earn: { every: 3, amount: 1 } } }).engine;
    const inOrder = engineWith({ freezes: { initial: 1, earn: { every: 3, amount: 1 } } }).engine;
    for (const date of dates) await inOrder.record(lesson(noon(date)));
    await late.record(lesson(noon('2026-05-01')));
    await late.record(lesson(noon('2026-05-06')));
    for (const date of ['2026-05-03', '2026-05-02', '2026-05-05']) await late.record(lesson(noon(date)));
    const at = noon('2026-05-07');
    expect(await late.streak('u', { at, historyPeriods: 10 })).toEqual(
      await inOrder.streak('u', { at, historyPeriods: 10 }),
    );
    expect((await late.user('u'))?.totals).toEqual((await inOrder.user('u'))?.totals);
  });

  it('meets a day a sweep already decided: the freeze the sweep spent comes back', async () => {
    const { engine } = engineWith({ freezes: { initial: 1 } });
    for (const date of ['2026-05-01', '2026-05-02']) await engine.record(lesson(noon(date)));
    await engine.settleDue({ at: day('2026-05-04') + 60_000 });
    expect((await engine.streak('u', { at: noon('2026-05-04') })).freezes).toBe(0);
    const late = await engine.record(lesson(noon('2026-05-03')));
    expect(late.currentStreak).toMatchObject({ length: 3, freezes: 1, periodStart: '2026-05-04', extended: true });
  });

  it('is answered once for its idempotency key: a repeat changes nothing (S18)', async () => {
    const { engine } = engineWith();
    for (const date of ['2026-05-01', '2026-05-03']) await engine.record(lesson(noon(date)));
    const first = await engine.record(lesson(noon('2026-05-02'), { idempotencyKey: 'k' }));
    const again = await engine.record(lesson(noon('2026-05-02'), { idempotencyKey: 'k' }));
    expect(again).toEqual({ ...first, replayed: true });
    expect((await engine.user('u'))?.totals).toEqual({ lessons: 3 });
    expect((await engine.streak('u', { at: noon('2026-05-03') })).length).toBe(3);
  });

  it('writes its changes to the outbox dated as they happened', async () => {
    const { store, engine } = engineWith({ freezes: { initial: 1 } }, { outbox: true });
    for (const date of ['2026-05-01', '2026-05-02', '2026-05-04']) await engine.record(lesson(noon(date)));
    const seen = (await store.readOutbox(100)).length;
    await engine.record(lesson(noon('2026-05-03') + 3_600_000));
    const news = (await store.readOutbox(100)).slice(seen).map(({ entry }) => [entry.change.type, entry.at]);
    expect(news).toEqual([
      ['streak.extended', noon('2026-05-03') + 3_600_000],
      ['streak.extended', noon('2026-05-04')],
    ]);
  });

  it('is placed in the zone it was sent from, and keeps the user’s zone', async () => {
    const { engine } = engineWith();
    await engine.record(lesson(noon('2026-05-01')));
    await engine.record({ ...lesson(noon('2026-05-03')), tz: 'Asia/Tokyo' });
    // 03:00 UTC on the 3rd: 20:00 on the 2nd in Los Angeles (noon on the 3rd in Tokyo)
    const late = await engine.record({ ...lesson(Date.parse('2026-05-03T03:00:00Z')), tz: 'America/Los_Angeles' });
    expect(late.currentStreak?.length).toBe(3);
    expect((await engine.user('u'))?.tz).toBe('Asia/Tokyo');
  });
});
