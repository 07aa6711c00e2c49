/**
 * The built server's log at LOG_LEVEL=info names each request's id in every line of the request,
 * the id its answer carries as Request-Id: the client's when sane, a fresh one otherwise (a hostile
 * value is never written to the log). Runs the built CLI (CI builds before testing); skipped,
 * loudly, when packages/server/dist is missing.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));
if (!built)
  console.warn(
    '\n*** e2e/request-id-log.test.ts SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n',
  );
const BIN = join(root, 'packages/server/bin/kindling.mjs');

describe.skipIf(!built)('the request id in the log of the built server', () => {
  it('is in every line of a request at LOG_LEVEL=info, and is the Request-Id of its answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-request-id-'));
    const child = spawn(process.execPath, [BIN, 'start', '--port', '0', '--host', '127.0.0.1', '--data', dir], {
      env: { ...process.env, LOG_LEVEL: 'info', KINDLING_DASHBOARD_DIR: join(dir, 'no-dashboard') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start in 20 s:\n${printed}`)), 20_000);
        child.stdout.on('data', () => {
          const found = /Kindling is running at (\S+)/.exec(printed)?.[1];
          const app = /application key +(\S+)/.exec(printed)?.[1];
          if (found !== undefined && app !== undefined) {
            clearTimeout(timer);
            resolve({ url: found, key: app });
          }
        });
      });
      const hostile = `x${'y'.repeat(300)}`;
      const sent: Array<[string, Record<string, string>, RequestInit?]> = [
        ['/v1/users/ada/streak', { 'request-id': 'trace-e2e-kept' }],
        ['/v1/no-such-route', { 'request-id': 'trace-e2e-404' }],
        ['/v1/users/ada/streak', { 'request-id': hostile }],
        ['/v1/users/ada/streak', {}],
        [
          '/v1/metrics/lessons/event',
          { 'content-type': 'application/json' },
          { method: 'POST', body: JSON.stringify({ user: { id: 'ada' }, value: 1 }) },
        ],
      ];
      const ids: string[] = [];
      for (const [path, headers, init] of sent) {
        const response = await fetch(`${url}${path}`, { ...init, headers: { 'x-api-key': key, ...headers } });
        await response.arrayBuffer();
        ids.push(response.headers.get('request-id') ?? '');
      }
      expect(ids.slice(0, 2)).toEqual(['trace-e2e-kept', 'trace-e2e-404']);
      expect(new Set(ids).size).toBe(ids.length);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const lines = printed
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string; req?: unknown; res?: unknown; msg?: string });
      for (const id of ids) {
        const own = lines.filter((line) => line.reqId === id);
        // Fastify's "incoming request" and "request completed", each through the request's child logger
        expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      }
      // no line of a request goes without its id, and the hostile one is nowhere
      expect(
        lines.filter((line) => (line.req !== undefined || line.res !== undefined) && line.reqId === undefined),
      ).toEqual([]);
      expect(printed).not.toContain(hostile);
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
