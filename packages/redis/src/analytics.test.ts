/**
 * stats and expiring from hand-made index entries, on a single Redis and on a Cluster: a worked
 * example, out-of-order index writes, queries at instants that go back and forth (against the
 * memory store, the reference), and more dead streaks than one script call retires.
 */
import fc from 'fast-check';
import { memoryStore, type Store } from '@kindling/core';
import { NEVER, type IndexEntry, type UserState } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { accountKeys } from './keys.js';
import { connect } from './connection.js';
import { lostCommits } from './lost-commits.js';
import { pendingWrites } from './pending-writes.js';
import { writtenLines } from './written-lines.js';
import { applyIndex } from './update.js';
import { openTargets, presentTargets } from '../test/targets.js';

const targets = await openTargets();
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

const line = (length: number, longest: number, deadAt: number, expiresAt: number): IndexEntry => ({
  streak: 'default',
  length,
  longest,
  deadAt,
  expiresAt,
});

/** Commits the user's next version with these index lines. */
async function put(store: Store, userId: string, ...index: IndexEntry[]): Promise<void> {
  await store.update(userId, ({ user }) => {
    const state: UserState = user ?? newUser(userId, 0);
    state.version += 1;
    return { result: null, write: { user: state, history: [], rollups: [], index } };
  });
}

