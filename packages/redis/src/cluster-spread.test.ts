/**
 * One account on a Redis Cluster of three masters, through the real engine: its events' commands
 * spread over the nodes (the users' own keys by user, the account's structures by partition), what
 * the account reads back is what a single Redis answers for the same events, and a paused node that
 * serves most of the account's partitions holds up only the users whose own keys it serves; the
 * partition writes it missed land once it is back.
 */
import { createEngine, StoreError, type Engine, type Store } from '@kindling/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKeys } from './keys.js';
import { PARTITIONS } from './partition.js';
import { redisStore } from './redis-store.js';
import { startCluster, startRedis, type RunningRedis } from '../test/cluster.js';
import { deleteKeysMatching, reachable } from '../test/targets.js';

const DAY = 86_400_000;
const BASE = Date.parse('2026-03-02T12:00:00Z');
const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo'];
const STREAK = 'daily';
const STREAKS = [{ key: STREAK, frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] }];
/** a range of local days that holds every event's */
const FROM_DAY = '2026-02-25';
const TO_DAY = '2026-03-15';

interface Event {
  readonly userId: string;
  readonly at: number;
  readonly tz: string;
  readonly value: number;
}

/** Events recorded together, with the clock at `now`. */
interface Round {
  readonly now: number;
  readonly events: readonly Event[];
}

/**
 * `count` events per user, one a day apart, at different hours, in three zones; every fifth user
 * skips a day before the last event, so that some streaks are lost and start again.
 */
function makeRounds(users: readonly string[], count: number): Round[] {
  return Array.from({ length: count }, (_, round) => {
    const events = users.map((userId, i) => {
      const day = round === count - 1 && i % 5 === 4 ? round + 1 : round;
      return {
        userId,
        at: BASE + day * DAY + (i % 12) * 10 * 60_000,
        tz: ZONES[i % ZONES.length] as string,
        value: 1 + (i % 3),
      };
    });
    return { now: Math.max(...events.map((event) => event.at)) + 60_000, events };
  });
}

/** An engine on `store` with the daily streak rule, its clock at `clock()`. */
function engineOn(store: Store, clock: () => number): Engine {
  return createEngine({ store, clock, streaks: STREAKS });
}

/** Records each round's events together, the clock at the round's `now`. */
async function recordRounds(store: Store, rounds: readonly Round[]): Promise<void> {
  let now = rounds[0]?.now ?? BASE;
  const engine = engineOn(store, () => now);
  for (const round of rounds) {
    now = round.now;
    await Promise.all(round.events.map((event) => engine.record({ ...event, metric: 'lessons' })));
  }
}

