/**
 * The options of a select that picks a metric: "Choose a metric" first, then each metric as
 * "Name (key)", its value the metric's key or id as the form sends it.
 */
import type { ReactNode } from 'react';
import type { Metric } from '../api/types';

interface Props {
  metrics: readonly Metric[];
  /** what an option's value is: the metric's key (achievements, streak conditions) or its id (points triggers) */
  by: 'key' | 'id';
  /** options shown between the first and the metrics (a value no active metric has any more) */
  children?: ReactNode;
}

export function MetricOptions({ metrics, by, children }: Props) {
  return (
    <>
      <option value="">Choose a metric</option>
      {children}
      {metrics.map((metric) => (
        <option key={metric.id} value={by === 'key' ? metric.key : metric.id}>
          {metric.name} ({metric.key})
        </option>
      ))}
    </>
  );
}