const ids = ['ann', 'bob', 'cid', 'dee', 'é', '{x}', 'a:b'];
const entryArb = fc.integer({ min: 0, max: 5 }).chain((length) =>
  length === 0
    ? fc.record({
        length: fc.constant(0),
        longest: fc.integer({ min: 0, max: 8 }),
        deadAt: fc.constant(0),
        expiresAt: fc.constant(0),
      })
    : fc.record({
        length: fc.constant(length),
        longest: fc.integer({ min: length, max: 8 }),
        deadAt: fc.oneof(
          fc.integer({ min: 1, max: 12 }).map((n) => n * 10),
          fc.constant(NEVER),
        ),
        expiresAt: fc.integer({ min: 1, max: 12 }).map((n) => n * 10 - 5),
      }),
);
const opArb = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), userId: fc.constantFrom(...ids), entry: entryArb }),
  fc.record({
    kind: fc.constant('stats' as const),
    at: fc.integer({ min: 0, max: 130 }),
    top: fc.integer({ min: 0, max: 8 }),
  }),
  fc.record({
    kind: fc.constant('expiring' as const),
    at: fc.integer({ min: 0, max: 130 }),
    before: fc.integer({ min: 0, max: 130 }),
    limit: fc.integer({ min: 0, max: 8 }),
  }),
);

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`redisStore on ${target?.name ?? 'Redis'}: analytics`, () => {
    it('answers stats and expiring from the index: active = length > 0 and deadAt > at', async () => {
      const store = target!.store();
      await put(store, 'ann', line(4, 4, 100, 50));
      await put(store, 'bob', line(2, 6, 200, 150));
      await put(store, 'cid', line(0, 5, 0, 0));
      await put(store, 'dee', line(4, 4, NEVER, 80), { ...line(1, 1, 30, 20), streak: 'weekly' });
      await put(store, 'eve', line(1, 1, 90, 40));
      expect(await store.stats('default', 10, 3)).toEqual({
        active: 4,
        lengthSum: 11,
        lengths: [
          { length: 1, users: 1 },
          { length: 2, users: 1 },
          { length: 4, users: 2 },
        ],
        topCurrent: [
          { userId: 'ann', length: 4 },
          { userId: 'dee', length: 4 },
          { userId: 'bob', length: 2 },
        ],
        topLongest: [
          { userId: 'bob', longest: 6 },
          { userId: 'cid', longest: 5 },
          { userId: 'ann', longest: 4 },
        ],
      });
      expect(await store.expiring('default', 10, 100, 10)).toEqual([
        { userId: 'eve', length: 1, expiresAt: 40 },
        { userId: 'ann', length: 4, expiresAt: 50 },
        { userId: 'dee', length: 4, expiresAt: 80 },
      ]);
      // At 100 ann is dead (deadAt 100 is not > 100), eve too; asking at 10 again brings them back.
      expect(await store.stats('default', 100, 10)).toMatchObject({
        active: 2,
        lengthSum: 6,
        topCurrent: [
          { userId: 'dee', length: 4 },
          { userId: 'bob', length: 2 },
        ],
      });
      expect(await store.expiring('default', 100, 1000, 1)).toEqual([{ userId: 'dee', length: 4, expiresAt: 80 }]);
      expect((await store.stats('default', 10, 0)).active).toBe(4);
      expect(await store.expiring('default', 10, 45, 5)).toEqual([{ userId: 'eve', length: 1, expiresAt: 40 }]);
      expect(await store.stats('weekly', 10, 5)).toMatchObject({
        active: 1,
        topCurrent: [{ userId: 'dee', length: 1 }],
      });
      expect(await store.stats('none', 10, 5)).toEqual({
        active: 0,
        lengthSum: 0,
        lengths: [],
        topCurrent: [],
        topLongest: [],
      });
      // A new line replaces the old one, wherever it was (active or retired).
      await put(store, 'ann', line(0, 4, 0, 0));
      await put(store, 'eve', line(3, 3, 300, 250));
      expect(await store.stats('default', 10, 10)).toMatchObject({
        active: 3,
        lengthSum: 9,
        lengths: [
          { length: 2, users: 1 },
          { length: 3, users: 1 },
          { length: 4, users: 1 },
        ],
      });
    });

    it('keeps the newest line when index writes arrive out of order', async () => {
      const store = target!.store();
      const connection = connect(target!.deployment);
      const context = {
        connection,
        keys: accountKeys(target!.prefix, store.account),
        maxAttempts: 1,
        onIndexError: () => {},
        written: writtenLines(),
        indexWrites: pendingWrites(),
        lost: lostCommits(() => {}),
      };
      try {
        await applyIndex(context, 'ann', 5, [line(5, 5, 500, 400)]);
        await applyIndex(context, 'ann', 4, [line(4, 5, 400, 300)]);
        await applyIndex(context, 'bob', 2, [line(0, 7, 0, 0)]);
        await applyIndex(context, 'bob', 1, [line(1, 1, 100, 50)]);
        expect(await store.stats('default', 0, 5)).toEqual({
          active: 1,
          lengthSum: 5,
          lengths: [{ length: 5, users: 1 }],
          topCurrent: [{ userId: 'ann', length: 5 }],
          topLongest: [
            { userId: 'bob', longest: 7 },
            { userId: 'ann', longest: 5 },
          ],
        });
        expect(await store.users(null, 10)).toEqual(['ann', 'bob']);
      } finally {
        await connection.close();
      }
    });

    it('agrees with the memory store over any sequence of lines and queries, at instants back and forth', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), async (ops) => {
          const redis = target!.store();
          const memory = memoryStore();
          for (const op of ops) {
            if (op.kind === 'put') {
              await put(redis, op.userId, line(op.entry.length, op.entry.longest, op.entry.deadAt, op.entry.expiresAt));
              await put(
                memory,
                op.userId,
                line(op.entry.length, op.entry.longest, op.entry.deadAt, op.entry.expiresAt),
              );
            } else if (op.kind === 'stats') {
              expect(await redis.stats('default', op.at, op.top)).toEqual(await memory.stats('default', op.at, op.top));
            } else {
              expect(await redis.expiring('default', op.at, op.before, op.limit)).toEqual(
                await memory.expiring('default', op.at, op.before, op.limit),
              );
            }
          }
          await redis.close();
        }),
        { numRuns: 40 },
      );
    });

    it('retires more dead streaks than one script call takes, without losing count', async () => {
      const store = target!.store();
      const connection = connect(target!.deployment);
      const context = {
        connection,
        keys: accountKeys(target!.prefix, store.account),
        maxAttempts: 1,
        onIndexError: () => {},
        written: writtenLines(),
        indexWrites: pendingWrites(),
        lost: lostCommits(() => {}),
      };
      try {
        const users = Array.from({ length: 4500 }, (_, i) => `u${String(i).padStart(5, '0')}`);
        for (let i = 0; i < users.length; i += 500) {
          await Promise.all(
            users
              .slice(i, i + 500)
              .map((userId, j) =>
                applyIndex(context, userId, 1, [line(1 + ((i + j) % 3), 3, (i + j) % 2 === 0 ? 50 : 150, 40)]),
              ),
          );
        }
        const stats = await store.stats('default', 100, 2);
        expect(stats.active).toBe(2250);
        expect(stats.lengths.reduce((sum, row) => sum + row.users, 0)).toBe(2250);
        expect(stats.lengthSum).toBe(stats.lengths.reduce((sum, row) => sum + row.length * row.users, 0));
        expect((await store.stats('default', 10, 2)).active).toBe(4500);
        expect(await store.expiring('default', 100, 1000, 3)).toEqual(
          ['u00001', 'u00003', 'u00005'].map((userId, i) => ({ userId, length: [2, 1, 3][i], expiresAt: 40 })),
        );
      } finally {
        await connection.close();
      }
    });
  });
}