/** A direct connection to one node, connected (its ready check done) before any counting. */
async function nodeClient(node: { host: string; port: number }): Promise<Redis> {
  const client = new Redis({ host: node.host, port: node.port, lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  await client.connect();
  return client;
}

async function commandsProcessed(client: Redis): Promise<number> {
  const info = await client.info('stats');
  const found = /total_commands_processed:(\d+)/.exec(info);
  if (found === null) throw new Error(`INFO stats has no total_commands_processed:\n${info}`);
  return Number(found[1]);
}

/** The EVALSHA and EVAL calls of INFO commandstats: the scripts a node ran. */
async function scriptsRun(client: Redis): Promise<number> {
  const info = await client.info('commandstats');
  let calls = 0;
  for (const found of info.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gm)) calls += Number(found[1]);
  return calls;
}

/** Every page of `read`, `after` the last item of the one before, concatenated. */
async function allPages<T, A>(read: (after: A | null) => Promise<T[]>, afterOf: (item: T) => A): Promise<T[]> {
  const all: T[] = [];
  for (let after: A | null = null; ; ) {
    const page = await read(after);
    all.push(...page);
    const last = page.at(-1);
    if (last === undefined) return all;
    after = afterOf(last);
  }
}

/** What the account reads back: the same reads on both deployments. */
async function readBack(store: Store, engine: Engine, at: number) {
  const before = at + 3 * DAY;
  return {
    engineStats: await engine.stats({ at, key: STREAK, top: 10 }),
    stats: await store.stats(STREAK, at, 50),
    activity: await store.activity(FROM_DAY, TO_DAY),
    countUsers: await store.countUsers(),
    users: await store.users(null, 1000),
    userPages: await allPages(
      (after: string | null) => store.users(after, 7),
      (userId) => userId,
    ),
    expiring: await engine.expiring({ before, at, key: STREAK, limit: 1000 }),
    expiringPages: await allPages(
      (after: { expiresAt: number; userId: string } | null) => store.expiring(STREAK, at, before, 7, after),
      (row) => ({ expiresAt: row.expiresAt, userId: row.userId }),
    ),
  };
}

const eventsCounted = async (store: Store) =>
  (await store.activity(FROM_DAY, TO_DAY)).days.reduce((sum, day) => sum + day.events, 0);

const cluster: RunningRedis | null = await startCluster(3, { requireFullCoverage: false }).catch((error: Error) => {
  if (process.env.CI) throw error;
  console.warn(
    `\n!!! @kindling/redis: SKIPPING the Redis Cluster spread suite: no Redis Cluster could be started: ${error.message}\n!!! Install redis-server (apt-get install redis-server).\n`,
  );
  return null;
});

describe.skipIf(cluster === null)('an account on a 3-node Redis Cluster', () => {
  const running = cluster as RunningRedis;
  const prefix = `kl-spread-${process.pid}-${Date.now()}`;
  const account = 'acme';
  const users = Array.from({ length: 200 }, (_, i) => `user-${i}`);
  const rounds = makeRounds(users, 3);
  const stores: Store[] = [];
  const open = (options: Parameters<typeof redisStore>[0]): Store => {
    const store = redisStore({ keyPrefix: prefix, ...options });
    stores.push(store);
    return store;
  };
  let single: { url: string; servers: RunningRedis | null };
  let counts: number[] = [];
  /** per node, the scripts run (EVALSHA and EVAL calls): one commit or one partition write each */
  let scripts: number[] = [];

  beforeAll(async () => {
    const url = process.env.KINDLING_REDIS_URL ?? 'redis://127.0.0.1:6379';
    if (await reachable(url)) single = { url, servers: null };
    else {
      const servers = await startRedis();
      const node = servers.nodes[0] as { host: string; port: number };
      single = { url: `redis://${node.host}:${node.port}`, servers };
    }

    // Counted on a direct connection to each node, made (and its ready check, an INFO, done) first.
    const clients = await Promise.all(running.nodes.map(nodeClient));
    try {
      // What counting counts of itself: CONFIG RESETSTAT is counted once it has run (the counter is
      // reset by the command, then the command is counted); INFO reports the count before its own.
      // Seen here on idle nodes (the cluster bus is not commands), and taken off below.
      await Promise.all(clients.map((client) => client.config('RESETSTAT')));
      const overhead = await Promise.all(clients.map(commandsProcessed));
      expect(overhead).toEqual(running.nodes.map(() => 1));

      const store = open({ cluster: running.nodes, account });
      // Before counting: the schema check, and the client's slot map and connections to every node
      // (a connection's ready check is an INFO), by reads of keys that hold nothing.
      await store.countUsers();
      await Promise.all(Array.from({ length: 30 }, (_, i) => store.version(`warm-up-${i}`)));
      await Promise.all(clients.map((client) => client.config('RESETSTAT')));
      await recordRounds(store, rounds);
      // close waits for the partition writes that follow the answers, then quits: nothing of the
      // store is sent after it (that they all landed before is checked by test 2's activity counts).
      await store.close();
      // Counted as they are, nothing taken off but the RESETSTAT. In them: the commands the Lua
      // scripts run (Redis counts each redis.call as a command: most of the count), the first
      // EVALSHA of a script on a node that answers NOSCRIPT and the EVAL ioredis sends then, the
      // QUIT of close (one a node), and any CLUSTER SLOTS the Cluster client asks a node for now and
      // then (every 5 s by default): a command or two at most, on whichever node it asks.
      counts = (await Promise.all(clients.map(commandsProcessed))).map((count) => count - 1);
      scripts = await Promise.all(clients.map(scriptsRun));
    } finally {
      await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
    }
    await recordRounds(open({ url: single.url, account }), rounds);
  }, 60_000);

  afterAll(async () => {
    for (const store of stores.splice(0)) await store.close().catch(() => {});
    if (single !== undefined) {
      const client = new Redis(single.url);
      client.on('error', () => {});
      try {
        await deleteKeysMatching(client, `${prefix}:*`);
      } finally {
        await client.quit().catch(() => client.disconnect());
        await single.servers?.stop();
      }
    }
    for (let i = 0; i < running.nodes.length; i++) running.resume(i);
    await running.stop();
  });

  it("spreads its events' commands over the nodes, none above half", () => {
    const total = counts.reduce((sum, count) => sum + count, 0);
    const shares = counts.map((count) => count / total);
    console.log(
      `[cluster spread] commands of ${users.length * rounds.length} events: ${counts
        .map((count, i) => `node ${i} (:${running.nodes[i]?.port}) ${count} (${((shares[i] ?? 0) * 100).toFixed(1)}%)`)
        .join(', ')}; total ${total} (scripts run per node: ${scripts.join('/')})`,
    );
    expect(counts).toHaveLength(3);
    for (const count of counts) expect(count).toBeGreaterThan(0);
    expect(Math.max(...shares)).toBeLessThanOrEqual(0.5);
  });

  it('reads back what a single Redis holds for the same events', async () => {
    const onCluster = open({ cluster: running.nodes, account });
    const onSingle = open({ url: single.url, account });
    const last = rounds.at(-1)?.now ?? BASE;
    // Every event counted once: every partition write landed before the counting stopped.
    expect(await eventsCounted(onCluster)).toBe(users.length * rounds.length);
    for (const at of [last, BASE + DAY + 6 * 3_600_000, last + DAY, last + 10 * DAY]) {
      const clusterReads = await readBack(
        onCluster,
        engineOn(onCluster, () => at),
        at,
      );
      const singleReads = await readBack(
        onSingle,
        engineOn(onSingle, () => at),
        at,
      );
      expect(clusterReads).toEqual(singleReads);
      expect(clusterReads.userPages).toEqual(clusterReads.users);
      expect(clusterReads.expiringPages.map((row) => row.userId)).toEqual(
        clusterReads.expiring.map((row) => row.userId),
      );
    }
    // Not empty answers that agree: the reads hold the events.
    const reads = await readBack(
      onCluster,
      engineOn(onCluster, () => last),
      last,
    );
    expect(reads.countUsers).toBe(users.length);
    expect(reads.users).toEqual([...users].sort());
    expect(reads.stats.active).toBeGreaterThan(100);
    expect(reads.stats.lengths.map((line) => line.length)).toEqual(expect.arrayContaining([1, 3]));
    expect(reads.activity.days.some((day) => day.lost > 0)).toBe(true);
    expect(reads.expiringPages.length).toBeGreaterThan(7);
  });

  it('keeps answering the users of the other nodes while the node of most of its partitions is paused, and counts their events once it is back', async () => {
    const pausedAccount = 'acme-paused';
    const timeoutMs = 1000;
    const keys = accountKeys(prefix, pausedAccount);
    const partitionNodes = keys.partitions.map((partition) => running.nodeOf(partition.users));
    const perNode = running.nodes.map((_, node) => partitionNodes.filter((n) => n === node).length);
    const paused = perNode.indexOf(Math.max(...perNode));
    const accountUsers = Array.from({ length: 60 }, (_, i) => `p-user-${i}`);
    const userNode = new Map(accountUsers.map((userId) => [userId, running.nodeOf(keys.user(userId).state)]));
    const isHealthy = (userId: string) => userNode.get(userId) !== paused;
    const partitionPaused = (userId: string) => partitionNodes[keys.partitionOf(userId).number] === paused;
    const healthyOnPausedPartition = accountUsers.filter((userId) => isHealthy(userId) && partitionPaused(userId));
    expect(keys.partitions).toHaveLength(PARTITIONS);
    expect(healthyOnPausedPartition.length).toBeGreaterThan(3);
    expect(accountUsers.filter((userId) => !isHealthy(userId)).length).toBeGreaterThan(3);

    const store = open({ cluster: running.nodes, account: pausedAccount, timeoutMs });
    const [first, ...duringPause] = makeRounds(accountUsers, 3) as [Round, ...Round[]];
    let now = first.now;
    const engine = engineOn(store, () => now);
    await store.countUsers();
    await Promise.all(first.events.map((event) => engine.record({ ...event, metric: 'lessons' })));

    type Outcome = { event: Event; ms: number; error: unknown };
    const outcomes: Outcome[] = [];
    running.pause(paused);
    try {
      for (const round of duringPause) {
        now = round.now;
        outcomes.push(
          ...(await Promise.all(
            round.events.map(async (event): Promise<Outcome> => {
              const start = performance.now();
              const error = await engine.record({ ...event, metric: 'lessons' }).then(
                () => null,
                (failed: unknown) => failed,
              );
              return { event, ms: performance.now() - start, error };
            }),
          )),
        );
      }
      // Still paused a moment: an update that ran out of time fails at once, while its command's own
      // timer may fire a moment later; a node answering in between would let the update go on and
      // commit (as the store says a late update may). Waited out, a failed event committed nothing.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      running.resume(paused);
    }
    const resumed = performance.now();

    const healthy = outcomes.filter((outcome) => isHealthy(outcome.event.userId));
    const stopped = outcomes.filter((outcome) => !isHealthy(outcome.event.userId));
    const viaPausedPartition = healthy.filter((outcome) => partitionPaused(outcome.event.userId));
    const slowest = (list: Outcome[]) => Math.round(Math.max(...list.map((outcome) => outcome.ms)));
    const fastest = (list: Outcome[]) => Math.round(Math.min(...list.map((outcome) => outcome.ms)));
    console.log(
      `[cluster spread] node ${paused} paused (${perNode[paused]} of ${PARTITIONS} partitions; per node ${perNode.join('/')}): ` +
        `${healthy.length} events of users on the other nodes, ${healthy.filter((o) => o.error === null).length} answered, slowest ${slowest(healthy)} ms ` +
        `(${viaPausedPartition.length} of them with their partition on the paused node, slowest ${slowest(viaPausedPartition)} ms); ` +
        `${stopped.length} events of users on the paused node, ${stopped.filter((o) => o.error instanceof StoreError).length} StoreErrors in ${fastest(stopped)}–${slowest(stopped)} ms`,
    );
    expect(healthy.filter((outcome) => outcome.error !== null || outcome.ms >= timeoutMs)).toEqual([]);
    expect(viaPausedPartition.length).toBeGreaterThan(0);
    expect(stopped.length).toBeGreaterThan(0);
    expect(stopped.filter((outcome) => !(outcome.error instanceof StoreError))).toEqual([]);
    expect(slowest(stopped)).toBeLessThan(timeoutMs + 500);

    // Once the node is back, the partition writes tried again land: the account counts exactly the
    // events that were answered, and reads back what a single Redis holds for those events alone.
    const acknowledged: Round[] = [
      first,
      ...duringPause.map((round) => ({
        now: round.now,
        events: round.events.filter((event) =>
          healthy.some((outcome) => outcome.event === event && outcome.error === null),
        ),
      })),
    ];
    const answered = acknowledged.reduce((sum, round) => sum + round.events.length, 0);
    await expect.poll(() => eventsCounted(store), { timeout: 20_000, interval: 250 }).toBe(answered);
    console.log(
      `[cluster spread] all ${answered} answered events counted ${Math.round(performance.now() - resumed)} ms after the node was resumed`,
    );
    const replay = open({ url: single.url, account: pausedAccount });
    await recordRounds(replay, acknowledged);
    const at = acknowledged.at(-1)?.now ?? BASE;
    expect(
      await readBack(
        store,
        engineOn(store, () => at),
        at,
      ),
    ).toEqual(
      await readBack(
        replay,
        engineOn(replay, () => at),
        at,
      ),
    );
  }, 60_000);
});
