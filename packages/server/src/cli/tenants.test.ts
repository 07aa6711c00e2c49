import { connectRedis } from '@kindling/redis';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteKeysUnder } from '../../../redis/test/targets.js';
import { bootstrap } from '../accounts/accounts.js';
import { openBackend, type Backend } from '../backend/backend.js';
import { Engines } from '../engines/engines.js';
import { purgeSpace } from '../accounts/purge-tenants.js';
import { accountSpace, deliveryOrderKey, type Space, tenantSpace } from '../backend/spaces.js';
import { parseSettings } from '../settings.js';
import { runCli } from './main.js';
import { dataDir, fakeIo } from '../../test/cli-io.js';

const tenant = (id: string) => ({
  id,
  customerId: `c-${id}`,
  name: id,
  status: 'active' as const,
  created: '',
  updated: '',
});

const ENDPOINT = 'endpoint-1';

/** A webhook delivery queued for a user of `space` to the account's endpoint, as the relay queues one. */
const deliveryFor = (space: Space, userId: string) => ({
  id: `${space.store} ${userId}`,
  endpointId: ENDPOINT,
  orderKey: deliveryOrderKey(space, userId),
  type: 'streak.started',
  payload: '{}',
  createdAt: 0,
});

/**
 * An account with its own users, a kept tenant t-1 and a deleted tenant t-2 that left users, counts,
 * a pause and a webhook delivery pending for ada (who each namespace has).
 */
async function withDeletedTenant(backend: Backend, accountId: string): Promise<void> {
  const engines = new Engines(backend, 0);
  await backend.control.changeWebhooks(accountId, () => [
    {
      id: ENDPOINT,
      url: 'https://hooks.example.com/purge',
      types: ['streak.started'],
      secret: 'whsec_c2VjcmV0',
      enabled: true,
      disabledReason: null,
      created: '',
      updated: '',
    },
  ]);
  await backend.deliveries.enqueue(
    [accountSpace(accountId), tenantSpace(accountId, 't-1'), tenantSpace(accountId, 't-2')].map((space) =>
      deliveryFor(space, 'ada'),
    ),
  );
  await backend.control.changeTenants(accountId, () => [tenant('t-1'), tenant('t-2')]);
  for (const [space, users] of [
    [accountId, ['ada']],
    [tenantSpace(accountId, 't-1'), ['ada', 'bob']],
    [tenantSpace(accountId, 't-2'), ['ada', 'cat', 'dan']],
  ] as const) {
    const { engine } = await engines.runtimeFor(space);
    for (const userId of users) await engine.record({ userId, metric: 'lessons', value: 1 });
  }
  await backend.control.addPause(`${accountId}/tenant/t-2`, 'pause-1', 'cat');
  await backend.control.changeTenants(accountId, (tenants) => tenants.filter((t) => t.id !== 't-2'));
}

async function usersOf(backend: Backend, store: string): Promise<string[]> {
  return backend.storeFor(store).users(null, 100);
}

/** The purge through the command line, then what is left, on the backend `env` names. */
async function purgeAndCheck(env: Record<string, string>, accountId: string): Promise<void> {
  const cli = async (argv: string[]) => {
    const io = fakeIo(env);
    return { code: await runCli(argv, io), out: io.out(), err: io.err() };
  };
  const refused = await cli(['tenants', 'purge-deleted']);
  expect(refused.code).toBe(2);
  expect(refused.err).toContain('--yes');
  const purged = await cli(['tenants', 'purge-deleted', '--yes', '--json']);
  expect(purged.code).toBe(0);
  expect(JSON.parse(purged.out)).toEqual({ purged: [{ tenantId: 't-2', users: 3, done: true }] });

  const backend = openBackend(parseSettings(env));
  try {
    const names = await backend.storeNames();
    expect(names).not.toContain(`${accountId}/tenant/t-2`);
    expect(names).toEqual(expect.arrayContaining([accountId, `${accountId}/tenant/t-1`]));
    expect(await usersOf(backend, `${accountId}/tenant/t-1`)).toEqual(['ada', 'bob']);
    expect(await usersOf(backend, accountId)).toEqual(['ada']);
    expect(await backend.control.pauseOwner(`${accountId}/tenant/t-2`, 'pause-1')).toBeNull();
    // the deleted tenant's ada's delivery went with her; the other namespaces' adas keep theirs
    const queued = (await backend.deliveries.list(ENDPOINT, 10)).deliveries.map((d) => d.id).sort();
    expect(queued).toEqual([accountId, `${accountId}/tenant/t-1`].map((store) => `${store} ada`).sort());
  } finally {
    await backend.close();
  }
  expect(JSON.parse((await cli(['tenants', 'purge-deleted', '--yes', '--json'])).out)).toEqual({ purged: [] });
}

describe('kindling tenants purge-deleted', () => {
  it('removes every namespace of a deleted tenant from the SQLite files, and nothing else', async () => {
    const d = await dataDir();
    try {
      const backend = d.open();
      await withDeletedTenant(backend, d.first.account.id);
      expect(await backend.storeNames()).toContain(`${d.first.account.id}/tenant/t-2`);
      await backend.close();
      await purgeAndCheck(d.env, d.first.account.id);
    } finally {
      d.remove();
    }
  });

  const prefix = `kltest-purge-${process.pid}-${Date.now().toString(36)}`;
  const redis = connectRedis({ url: 'redis://127.0.0.1:6379' });
  afterAll(async () => {
    await deleteKeysUnder(redis.client, prefix);
    await redis.close();
  });

  it('removes every namespace of a deleted tenant from Redis, and nothing else', async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', KINDLING_REDIS_PREFIX: prefix, LOG_LEVEL: 'silent' };
    const backend = openBackend(parseSettings(env));
    const first = await bootstrap(backend.control, { password: null, at: Date.now() });
    if (first === null) throw new Error('a new prefix should get its first account');
    await withDeletedTenant(backend, first.account.id);
    expect(await backend.storeNames()).toContain(`${first.account.id}/tenant/t-2`);
    await backend.close();
    await purgeAndCheck(env, first.account.id);
  });

  it('stops between two users when asked, every user erased whole, and goes on when run again', async () => {
    const d = await dataDir();
    try {
      const backend = d.open();
      await withDeletedTenant(backend, d.first.account.id);
      const space = tenantSpace(d.first.account.id, 't-2');
      const stop = new AbortController();
      const first = await purgeSpace(backend, space, {
        signal: stop.signal,
        onProgress: (done) => done === 1 && stop.abort(),
      });
      expect(first).toEqual({ users: 1, done: false });
      expect(await usersOf(backend, space.store)).toEqual(['cat', 'dan']);
      expect((await backend.storeFor(space.store).activity('2000-01-01', '2100-01-01')).days).not.toEqual([]);
      expect(await purgeSpace(backend, space)).toEqual({ users: 2, done: true });
      expect(await usersOf(backend, space.store)).toEqual([]);
      expect(await backend.storeFor(space.store).activity('2000-01-01', '2100-01-01')).toEqual({
        days: [],
        metrics: [],
        achievements: [],
      });
      await backend.close();
    } finally {
      d.remove();
    }
  });
});
