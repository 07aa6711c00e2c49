/**
 * How many connections a process keeps to one Redis: a fixed number however many stores (accounts,
 * namespaces) it opens, with the control plane and the delivery queue on the same client, released
 * with the last of them. Counted as Redis counts them (`connected_clients` of INFO, on every node of
 * a Cluster), on servers of this file's own so that no other client of a shared Redis moves the count.
 */
import { StoreError, type Store } from '@kindling/core';
import type { UserState } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { type Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from './connection.js';
import { redisControlKV } from './control-kv.js';
import { redisDeliveryQueue } from './delivery-queue.js';
import { redisStore } from './redis-store.js';
import { redisStoreNames } from './store-names.js';
import { startCluster, startRedis, type RunningRedis } from '../test/cluster.js';

const STORES = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `userId`'s first version (1). */
function writeFirst(store: Store, userId: string): Promise<unknown> {
  return store.update(userId, ({ user }) => {
    const state: UserState = user ?? newUser(userId, 1_000);
    state.version += 1;
    return { result: null, write: { user: state, history: [], rollups: [], index: [] } };
  });
}

type Place = { readonly url: string } | { readonly cluster: ReadonlyArray<{ host: string; port: number }> };

interface Counted {
  readonly name: string;
  readonly place: Place;
  /** the clients of every node but the counting ones */
  count(): Promise<number>;
  /** waits (up to 5 s) for the count to settle at `expected`, answering the last count seen */
  settlesAt(expected: number): Promise<number>;
  stop(): Promise<void>;
}

async function counted(name: string, servers: RunningRedis, place: Place): Promise<Counted> {
  const counters = servers.nodes.map((node) => {
    const client = new Redis({ host: node.host, port: node.port, lazyConnect: true, maxRetriesPerRequest: 1 });
    client.on('error', () => {});
    return client;
  });
  await Promise.all(counters.map((client) => client.connect()));
  const count = async () => {
    const infos = await Promise.all(counters.map((client) => client.info('clients')));
    const total = infos.reduce((sum, info) => sum + Number(/connected_clients:(\d+)/.exec(info)?.[1]), 0);
    return total - counters.length;
  };
  return {
    name,
    place,
    count,
    async settlesAt(expected) {
      const deadline = Date.now() + 5000;
      let seen = await count();
      while (seen !== expected && Date.now() < deadline) {
        await sleep(50);
        seen = await count();
      }
      return seen;
    },
    async stop() {
      for (const client of counters) client.disconnect();
      await servers.stop();
    },
  };
}

const targets: Counted[] = [];
beforeAll(async () => {
  const single = await startRedis();
  const node = single.nodes[0]!;
  targets.push(await counted('a single Redis', single, { url: `redis://${node.host}:${node.port}` }));
  const cluster = await startCluster(3);
  targets.push(await counted('a Redis Cluster', cluster, { cluster: cluster.nodes.map((n) => ({ ...n })) }));
}, 60_000);
afterAll(async () => {
  for (const target of targets) await target.stop();
});

let run = 0;
/** `count` stores of one prefix under different account names, each asked once (so connected). */
async function openStores(place: Place, count: number): Promise<{ prefix: string; stores: Store[] }> {
  const prefix = `shared-conn:${process.pid}-${++run}`;
  const stores = Array.from({ length: count }, (_, i) => redisStore({ ...place, keyPrefix: prefix, account: `a${i}` }));
  await Promise.all(stores.map((store) => store.countUsers()));
  return { prefix, stores };
}

/** Asks each node something, so that a Cluster client has connected to all of them. */
async function touchEveryNode(store: Store): Promise<void> {
  await Promise.all(Array.from({ length: 30 }, (_, i) => store.version(`touch-${i}`)));
}

describe.each([
  { index: 0, name: 'a single Redis' },
  { index: 1, name: 'a Redis Cluster' },
])('stores on $name', ({ index }) => {
  /** one connection to a single Redis; on a Cluster one to each of its 3 nodes */
  const fixed = index === 0 ? 1 : 3;
  const target = () => targets[index]!;

  it(`opens a fixed number of connections for ${STORES} stores of different accounts, the control plane and the delivery queue`, async () => {
    const { place } = target();
    const before = await target().count();
    const one = await openStores(place, 1);
    await touchEveryNode(one.stores[0]!);
    const forOne = (await target().settlesAt(before + fixed)) - before;
    const many = await openStores(place, STORES);
    const control = redisControlKV({ ...place, prefix: `${one.prefix}:control:` });
    const queue = redisDeliveryQueue({ ...place, prefix: `${one.prefix}:deliveries:` });
    await control.put('k', 'v');
    expect(await queue.count()).toEqual({ pending: 0, failed: 0 });
    for (const store of many.stores.slice(0, 5)) await touchEveryNode(store);
    const forAll = (await target().settlesAt(before + forOne)) - before;
    console.log(
      `[${target().name}] connections: ${forOne} for one store, ${forAll} for ${STORES + 1} stores, a control plane and a delivery queue`,
    );
    expect(forOne).toBe(fixed);
    expect(forAll).toBe(forOne);
    for (const store of [...one.stores, ...many.stores]) await store.close();
    await control.close();
    await queue.close();
    expect(await target().settlesAt(before)).toBe(before);
  });

  it('keeps serving the other stores, the control plane and the queue after one store closes; the closed one answers with a StoreError', async () => {
    const { place } = target();
    const before = await target().count();
    const { prefix, stores } = await openStores(place, 3);
    const [closed, kept, other] = stores as [Store, Store, Store];
    const control = redisControlKV({ ...place, prefix: `${prefix}:control:` });
    const queue = redisDeliveryQueue({ ...place, prefix: `${prefix}:deliveries:` });
    await closed.close();
    await expect(closed.load('ann')).rejects.toThrow(StoreError);
    await expect(closed.countUsers()).rejects.toThrow(/redis connection closed/);
    await writeFirst(kept, 'ann');
    expect(await kept.version('ann')).toBe(1);
    expect(await other.load('ann')).toBeNull();
    expect(await other.countUsers()).toBe(0);
    // the control plane's compare-and-set script and the queue's scripts, on the client the stores share
    expect(await control.swap('doc', null, 'one')).toBe(true);
    expect(await control.swap('doc', 'two', 'three')).toBe(false);
    expect(await control.get('doc')).toBe('one');
    expect(await queue.count()).toEqual({ pending: 0, failed: 0 });
    await kept.close();
    await other.close();
    await control.close();
    await control.close();
    await expect(control.get('doc')).rejects.toThrow(StoreError);
    expect(await target().count()).toBeGreaterThan(before);
    await queue.close();
    expect(await target().settlesAt(before)).toBe(before);
  });

  it('loads its scripts again on the shared client after Redis forgot them (SCRIPT FLUSH), for every store and the control plane', async () => {
    const { place } = target();
    const { prefix, stores } = await openStores(place, 2);
    const control = redisControlKV({ ...place, prefix: `${prefix}:control:` });
    const queue = redisDeliveryQueue({ ...place, prefix: `${prefix}:deliveries:` });
    expect(await control.swap('doc', null, 'one')).toBe(true);
    expect(await stores[0]!.stats('default', 0, 5)).toMatchObject({ active: 0 });
    const flush = connect(place);
    if ('url' in place) await flush.client.script('FLUSH');
    else await Promise.all((flush.client as Cluster).nodes('master').map((node) => node.script('FLUSH')));
    await flush.close();
    expect(await control.swap('doc', 'one', 'two')).toBe(true);
    expect(await stores[1]!.stats('default', 0, 5)).toMatchObject({ active: 0 });
    expect(await stores[0]!.stats('default', 0, 5)).toMatchObject({ active: 0 });
    expect(await queue.count()).toEqual({ pending: 0, failed: 0 });
    for (const store of stores) await store.close();
    await control.close();
    await queue.close();
  });

  it('opens a new connection for a store opened after the last one closed, and a scan of store names uses the open one', async () => {
    const { place } = target();
    const before = await target().count();
    const first = await openStores(place, 2);
    await touchEveryNode(first.stores[0]!);
    expect(await target().settlesAt(before + fixed)).toBe(before + fixed);
    expect(await redisStoreNames({ ...place, keyPrefix: first.prefix })).toEqual(['a0', 'a1']);
    expect(await target().count()).toBe(before + fixed);
    for (const store of first.stores) await store.close();
    expect(await target().settlesAt(before)).toBe(before);
    const again = await openStores(place, 1);
    await writeFirst(again.stores[0]!, 'bob');
    expect(await again.stores[0]!.version('bob')).toBe(1);
    await again.stores[0]!.close();
    expect(await target().settlesAt(before)).toBe(before);
  });
});

describe('stores of other settings on one Redis', () => {
  it('each get a client of their own: another database, another timeout', async () => {
    const target = targets[0]!;
    const { url } = target.place as { url: string };
    const before = await target.count();
    const stores = [
      redisStore({ url, keyPrefix: 'shared-conn:db', account: 'a' }),
      redisStore({ url, keyPrefix: 'shared-conn:db', account: 'b' }),
      redisStore({ url: `${url}/1`, keyPrefix: 'shared-conn:db', account: 'a' }),
      redisStore({ url, keyPrefix: 'shared-conn:db', account: 'c', timeoutMs: 1500 }),
    ];
    await Promise.all(stores.map((store) => store.countUsers()));
    expect(await target.settlesAt(before + 3)).toBe(before + 3);
    // database 1 holds its own data: the same account in database 0 does not see it
    await writeFirst(stores[2]!, 'ann');
    expect(await stores[2]!.countUsers()).toBe(1);
    expect(await stores[0]!.load('ann')).toBeNull();
    for (const store of stores) await store.close();
    expect(await target.settlesAt(before)).toBe(before);
  });

  it('refuses a script name defined twice with different bodies', () => {
    const { place } = targets[0]!;
    const one = connect(place);
    const two = connect(place);
    try {
      one.defineScripts({ kindlingTestOnly: 'return 1' });
      two.defineScripts({ kindlingTestOnly: 'return 1' });
      expect(() => two.defineScripts({ kindlingTestOnly: 'return 2' })).toThrow(/already defined/);
    } finally {
      void one.close();
      void two.close();
    }
  });
});
