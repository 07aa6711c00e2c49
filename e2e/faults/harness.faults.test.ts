/**
 * The fault suite's own harness: a built server starts as a child process, answers, and is gone
 * after kill -9.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { built, startServerProcess } from './server-process.js';

if (!built) console.warn('\n*** e2e/faults SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n');
const dir = mkdtempSync(join(tmpdir(), 'kindling-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!built)('the fault suite harness', () => {
  it('starts a server process that answers, with its first-start keys, and kill() ends it', async () => {
    const server = await startServerProcess({ args: ['--data', join(dir, 'data')] });
    expect(server.firstStart?.applicationKey).toMatch(/^kl_app_/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await server.kill();
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
