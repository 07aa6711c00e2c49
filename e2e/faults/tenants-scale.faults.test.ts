/**
 * Many tenants must not cost the idle server: a server process on SQLite, and one on a Redis of the
 * file's own, each with one account holding TENANTS tenants (made through the admin API in batches
 * of 100, the most a call takes), and no endpoint on. Measured beside the same server before the
 * tenants were made: the process's CPU while idle (from /proc/<pid>/stat over a few seconds) and
 * the event p99 of another account (the first start's). The targets are < 10% CPU and ≤ 1.5× the
 * p99 with 10,000 tenants (`pnpm bench:tenants` measures those); the bounds here are looser, for a
 * busy 2-core machine, and still far below what a server whose background work walks every
 * namespace does (80–97% CPU and events timing out at 3,000).
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningRedis, startRedis } from '../../packages/redis/test/cluster.js';
import { built, type ServerProcess, sleep, startServerProcess } from './server-process.js';

const TENANTS = 3_000;
/** idle CPU of the process, percent of one core */
const MAX_IDLE_CPU = 20;
/** another account's event p99 with the tenants, against the same without */
const MAX_P99_RATIO = 3;
/** a p99 this much above the one without tenants passes whatever the ratio (a few ms measured are noise) */
const P99_SLACK_MS = 40;

const dir = mkdtempSync(join(tmpdir(), 'kindling-tenants-scale-'));
let redis: RunningRedis | undefined;
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The process's CPU time so far, in seconds (user + system, from /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Idle {
  cpuPercent: number;
  p99: number;
  events: number;
}

/** For `ms`: events of the first start's account one after the other, 50 ms apart; the process's CPU and their p99. */
async function measureIdle(server: ServerProcess, applicationKey: string, ms: number): Promise<Idle> {
  const pid = server.child.pid!;
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  const latencies: number[] = [];
  while (performance.now() - t0 < ms) {
    const start = performance.now();
    const answer = await fetch(`${server.url}/api/metrics/lessons/event`, {
      method: 'POST',
      headers: { 'X-API-KEY': applicationKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { id: `other-${latencies.length % 20}`, tz: 'UTC' }, value: 1 }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    await answer?.arrayBuffer();
    latencies.push(answer?.status === 201 ? performance.now() - start : 10_000);
    await sleep(50);
  }
  const cpuPercent = ((cpuSeconds(pid) - cpu0) / ((performance.now() - t0) / 1000)) * 100;
  latencies.sort((a, b) => a - b);
  return {
    cpuPercent: Math.round(cpuPercent * 10) / 10,
    p99: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]! * 10) / 10,
    events: latencies.length,
  };
}

async function admin(server: ServerProcess, key: string, method: string, path: string, body: unknown) {
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

/** A server with one account of TENANTS tenants: the idle measures without and with them. */
async function measureTenants(args: string[], env: Record<string, string>): Promise<{ none: Idle; many: Idle }> {
  const server = await startServerProcess({
    args,
    env: { ...env, KINDLING_RATE_LIMIT: '100000', KINDLING_RATE_BURST: '100000' },
  });
  try {
    const keys = server.firstStart!;
    const account = await admin(server, keys.adminKey, 'POST', '/admin/v1/accounts', { name: 'many tenants' });
    expect(account.status).toBe(201);
    const manyKey = account.json.adminKey as string;
    await sleep(1_000);
    const none = await measureIdle(server, keys.applicationKey, 4_000);
    for (let i = 0; i < TENANTS; i += 100) {
      const made = await admin(
        server,
        manyKey,
        'POST',
        '/admin/v1/tenants',
        Array.from({ length: 100 }, (_, j) => ({ customerId: `t${i + j}`, name: `Tenant ${i + j}` })),
      );
      expect(made.status).toBe(201);
    }
    await sleep(1_500);
    const many = await measureIdle(server, keys.applicationKey, 4_000);
    console.log(JSON.stringify({ args: args[0], tenants: TENANTS, none, many }));
    return { none, many };
  } finally {
    await server.stop();
  }
}

describe.skipIf(!built)(`an account with ${TENANTS.toLocaleString('en')} tenants`, () => {
  it("leaves the idle server's CPU low and another account's events as fast, on SQLite", async () => {
    const { none, many } = await measureTenants(['--data', join(dir, 'sqlite')], {});
    expect(many.cpuPercent).toBeLessThan(MAX_IDLE_CPU);
    expect(many.p99).toBeLessThanOrEqual(Math.max(none.p99 * MAX_P99_RATIO, none.p99 + P99_SLACK_MS));
  });

  it("leaves the idle server's CPU low and another account's events as fast, on Redis", async () => {
    redis = await startRedis();
    const node = redis.nodes[0]!;
    const { none, many } = await measureTenants(['--redis', `redis://${node.host}:${node.port}`], {
      KINDLING_REDIS_PREFIX: 'tenants-scale',
    });
    expect(many.cpuPercent).toBeLessThan(MAX_IDLE_CPU);
    expect(many.p99).toBeLessThanOrEqual(Math.max(none.p99 * MAX_P99_RATIO, none.p99 + P99_SLACK_MS));
  });
});
