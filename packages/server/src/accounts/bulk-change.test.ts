import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import type { AccountConfig, MetricDef } from '../control/types.js';
import { changeConfigInBulk, type Decision } from './bulk-change.js';
import { issue } from './issues.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
beforeEach(async () => {
  t = await openTestControl(at);
});
afterEach(() => t.close());

const metric = (key: string): MetricDef => ({
  id: `id-${key}`,
  key,
  name: key,
  status: 'active',
  created: new Date(at).toISOString(),
});

/** Accepts a key no metric has yet (as the items before it left the configuration), refuses a taken one. */
function addUnlessTaken(config: AccountConfig, key: string, index: number): Decision<string> {
  return config.metrics.some((m) => m.key === key)
    ? { refuse: issue({ index }, `taken: ${key}`) }
    : { accept: key, config: { ...config, metrics: [...config.metrics, metric(key)] } };
}

describe('changeConfigInBulk', () => {
  it('decides each item against the configuration the items before it left, and writes the accepted ones once', async () => {
    const before = (await t.control.config(t.accountId)).version;
    const outcome = await changeConfigInBulk(t.control, t.accountId, ['a', 'b', 'a'], addUnlessTaken);
    expect(outcome.applied).toEqual(['a', 'b']);
    expect(outcome.issues).toEqual([{ index: 2, severity: 'error', message: 'taken: a' }]);
    const config = await t.control.config(t.accountId);
    expect(config.metrics.map((m) => m.key)).toEqual(['a', 'b']);
    expect(config.version).toBe(before + 1);
    expect(outcome.config).toEqual(config);
  });

  it('places the warnings of an accepted item at its place among the issues', async () => {
    const outcome = await changeConfigInBulk(t.control, t.accountId, ['x', 'y', 'x'], (config, key, index) => {
      const decided = addUnlessTaken(config, key, index);
      return 'accept' in decided ? { ...decided, warnings: [issue({ index }, `new: ${key}`, 'warning')] } : decided;
    });
    expect(outcome.issues.map((i) => i.message)).toEqual(['new: x', 'new: y', 'taken: x']);
  });

  it('runs the decisions again when another writer changed the configuration, keeping only the last run', async () => {
    t.raceOnce((config) => ({ ...config, metrics: [...config.metrics, metric('b')] }));
    let runs = 0;
    const outcome = await changeConfigInBulk(t.control, t.accountId, ['a', 'b', 'c'], (config, key, index) => {
      if (index === 0) runs++;
      return addUnlessTaken(config, key, index);
    });
    expect(runs).toBe(2);
    expect(t.configReads()).toBe(2);
    // the first run accepted b; the second saw the rival's b: the answer is the second run's alone
    expect(outcome.applied).toEqual(['a', 'c']);
    expect(outcome.issues).toEqual([{ index: 1, severity: 'error', message: 'taken: b' }]);
    const config = await t.control.config(t.accountId);
    expect(config.metrics.map((m) => m.key)).toEqual(['b', 'a', 'c']);
  });

  it('gives the issues of a run made again once, not once per run', async () => {
    t.raceOnce((config) => ({ ...config, metrics: [...config.metrics, metric('z')] }));
    const outcome = await changeConfigInBulk(t.control, t.accountId, ['q'], (_config, _key, index) => ({
      refuse: issue({ index }, 'never'),
    }));
    expect(t.configReads()).toBe(2);
    expect(outcome.applied).toEqual([]);
    expect(outcome.issues).toEqual([{ index: 0, severity: 'error', message: 'never' }]);
  });
});
