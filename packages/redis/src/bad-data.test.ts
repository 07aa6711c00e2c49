/**
 * Data the store did not write is a StoreError that names the key and the problem, never a silent
 * reset: a newer or unknown schema, a state that is not JSON, a key of the wrong type, a field
 * that does not parse. The bad value is still there afterwards.
 */
import { StoreError } from '@kindling/core';
import { newUser } from '@kindling/core/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { accountKeys } from './keys.js';
import { redisStore } from './redis-store.js';
import { SCHEMA_VERSION, SchemaError } from './schema.js';
import { findFreePort } from '../test/cluster.js';
import { openTargets, presentTargets } from '../test/targets.js';

const targets = await openTargets();
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

const first = (userId: string) => ({
  result: null,
  write: { user: { ...newUser(userId, 0), version: 1 }, history: [], rollups: [], index: [] },
});

/**
 * Rejects with a StoreError whose message contains every one of `parts`, and that is lasting: data
 * the store cannot read stays so whatever a client retries (500 STORE_DAMAGED over HTTP, not 503).
 */
async function expectStoreError(promise: Promise<unknown>, ...parts: string[]): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  for (const part of parts) expect((error as Error).message).toContain(part);
  expect((error as StoreError).lasting, (error as Error).message).toBe(true);
}

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`redisStore on ${target?.name ?? 'Redis'}: bad data`, () => {
    const setup = async () => {
      const store = target!.store();
      const keys = accountKeys(target!.prefix, store.account);
      await store.update('ann', () => first('ann'));
      return { store, keys, ann: keys.user('ann'), redis: target!.client() };
    };

    it('refuses an older, newer or unknown schema version with a SchemaError, and sets it on first use', async () => {
      const { store, keys, redis } = await setup();
      expect(await redis.get(keys.schema)).toBe(String(SCHEMA_VERSION));
      await redis.set(keys.schema, '1');
      const old = await target!
        .store({ account: store.account })
        .load('ann')
        .catch((error: unknown) => error);
      expect(old).toBeInstanceOf(SchemaError);
      expect(old).toMatchObject({ code: 'STORE_ERROR', found: '1', expected: SCHEMA_VERSION });
      expect((old as Error).message).toContain('schema version 1, the layout before compact user keys');
      expect(await redis.get(keys.schema)).toBe('1');
      await redis.set(keys.schema, String(SCHEMA_VERSION + 1));
      await expectStoreError(target!.store({ account: store.account }).load('ann'), keys.schema, 'newer');
      await redis.set(keys.schema, 'v1');
      await expectStoreError(target!.store({ account: store.account }).countUsers(), keys.schema, '"v1"');
      await redis.del(keys.schema);
      await redis.hset(keys.schema, 'version', '1');
      await expectStoreError(target!.store({ account: store.account }).users(null, 5), keys.schema, 'wrong type');
    });

    it('names a state that is not "<version> <JSON>", or not a state, and keeps it', async () => {
      const { store, ann, redis } = await setup();
      await redis.set(ann.state, 'not json');
      await expectStoreError(store.load('ann'), ann.state, '"<version> <JSON>"');
      await expectStoreError(store.version('ann'), ann.state, '"<version> <JSON>"');
      await expectStoreError(
        store.update('ann', () => first('ann')),
        ann.state,
      );
      expect(await redis.get(ann.state)).toBe('not json');
      await redis.set(ann.state, '1 {"id":"ann"}');
      await expectStoreError(store.load('ann'), ann.state, 'version');
      await redis.set(ann.state, '1 {"id":"ann"');
      await expectStoreError(store.load('ann'), ann.state, 'not JSON');
    });

    it('names keys of the wrong type in reads and in the commit script, and writes nothing', async () => {
      const { store, ann, redis } = await setup();
      await redis.del(ann.state);
      await redis.hset(ann.state, 'version', '1');
      await expectStoreError(store.load('ann'), ann.state, 'wrong type');
      await expectStoreError(store.version('ann'), ann.state, 'wrong type');
      await expectStoreError(
        store.update('ann', () => first('ann')),
        ann.state,
        'wrong type',
      );
      await redis.del(ann.state);
      await redis.set(ann.data, 'a string');
      await expectStoreError(store.journal('ann'), ann.data, 'wrong type');
      await expectStoreError(store.history('ann', 'default', 0, 5), ann.data, 'wrong type');
      const zone = { at: 5, from: null, to: 'UTC', days: { '0': 7 }, version: 1 };
      await expectStoreError(
        store.update('ann', () => ({ ...first('ann'), write: { ...first('ann').write, zoneChange: zone } })),
        ann.data,
        'holds a string where a hash was expected',
      );
      expect(await redis.exists(ann.state)).toBe(0);
    });

    it('names fields that do not parse: held periods, rollups, journal lines, stored responses', async () => {
      const { store, ann, redis } = await setup();
      await store.update('ann', ({ user }) => ({
        result: null,
        write: {
          user: { ...user!, version: 2 },
          history: [{ streak: 'default', period: 300, length: 1, heldBy: 'met' }],
          rollups: [],
          index: [],
        },
      }));
      await redis.hset(ann.data, 'hdefault:0', '@3=1x');
      await expectStoreError(store.history('ann', 'default', 0, 5), ann.data, 'hdefault:0');
      await expectStoreError(store.history('ann', 'default', -1e7, 1e7), ann.data, 'hdefault:0');
      await expectStoreError(
        store.update('ann', ({ user }) => ({
          result: null,
          write: {
            user: { ...user!, version: 3 },
            history: [{ streak: 'default', period: 3, length: 1, heldBy: 'met' }],
            rollups: [],
            index: [],
          },
        })),
        ann.data,
        'hdefault:0',
      );
      await redis.hdel(ann.data, 'hdefault:0');
      await redis.hset(ann.data, 'rlessons:0', Buffer.from([0x81]));
      await expectStoreError(store.journal('ann'), ann.data, 'rlessons:0');
      // A day before the series' tail: the update reads the older days to merge into them.
      const rollup = { metric: 'lessons', dayStart: 0, day: -5, value: 1, lastAt: 1, version: 3 };
      await expectStoreError(
        store.update('ann', ({ user }) => ({
          result: null,
          write: { user: { ...user!, version: 3 }, history: [], rollups: [rollup], index: [] },
        })),
        ann.data,
        'rlessons:0',
      );
      expect((await store.load('ann'))?.version).toBe(2);
      await redis.hdel(ann.data, 'rlessons:0');
      await redis.hset(ann.data, 'z9', '{"neither":1}');
      await expectStoreError(store.journal('ann'), ann.data, 'z9');
      await redis.hdel(ann.data, 'z9');
      await redis.hset(ann.data, 'q1', 'x');
      await expectStoreError(store.journal('ann'), ann.data, 'q1');
      await redis.hset(ann.idem, 'lessons:k', '[]');
      await expectStoreError(
        store.update('ann', () => ({ result: null }), { idempotency: { metric: 'lessons', key: 'k', notBefore: 0 } }),
        ann.idem,
        'lessons:k',
      );
    });

    it("names account keys of the wrong type: a partition's user list and index", async () => {
      const { store, keys, redis } = await setup();
      const partition = keys.partitionOf('ann');
      await redis.del(partition.users);
      await redis.set(partition.users, 'x');
      await expectStoreError(store.users(null, 5), partition.users, 'wrong type');
      await expectStoreError(store.countUsers(), partition.users, 'wrong type');
      const index = partition.index('default');
      await redis.set(index.dead, 'x');
      await expectStoreError(store.stats('default', 0, 5), index.dead, 'holds a string where a zset was expected');
      await expectStoreError(store.expiring('default', 0, 10, 5), index.dead);
    });

    it('keeps a committed write when its index line cannot be written, and says so through onIndexError', async () => {
      const { store, keys, redis } = await setup();
      const told: Array<{ error: unknown; userId: string }> = [];
      const watched = target!.store({
        account: store.account,
        onIndexError: (error, userId) => told.push({ error, userId }),
      });
      await redis.set(keys.partitionOf('ann').index('default').best, 'x');
      const line = { streak: 'default', length: 1, longest: 1, deadAt: 100, expiresAt: 50 };
      await watched.update('ann', ({ user }) => ({
        result: null,
        write: { user: { ...user!, version: 2 }, history: [], rollups: [], index: [line] },
      }));
      expect((await watched.load('ann'))?.version).toBe(2);
      // On a Cluster the index write follows the answer; a read of the index waits for the store's writes in flight.
      await watched.countUsers();
      expect(told).toHaveLength(1);
      expect(told[0]?.userId).toBe('ann');
      expect(told[0]?.error).toBeInstanceOf(StoreError);
      expect(String((told[0]!.error as Error).message)).toContain(keys.partitionOf('ann').index('default').best);
    });
  });
}

describe('redisStore without a server', () => {
  it('fails with a StoreError, not a hang, when Redis cannot be reached', async () => {
    const port = await findFreePort();
    const store = redisStore({ url: `redis://127.0.0.1:${port}` });
    try {
      // a store that cannot be reached may be reached on a retry: not lasting (503 over HTTP)
      const error = await store.load('ann').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as Error).message).toContain('redis failed');
      expect((error as StoreError).lasting).toBe(false);
    } finally {
      await store.close();
    }
  });
});
