import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, NotFoundError, type PointsSystemRules, type PointsTrigger } from '@kindling/core';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const HOUR = 3_600_000;

const energy: PointsSystemRules = {
  key: 'energy',
  name: 'Energy',
  description: null,
  badgeUrl: null,
  maxPoints: 5,
  status: 'active',
  triggers: [
    { id: 'refill', type: 'time', unit: 'hour', interval: 1, points: 1, status: 'active', activatedAt: T0 },
    {
      id: 'play',
      type: 'metric',
      metric: 'plays',
      threshold: 1,
      points: -1,
      status: 'active',
      activatedAt: T0,
      blockIfOutOfPoints: true,
    },
  ] as PointsTrigger[],
  levels: [{ id: 'full', key: 'full', points: 5, createdAt: T0 }],
  boosts: [],
};

function engineAt(now: { at: number }) {
  const store = memoryStore();
  return { store, engine: createEngine({ store, clock: () => now.at, points: [energy] }) };
}

describe('reading a user’s points', () => {
  it('settles time triggers up to the read without writing them (S33, S10)', async () => {
    const now = { at: T0 + 30 * 60_000 };
    const { engine, store } = engineAt(now);
    await engine.record({ userId: 'ana', metric: 'plays', value: 0 });
    now.at = T0 + 3 * HOUR + 30 * 60_000;
    const read = await engine.points('ana', 'energy');
    expect({ total: read?.total, awards: read?.awards.map((award) => [award.trigger, award.at, award.total]) }).toEqual(
      {
        total: 3,
        awards: [
          ['refill', T0 + 3 * HOUR, 3],
          ['refill', T0 + 2 * HOUR, 2],
          ['refill', T0 + HOUR, 1],
        ],
      },
    );
    // nothing was written: the stored state is the one the event left
    expect((await store.load('ana'))?.points?.energy?.total).toBe(0);
    // an event then pays the same boundaries, with the same award ids, before its own deduction
    const played = await engine.record({ userId: 'ana', metric: 'plays', value: 1 });
    expect(played.points.energy?.total).toBe(2);
    expect((await engine.points('ana', 'energy'))?.awards.map((award) => award.id)).toEqual(['4', '3', '2', '1']);
  });

  it('says until when it holds: the next boundary it did not settle, or the next change of a boost', async () => {
    const now = { at: T0 + 30 * 60_000 };
    const { engine } = engineAt(now);
    await engine.record({ userId: 'ana', metric: 'plays', value: 0 });
    now.at = T0 + 2 * HOUR + 10 * 60_000;
    const read = await engine.points('ana', 'energy');
    expect(read?.until).toBe(T0 + 3 * HOUR);
    const before = await engine.points('ana', 'energy', { at: T0 + 3 * HOUR - 1 });
    expect(before).toEqual(read);
    expect((await engine.points('ana', 'energy', { at: T0 + 3 * HOUR }))?.total).toBe(3);
    // with no time trigger, the view holds until a boost becomes active (10:00 UTC the day before its start)
    const boosted = createEngine({
      store: memoryStore(),
      clock: () => T0,
      points: [
        {
          ...energy,
          triggers: energy.triggers.filter((trigger) => trigger.type !== 'time'),
          boosts: [{ id: 'b', start: 20513 + 5, end: null, multiplier: 2, rounding: 'down' }],
        },
      ],
    });
    await boosted.record({ userId: 'bo', metric: 'plays', value: 0 });
    expect((await boosted.points('bo', 'energy'))?.until).toBe((20513 + 4) * 24 * HOUR + 10 * HOUR);
  });

  it('gives the level reached at the read, capped by maxPoints', async () => {
    const now = { at: T0 + 1 };
    const { engine } = engineAt(now);
    await engine.record({ userId: 'ana', metric: 'plays', value: 0 });
    now.at = T0 + 24 * HOUR;
    const read = await engine.points('ana', 'energy');
    expect({ total: read?.total, level: read?.level?.key }).toEqual({ total: 5, level: 'full' });
  });

  it('answers null for a user never seen and UNKNOWN_POINTS_SYSTEM for a key no system has', async () => {
    const { engine } = engineAt({ at: T0 });
    expect(await engine.points('nobody', 'energy')).toBeNull();
    const error = await engine.points('ana', 'gems').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).code).toBe('UNKNOWN_POINTS_SYSTEM');
  });
});

describe('a user’s points event summary', () => {
  it('gives each local day its change and the total at its end, time triggers settled on the way without a write (S36, S33)', async () => {
    const now = { at: T0 + 30 * 60_000 };
    const { engine, store } = engineAt(now);
    await engine.record({ userId: 'ana', metric: 'plays', value: 0, tz: 'Pacific/Kiritimati' });
    // refills at 01:00 … 23:00 UTC of March 1st: the first nine fall on March 1st in UTC+14, the cap of 5 stops the rest
    now.at = T0 + 23 * HOUR + 30 * 60_000;
    const days = await engine.pointsEventSummary('ana', 'energy', {
      aggregation: 'daily',
      from: '2026-03-01',
      to: '2026-03-03',
    });
    expect(days).toEqual([
      { date: '2026-03-01', total: 5, change: 5 },
      { date: '2026-03-02', total: 5, change: 0 },
      { date: '2026-03-03', total: 5, change: 0 },
    ]);
    expect((await store.load('ana'))?.points?.energy?.total).toBe(0);
    await engine.record({ userId: 'ana', metric: 'plays', value: 2 });
    const month = await engine.pointsEventSummary('ana', 'energy', {
      aggregation: 'monthly',
      from: '2026-02-10',
      to: '2026-03-02',
    });
    expect(month).toEqual([
      { date: '2026-02-01', total: 0, change: 0 },
      { date: '2026-03-01', total: 3, change: 3 },
    ]);
  });

  it('names the unknown system and the unknown user, and refuses a range over 400 days', async () => {
    const { engine } = engineAt({ at: T0 });
    await engine.record({ userId: 'ana', metric: 'plays', value: 0 });
    const range = { aggregation: 'daily', from: '2026-03-01', to: '2026-03-01' } as const;
    await expect(engine.pointsEventSummary('ana', 'gems', range)).rejects.toMatchObject({
      code: 'UNKNOWN_POINTS_SYSTEM',
    });
    await expect(engine.pointsEventSummary('bo', 'energy', range)).rejects.toMatchObject({ code: 'UNKNOWN_USER' });
    await expect(
      engine.pointsEventSummary('ana', 'energy', { ...range, from: '2025-01-01', to: '2026-03-01' }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
