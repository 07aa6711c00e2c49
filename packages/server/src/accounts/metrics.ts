/**
 * What may change in an account's metrics, and how: create (a key derived from the name when
 * absent, `number` with units "" when no units are given, within the limit of metrics), update (the
 * name, unit type or units, never the key) and archive (the key and the data stay; archiving one
 * the streak rule counts is allowed, with a warning). Each is one bulk change of the configuration
 * (`bulk-change.ts`); a refused item is an issue of the answer. The caller makes the engines read
 * the configuration again afterwards.
 */
import { limitMessage, roomFor } from '../control/limits.js';
import type { AccountConfig, MetricDef } from '../control/types.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';
import { changeConfigInBulk, eachOnce } from './bulk-change.js';
import { issue, missingIdIssue, nameAndKey, type Issue } from './issues.js';
import { changeUnits, NO_UNITS, unitsOf } from './metric-units.js';

export interface NewMetric {
  name: string;
  key?: string;
  unitType?: string;
  units?: string;
}

export interface MetricChange {
  id: string;
  name?: string;
  unitType?: string;
  units?: string;
}

/** Creates the metrics: those made (in the order of the items) and the issue of each item refused. */
export async function createMetrics(
  deps: AccountDeps,
  accountId: string,
  items: readonly NewMetric[],
): Promise<{ applied: MetricDef[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  const { applied, issues } = await changeConfigInBulk<NewMetric, MetricDef>(
    deps.control,
    accountId,
    items,
    (config, item, index) => {
      const named = nameAndKey(item, index, (key) => config.metrics.some((m) => m.key === key), 'metric');
      if ('message' in named) return { refuse: named };
      const units = changeUnits(NO_UNITS, item);
      if ('problem' in units) return { refuse: issue({ index }, units.problem) };
      if (!roomFor('metrics', config.metrics.length)) return { refuse: issue({ index }, limitMessage('metrics')) };
      const made: MetricDef = {
        id: newId(),
        key: named.key,
        name: named.name,
        status: 'active',
        created: at,
        ...units,
      };
      return { accept: made, config: { ...config, metrics: [...config.metrics, made] } };
    },
  );
  return { applied, issues };
}

/**
 * Changes the metrics by id: each metric changed once in the answer (where it was first named, as
 * it stands after all the items), and the issue of each item refused.
 */
export async function updateMetrics(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  items: readonly MetricChange[],
): Promise<{ applied: MetricDef[]; issues: Issue[] }> {
  const outcome = await changeConfigInBulk<MetricChange, string>(deps.control, accountId, items, (config, item) => {
    const metric = config.metrics.find((m) => m.id === item.id);
    if (metric === undefined) return { refuse: issue({ id: item.id }, 'Metric not found by ID') };
    const name = item.name?.trim() ?? metric.name;
    const units = changeUnits(unitsOf(metric), item);
    if (name === '') return { refuse: issue({ id: item.id }, 'Name must not be blank') };
    if ('problem' in units) return { refuse: issue({ id: item.id }, units.problem) };
    const changed = { ...metric, name, ...units };
    return { accept: item.id, config: replaceMetric(config, changed) };
  });
  const applied = eachOnce(outcome.applied, outcome.config.metrics);
  return { applied, issues: outcome.issues };
}

/**
 * Archives the metrics with these ids: the ids archived, and the issues, as the hosted service
 * lists them: the ids that name no metric first (in the order given), then a warning for each
 * archived metric the streak rule counts; what was archived, and the warnings, in the order of the
 * account's metrics.
 */
export async function archiveMetrics(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  ids: readonly string[],
): Promise<{ applied: Array<{ id: string }>; issues: Issue[] }> {
  const outcome = await changeConfigInBulk<string, { id: string }>(deps.control, accountId, ids, (config, id) => {
    const metric = config.metrics.find((m) => m.id === id);
    if (metric === undefined) return { refuse: missingIdIssue(id, 'Metric') };
    const counted = config.streak?.conditions.some((c) => c.metric === metric.key) ?? false;
    const warning = issue({ id }, `The streak rule still counts "${metric.key}": change the rule`, 'warning');
    return {
      accept: { id },
      config: replaceMetric(config, { ...metric, status: 'archived' }),
      warnings: counted ? [warning] : [],
    };
  });
  const place = new Map(outcome.config.metrics.map((m, at) => [m.id, at]));
  const inOrder = (id: string | undefined): number => place.get(id ?? '') ?? -1;
  const errors = outcome.issues.filter((i) => i.severity === 'error');
  const warnings = outcome.issues.filter((i) => i.severity === 'warning').sort((a, b) => inOrder(a.id) - inOrder(b.id));
  const applied = [...outcome.applied].sort((a, b) => inOrder(a.id) - inOrder(b.id));
  return { applied, issues: [...errors, ...warnings] };
}

function replaceMetric(config: AccountConfig, metric: MetricDef): AccountConfig {
  return { ...config, metrics: config.metrics.map((m) => (m.id === metric.id ? metric : m)) };
}
