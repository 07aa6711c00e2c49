/**
 * Idempotency records kept for a retention (S18) on a given store: a repeat of a key within the
 * retention is answered as first recorded, one after it is recorded as a new event whether or not
 * the old record was removed yet, and `Store.forgetIdempotency` removes the records recorded before
 * an instant, oldest first, at most `limit` a call, saying whether more remain.
 */
import { createEngine, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const daily = { key: 'default', frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] };

export function idempotencyRetentionCases(store: () => Store): void {
  /** An engine whose clock the case moves, keeping records `hours` long. */
  const engineOn = (s: Store, clock: { now: number }, hours = 24) =>
    createEngine({
      store: s,
      streaks: [daily],
      metrics: ['lessons'],
      clock: () => clock.now,
      idempotencyRetentionMs: hours * HOUR,
    });

  it('answers a repeat within the retention and records the key anew once it has passed, removed or not (S18)', async () => {
    const s = store();
    const clock = { now: T0 };
    const engine = engineOn(s, clock);
    const send = () => engine.record({ userId: 'ann', metric: 'lessons', value: 2, tz: 'UTC', idempotencyKey: 'k' });
    expect((await send()).replayed).toBe(false);
    clock.now = T0 + 24 * HOUR - 1;
    expect((await send()).replayed).toBe(true);
    clock.now = T0 + 24 * HOUR;
    const anew = await send();
    expect(anew.replayed).toBe(false);
    // the event counted again: a second day's 2 in the journal
    expect((await s.journal('ann')).rollups.map((r) => r.value)).toEqual([2, 2]);
    // the new record replaced the old one: in force for a retention from its own instant
    clock.now = T0 + 48 * HOUR - 1;
    expect(await send()).toEqual({ ...anew, replayed: true });
  });

  it('removes the records recorded before an instant, oldest first, at most limit a call, and says whether more remain', async () => {
    const s = store();
    const clock = { now: T0 };
    const engine = engineOn(s, clock);
    // five records an hour apart, two users, one event's own instant far back (an import's)
    const sent = [
      ['ann', 'k1'],
      ['bob', 'k1'],
      ['ann', 'k2'],
      ['bob', 'k2'],
      ['ann', 'k3'],
    ] as const;
    for (const [i, [userId, key]] of sent.entries()) {
      clock.now = T0 + i * HOUR;
      await engine.record({
        userId,
        metric: 'lessons',
        value: 1,
        tz: 'UTC',
        idempotencyKey: key,
        at: T0 - 400 * 24 * HOUR,
      });
    }
    const before = T0 + 3 * HOUR; // the first three were recorded before it
    expect(await s.forgetIdempotency(before, 2)).toEqual({ removed: 2, more: true });
    expect(await s.forgetIdempotency(before, 2)).toEqual({ removed: 1, more: false });
    expect(await s.forgetIdempotency(before, 2)).toEqual({ removed: 0, more: false });
    // An engine keeping records ten years tells removed from kept: only the last two answer.
    const keeper = engineOn(s, clock, 87_600);
    const replayed: string[] = [];
    for (const [userId, key] of sent) {
      const answer = await keeper.record({ userId, metric: 'lessons', value: 1, tz: 'UTC', idempotencyKey: key });
      if (answer.replayed) replayed.push(`${userId}:${key}`);
    }
    expect(replayed).toEqual(['bob:k2', 'ann:k3']);
  });

  it('keeps a record recorded at the instant itself, and removes nothing of a store without records', async () => {
    const s = store();
    expect(await s.forgetIdempotency(T0, 1000)).toEqual({ removed: 0, more: false });
    const clock = { now: T0 };
    await engineOn(s, clock).record({ userId: 'ann', metric: 'lessons', value: 1, tz: 'UTC', idempotencyKey: 'k' });
    expect(await s.forgetIdempotency(T0, 1000)).toEqual({ removed: 0, more: false });
    expect(await s.forgetIdempotency(T0 + 1, 1000)).toEqual({ removed: 1, more: false });
  });

  it('refuses a limit or an instant that is not a whole number within bounds', async () => {
    const s = store();
    for (const [before, limit] of [
      [T0, 0],
      [T0, 10_001],
      [T0, 1.5],
      [Number.NaN, 10],
      [Number.POSITIVE_INFINITY, 10],
    ] as const)
      await expect(s.forgetIdempotency(before, limit)).rejects.toThrow(RangeError);
  });

  it('refuses a retention out of its bounds when the engine is made', () => {
    for (const hours of [0, 0.5, 87_601, Number.NaN])
      expect(() => engineOn(store(), { now: T0 }, hours)).toThrow(/idempotencyRetentionMs/);
  });
}
