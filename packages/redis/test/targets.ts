/**
 * Test helper: the Redis deployments a suite runs against, a single Redis and a Cluster, each with
 * its own key prefix per test run, stores on fresh accounts, and a cleanup that deletes every key
 * under the prefix and stops what it started. A Redis that cannot be reached or started fails the
 * run in CI (CI set) and skips the suites elsewhere, with a warning that says why.
 */
import { Cluster, Redis } from 'ioredis';
import { redisStore, type RedisStore, type RedisStoreOptions } from '../src/redis-store.js';
import { startCluster, startRedis, type RunningRedis } from './cluster.js';

export type Deployment = { readonly url: string } | { readonly cluster: ReadonlyArray<{ host: string; port: number }> };

export interface RedisTarget {
  readonly name: 'single Redis' | 'Redis Cluster';
  readonly deployment: Deployment;
  /** this run's key prefix: every key the suite writes starts with it */
  readonly prefix: string;
  /** a store under this run's prefix, on a fresh account unless one is given */
  store(options?: Omit<RedisStoreOptions, 'url' | 'cluster' | 'keyPrefix'>): RedisStore & { readonly account: string };
  /** a raw client (closed by cleanup), for planting data the store would never write */
  client(): Redis | Cluster;
  /** deletes every key under the prefix, closes stores and clients, stops servers started here */
  cleanup(): Promise<void>;
}

export interface Targets {
  readonly single: RedisTarget | null;
  readonly cluster: RedisTarget | null;
  /** why a target is missing (the suites for it skip), or null */
  readonly missing: string | null;
}

let accounts = 0;

/** Whether a Redis answers PING at `url` within a second. */
export async function reachable(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Deletes every key matching `pattern` (a SCAN pattern) on a Redis or on every master of a Cluster: a test's own keys. */
export async function deleteKeysMatching(client: Redis | Cluster, pattern: string): Promise<void> {
  // One key per command: keys of different slots may not go together on a cluster.
  await Promise.all((await keysMatching(client, pattern)).map((key) => client.unlink(key)));
}

/** The SCAN patterns of the keys written under `prefix`: plain keys, and keys whose hash tag begins with it. */
export function keyPatternsOf(prefix: string): string[] {
  return [`${prefix}*`, `{${prefix}*`];
}

/** The client itself, or a Cluster's masters once it knows them (a new Cluster client lists none before it is ready). */
async function mastersOf(client: Redis | Cluster): Promise<Array<Redis>> {
  if (!(client instanceof Cluster)) return [client];
  if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  return client.nodes('master');
}

/** The keys matching `pattern` on a Redis or on every master of a Cluster. */
export async function keysMatching(client: Redis | Cluster, pattern: string): Promise<string[]> {
  const nodes = await mastersOf(client);
  const found: string[] = [];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
  }
  return found;
}

/**
 * Deletes every key a test wrote under `prefix` (a store's or a server's key prefix), and throws,
 * naming a few, if any key holding the prefix is left: a cleanup that misses a kind of key fails
 * where it is, not as a slowly fuller Redis.
 */
export async function deleteKeysUnder(client: Redis | Cluster, prefix: string): Promise<void> {
  for (const pattern of keyPatternsOf(prefix)) await deleteKeysMatching(client, pattern);
  const left = await keysMatching(client, `*${prefix}*`);
  if (left.length > 0) throw new Error(`keys of ${prefix} left in Redis: ${left.slice(0, 5).join(', ')}`);
}

function makeTarget(name: RedisTarget['name'], deployment: Deployment, servers: RunningRedis | null): RedisTarget {
  const prefix = `kltest-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const stores: RedisStore[] = [];
  const clients: Array<Redis | Cluster> = [];
  const newClient = () => {
    const client =
      'url' in deployment ? new Redis(deployment.url) : new Cluster(deployment.cluster.map((node) => ({ ...node })));
    client.on('error', () => {});
    return client;
  };
  return {
    name,
    deployment,
    prefix,
    store(options = {}) {
      const account = options.account ?? `acct-${++accounts}`;
      const store = Object.assign(redisStore({ ...deployment, ...options, keyPrefix: prefix, account }), { account });
      stores.push(store);
      return store;
    },
    client() {
      const client = newClient();
      clients.push(client);
      return client;
    },
    async cleanup() {
      try {
        for (const store of stores.splice(0)) await store.close();
        const client = newClient();
        clients.push(client);
        await deleteKeysUnder(client, `${prefix}:`);
      } finally {
        for (const client of clients.splice(0)) await client.quit().catch(() => client.disconnect());
        await servers?.stop();
      }
    },
  };
}

async function singleTarget(): Promise<RedisTarget> {
  const url = process.env.KINDLING_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await reachable(url)) return makeTarget('single Redis', { url }, null);
  const servers = await startRedis().catch((error: Error) => {
    throw new Error(`no Redis at ${url}, and none could be started: ${error.message}`);
  });
  const node = servers.nodes[0]!;
  return makeTarget('single Redis', { url: `redis://${node.host}:${node.port}` }, servers);
}

async function clusterTarget(): Promise<RedisTarget> {
  const servers = await startCluster(3).catch((error: Error) => {
    throw new Error(`no Redis Cluster could be started: ${error.message}`);
  });
  return makeTarget('Redis Cluster', { cluster: servers.nodes.map((node) => ({ ...node })) }, servers);
}

/**
 * The targets a suite asked for. Call it at the top level of a test file (before describe), and
 * clean up the targets in afterAll. In CI, a missing target throws (the file fails).
 */
export async function openTargets(
  wanted: { single?: boolean; cluster?: boolean } = { single: true, cluster: true },
): Promise<Targets> {
  const reasons: string[] = [];
  const open = async (make: () => Promise<RedisTarget>) =>
    make().catch((error: Error) => {
      reasons.push(error.message);
      return null;
    });
  const single = wanted.single === false ? null : await open(singleTarget);
  const cluster = wanted.cluster === false ? null : await open(clusterTarget);
  const missing = reasons.length === 0 ? null : reasons.join('; ');
  if (missing !== null) {
    if (process.env.CI) {
      await Promise.all([single?.cleanup(), cluster?.cleanup()]);
      throw new Error(`Redis suites cannot run in CI: ${missing}`);
    }
    console.warn(
      `\n!!! @kindling/redis: SKIPPING Redis suites: ${missing}\n!!! Install redis-server (apt-get install redis-server) or set KINDLING_REDIS_URL.\n`,
    );
  }
  return { single, cluster, missing };
}

/** The targets that are there, for describe.each-style loops. */
export function presentTargets(targets: Targets): RedisTarget[] {
  return [targets.single, targets.cluster].filter((target): target is RedisTarget => target !== null);
}
