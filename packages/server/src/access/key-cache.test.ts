import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreError } from '@kindling/core';
import { redisControlKV } from '@kindling/redis';
import { sqliteControlKV } from '@kindling/sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useOwnRedis } from '../../../redis/test/cluster.js';
import { Control } from '../control/control.js';
import type { Account } from '../control/types.js';
import { createAccount, createKey } from '../accounts/accounts.js';
import { REREAD_PATIENCE_MS } from '../backend/read-or-keep.js';
import { KeyCache } from './key-cache.js';

let dir: string;
let control: Control;
let now: number;
let accountId: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kindling-key-cache-'));
  control = new Control(sqliteControlKV(join(dir, 'control.db')));
  now = Date.parse('2026-03-02T10:00:00Z');
  accountId = (await createAccount(control, { name: 'acme', operator: false, password: null, at: now })).account.id;
});
afterEach(async () => {
  await control.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('KeyCache', () => {
  it('finds a key presented again, and null for a key never issued', async () => {
    const cache = new KeyCache(control, 5_000, () => now);
    const made = await createKey(control, accountId, 'application', 'backend', now);
    expect((await cache.find(made.key))?.id).toBe(made.record.id);
    expect((await cache.find(made.key))?.id).toBe(made.record.id);
    expect(await cache.find(`${made.key}x`)).toBeNull();
  });

  it('sees a revocation made here at once, even for a key it has seen before', async () => {
    const cache = new KeyCache(control, 60_000, () => now);
    const made = await createKey(control, accountId, 'application', 'backend', now);
    expect((await cache.find(made.key))?.revokedAt).toBeNull();
    await control.revokeKey(accountId, made.record.id, new Date(now).toISOString());
    cache.forget(made.record.hash);
    expect((await cache.find(made.key))?.revokedAt).not.toBeNull();
  });

  it('sees a revocation made by another process once the cache time has passed', async () => {
    const cache = new KeyCache(control, 5_000, () => now);
    const made = await createKey(control, accountId, 'application', 'backend', now);
    await cache.find(made.key);
    await control.revokeKey(accountId, made.record.id, new Date(now).toISOString());
    expect((await cache.find(made.key))?.revokedAt).toBeNull();
    now += 5_000;
    expect((await cache.find(made.key))?.revokedAt).not.toBeNull();
  });

  it('finds a key by its hash through the same cached record as by the key itself', async () => {
    const cache = new KeyCache(control, 5_000, () => now);
    const made = await createKey(control, accountId, 'admin', 'laptop', now);
    expect((await cache.find(made.key))?.revokedAt).toBeNull();
    await control.revokeKey(accountId, made.record.id, new Date(now).toISOString());
    expect((await cache.findByHash(made.record.hash))?.revokedAt).toBeNull();
    cache.forget(made.record.hash);
    expect((await cache.findByHash(made.record.hash))?.revokedAt).not.toBeNull();
    expect((await cache.find(made.key))?.revokedAt).not.toBeNull();
  });

  it("reads an account's password change made elsewhere once the cache time has passed", async () => {
    const cache = new KeyCache(control, 5_000, () => now);
    const before = await cache.account(accountId);
    expect(before?.passwordHash).toBeNull();
    await control.saveAccount({ ...(before as Account), passwordHash: 'scrypt:salt:hash' });
    expect((await cache.account(accountId))?.passwordHash).toBeNull();
    now += 5_000;
    expect((await cache.account(accountId))?.passwordHash).toBe('scrypt:salt:hash');
    expect(await cache.account('no-such-account')).toBeNull();
  });

  it('writes the latest use of each key as an ISO time when it flushes', async () => {
    const cache = new KeyCache(control, 5_000, () => now);
    const a = await createKey(control, accountId, 'application', 'a', now);
    const b = await createKey(control, accountId, 'admin', 'b', now);
    cache.markUsed(a.record, now + 1_000);
    cache.markUsed(a.record, now + 2_000);
    cache.markUsed(b.record, now + 3_000);
    await cache.flush();
    const used = Object.fromEntries((await control.keys(accountId)).map((k) => [k.id, k.lastUsedAt]));
    expect(used[a.record.id]).toBe(new Date(now + 2_000).toISOString());
    expect(used[b.record.id]).toBe(new Date(now + 3_000).toISOString());
  });
});

describe('KeyCache on a control plane that stops answering', () => {
  const ownRedis = useOwnRedis();

  it('keeps a key it has seen past the cache time, without waiting for the control plane, and sees a revocation once it answers again', async () => {
    const node = ownRedis().nodes[0]!;
    const remote = new Control(
      redisControlKV({ url: `redis://${node.host}:${node.port}`, timeoutMs: 500, prefix: 'key-cache-test:' }),
    );
    const acme = (await createAccount(remote, { name: 'acme', operator: false, password: null, at: now })).account.id;
    const made = await createKey(remote, acme, 'application', 'backend', now);
    const cache = new KeyCache(remote, 1_000, () => now);
    try {
      expect((await cache.find(made.key))?.id).toBe(made.record.id);
      now += 1_000;
      ownRedis().pause();
      const start = Date.now();
      expect((await cache.find(made.key))?.id).toBe(made.record.id);
      expect((await cache.find(made.key))?.id).toBe(made.record.id);
      expect(Date.now() - start).toBeLessThan(REREAD_PATIENCE_MS + 200);
      await expect(cache.find(`${made.key}x`)).rejects.toThrow(StoreError);
      ownRedis().resume();
      await remote.revokeKey(acme, made.record.id, new Date(now).toISOString());
      let seen = false;
      for (let i = 0; i < 50 && !seen; i++) {
        now += 1_000;
        seen = (await cache.find(made.key))?.revokedAt !== null;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen).toBe(true);
    } finally {
      ownRedis().resume();
      await remote.close();
    }
  });
});
