/**
 * Two server processes on one Redis of the test's own, started with a low `maxclients` (30), and an
 * account with 300 tenants: each process records an event in every tenant's namespace (which opens
 * that namespace's store there), then reads streaks. A process keeps a fixed number of connections to
 * Redis however many namespaces it serves, so neither process is refused, nor is another client of
 * that Redis, and the count of connections after 300 namespaces is the count after the first few.
 */
import { execFile } from 'node:child_process';
import { connectRedis, type RedisConnection } from '@kindling/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../packages/redis/test/cluster.js';
import { built, type ServerProcess, startServerProcess } from './server-process.js';

if (!built) console.warn('\n*** e2e/faults SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n');

const TENANTS = 300;
const MAX_CLIENTS = 30;

let redis: RunningRedis;
let counter: RedisConnection;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!built) return;
  redis = await startRedis();
  const node = redis.nodes[0]!;
  // the test's own connection, made before the servers take any
  counter = connectRedis({ url: `redis://${node.host}:${node.port}` });
  await counter.client.config('SET', 'maxclients', String(MAX_CLIENTS));
  const env = {
    REDIS_URL: `redis://${node.host}:${node.port}`,
    KINDLING_REDIS_PREFIX: `faults-conn-${process.pid}`,
    KINDLING_RATE_LIMIT: '100000',
    KINDLING_RATE_BURST: '100000',
  };
  // one after the other: the first makes the first account
  servers.push(await startServerProcess({ env }));
  servers.push(await startServerProcess({ env }));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await counter?.close();
  await redis?.stop();
});

/** One request with a JSON body (or none); status and parsed answer, 0 when it could not be made. */
async function call(
  server: ServerProcess,
  path: string,
  options: { key: string; method?: string; body?: unknown; tenant?: string },
): Promise<{ status: number; json: any }> {
  try {
    const response = await fetch(`${server.url}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        'x-api-key': options.key,
        ...(options.tenant !== undefined ? { 'tenant-id': options.tenant } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, json: text === '' ? null : JSON.parse(text) };
  } catch {
    return { status: 0, json: null };
  }
}

/** Redis's count of its connected clients, the counting one taken off. */
async function connected(): Promise<number> {
  const info = await counter.run(counter.client.info('clients'));
  return Number(/connected_clients:(\d+)/.exec(info)?.[1]) - 1;
}

/** PING on a new connection (redis-cli): PONG, or why Redis refused it. */
function ping(): Promise<string> {
  const { host, port } = redis.nodes[0]!;
  return new Promise((resolve) =>
    execFile('redis-cli', ['-h', host, '-p', String(port), 'ping'], { timeout: 5000 }, (error, stdout, stderr) =>
      resolve(`${stdout}${stderr}`.trim() || String(error)),
    ),
  );
}

/** Statuses (with the error code, if any) as "status[:code]" → how many. */
function tally(answers: ReadonlyArray<{ status: number; json: any }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, json } of answers) {
    const label = json?.code === undefined ? String(status) : `${status}:${json.code}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

/** An event in each tenant's namespace on each process (which opens its store there), 10 at a time per process. */
async function recordInEveryTenant(key: string, tenants: readonly string[], user: string) {
  const answers: Array<{ status: number; json: any }> = [];
  await Promise.all(
    servers.map(async (server, s) => {
      for (let i = 0; i < tenants.length; i += 10)
        answers.push(
          ...(await Promise.all(
            tenants.slice(i, i + 10).map((tenant) =>
              call(server, '/api/metrics/lessons/event', {
                key,
                method: 'POST',
                tenant,
                body: { user: { id: `${user}-${s}`, tz: 'UTC' }, value: 1 },
              }),
            ),
          )),
        );
    }),
  );
  return answers;
}

describe.skipIf(!built)(`two processes serving ${TENANTS} tenants on a Redis of maxclients ${MAX_CLIENTS}`, () => {
  it('keep a fixed number of connections: no request is refused, and another client still connects', async () => {
    const operator = servers[0]!.firstStart!;
    const account = await call(servers[0]!, '/admin/v1/accounts', {
      key: operator.adminKey,
      method: 'POST',
      body: { name: 'many tenants' },
    });
    expect(account.status).toBe(201);
    const { adminKey, applicationKey } = account.json as { adminKey: string; applicationKey: string };
    expect(
      (await call(servers[0]!, '/admin/v1/metrics', { key: adminKey, method: 'POST', body: [{ name: 'lessons' }] }))
        .status,
    ).toBe(201);
    const tenants = Array.from({ length: TENANTS }, (_, i) => `t${i}`);
    for (let i = 0; i < TENANTS; i += 100) {
      const made = await call(servers[0]!, '/admin/v1/tenants', {
        key: adminKey,
        method: 'POST',
        body: tenants.slice(i, i + 100).map((customerId) => ({ customerId, name: customerId.toUpperCase() })),
      });
      expect(made.status).toBe(201);
    }

    const first = await recordInEveryTenant(applicationKey, tenants.slice(0, 5), 'first');
    expect(tally(first)).toEqual({ 201: 10 });
    const afterFew = await connected();

    const all = await recordInEveryTenant(applicationKey, tenants, 'all');
    const reads = await Promise.all(
      servers.flatMap((server) =>
        tenants.slice(-20).map((tenant) => call(server, '/v1/users/all-0/streak', { key: applicationKey, tenant })),
      ),
    );
    const afterAll = await connected();
    // a client that is not a Kindling process: refused when Kindling takes every connection
    const otherAnswer = await ping();
    console.log(
      `[${TENANTS} tenants, 2 processes, maxclients ${MAX_CLIENTS}] connections: ${afterFew} after 5 tenants, ${afterAll} after ${TENANTS}; events ${JSON.stringify(tally(all))}; reads ${JSON.stringify(tally(reads))}; another client: ${otherAnswer}`,
    );
    expect(tally(all)).toEqual({ 201: 2 * TENANTS });
    expect(tally(reads)).toEqual({ 200: 2 * 20 });
    expect(otherAnswer).toBe('PONG');
    expect(afterAll).toBe(afterFew);
    // the control plane, the delivery queue and every store of a process on one connection
    expect(afterAll).toBeLessThanOrEqual(servers.length);
    for (const server of servers) expect(server.stderr()).not.toMatch(/max number of clients/);
  });
});
