/**
 * An account written by the adapter of schema version 2 (its user list, index lines and outbox
 * registry under the account's own tag), planted from a fixture that adapter made
 * (test-migration-workload.ts), is moved into partitions when a store first opens it: on a single
 * Redis and on a Cluster, it then answers every read as the memory store given the same workload
 * does, keeps answering so after more events, and two stores opening it at once, or a move stopped
 * half way and finished by the next store, give the same.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { memoryStore, type Store } from '@kindling/core';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type Connection } from './connection.js';
import { accountKeys, encodeMember, indexKeyList } from './keys.js';
import { migrateToPartitions } from './migrate-partitions.js';
import { SCHEMA_VERSION } from './schema.js';
import { restoreKeys, type DumpedKey } from '../test/key-dump.js';
import { DAY, END, runWorkload, USER_IDS, workloadEngine } from '../test/migration-workload.js';
import { openTargets, presentTargets } from '../test/targets.js';

const fixture = JSON.parse(
  gunzipSync(readFileSync(new URL('./fixtures/schema-2-account.json.gz', import.meta.url))).toString('utf8'),
) as { prefix: string; account: string; keys: DumpedKey[] };

const targets = await openTargets();
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

/** The memory store given the same workload: what every read is compared with. */
async function referenceStore(): Promise<Store> {
  const store = memoryStore();
  await runWorkload(store);
  return store;
}

let planted = 0;

/** What the store answers, for the comparison with the reference. */
async function answers(store: Store, at: number) {
  const paged: string[] = [];
  for (let after: string | null = null; ; ) {
    const page = await store.users(after, 7);
    paged.push(...page);
    if (page.length < 7) break;
    after = page[page.length - 1] as string;
  }
  return {
    count: await store.countUsers(),
    users: await store.users(null, 1000),
    paged,
    daily: await store.stats('daily', at, 10),
    weekly: await store.stats('weekly', at, 10),
    expiring: await store.expiring('daily', at, at + 2 * DAY, 30),
    activity: await store.activity('2026-03-01', '2026-03-20'),
    outbox: (await store.readOutbox(1000)).map((record) => record.entry.id).sort(),
    // The fixture's states carry the rules stamp of the version that made them (one digest, without
    // the note of the streak rules the engine now writes beside it): the stamp is the engine's
    // business, compared in core, not the store's.
    states: (await Promise.all(USER_IDS.slice(0, 12).map((id) => store.load(id)))).map((state) =>
      state === null ? null : { ...state, rulesFingerprint: undefined, streakRules: undefined },
    ),
  };
}

