/**
 * The outbox on a single Redis and on a Redis Cluster, beyond the shared conformance cases: many
 * entries read a chunk at a time and merged across users, positions that are not the store's,
 * accounts kept apart, the registry following what the users' slots hold while writes and removals
 * race, and an entry whose listing was lost found after the user's next news.
 */
import { StoreError, type Store } from '@kindling/core';
import type { OutboxEntry } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { accountKeys } from './keys.js';
import { openTargets, presentTargets } from '../test/targets.js';

const targets = await openTargets();
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

function entries(userId: string, version: number, count: number): OutboxEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${userId}/${version}/${i}`,
    userId,
    at: 1_000 + version,
    version,
    change: { type: 'achievement.completed', achievement: 'hello', name: 'Hello' },
    streak: null,
    user: { email: null, tz: null, firstSeenAt: 0 },
  }));
}

/** Commits the user's next version with `count` outbox entries; the ids written. */
async function writeNews(store: Store, userId: string, count: number): Promise<string[]> {
  return store.update(userId, ({ user }) => {
    const state = user ?? newUser(userId, 0);
    const next = { ...state, version: state.version + 1 };
    const news = entries(userId, next.version, count);
    return { result: news.map((e) => e.id), write: { user: next, history: [], rollups: [], index: [], outbox: news } };
  });
}

const idsOf = (records: ReadonlyArray<{ entry: OutboxEntry }>) => records.map((r) => r.entry.id);

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`redisStore on ${target?.name ?? 'Redis'}: outbox`, () => {
    /** The registry of ann's partition, and the users' outbox keys. */
    const registryOf = (store: { account: string }) => {
      const keys = accountKeys(target!.prefix, store.account);
      return { ...keys.partitionOf('ann').registry, user: keys.outbox.user };
    };
    /** Users listed and users heard of, over every partition. */
    const registryCounts = async (store: { account: string }) => {
      const redis = target!.client();
      const { partitions } = accountKeys(target!.prefix, store.account);
      const listed = await Promise.all(partitions.map((p) => redis.zcard(p.registry.users)));
      const heard = await Promise.all(partitions.map((p) => redis.hlen(p.registry.heard)));
      return { listed: listed.reduce((a, b) => a + b, 0), heard: heard.reduce((a, b) => a + b, 0) };
    };

    it("hands out a user's many entries in commit order across several reads of its slot, merged with others' by commit instant", async () => {
      const store = target!.store();
      const written: string[] = [];
      for (let round = 0; round < 4; round++) {
        written.push(...(await writeNews(store, 'ann', 12)));
        written.push(...(await writeNews(store, 'bob', 1)));
        written.push(...(await writeNews(store, 'cat{x}:1', 3)));
      }
      expect(idsOf(await store.readOutbox(1000))).toEqual(written);
      expect(idsOf(await store.readOutbox(30))).toEqual(written.slice(0, 30));
      const first = await store.readOutbox(20);
      await store.removeOutbox(first.map((r) => r.position));
      expect(idsOf(await store.readOutbox(1000))).toEqual(written.slice(20));
    });

    it('ignores positions that are not its own: garbage, __proto__, those of another account, those removed already', async () => {
      const one = target!.store();
      const other = target!.store();
      for (const store of [one, other]) {
        await writeNews(store, 'ann', 2);
        await writeNews(store, '__proto__', 1);
      }
      const mine = await one.readOutbox(10);
      const theirs = await other.readOutbox(10);
      expect(idsOf(mine)).toEqual(idsOf(theirs));
      await one.removeOutbox([
        '',
        '__proto__',
        'constructor',
        '1:2:3:4',
        '::::',
        `${mine[0]!.position}:0`,
        `x${mine[0]!.position}`,
        mine[0]!.position.replace(/:\d+$/, ':1'),
        ...theirs.map((r) => r.position),
      ]);
      expect(await one.readOutbox(10)).toEqual(mine);
      await one.removeOutbox([mine[2]!.position]);
      await one.removeOutbox([mine[2]!.position, mine[2]!.position]);
      expect(idsOf(await one.readOutbox(10))).toEqual(idsOf([mine[0]!, mine[1]!]));
      expect(await other.readOutbox(10)).toEqual(theirs);
    });

    it('refuses a limit that is not a whole number from 1 to 1000', async () => {
      const store = target!.store();
      for (const limit of [0, -1, 1.5, 1001, Number.NaN])
        await expect(store.readOutbox(limit)).rejects.toThrow(StoreError);
    });

    it('takes a user off the registry once their entries are gone, and lists them again with their next news', async () => {
      const store = target!.store();
      await writeNews(store, 'ann', 2);
      await writeNews(store, 'bob', 1);
      await store.removeOutbox(
        (await store.readOutbox(10)).filter((r) => r.entry.userId === 'ann').map((r) => r.position),
      );
      expect((await registryCounts(store)).listed).toBe(1);
      await store.removeOutbox((await store.readOutbox(10)).map((r) => r.position));
      expect(await registryCounts(store)).toEqual({ listed: 0, heard: 0 });
      const again = await writeNews(store, 'ann', 1);
      expect(idsOf(await store.readOutbox(10))).toEqual(again);
    });

    it('writes nothing more for writes without news: no outbox key, no registry', async () => {
      const store = target!.store();
      const redis = target!.client();
      await store.update('ann', () => ({
        result: null,
        write: { user: { ...newUser('ann', 0), version: 1 }, history: [], rollups: [], index: [], outbox: [] },
      }));
      const keys = registryOf(store);
      expect(await registryCounts(store)).toEqual({ listed: 0, heard: 0 });
      expect(await redis.exists(keys.user('ann').entries)).toBe(0);
      expect(await redis.exists(keys.user('ann').last)).toBe(0);
      expect(await store.readOutbox(10)).toEqual([]);
    });

    it('loses no entry and hands none out twice once removed while two stores write news and read and remove at once', async () => {
      const writer = target!.store();
      const reader = target!.store({ account: writer.account });
      const users = ['ann', 'bob', 'cat', 'dan'];
      const written = new Set<string>();
      const seen: string[] = [];
      let writing = true;
      const writes = (async () => {
        for (let round = 0; round < 15; round++)
          await Promise.all(
            users.map(async (u) => {
              for (const id of await writeNews(writer, u, 1 + (round % 3))) written.add(id);
            }),
          );
        writing = false;
      })();
      while (writing) {
        const records = await reader.readOutbox(7);
        seen.push(...idsOf(records));
        await reader.removeOutbox(records.map((r) => r.position));
      }
      await writes;
      // on a Cluster the writer's listings follow its commits: a read of the writer's waits for them
      await writer.countUsers();
      for (;;) {
        const records = await reader.readOutbox(50);
        if (records.length === 0) break;
        seen.push(...idsOf(records));
        await reader.removeOutbox(records.map((r) => r.position));
      }
      // each entry read once (one reader removing what it read), every entry found
      expect(seen).toHaveLength(written.size);
      expect(new Set(seen)).toEqual(written);
      // and each user's in commit order
      for (const u of users) {
        const versions = seen.filter((id) => id.startsWith(`${u}/`)).map((id) => Number(id.split('/')[1]));
        expect(versions).toEqual([...versions].sort((a, b) => a - b));
      }
      expect((await registryCounts(writer)).listed).toBe(0);
    });

    it.skipIf(target?.name !== 'single Redis')(
      "commits neither the write nor its news when the registry of the user's partition holds a value of the wrong type",
      async () => {
        const store = target!.store();
        const redis = target!.client();
        await writeNews(store, 'ann', 1);
        await redis.del(registryOf(store).users);
        await redis.set(registryOf(store).users, 'x');
        await expect(writeNews(store, 'ann', 1)).rejects.toThrow(StoreError);
        expect(await store.version('ann')).toBe(1);
        expect(await redis.zcard(registryOf(store).user('ann').entries)).toBe(1);
      },
    );

    it.skipIf(target?.name !== 'Redis Cluster')(
      "finds an entry whose listing in the partition's slot was given up, after the user's next write with news",
      async () => {
        const told: string[] = [];
        const store = target!.store({ onIndexError: (error) => told.push(error.message) });
        const redis = target!.client();
        const registry = registryOf(store);
        // the partition's slot refuses the listing (a foreign value where the registry goes): given up at once
        await redis.set(registry.users, 'x');
        const lost = await writeNews(store, 'ann', 2);
        await expect(store.readOutbox(10)).rejects.toThrow(StoreError);
        expect(told).toHaveLength(1);
        expect(told[0]).toContain('not listed for readOutbox');
        await redis.del(registry.users);
        // committed, not listed: not found yet
        expect(await store.version('ann')).toBe(1);
        expect(await store.readOutbox(10)).toEqual([]);
        // the user's next news lists the user at their oldest entry
        const next = await writeNews(store, 'ann', 1);
        expect(idsOf(await store.readOutbox(10))).toEqual([...lost, ...next]);
      },
    );
  });
}
