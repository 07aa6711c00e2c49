/**
 * On a single Redis a write's points lines (S37) are part of its commit: when the commit's answer
 * is lost (Redis holds writes past the store timeout: the request fails) but Redis runs the commit
 * later, the points index must count what the commit wrote, as the streak index does, not wait for
 * the user's next write. Redis holds writes here with CLIENT PAUSE WRITE, on a server of this file's
 * own, so that no other test's writes wait.
 */
import { createEngine, StoreError } from '@kindling/core';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisStore } from './redis-store.js';
import { useOwnRedis } from '../test/cluster.js';
import { metricTrigger, pointsSystem } from '../../core/test/points-examples.js';

const redis = useOwnRedis();
const AT = Date.parse('2026-03-02T12:00:00Z');
const HOUR = 3_600_000;

const XP = pointsSystem([metricTrigger(10, 1, { id: 'per-lesson', activatedAt: AT - 24 * HOUR })]);

describe('a commit with points whose answer is lost on a single Redis', () => {
  const clients: Redis[] = [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  it('leaves the points index counting what the commit wrote once Redis runs it', async () => {
    const node = redis().nodes[0] as { host: string; port: number };
    const store = redisStore({ url: `redis://${node.host}:${node.port}`, keyPrefix: 'kl-points-lost', timeoutMs: 300 });
    const engine = createEngine({
      store,
      clock: () => AT + 12 * HOUR,
      streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      points: [XP],
    });
    const record = (hour: number) =>
      engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: AT + hour * HOUR, tz: 'UTC' });
    try {
      await record(1);
      expect(await store.pointsTotals('xp', [0])).toEqual({ users: [1], largest: 10 });
      const admin = new Redis({ host: node.host, port: node.port, lazyConnect: true });
      clients.push(admin);
      await admin.connect();
      await admin.call('CLIENT', 'PAUSE', '1000', 'WRITE');
      await expect(record(2)).rejects.toThrow(StoreError);
      // Redis ran the commit when the pause ended: the user holds both events, and so does the index.
      await expect.poll(() => store.version('ann'), { timeout: 5000 }).toBe(2);
      await expect
        .poll(() => store.pointsTotals('xp', [0]), { timeout: 5000, interval: 200 })
        .toEqual({
          users: [1],
          largest: 20,
        });
    } finally {
      await store.close();
    }
  }, 30_000);
});
