/**
 * The one check of a streak rule before it is saved, and its saving, for the admin route and the CLI
 * alike: every condition counts an active metric, and the engine accepts the rule. Throws the core's
 * ConfigError (INVALID_CONFIG) otherwise; the HTTP layer answers it 400, the CLI exits 1 with its
 * message. A save asked to happen only on the configuration it was counted against answers `stale`
 * (and changes nothing) when another change was saved since.
 */
import { ConfigError, memoryStore } from '@kindling/core';
import type { Control } from '../control/control.js';
import type { AccountConfig, RuleConfig } from '../control/types.js';
import { engineFor } from '../engines/engines.js';

/** `rule` as it is kept on `config`: its default zone under the name the engine keeps it by (S1). */
export function ruleAsKept(config: AccountConfig, rule: RuleConfig): RuleConfig {
  for (const condition of rule.conditions) {
    const metric = config.metrics.find((m) => m.key === condition.metric);
    if (metric === undefined || metric.status !== 'active') {
      const why = metric === undefined ? 'no metric has this key' : 'the metric is archived';
      const active = config.metrics.filter((m) => m.status === 'active').map((m) => m.key);
      throw new ConfigError(
        `a condition counts the metric ${JSON.stringify(condition.metric)}, but ${why}; active metrics: ${active.join(', ') || 'none'}`,
      );
    }
  }
  const [parsed] = engineFor({ ...config, streak: rule }, memoryStore()).rules;
  return { ...rule, defaultTimeZone: parsed?.defaultTimeZone ?? rule.defaultTimeZone };
}

/** Thrown inside the compare-and-set to leave the configuration as it is; never leaves this file. */
class StaleConfig extends Error {}

/**
 * Saves `rule` (as kept) as the account's streak rule: the configuration as written, or `stale`
 * when `onlyAtVersion` is given and the configuration has another version by now.
 */
export function saveStreakRule(
  deps: { control: Pick<Control, 'changeConfig'> },
  accountId: string,
  rule: RuleConfig,
): Promise<{ saved: AccountConfig }>;
export function saveStreakRule(
  deps: { control: Pick<Control, 'changeConfig'> },
  accountId: string,
  rule: RuleConfig,
  onlyAtVersion: number,
): Promise<{ saved: AccountConfig } | { stale: true }>;
export async function saveStreakRule(
  deps: { control: Pick<Control, 'changeConfig'> },
  accountId: string,
  rule: RuleConfig,
  onlyAtVersion?: number,
): Promise<{ saved: AccountConfig } | { stale: true }> {
  try {
    const saved = await deps.control.changeConfig(accountId, (config) => {
      if (onlyAtVersion !== undefined && config.version !== onlyAtVersion) throw new StaleConfig();
      return { ...config, streak: ruleAsKept(config, rule) };
    });
    return { saved };
  } catch (error) {
    if (error instanceof StaleConfig) return { stale: true };
    throw error;
  }
}
