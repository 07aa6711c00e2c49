/**
 * The built server's error log holds failures only: a 500 INTERNAL (a bug) is logged as an error
 * with its stack, a 503 as a warning, and an answer the server chose (a 4xx, or 501 NOT_SUPPORTED
 * for a hosted-service route it does not serve) is not logged at the default level: any key holder
 * could otherwise fill the log and trip alerts on 5xx errors with ordinary requests. Runs the built
 * CLI (CI builds before testing); skipped, loudly, when packages/server/dist is missing.
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
    '\n*** e2e/server-error-log.test.ts SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n',
  );
const BIN = join(root, 'packages/server/bin/kindling.mjs');

describe.skipIf(!built)('the error log of the built server', () => {
  it('holds no line for answers the server chose: 501 NOT_SUPPORTED, 404, 400, 401', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-error-log-'));
    // The default LOG_LEVEL (warn): what an operator's log holds.
    const { LOG_LEVEL: _level, ...env } = process.env;
    const child = spawn(
      process.execPath,
      [BIN, 'start', '--port', '0', '--host', '127.0.0.1', '--data', join(dir, 'data')],
      { env: { ...env, KINDLING_DASHBOARD_DIR: join(dir, 'no-dashboard') }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start in 20 s:\n${printed}`)), 20_000);
        child.stdout.on('data', () => {
          const url = /Kindling is running at (\S+)/.exec(printed)?.[1];
          const key = /application key +(\S+)/.exec(printed)?.[1];
          if (url !== undefined && key !== undefined) {
            clearTimeout(timer);
            resolve({ url, key });
          }
        });
      });
      const before = printed.length;
      const answers: number[] = [];
      for (const [path, headers] of [
        ['/v1/leaderboards', { 'x-api-key': key }],
        ['/v1/leaderboards', { 'x-api-key': key }],
        ['/v1/no-such-route', { 'x-api-key': key }],
        ['/v1/users/u/streak?historyPeriods=0', { 'x-api-key': key }],
        ['/v1/users/u/streak', { 'x-api-key': 'kl_app_not-a-key' }],
      ] as const) {
        const response = await fetch(`${url}${path}`, { headers });
        answers.push(response.status);
        await response.arrayBuffer();
      }
      expect(answers).toEqual([501, 501, 404, 400, 401]);
      // the server writes its log lines as it answers; give them a moment to reach the pipe
      await new Promise((resolve) => setTimeout(resolve, 300));
      const logged = printed.slice(before);
      expect(logged).not.toMatch(/request failed/);
      expect(logged).not.toMatch(/"level":50/);
      expect(logged).not.toMatch(/NOT_SUPPORTED|HttpError/);
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
