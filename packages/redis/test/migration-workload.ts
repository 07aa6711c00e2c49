/**
 * Test support: the workload of the schema 2 → 3 migration test (migrate-partitions.test.ts). The
 * fixture `fixtures/schema-2-account.json` is what this workload left in Redis under the adapter of
 * schema version 2 (the commit before partitions); the test replays the same workload on the memory
 * store and compares. It must not change, or the fixture must be made again with the old adapter.
 */
import { createEngine, type Store } from '@kindling/core';

export const DAY = 86_400_000;
/** 2026-03-02T00:00:00Z, a Monday */
export const START = Date.UTC(2026, 2, 2);
export const END = START + 12 * DAY;

const ZONES = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Pacific/Chatham', 'Asia/Kolkata'];
const ODD_IDS = ['é', '{x}', 'a:b', '%', '\u{1F525}', 'a b', '__proto__'];

export const USER_IDS = [...Array.from({ length: 40 }, (_, i) => `user-${i}`), ...ODD_IDS];

export function workloadEngine(store: Store, clock: () => number) {
  return createEngine({
    store,
    clock,
    outbox: true,
    streaks: [
      {
        key: 'daily',
        frequency: 'daily',
        conditions: [{ metric: 'lessons', threshold: 1 }],
        freezes: { max: 2, earn: { every: 3, amount: 1 } },
        remindBefore: '4h',
      },
      { key: 'weekly', frequency: 'weekly', conditions: [{ metric: 'lessons', threshold: 3 }] },
    ],
    achievements: [{ key: 'three-days', name: 'Three days', trigger: 'streak', streak: 'daily', length: 3 }],
  });
}

/** Deterministic: user i records on the days its pattern says, at an hour of its own. */
export async function runWorkload(store: Store): Promise<void> {
  let now = START;
  const engine = workloadEngine(store, () => now);
  for (let day = 0; day < 10; day++) {
    for (const [i, userId] of USER_IDS.entries()) {
      // some users stop after a few days (losses), some skip days (freezes), some never stop
      if (i % 7 === 3 && day > 4) continue;
      if (i % 5 === 1 && day % 3 === 2) continue;
      now = START + day * DAY + ((i * 37) % 20) * 3_600_000;
      await engine.record({ userId, metric: 'lessons', value: 1 + (i % 3), at: now, tz: ZONES[i % ZONES.length] });
    }
    if (day === 6) {
      // a read at a later instant retires dead lines to the grave
      now = START + 8 * DAY;
      await engine.stats({ at: now });
    }
  }
  now = END;
  await engine.settleDue({ at: END });
  // the news of every third user taken away, so that users are heard of without being listed
  const all = await store.readOutbox(1000);
  if (all.length === 1000) throw new Error('the workload wrote more news than one read takes');
  const taken = new Set(USER_IDS.filter((_, i) => i % 3 === 0));
  await store.removeOutbox(all.filter((record) => taken.has(record.entry.userId)).map((record) => record.position));
}
