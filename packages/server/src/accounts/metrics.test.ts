import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import type { AccountConfig } from '../control/types.js';
import { archiveMetrics, createMetrics, updateMetrics } from './metrics.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
beforeEach(async () => {
  t = await openTestControl(at);
});
afterEach(() => t.close());

const deps = () => ({ control: t.control, clock: () => at });
const keys = async () => (await t.control.config(t.accountId)).metrics.map((m) => `${m.key}:${m.status}`);

describe('createMetrics', () => {
  it('creates metrics with a derived key and no units, dated by the clock', async () => {
    const { applied, issues } = await createMetrics(deps(), t.accountId, [
      { name: ' Pages Read ' },
      { name: 'Spent', key: 'spent', unitType: 'currency', units: 'eur' },
    ]);
    expect(issues).toEqual([]);
    expect(applied.map(({ id: _id, ...m }) => m)).toEqual([
      {
        key: 'pages-read',
        name: 'Pages Read',
        status: 'active',
        created: '2026-03-02T10:00:00.000Z',
        unitType: 'number',
        units: '',
      },
      {
        key: 'spent',
        name: 'Spent',
        status: 'active',
        created: '2026-03-02T10:00:00.000Z',
        unitType: 'currency',
        units: 'EUR',
      },
    ]);
    expect(await keys()).toEqual(['pages-read:active', 'spent:active']);
  });

  it('refuses a taken key (also one taken earlier in the same items), a blank name and units that are no currency', async () => {
    await createMetrics(deps(), t.accountId, [{ name: 'Lessons' }]);
    const { applied, issues } = await createMetrics(deps(), t.accountId, [
      { name: 'Lessons' },
      { name: 'Words' },
      { name: 'Words again', key: 'words' },
      { name: '   ', key: 'blank' },
      { name: 'Money', unitType: 'currency', units: 'beads' },
      { name: 'Odd', unitType: 'weight' },
    ]);
    expect(applied.map((m) => m.key)).toEqual(['words']);
    expect(issues).toEqual([
      { index: 0, severity: 'error', message: 'Key already in use by another metric' },
      { index: 2, severity: 'error', message: 'Key already in use by another metric' },
      { index: 3, severity: 'error', message: 'Name must not be blank' },
      {
        index: 4,
        severity: 'error',
        message: 'units of a currency metric must be a currency code such as USD, got "beads"',
      },
      { index: 5, severity: 'error', message: 'unitType must be "number" or "currency", got "weight"' },
    ]);
  });

  it('decides again against a rival write, without doubling its issues', async () => {
    t.raceOnce((config: AccountConfig) => ({
      ...config,
      metrics: [...config.metrics, { id: 'r', key: 'words', name: 'Words', status: 'active', created: 'x' }],
    }));
    const { applied, issues } = await createMetrics(deps(), t.accountId, [{ name: 'Words' }, { name: 'Books' }]);
    expect(t.configReads()).toBe(2);
    expect(applied.map((m) => m.key)).toEqual(['books']);
    expect(issues).toEqual([{ index: 0, severity: 'error', message: 'Key already in use by another metric' }]);
    expect(await keys()).toEqual(['words:active', 'books:active']);
  });
});

describe('updateMetrics', () => {
  it('changes names and units by id, answers each metric once as it ends, and refuses what it cannot change', async () => {
    const { applied: made } = await createMetrics(deps(), t.accountId, [{ name: 'Lessons' }, { name: 'Spent' }]);
    const [lessons, spent] = made.map((m) => m.id);
    const { applied, issues } = await updateMetrics(deps(), t.accountId, [
      { id: lessons ?? '', name: 'Classes' },
      { id: spent ?? '', unitType: 'currency', units: 'usd' },
      { id: lessons ?? '', name: ' Courses ' },
      { id: 'nope', name: 'X' },
      { id: spent ?? '', name: ' ' },
      { id: spent ?? '', units: 'beads' },
    ]);
    expect(applied.map((m) => [m.key, m.name, m.unitType, m.units])).toEqual([
      ['lessons', 'Courses', 'number', ''],
      ['spent', 'Spent', 'currency', 'USD'],
    ]);
    expect(issues).toEqual([
      { id: 'nope', severity: 'error', message: 'Metric not found by ID' },
      { id: spent, severity: 'error', message: 'Name must not be blank' },
      {
        id: spent,
        severity: 'error',
        message: 'units of a currency metric must be a currency code such as USD, got "beads"',
      },
    ]);
  });
});

describe('archiveMetrics', () => {
  it('archives by id, lists the ids not found first and then warns of metrics the streak rule counts, in the order of the metrics', async () => {
    const { applied: made } = await createMetrics(deps(), t.accountId, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    const [a, , c] = made.map((m) => m.id ?? '');
    await t.control.changeConfig(t.accountId, (config) => ({
      ...config,
      streak: {
        frequency: 'daily',
        weekStart: 'monday',
        conditions: [
          { metric: 'a', threshold: 1 },
          { metric: 'c', threshold: 1 },
        ],
      } as AccountConfig['streak'],
    }));
    const missing = '00000000-0000-4000-8000-000000000000';
    const { applied, issues } = await archiveMetrics(deps(), t.accountId, [c ?? '', 'not-a-uuid', a ?? '', missing]);
    expect(applied).toEqual([{ id: a }, { id: c }]);
    expect(issues).toEqual([
      { id: 'not-a-uuid', severity: 'error', message: 'id must be a valid UUID' },
      { id: missing, severity: 'error', message: 'Metric not found by ID' },
      { id: a, severity: 'warning', message: 'The streak rule still counts "a": change the rule' },
      { id: c, severity: 'warning', message: 'The streak rule still counts "c": change the rule' },
    ]);
    expect(await keys()).toEqual(['a:archived', 'b:active', 'c:archived']);
  });
});
