/**
 * The one check of a streak rule before it is saved, for the admin route and the CLI alike: every
 * condition counts an active metric, and the engine accepts the rule. Throws the core's ConfigError
 * (INVALID_CONFIG) otherwise; the HTTP layer answers it 400, the CLI exits 1 with its message.
 */
import { ConfigError, memoryStore } from '@kindling/core';
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
