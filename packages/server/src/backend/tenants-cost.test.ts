/**
 * What the background and the hot path pay per account with many tenants: counted as reads of the
 * real control plane (a SQLite file, each call of its ControlKV counted on the way), per namespace's
 * runtime and per look for abandoned rebuilds. Each must not grow with the number of tenants.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ControlKV } from '@kindling/core/adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { Control } from '../control/control.js';
import type { Tenant } from '../control/types.js';
import { bootstrap } from '../accounts/accounts.js';
import { type Backend, openBackend } from './backend.js';
import { Engines, IDLE_RUNTIME_MS } from '../engines/engines.js';
import { Rebuilds } from '../jobs/rebuilds.js';
import { spacesOf } from './spaces.js';
import { TenantCache } from '../access/tenant-cache.js';

const T0 = Date.parse('2026-03-02T12:00:00Z');
const opened: Array<{ backend: Backend; dir: string }> = [];
afterEach(async () => {
  for (const { backend, dir } of opened.splice(0)) {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The real control plane's KV with every read counted by operation. */
function counted(kv: ControlKV): { kv: ControlKV; reads: () => number; reset: () => void } {
  let reads = 0;
  const counting = Object.create(kv) as ControlKV;
  counting.get = (key) => {
    reads++;
    return kv.get(key);
  };
  counting.readFields = (key) => {
    reads++;
    return kv.readFields(key);
  };
  counting.readField = (key, field) => {
    reads++;
    return kv.readField(key, field);
  };
  return {
    kv: counting,
    reads: () => reads,
    reset: () => {
      reads = 0;
    },
  };
}

/** A SQLite backend whose control plane is counted, and an account with `tenants` tenants made in one change. */
async function accountWithTenants(tenants: number) {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-tenants-cost-'));
  const plain = openBackend({ dataDir: dir, redis: null, redisPrefix: 'kl' });
  opened.push({ backend: plain, dir });
  const counter = counted(plain.control.kv);
  const backend: Backend = { ...plain, control: new Control(counter.kv) };
  const first = await bootstrap(backend.control, { password: null, at: T0 });
  const accountId = first!.account.id;
  const at = new Date(T0).toISOString();
  const made: Tenant[] = Array.from({ length: tenants }, (_, i) => ({
    id: `t${i}`,
    customerId: `customer-${i}`,
    name: `Tenant ${i}`,
    status: 'active',
    created: at,
    updated: at,
  }));
  await backend.control.changeTenants(accountId, () => made);
  counter.reset();
  return { backend, accountId, counter };
}

describe('an account with many tenants', () => {
  it("reads its configuration once for all its namespaces' runtimes, however many tenants it has", async () => {
    const reads: number[] = [];
    for (const tenants of [10, 2_000]) {
      const { backend, accountId, counter } = await accountWithTenants(tenants);
      const engines = new Engines(backend, 60_000, () => T0);
      const spaces = await spacesOf(backend.control, accountId);
      counter.reset();
      for (const space of spaces) await engines.runtimeFor(space);
      reads.push(counter.reads());
    }
    expect(reads).toEqual([2, 2]);
  });

  it("keeps each namespace's engine across walks over all of them, drops one left idle, and sees this process's change in every namespace at once", async () => {
    const { backend, accountId } = await accountWithTenants(2_000);
    let now = T0;
    const engines = new Engines(backend, Number.POSITIVE_INFINITY, () => now);
    const spaces = await spacesOf(backend.control, accountId);
    const first = await engines.runtimeFor(spaces[1]!);
    for (let pass = 0; pass < 2; pass++) for (const space of spaces) await engines.runtimeFor(space);
    expect(await engines.runtimeFor(spaces[1]!)).toBe(first);

    await backend.control.changeConfig(accountId, (config) => ({ ...config, metrics: [] }));
    engines.invalidate(accountId);
    const changed = await engines.runtimeFor(spaces[2_000]!);
    expect(changed.metricsByKey.size).toBe(0);
    expect((await engines.runtimeFor(spaces[1]!)).metricsByKey.size).toBe(0);

    const kept = await engines.runtimeFor(spaces[1]!);
    now += IDLE_RUNTIME_MS;
    await engines.runtimeFor(spaces[3]!);
    expect(await engines.runtimeFor(spaces[1]!)).not.toBe(kept);
  });

  // The bound dropped the namespace kept longest, even one asked for on every request.
  it("drops, past its bound, the namespace's engine used longest ago, not the one kept longest", async () => {
    const { backend, accountId } = await accountWithTenants(3);
    const engines = new Engines(backend, Number.POSITIVE_INFINITY, () => T0, undefined, 2);
    const spaces = await spacesOf(backend.control, accountId);
    const busy = await engines.runtimeFor(spaces[0]!);
    const quiet = await engines.runtimeFor(spaces[1]!);
    expect(await engines.runtimeFor(spaces[0]!)).toBe(busy);
    await engines.runtimeFor(spaces[2]!);
    expect(await engines.runtimeFor(spaces[0]!)).toBe(busy);
    expect(await engines.runtimeFor(spaces[1]!)).not.toBe(quiet);
  });

  it('looks for abandoned rebuilds with reads that do not grow with its tenants', async () => {
    const reads: number[] = [];
    for (const tenants of [10, 2_000]) {
      const { backend, counter } = await accountWithTenants(tenants);
      const rebuilds = new Rebuilds(backend.control, new Engines(backend, 60_000, () => T0), () => T0);
      await rebuilds.resumeAbandoned();
      counter.reset();
      await rebuilds.resumeAbandoned();
      reads.push(counter.reads());
      await rebuilds.stop();
    }
    expect(reads[1]).toBe(reads[0]);
    expect(reads[1]).toBeLessThan(10);
  });
});

describe("an account's tenants document", () => {
  it('is parsed once while it stays the same, by the Tenant-ID lookups, the namespaces and the routes alike', async () => {
    const { backend, accountId } = await accountWithTenants(2_000);
    const cache = new TenantCache(backend.control);
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = ((text: string, reviver?: Parameters<typeof parse>[1]) => {
      if (typeof text === 'string' && text.length > 100_000) parsed++;
      return parse(text, reviver);
    }) as typeof JSON.parse;
    try {
      for (let i = 0; i < 20; i++) {
        expect((await cache.find(accountId, `customer-${i}`))?.id).toBe(`t${i}`);
        expect((await spacesOf(backend.control, accountId)).length).toBe(2_001);
        expect((await backend.control.tenants(accountId)).length).toBe(2_000);
      }
    } finally {
      JSON.parse = parse;
    }
    expect(parsed).toBeLessThanOrEqual(1);
  });
});
