/**
 * The service on a Redis Cluster (REDIS_CLUSTER_NODES): two server processes' worth of servers share
 * a 3-node cluster started for the test on loopback ports, and stopped afterwards.
 */
import { parseSettings, startServer, type RunningServer } from '@kindling/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type RunningRedis } from '../packages/redis/test/cluster.js';

let cluster: RunningRedis;
const servers: RunningServer[] = [];

beforeAll(async () => {
  cluster = await startCluster(3);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await cluster?.stop();
});

async function start(): Promise<RunningServer> {
  const nodes = cluster.nodes.map((n) => `${n.host}:${n.port}`).join(',');
  const server = await startServer(
    parseSettings({
      REDIS_CLUSTER_NODES: nodes,
      KINDLING_CACHE_MS: '0',
      LOG_LEVEL: 'silent',
      KINDLING_DASHBOARD_DIR: '/nonexistent',
    }),
    { listen: false },
  );
  servers.push(server);
  return server;
}

describe('the service on a Redis Cluster', () => {
  it('records one user through two servers exactly once per event and reads the same streak from both', async () => {
    const a = await start();
    const b = await start();
    expect(a.firstStart).not.toBeNull();
    expect(b.firstStart).toBeNull();
    const key = a.firstStart!.applicationKey.key;
    const post = (server: RunningServer, user: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/metrics/lessons/event',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: { user: { id: user, tz: 'Asia/Tokyo' }, value: 1 },
      });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(i % 2 === 0 ? a : b, i % 3 === 0 ? 'kai' : `user-${i}`)),
    );
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    const kaiTotals = answers
      .filter((_, i) => i % 3 === 0)
      .map((r) => r.json().total)
      .sort((x, y) => x - y);
    expect(kaiTotals).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const reads = await Promise.all(
      [a, b].map((s) =>
        s.app.inject({ method: 'GET', url: '/v1/users/kai/streak?historyPeriods=2', headers: { 'x-api-key': key } }),
      ),
    );
    expect(reads[0]!.json()).toEqual(reads[1]!.json());
    expect(reads[0]!.json()).toMatchObject({ length: 1, frequency: 'daily' });
  });
});
