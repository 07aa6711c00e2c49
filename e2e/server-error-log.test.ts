/**
 * The built server's error log holds failures only: a 500 INTERNAL (a bug) is logged as an error
 * with its stack, a 503 as a warning, and an answer the server chose (a 4xx, or 501 NOT_SUPPORTED
 * for a hosted-service route it does not serve) is not logged at the default level: any key holder
 * could otherwise fill the log and trip alerts on 5xx errors with ordinary requests. Runs the built
 * CLI (CI builds before testing); skipped, loudly, when packages/server/dist is missing.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startRedis } from '../packages/redis/test/cluster.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));
if (!built)
  console.warn(
    '\n*** e2e/server-error-log.test.ts SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n',
  );
const BIN = join(root, 'packages/server/bin/kindling.mjs');

/** Starts the built CLI with `extra` environment; its URL, application key (on a first start), everything it printed, and a stop. */
async function launch(dir: string, extra: Record<string, string> = {}, firstStart = true) {
  // The default LOG_LEVEL (warn): what an operator's log holds.
  const { LOG_LEVEL: _level, ...env } = process.env;
  const child = spawn(
    process.execPath,
    [BIN, 'start', '--port', '0', '--host', '127.0.0.1', '--data', join(dir, 'data')],
    {
      env: { ...env, KINDLING_DASHBOARD_DIR: join(dir, 'no-dashboard'), ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const out = { printed: '' };
  child.stdout.on('data', (chunk: Buffer) => (out.printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out.printed += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start in 20 s:\n${out.printed}`)), 20_000);
      child.stdout.on('data', () => {
        const url = /Kindling is running at (\S+)/.exec(out.printed)?.[1];
        // a later start prints no keys
        const key = firstStart ? /application key +(\S+)/.exec(out.printed)?.[1] : '';
        if (url !== undefined && key !== undefined) {
          clearTimeout(timer);
          resolve({ url, key });
        }
      });
    });
    return { url, key, out, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

describe.skipIf(!built)('the error log of the built server', () => {
  it('holds no line for answers the server chose: 501 NOT_SUPPORTED, 404, 422, 400, 401', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-error-log-'));
    const server = await launch(dir);
    try {
      const before = server.out.printed.length;
      const answers: number[] = [];
      for (const [path, headers] of [
        ['/v1/users/u/wrapped', { 'x-api-key': server.key }],
        ['/v1/users/u/wrapped', { 'x-api-key': server.key }],
        ['/v1/no-such-route', { 'x-api-key': server.key }],
        ['/v1/users/u/streak?historyPeriods=0', { 'x-api-key': server.key }],
        [`/v1/users/${'u'.repeat(256)}`, { 'x-api-key': server.key }],
        ['/v1/users/u/streak', { 'x-api-key': 'kl_app_not-a-key' }],
      ] as const) {
        const response = await fetch(`${server.url}${path}`, { headers });
        answers.push(response.status);
        await response.arrayBuffer();
      }
      expect(answers).toEqual([501, 501, 404, 422, 400, 401]);
      // the server writes its log lines as it answers; give them a moment to reach the pipe
      await new Promise((resolve) => setTimeout(resolve, 300));
      const logged = server.out.printed.slice(before);
      expect(logged).not.toMatch(/request failed/);
      expect(logged).not.toMatch(/"level":50/);
      expect(logged).not.toMatch(/NOT_SUPPORTED|HttpError/);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it('holds an error naming the file when a damaged page answers 500 STORE_DAMAGED', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-error-log-'));
    try {
      const first = await launch(dir);
      const recorded = await fetch(`${first.url}/v1/metrics/lessons/event`, {
        method: 'POST',
        headers: { 'x-api-key': first.key, 'content-type': 'application/json' },
        body: JSON.stringify({ user: { id: 'ada' }, value: 1 }),
      });
      expect(recorded.status).toBe(201);
      await first.stop();
      // the page of the users' rows, its middle overwritten with bytes no page holds
      const file = join(dir, 'data', 'kindling.db');
      const Database = createRequire(join(root, 'packages/sqlite/package.json'))('better-sqlite3');
      const db = new Database(file, { readonly: true });
      const { pageno, size } = db
        .prepare("SELECT pageno, pgsize AS size FROM dbstat WHERE name = 'users' AND pagetype = 'leaf'")
        .get() as { pageno: number; size: number };
      db.close();
      const fd = openSync(file, 'r+');
      writeSync(fd, Buffer.alloc(size - 200, 0xff), 0, size - 200, (pageno - 1) * size + 100);
      closeSync(fd);
      const server = await launch(dir, {}, false);
      try {
        const before = server.out.printed.length;
        const read = await fetch(`${server.url}/v1/users/ada`, { headers: { 'x-api-key': first.key } });
        expect(read.status).toBe(500);
        expect(read.headers.get('retry-after')).toBeNull();
        expect(await read.json()).toMatchObject({ code: 'STORE_DAMAGED' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const logged = server.out.printed.slice(before);
        expect(logged).toMatch(/the store is damaged/);
        expect(logged).toMatch(/kindling\.db.*(is corrupted|is not a SQLite database)/);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('holds about one line a second while the store is down, however many requests fail, not one a request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-error-log-'));
    const redis = await startRedis();
    const node = redis.nodes[0] as { host: string; port: number };
    const server = await launch(dir, {
      REDIS_URL: `redis://${node.host}:${node.port}`,
      KINDLING_STORE_TIMEOUT_MS: '300',
    });
    try {
      const event = () =>
        fetch(`${server.url}/v1/metrics/lessons/event`, {
          method: 'POST',
          headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
          body: JSON.stringify({ user: { id: 'ada' }, value: 1 }),
        }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        });
      expect(await event()).toBe(201);
      redis.pause();
      const before = server.out.printed.length;
      const answers = await Promise.all(Array.from({ length: 40 }, event));
      expect(answers.every((status) => status === 503)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const lines = server.out.printed
        .slice(before)
        .split('\n')
        .filter((line) => /store is unavailable/.test(line));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThanOrEqual(3);
    } finally {
      redis.resume();
      await server.stop();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
