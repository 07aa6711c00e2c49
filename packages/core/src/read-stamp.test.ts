import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type Store } from '@kindling/core';

const DAY = 86_400_000;
const start = Date.parse('2026-03-02T10:00:00Z');

function engineOn(store: Store, clock: () => number, threshold = 1) {
  return createEngine({
    store,
    clock,
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold }] }],
  });
}

describe('readStamp and isCurrent', () => {
  it('stamp a known user with the state version, the zone and the local day, and hold until an event or a new day', async () => {
    let now = start;
    const engine = engineOn(memoryStore(), () => now);
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1, tz: 'Asia/Tokyo' });
    const stamp = await engine.readStamp('ada');
    expect(stamp).toMatchObject({ version: 1, zone: 'Asia/Tokyo' });
    expect(await engine.isCurrent('ada', stamp!)).toBe(true);
    now += DAY;
    expect(await engine.isCurrent('ada', stamp!)).toBe(false);
    const nextDay = await engine.readStamp('ada');
    expect(nextDay!.day).toBe(stamp!.day + 1);
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
    expect(await engine.isCurrent('ada', nextDay!)).toBe(false);
  });

  it('count the day in the zone of the stamp: 16:00 UTC is already the next day in Tokyo', async () => {
    let now = start;
    const engine = engineOn(memoryStore(), () => now);
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1, tz: 'Asia/Tokyo' });
    const stamp = await engine.readStamp('ada');
    now = Date.parse('2026-03-02T14:59:00Z');
    expect(await engine.isCurrent('ada', stamp!)).toBe(true);
    now = Date.parse('2026-03-02T15:00:00Z');
    expect(await engine.isCurrent('ada', stamp!)).toBe(false);
  });

  it('give no stamp for a user never seen, nor for a state kept under other rules (a read rebuilds it first)', async () => {
    const store = memoryStore();
    const before = engineOn(store, () => start);
    await before.record({ userId: 'ada', metric: 'lessons', value: 1 });
    expect(await before.readStamp('nobody')).toBeNull();
    const after = engineOn(store, () => start, 2);
    expect(await after.readStamp('ada')).toBeNull();
    await after.streak('ada');
    await after.record({ userId: 'ada', metric: 'lessons', value: 1 });
    expect(await after.readStamp('ada')).not.toBeNull();
  });

  it('give no stamp and hold none without a streak rule', async () => {
    const engine = createEngine({ store: memoryStore(), metrics: ['lessons'], clock: () => start });
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
    expect(await engine.readStamp('ada')).toBeNull();
    expect(await engine.isCurrent('ada', { version: 1, zone: 'UTC', day: 0, erasures: 0 })).toBe(false);
  });

  it('answer on the spot as isCurrent does where the store tells versions on the spot, and leave it to isCurrent where it cannot', async () => {
    let now = start;
    const store = memoryStore();
    const engine = engineOn(store, () => now);
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1, tz: 'Asia/Tokyo' });
    const stamp = (await engine.readStamp('ada'))!;
    expect(engine.isCurrentSync('ada', stamp)).toBe(true);
    now = Date.parse('2026-03-02T15:00:00Z');
    expect(engine.isCurrentSync('ada', stamp)).toBe(false);
    expect(engine.isCurrentSync('ada', stamp, { at: start })).toBe(true);
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
    expect(engine.isCurrentSync('ada', stamp, { at: start })).toBe(false);
    const waiting = engineOn({ ...store, peekVersion: undefined }, () => now);
    expect(waiting.isCurrentSync('ada', stamp)).toBeUndefined();
    expect(await waiting.isCurrent('ada', stamp)).toBe(false);
    expect(() => engine.isCurrentSync('', stamp)).toThrow();
  });
});