describe.each(presentTargets(targets))('an account of schema version 2 on $name', (target) => {
  /** The fixture planted under a new account of this run's prefix. */
  async function plant(): Promise<string> {
    const account = `moved${++planted}`;
    const client = target.client();
    await restoreKeys(client, fixture.keys, (key) => {
      if (!key.startsWith(`${fixture.prefix}:{${fixture.account}`)) throw new Error(`${key} is not the fixture's`);
      return `${target.prefix}:{${account}${key.slice(`${fixture.prefix}:{${fixture.account}`.length)}`;
    });
    return account;
  }

  it('is moved into partitions on open and answers as the memory store does, before and after more events', async () => {
    const account = await plant();
    const store = target.store({ account });
    const reference = await referenceStore();
    expect(await answers(store, END)).toEqual(await answers(reference, END));

    const client = target.client();
    const keys = accountKeys(target.prefix, account);
    expect(await client.get(keys.schema)).toBe(String(SCHEMA_VERSION));
    const old = keys.unpartitioned;
    const left = [
      old.users,
      old.registry.users,
      old.registry.heard,
      ...['daily', 'weekly'].flatMap((rule) => indexKeyList(old.index(rule))),
    ];
    expect(await Promise.all(left.map((key) => client.exists(key)))).toEqual(left.map(() => 0));
    // the users are spread over the partitions
    const sizes = await Promise.all(keys.partitions.map((p) => client.zcard(p.users)));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(USER_IDS.length);
    expect(sizes.filter((size) => size > 0).length).toBeGreaterThan(8);

    // Another day of events, on both.
    let now = END + DAY;
    for (const s of [store, reference]) {
      const engine = workloadEngine(s, () => now);
      for (const [i, userId] of USER_IDS.entries()) {
        if (i % 2 === 0) continue;
        now = END + DAY + i * 60_000;
        await engine.record({ userId, metric: 'lessons', value: 2, at: now });
      }
      now = END + 2 * DAY;
      await engine.settleDue({ at: now });
    }
    expect(await answers(store, now)).toEqual(await answers(reference, now));
  }, 60_000);

  it('is moved once when two stores open it at once', async () => {
    const account = await plant();
    const [a, b] = [target.store({ account }), target.store({ account })];
    const [fromA, fromB] = await Promise.all([answers(a, END), answers(b, END)]);
    const expected = await answers(await referenceStore(), END);
    expect(fromA).toEqual(expected);
    expect(fromB).toEqual(expected);
  }, 60_000);

  it('is moved on by the next store when a move stopped half way', async () => {
    const account = await plant();
    const keys = accountKeys(target.prefix, account);
    const connection = connect(target.deployment);
    // A connection that fails its 12th script call, as a process killed half way would stop.
    let calls = 0;
    const failing: Connection = {
      ...connection,
      runScript(name, scriptKeys, args) {
        if (++calls === 12) return Promise.reject(new Error('connection lost'));
        return connection.runScript(name, scriptKeys, args);
      },
    };
    try {
      await expect(migrateToPartitions(failing, keys)).rejects.toThrow(/stopped .* goes on where it stopped/);
    } finally {
      await connection.close();
    }
    const client = target.client();
    expect(await client.get(keys.schema)).toBe('2');
    expect(await answers(target.store({ account }), END)).toEqual(await answers(await referenceStore(), END));
  }, 60_000);

  it('moves every user, line and listing of an account larger than one batch', async () => {
    const account = `large${++planted}`;
    const keys = accountKeys(target.prefix, account);
    const client = target.client();
    const old = keys.unpartitioned;
    const ix = old.index('default');
    const count = 20_000;
    // planted as the version 2 adapter lays them out: every user active, every tenth with news
    for (let from = 0; from < count; from += 1000) {
      const writes: Array<Promise<unknown>> = [];
      for (let i = from; i < from + 1000; i++) {
        const member = encodeMember(`user-${i}`);
        const length = 1 + (i % 9);
        writes.push(
          client.zadd(old.users, 0, member),
          client.hset(ix.entry, member, `3 ${length} ${length} ${2e12 + i} ${2e12 + i - 5}`),
          client.zadd(ix.dead, 2e12 + i, member),
          client.zadd(ix.len, -length, member),
          client.zadd(ix.exp, 2e12 + i - 5, member),
          client.zadd(ix.best, -length, member),
        );
        if (i % 10 === 0) writes.push(client.zadd(old.registry.users, 1e15 + i, member));
        // every user heard of by the registry, most of them no longer listed
        writes.push(client.hset(old.registry.heard, member, String(1 + (i % 5))));
      }
      await Promise.all(writes);
    }
    await client.set(keys.schema, '2');
    const store = target.store({ account });
    expect(await store.countUsers()).toBe(count);
    const stats = await store.stats('default', 0, 3);
    expect(stats.active).toBe(count);
    expect(stats.lengthSum).toBe(Array.from({ length: count }, (_, i) => 1 + (i % 9)).reduce((a, b) => a + b, 0));
    // 20,000 = 9 × 2,222 + 2: lengths 1 and 2 have one user more
    expect(stats.lengths).toEqual(Array.from({ length: 9 }, (_, k) => ({ length: k + 1, users: k < 2 ? 2223 : 2222 })));
    expect(stats.topLongest.map((row) => row.userId)).toEqual(['user-10007', 'user-10016', 'user-10025']);
    const listed = await Promise.all(keys.partitions.map((p) => client.zcard(p.registry.users)));
    expect(listed.reduce((a, b) => a + b, 0)).toBe(count / 10);
    const heard = await Promise.all(keys.partitions.map((p) => client.hlen(p.registry.heard)));
    expect(heard.reduce((a, b) => a + b, 0)).toBe(count);
    expect(await client.exists(old.users, ix.entry, ix.dead, old.registry.users, old.registry.heard)).toBe(0);
  }, 60_000);
});
