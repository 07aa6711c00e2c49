import { describe, expect, it } from 'vitest';
import { useOwnRedis } from '../../../redis/test/cluster.js';
import { openBackend } from '../backend/backend.js';
import { createAccount } from '../accounts/accounts.js';
import { Engines } from './engines.js';
import { REREAD_PATIENCE_MS } from '../backend/read-or-keep.js';

const ownRedis = useOwnRedis();

describe('Engines', () => {
  it("keeps an account's engine past the cache time while the control plane does not answer, and takes a new configuration once it does", async () => {
    const node = ownRedis().nodes[0]!;
    const backend = openBackend({
      dataDir: '.',
      redis: { url: `redis://${node.host}:${node.port}` },
      redisPrefix: 'engines-test',
      storeTimeoutMs: 500,
    });
    let now = Date.parse('2026-03-02T10:00:00Z');
    const engines = new Engines(backend, 1_000, () => now);
    try {
      const accountId = (
        await createAccount(backend.control, { name: 'acme', operator: false, password: null, at: now })
      ).account.id;
      const first = await engines.runtimeFor(accountId);
      now += 1_000;
      ownRedis().pause();
      const start = Date.now();
      expect(await engines.runtimeFor(accountId)).toBe(first);
      expect(await engines.runtimeFor(accountId)).toBe(first);
      expect(Date.now() - start).toBeLessThan(REREAD_PATIENCE_MS + 200);
      ownRedis().resume();
      await backend.control.changeConfig(accountId, (config) => ({
        ...config,
        metrics: [
          { id: 'm1', key: 'lessons', name: 'Lessons', status: 'active', created: new Date(now).toISOString() },
        ],
      }));
      let runtime = first;
      for (let i = 0; i < 50 && runtime === first; i++) {
        now += 1_000;
        runtime = await engines.runtimeFor(accountId);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(runtime.metricsByKey.has('lessons')).toBe(true);
    } finally {
      ownRedis().resume();
      await backend.close();
    }
  });
});
