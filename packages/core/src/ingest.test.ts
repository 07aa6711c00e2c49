import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, NotFoundError, type RecordInput, type RecordResult } from '@kindling/core';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-03-01T08:00:00Z');

function engineAt(clock: { now: number }) {
  return createEngine({
    store: memoryStore(),
    streaks: [
      {
        key: 'daily',
        frequency: 'daily',
        conditions: [{ metric: 'lessons', threshold: 1 }],
        freezes: { initial: 1, max: 2, earn: { every: 5, amount: 1 } },
      },
      { key: 'weekly', frequency: 'weekly', conditions: [{ metric: 'minutes', threshold: 60 }] },
    ],
    achievements: [{ key: 'five-days', name: 'Five days', trigger: 'streak', streak: 'daily', length: 5 }],
    clock: () => clock.now,
  });
}

/** Two users in two zones over 40 days: gaps a freeze covers, gaps it does not, and a move of zone. */
function events(): RecordInput[] {
  const out: RecordInput[] = [];
  for (let day = 0; day < 40; day++) {
    if (day % 9 !== 4)
      out.push({ userId: 'ana', metric: 'lessons', value: 1, tz: 'Europe/Madrid', at: START + day * DAY_MS });
    if (day % 3 === 0)
      out.push({
        userId: 'ben',
        metric: 'minutes',
        value: 10 + (day % 50),
        tz: day < 20 ? 'America/New_York' : 'Asia/Tokyo',
        at: START + day * DAY_MS + 3_600_000,
      });
    if (day % 13 === 6) out.push({ userId: 'ben', metric: 'lessons', value: 2, at: START + day * DAY_MS + 7_200_000 });
  }
  return out;
}

/** `record`'s answer without the streaks' views: what `ingest` should answer for the same event. */
const withoutViews = ({ currentStreak: _c, streaks: _s, ...recorded }: RecordResult) => recorded;

describe('ingest', () => {
  it('records every event exactly as record does: the same answers less the views, users, journals and streaks', async () => {
    const clock = { now: START };
    const viaRecord = engineAt(clock);
    const viaIngest = engineAt(clock);
    for (const event of events()) {
      clock.now = event.at as number;
      const recorded = await viaRecord.record(event);
      const ingested = await viaIngest.ingest(event);
      expect(ingested).toEqual(withoutViews(recorded));
    }
    clock.now = START + 45 * DAY_MS;
    for (const userId of ['ana', 'ben']) {
      expect(await viaIngest.user(userId)).toEqual(await viaRecord.user(userId));
      expect(await viaIngest.journal(userId)).toEqual(await viaRecord.journal(userId));
      for (const key of ['daily', 'weekly'])
        expect(await viaIngest.streak(userId, { key, historyPeriods: 10 })).toEqual(
          await viaRecord.streak(userId, { key, historyPeriods: 10 }),
        );
    }
    expect(await viaIngest.stats()).toEqual(await viaRecord.stats());
  });

  it('answers without the streaks’ views', async () => {
    const clock = { now: START };
    const answer = await engineAt(clock).ingest({ userId: 'ana', metric: 'lessons', value: 1 });
    expect(answer).not.toHaveProperty('currentStreak');
    expect(answer).not.toHaveProperty('streaks');
    expect(answer).toMatchObject({ userId: 'ana', total: 1, replayed: false, changes: [{ type: 'streak.started' }] });
  });

  it('keeps the answer it gives for an idempotency key: a repeat gets it again, and from record with the streaks as they are then (S18)', async () => {
    const clock = { now: START };
    const engine = engineAt(clock);
    const event = { userId: 'ana', metric: 'lessons', value: 1, idempotencyKey: 'import-1' };
    const first = await engine.ingest(event);
    expect(first).not.toHaveProperty('currentStreak');
    expect(await engine.ingest(event)).toEqual({ ...first, replayed: true });
    // three days on, the freeze has held a day and the streak is lost: a read shows length 0
    clock.now = START + 3 * DAY_MS;
    const again = await engine.record(event);
    expect(again.replayed).toBe(true);
    expect(withoutViews(again)).toEqual({ ...first, replayed: true });
    const { streakHistory: _history, pauses: _pauses, ...read } = await engine.streak('ana', { key: 'daily' });
    expect(again.currentStreak).toEqual({ ...read, extended: false });
    expect(again.currentStreak).toMatchObject({ key: 'daily', length: 0 });
    expect(again.streaks.daily).toEqual(again.currentStreak);
    const { streakHistory: _weeks, pauses: _none, ...weekly } = await engine.streak('ana', { key: 'weekly' });
    expect(again.streaks.weekly).toEqual({ ...weekly, extended: false });
    expect((await engine.user('ana'))?.totals).toEqual({ lessons: 1 });
  });

  it('keeps record’s whole answer for a key, the one a repeat gets from record again (S18)', async () => {
    const clock = { now: START };
    const engine = engineAt(clock);
    const event = { userId: 'ana', metric: 'lessons', value: 1, idempotencyKey: 'sdk-1' };
    const first = await engine.record(event);
    clock.now = START + 3 * DAY_MS;
    expect(await engine.record(event)).toEqual({ ...first, replayed: true });
    expect(await engine.ingest(event)).toEqual(withoutViews({ ...first, replayed: true }));
  });

  it('refuses what record refuses, with the same typed error', async () => {
    const engine = engineAt({ now: START });
    const refused = engine.ingest({ userId: 'ana', metric: 'pages', value: 1 });
    await expect(refused).rejects.toBeInstanceOf(NotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'UNKNOWN_METRIC' });
    await expect(engine.ingest({ userId: '', metric: 'lessons', value: 1 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});
