import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rebuild } from '../control/types.js';
import { bootstrap } from '../accounts/accounts.js';
import { type Backend, openBackend } from '../backend/backend.js';
import { Engines } from '../engines/engines.js';
import { LEASE_MS } from './rebuild-account.js';
import { Rebuilds } from './rebuilds.js';
import { tenantSpace } from '../backend/spaces.js';

const T0 = Date.parse('2026-03-02T12:00:00Z');
const opened: Array<{ backend: Backend; dir: string }> = [];
afterEach(async () => {
  for (const { backend, dir } of opened.splice(0)) {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function accountWithTenant() {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-rebuilds-'));
  const backend = openBackend({ dataDir: dir, redis: null, redisPrefix: 'kl' });
  opened.push({ backend, dir });
  const accountId = (await bootstrap(backend.control, { password: null, at: T0 }))!.account.id;
  const at = new Date(T0).toISOString();
  await backend.control.changeTenants(accountId, () => [
    { id: 't1', customerId: 'one', name: 'One', status: 'active', created: at, updated: at },
  ]);
  const version = (await backend.control.config(accountId)).version;
  const left: Rebuild = {
    status: 'running',
    done: 0,
    total: 0,
    startedAt: at,
    finishedAt: null,
    error: null,
    version,
    after: null,
    runId: 'gone',
    heartbeatAt: at,
  };
  return { backend, accountId, space: tenantSpace(accountId, 't1').store, left };
}

describe('the look for abandoned rebuilds', () => {
  it("takes over a tenant's rebuild whose process stopped, found through the account's list of running rebuilds", async () => {
    const { backend, accountId, space, left } = await accountWithTenant();
    let now = T0;
    const rebuilds = new Rebuilds(backend.control, new Engines(backend, 0, () => now), () => now);
    await rebuilds.resumeAbandoned();
    const { raw } = await backend.control.rebuildRecord(space);
    await backend.control.swapRebuild(space, raw, left);
    expect(await backend.control.rebuildingSpaces(accountId)).toEqual([space]);

    now += LEASE_MS - 1;
    await rebuilds.resumeAbandoned();
    await rebuilds.settle();
    expect((await backend.control.rebuild(space)).runId).toBe('gone');

    now += 1;
    await rebuilds.resumeAbandoned();
    await rebuilds.settle();
    const taken = await backend.control.rebuild(space);
    expect(taken.status).toBe('done');
    expect(taken.runId).not.toBe('gone');
    expect(await backend.control.rebuildingSpaces(accountId)).toEqual([]);
    await rebuilds.stop();
  });

  it('finds, at its first look, a running rebuild that no list names (left by a version before the list)', async () => {
    const { backend, accountId, space, left } = await accountWithTenant();
    await backend.control.kv.put(`rebuild:${space}`, JSON.stringify(left));
    expect(await backend.control.rebuildingSpaces(accountId)).toEqual([]);
    const now = T0 + LEASE_MS;
    const rebuilds = new Rebuilds(backend.control, new Engines(backend, 0, () => now), () => now);
    await rebuilds.resumeAbandoned();
    await rebuilds.settle();
    expect((await backend.control.rebuild(space)).status).toBe('done');
    await rebuilds.stop();
  });
});
