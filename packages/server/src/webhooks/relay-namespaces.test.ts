/**
 * What a relay pass costs an account of many namespaces: nothing for an account without an endpoint
 * on, and with one on, only the outboxes of the namespaces this process wrote news to, every one
 * looked at once a minute (what another process wrote and did not hand on). Counted on a real SQLite
 * backend through the store watch the metrics use (timed.ts), beside a test server on the same folder.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, testSettings, type TestServer } from '../../test/server.js';
import { openBackend, type Backend } from '../backend/backend.js';
import { Engines } from '../engines/engines.js';
import { Relay } from './relay.js';
import { tenantSpace } from '../backend/spaces.js';

const TENANTS = 500;

let t: TestServer;
let backend: Backend;
let engines: Engines;
let relay: Relay;
let receiver: Server;
let url: string;
let now: number;
const calls = new Map<string, number>();
const counted = (store: string, operation?: string) => {
  let sum = 0;
  for (const [key, n] of calls)
    if (key === `${store}.${operation}` || (operation === undefined && key.startsWith(`${store}.`))) sum += n;
  return sum;
};

beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now, env: { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1' } });
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('thanks'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // another process on the same data: its calls counted
  const settings = testSettings(t.dir, { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1', KINDLING_CACHE_MS: '1000' });
  backend = openBackend(settings, {
    watch: {
      storeCalled: (store, operation) =>
        calls.set(`${store}.${operation}`, (calls.get(`${store}.${operation}`) ?? 0) + 1),
    },
  });
  engines = new Engines(backend, settings.cacheMs, () => now);
  relay = new Relay(
    backend,
    engines,
    settings,
    () => now,
    (error) => {
      throw error;
    },
  );
  const accountId = t.server.firstStart!.account.id;
  const at = new Date(now).toISOString();
  await backend.control.changeTenants(accountId, () =>
    Array.from({ length: TENANTS }, (_, i) => ({
      id: `t${i}`,
      customerId: `c${i}`,
      name: `C${i}`,
      status: 'active' as const,
      created: at,
      updated: at,
    })),
  );
});
afterEach(async () => {
  await relay.stop();
  await backend.close();
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  calls.clear();
});

/** A pass a relay interval after the last, its store calls counted alone. */
async function pass(after = 2_000) {
  now += after;
  calls.clear();
  return relay.relayOnce();
}

describe('a relay pass over an account of many namespaces', () => {
  it('costs nothing for an account without an endpoint on: no configuration, no outbox read', async () => {
    await relay.relayOnce();
    for (let i = 0; i < 3; i++) {
      await pass();
      expect(counted('streaks', 'readOutbox')).toBe(0);
      // the accounts and their webhooks, once each, whatever the number of namespaces
      expect(counted('control')).toBeLessThan(10);
    }
    // nor once a minute: only an account with an endpoint on is looked at whole
    await pass(61_000);
    expect(counted('streaks', 'readOutbox')).toBe(0);
  });

  it('with an endpoint on, reads the outboxes of the namespaces written since, and every one once a minute', async () => {
    const made = await t.call('POST', '/admin/v1/webhooks', {
      key: t.adminKey,
      body: { url, types: ['streak.started'] },
    });
    expect(made.status).toBe(201);
    const accountId = t.server.firstStart!.account.id;
    await relay.relayOnce();
    await pass();
    expect(counted('streaks', 'readOutbox')).toBe(0);
    expect(counted('control')).toBeLessThan(10);
    // an event of one tenant's, written in this process: that namespace's outbox alone
    const runtime = await engines.runtimeFor(tenantSpace(accountId, 't7'));
    await runtime.engine.record({ userId: 'ada', metric: 'lessons', value: 1, tz: 'UTC' });
    expect(await pass()).toMatchObject({ entries: 1, queued: 1, delivered: 1, failures: 0 });
    expect(counted('streaks', 'readOutbox')).toBe(1);
    // one written by another process (the test server) that did not hand it on: found by the look
    // at every namespace a minute on, and only then
    expect(
      (await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'bob', tz: 'UTC' }, value: 1 } }))
        .status,
    ).toBe(201);
    expect(await pass()).toMatchObject({ entries: 0 });
    expect(counted('streaks', 'readOutbox')).toBe(0);
    expect(await pass(61_000)).toMatchObject({ entries: 1, queued: 1, delivered: 1 });
    expect(counted('streaks', 'readOutbox')).toBe(TENANTS + 1);
  });
});
