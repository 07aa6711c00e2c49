import { StoreError } from '@kindling/core';
import { describe, expect, it } from 'vitest';
import { useOwnRedis } from '../../../redis/test/cluster.js';
import { parseSettings } from '../settings.js';
import { openBackend } from './backend.js';

const ownRedis = useOwnRedis();

/** How long `promise` took to fail, and with what. */
async function failure(promise: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const start = Date.now();
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return { ms: Date.now() - start, error };
}

describe('the Redis backend', () => {
  it('gives up on a Redis that does not answer after KINDLING_STORE_TIMEOUT_MS, in the streak store and in the control plane alike', async () => {
    const node = ownRedis().nodes[0]!;
    const backend = openBackend(
      parseSettings({
        REDIS_URL: `redis://${node.host}:${node.port}`,
        KINDLING_STORE_TIMEOUT_MS: '300',
        KINDLING_REDIS_PREFIX: 'backend-test',
      }),
    );
    try {
      await backend.control.accounts();
      await backend.storeFor('acme').load('ann');
      ownRedis().pause();
      for (const call of [
        backend.control.accounts(),
        backend.storeFor('acme').load('ann'),
        backend.storeFor('acme').update('ann', () => ({ result: null })),
      ]) {
        const { ms, error } = await failure(call);
        expect(error).toBeInstanceOf(StoreError);
        expect((error as StoreError).message).toMatch(/300 ms|Command timed out/);
        expect(ms).toBeLessThan(800);
      }
    } finally {
      ownRedis().resume();
      await backend.close();
    }
  });
});
