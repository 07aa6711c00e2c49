/**
 * The built CLI stops gracefully on SIGTERM: every event it acknowledged with a 2xx is on disk
 * afterwards, and it exits 0. Runs the built package (CI builds before testing); skipped, loudly,
 * when packages/server/dist is missing.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openBackend, parseSettings } from '@kindling/server';
import { Engines } from '../packages/server/src/runtime/engines.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));
if (!built) console.warn('\n*** e2e/server-signals.test.ts SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n');

const USERS = 10;
const EVENTS = 200;

function post(agent: Agent, url: string, key: string, userId: string): Promise<number> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ user: { id: userId }, value: 1 });
    const req = request(`${url}/api/metrics/lessons/event`, { method: 'POST', agent, headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

describe.skipIf(!built)('kindling start under SIGTERM', () => {
  it('keeps every acknowledged event and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-signals-'));
    try {
      const child = spawn(process.execPath, [join(root, 'packages/server/bin/kindling.mjs'), 'start', '--port', '0', '--host', '127.0.0.1', '--data', dir, '--json'], {
        env: { ...process.env, LOG_LEVEL: 'silent', KINDLING_DASHBOARD_DIR: join(dir, 'no-dashboard') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      let printed = '';
      const started = await new Promise<{ url: string; firstStart: { applicationKey: string } }>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          try {
            resolve(JSON.parse(printed));
          } catch {
            // not the whole document yet
          }
        });
        void exited.then((code) => reject(new Error(`the server exited with ${code} before it started`)));
      });

      const agent = new Agent({ keepAlive: true, maxSockets: 16 });
      let acknowledged = 0;
      let signalled = false;
      const statuses = await Promise.all(
        Array.from({ length: EVENTS }, (_, i) =>
          post(agent, started.url, started.firstStart.applicationKey, `u${i % USERS}`).then((status) => {
            if (status >= 200 && status < 300) acknowledged++;
            if (acknowledged === 50 && !signalled) {
              signalled = true;
              child.kill('SIGTERM');
            }
            return status;
          }),
        ),
      );
      agent.destroy();
      expect(signalled).toBe(true);
      expect(await exited).toBe(0);
      expect(statuses.filter((s) => s === 201).length).toBe(acknowledged);

      const backend = openBackend(parseSettings({ KINDLING_DATA_DIR: dir }));
      const accountId = (await backend.control.accounts())[0]?.id as string;
      const { engine } = await new Engines(backend, 0).runtimeFor(accountId);
      let stored = 0;
      for (let u = 0; u < USERS; u++) stored += (await engine.user(`u${u}`))?.totals.lessons ?? 0;
      await backend.close();
      expect(stored).toBe(acknowledged);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
