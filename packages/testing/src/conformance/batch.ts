/**
 * A batch of events on a given store, recorded as the service's batch call records one: several
 * users at once, each user's events in the order given, idempotency keys honoured. Each user ends
 * exactly as recording the events one by one on the memory store leaves them.
 */
import { createEngine, memoryStore, type RecordInput, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const DAY = 86_400_000;
const start = Date.parse('2026-05-01T08:00:00Z');

function engineOn(store: Store) {
  return createEngine({
    store,
    clock: () => start + 40 * DAY,
    streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 2 }] }],
    achievements: [{ key: 'ten', name: 'Ten', trigger: 'metric', metric: 'lessons', threshold: 10 }],
    metrics: ['lessons'],
  });
}

/** 24 users × 12 events over days, values 0..2, every fourth event sent twice with its key. */
function batch(): RecordInput[] {
  const events: RecordInput[] = [];
  for (let i = 0; i < 12; i++)
    for (let u = 0; u < 24; u++) {
      const event: RecordInput = {
        userId: `user-${u}`,
        metric: 'lessons',
        value: (u + i) % 3,
        at: start + Math.floor(i / 2) * DAY + u * 60_000,
        tz: u % 2 === 0 ? 'Europe/Paris' : 'America/Chicago',
        idempotencyKey: `k-${u}-${i}`,
      };
      events.push(event);
      if (i % 4 === 0) events.push({ ...event });
    }
  return events;
}

export function batchCases(store: () => Store): void {
  it('records a batch several users at once, each user’s events in order, each key once, as one by one does', async () => {
    const events = batch();
    const engine = engineOn(store());
    const byUser = new Map<string, RecordInput[]>();
    for (const event of events) byUser.set(event.userId, [...(byUser.get(event.userId) ?? []), event]);
    const queue = [...byUser.values()];
    const replays: number[] = [];
    const worker = async () => {
      for (let mine = queue.pop(); mine !== undefined; mine = queue.pop())
        for (const event of mine) if ((await engine.record(event)).replayed) replays.push(1);
    };
    await Promise.all(Array.from({ length: 8 }, worker));

    const reference = engineOn(memoryStore());
    for (const event of events) await reference.record(event);
    expect(replays.length).toBe(events.length - 24 * 12);
    expect(await engine.store.countUsers()).toBe(24);
    for (const userId of byUser.keys()) {
      const [got, want] = await Promise.all([engine.user(userId), reference.user(userId)]);
      expect(got, userId).toEqual(want);
      const read = (e: typeof engine) => e.streak(userId, { historyPeriods: 10 });
      expect(await read(engine), userId).toEqual(await read(reference));
    }
  });
}
