import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../accounts/accounts.js';
import { openBackend, type Backend } from '../backend/backend.js';
import { engineFor } from '../engines/engines.js';
import { LEASE_MS, rebuildAccount, resumeRebuild } from './rebuild-account.js';

const open: Array<{ backend: Backend; dir: string }> = [];
afterEach(async () => {
  for (const { backend, dir } of open.splice(0)) {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const T0 = Date.parse('2026-03-02T12:00:00Z');

async function accountWithUsers(count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-rebuild-'));
  const backend = openBackend({ dataDir: dir, redis: null, redisPrefix: 'kl' });
  open.push({ backend, dir });
  const first = await bootstrap(backend.control, { password: null, at: T0 });
  const accountId = first!.account.id;
  const config = await backend.control.config(accountId);
  const engine = engineFor(config, backend.storeFor(accountId), { clock: () => T0 });
  for (let i = 1; i <= count; i++) await engine.record({ userId: `u${i}`, metric: 'lessons', value: 1 });
  return { backend, accountId, engine, version: config.version };
}

describe('a rebuild left by a process that stopped', () => {
  it('is taken over once its record is older than the lease, and goes on after the last user it did', async () => {
    const { backend, accountId, engine, version } = await accountWithUsers(5);
    const left = {
      status: 'running' as const,
      done: 2,
      total: 5,
      startedAt: new Date(T0).toISOString(),
      finishedAt: null,
      error: null,
      version,
      after: 'u2',
      runId: 'gone',
      heartbeatAt: new Date(T0).toISOString(),
    };
    const { raw } = await backend.control.rebuildRecord(accountId);
    await backend.control.swapRebuild(accountId, raw, left);

    // Within the lease, it is the other process's.
    expect(
      await resumeRebuild(backend.control, accountId, engine, version, { clock: () => T0 + LEASE_MS - 1 }),
    ).toBeNull();

    const seen: number[] = [];
    const after = await resumeRebuild(backend.control, accountId, engine, version, {
      clock: () => T0 + LEASE_MS + 1,
      onProgress: (done) => seen.push(done),
    });
    expect(after).toMatchObject({ status: 'done', done: 5, total: 5 });
    expect(seen).toEqual([3, 4, 5]);
    expect(await backend.control.rebuild(accountId)).toMatchObject({ status: 'done', done: 5, total: 5 });
  });

  it('is not taken over when it finished, and a running one is taken by one process only', async () => {
    const { backend, accountId, engine, version } = await accountWithUsers(3);
    expect(await rebuildAccount(backend.control, accountId, engine, version, { clock: () => T0 })).toMatchObject({
      status: 'done',
      done: 3,
    });
    expect(
      await resumeRebuild(backend.control, accountId, engine, version, { clock: () => T0 + 10 * LEASE_MS }),
    ).toBeNull();

    const { raw } = await backend.control.rebuildRecord(accountId);
    await backend.control.swapRebuild(accountId, raw, {
      status: 'running',
      done: 0,
      total: 3,
      startedAt: null,
      finishedAt: null,
      error: null,
      version,
      heartbeatAt: null,
    });
    const both = await Promise.all(
      [1, 2].map(() => resumeRebuild(backend.control, accountId, engine, version, { clock: () => T0 })),
    );
    expect(both.filter((run) => run !== null)).toHaveLength(1);
  });

  it('is released, not failed, when the process stops it: the next look goes on with it at once', async () => {
    const { backend, accountId, engine, version } = await accountWithUsers(4);
    const stopping = new AbortController();
    const stopped = await rebuildAccount(backend.control, accountId, engine, version, {
      clock: () => T0,
      signal: stopping.signal,
      onProgress: (done) => {
        if (done === 2) stopping.abort();
      },
    });
    expect(stopped).toMatchObject({ status: 'running', done: 2, after: 'u2' });
    expect(await backend.control.rebuild(accountId)).toMatchObject({ status: 'running', done: 2, heartbeatAt: null });
    expect(await resumeRebuild(backend.control, accountId, engine, version, { clock: () => T0 })).toMatchObject({
      status: 'done',
      done: 4,
    });
  });
});
