import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDir, type DataDir } from '../../test/cli-io.js';
import type { AccountConfig } from '../control/types.js';
import type { Backend } from '../backend/backend.js';
import { Engines } from '../engines/engines.js';
import { ruleImpact } from './rule-impact.js';
import { tenantSpace } from '../backend/spaces.js';

const DAY = 86_400_000;
let d: DataDir;
let backend: Backend;
beforeEach(async () => {
  d = await dataDir();
  backend = d.open();
});
afterEach(async () => {
  await backend.close();
  d.remove();
});

/** The account's configuration with the streak rule's threshold set to `threshold` lessons. */
function withThreshold(config: AccountConfig, threshold: number): AccountConfig {
  if (config.streak === null) throw new Error('the first start makes a rule');
  return { ...config, streak: { ...config.streak, conditions: [{ metric: 'lessons', threshold }] } };
}

describe('ruleImpact', () => {
  it('counts the streaks a rule would end and shorten in every namespace, and writes nothing', async () => {
    const accountId = d.first.account.id;
    const at = new Date().toISOString();
    await backend.control.changeTenants(accountId, (tenants) => [
      ...tenants,
      { id: 'tn1', customerId: 'school-1', name: 'School 1', status: 'active', created: at, updated: at },
    ]);
    const now = Date.now();
    const engines = new Engines(backend, 0);
    const own = (await engines.runtimeFor(accountId)).engine;
    const tenant = (await engines.runtimeFor(tenantSpace(accountId, 'tn1'))).engine;
    await own.record({ userId: 'ended', metric: 'lessons', value: 1, at: now });
    await own.record({ userId: 'kept', metric: 'lessons', value: 3, at: now });
    await tenant.record({ userId: 'short', metric: 'lessons', value: 3, at: now - DAY });
    await tenant.record({ userId: 'short', metric: 'lessons', value: 1, at: now });
    await tenant.record({ userId: 'idle', metric: 'lessons', value: 1, at: now - 400 * DAY });
    const stores = [backend.storeFor(accountId), backend.storeFor(tenantSpace(accountId, 'tn1').store)];
    const versions = async () =>
      Promise.all(['ended', 'kept', 'short', 'idle'].flatMap((id) => stores.map((store) => store.version(id))));
    const before = await versions();

    const config = await backend.control.config(accountId);
    const impact = await ruleImpact(backend, accountId, config, withThreshold(config, 3), { at: now });
    expect(impact).toEqual({ users: 4, ended: 1, shortened: 1 });
    expect(await versions()).toEqual(before);
    // the same rule ends nothing
    expect(await ruleImpact(backend, accountId, config, config, { at: now })).toEqual({
      users: 4,
      ended: 0,
      shortened: 0,
    });
  });

  it('stops between two pages once its signal is aborted', async () => {
    const config = await backend.control.config(d.first.account.id);
    const { engine } = await new Engines(backend, 0).runtimeFor(d.first.account.id);
    await engine.record({ userId: 'u', metric: 'lessons', value: 1 });
    const stopped = new AbortController();
    stopped.abort();
    const impact = await ruleImpact(backend, d.first.account.id, config, withThreshold(config, 2), {
      at: Date.now(),
      signal: stopped.signal,
    });
    expect(impact).toEqual({ users: 0, ended: 0, shortened: 0 });
  });
});
