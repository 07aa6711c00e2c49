import type { Metric } from '../../api/types';
import type { ConditionDraft, StreakDraft } from '../../lib/streak-draft';
import { MetricOptions } from '../MetricOptions';

interface Props {
  conditions: ConditionDraft[];
  mode: StreakDraft['mode'];
  metrics: readonly Metric[];
  onChange: (conditions: ConditionDraft[]) => void;
  onModeChange: (mode: StreakDraft['mode']) => void;
}

/** The streak's conditions: a metric and its threshold per row, rows added and removed, and whether all or any must be met. */
export function ConditionsFields({ conditions, mode, metrics, onChange, onModeChange }: Props) {
  function update(index: number, patch: Partial<ConditionDraft>) {
    onChange(conditions.map((condition, i) => (i === index ? { ...condition, ...patch } : condition)));
  }

  return (
    <fieldset>
      <legend>Conditions</legend>
      <p className="hint">A period counts when the user reaches the threshold of a metric within it.</p>
      <ol className="conditions">
        {conditions.map((condition, i) => {
          const n = i + 1;
          const known = metrics.some((metric) => metric.key === condition.metric);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position (its fields' ids are numbered the same way)
            <li key={i} className="condition-row">
              <div className="field">
                <label htmlFor={`condition-metric-${n}`}>Metric for condition {n}</label>
                <select
                  id={`condition-metric-${n}`}
                  value={condition.metric}
                  onChange={(event) => update(i, { metric: event.target.value })}
                >
                  <MetricOptions metrics={metrics} by="key">
                    {!known && condition.metric !== '' ? (
                      <option value={condition.metric}>{condition.metric} (not an active metric)</option>
                    ) : null}
                  </MetricOptions>
                </select>
              </div>
              <div className="field field-narrow">
                <label htmlFor={`condition-threshold-${n}`}>Threshold for condition {n}</label>
                <input
                  id={`condition-threshold-${n}`}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="any"
                  value={condition.threshold}
                  onChange={(event) => update(i, { threshold: event.target.value })}
                />
              </div>
              <button
                type="button"
                disabled={conditions.length === 1}
                onClick={() => onChange(conditions.filter((_, j) => j !== i))}
              >
                Remove condition {n}
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => onChange([...conditions, { metric: '', threshold: '1' }])}>
        Add condition
      </button>
      <div className="field">
        <label htmlFor="streak-mode">Mode</label>
        <select
          id="streak-mode"
          value={mode}
          onChange={(event) => onModeChange(event.target.value as StreakDraft['mode'])}
        >
          <option value="all">All conditions must be met</option>
          <option value="any">Any one condition is enough</option>
        </select>
      </div>
    </fieldset>
  );
}
