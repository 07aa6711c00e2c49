/**
 * The points index on Redis, at the level of its script: a user's line of a system is written only
 * when newer than the line kept, so a try that lands late (a Cluster's write after the commit, sent
 * again) changes nothing, while a line of another system at that version still goes in; and a
 * user's erasure takes every line of theirs out of the sorted sets, on a single Redis and a Cluster.
 */
import type { PointsLine, UserWrite } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { openTargets, presentTargets } from '../test/targets.js';
import { connect } from './connection.js';
import { accountKeys } from './keys.js';
import { writePointsLines } from './points-index.js';

const targets = await openTargets();
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

const line = (system: string, total: number, dueAt = 8.64e15): PointsLine => ({ system, total, changed: true, dueAt });

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`the points index on ${target?.name ?? 'Redis'}`, () => {
    it('keeps the newer line of a system when an older try lands after it, and takes a line of another system', async () => {
      const store = target!.store();
      const user = newUser('ann', 1_000);
      user.version = 1;
      const write: UserWrite = { user, history: [], rollups: [], index: [], pointsLines: [line('xp', 30, 5_000)] };
      await store.update('ann', () => ({ result: null, write }));
      const connection = connect(target!.deployment);
      try {
        const keys = accountKeys(target!.prefix, store.account);
        await writePointsLines(connection, keys, 'ann', 1, [line('xp', 30, 5_000)]);
        await writePointsLines(connection, keys, 'ann', 0, [line('xp', 7), line('gems', 4, 2_000)]);
        expect(await store.pointsTotals('xp', [1, 10, 100])).toEqual({ users: [0, 1, 0], largest: 30 });
        expect(await store.pointsTotals('gems', [1])).toEqual({ users: [1], largest: 4 });
        expect(await store.pointsDue(10_000, 10)).toEqual([
          { userId: 'ann', system: 'gems', dueAt: 2_000 },
          { userId: 'ann', system: 'xp', dueAt: 5_000 },
        ]);
        expect(await store.deleteUser('ann')).toBe(true);
        expect(await store.pointsTotals('xp', [1])).toEqual({ users: [0], largest: 0 });
        expect(await store.pointsTotals('gems', [1])).toEqual({ users: [0], largest: 0 });
        expect(await store.pointsDue(10_000, 10)).toEqual([]);
      } finally {
        await connection.close();
        await store.close();
      }
    });
  });
}
