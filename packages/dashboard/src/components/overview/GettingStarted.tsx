import type { Metric } from '../../api/types';

interface Props {
  metrics: readonly Metric[];
  hasRule: boolean;
}

/** What to do next while the account is not set up: a metric, a streak rule, a first event. */
export function GettingStarted({ metrics, hasRule }: Props) {
  const active = metrics.filter((metric) => metric.status === 'active');
  const events = metrics.reduce((sum, metric) => sum + (metric.events ?? 0), 0);
  if (active.length > 0 && hasRule && events > 0) return null;

  const metricKey = active[0]?.key ?? '<metric-key>';
  const curl = [
    `curl -X POST '${window.location.origin}/api/metrics/${metricKey}/event' \\`,
    `  -H 'X-API-KEY: <your kl_app_ key>' -H 'Content-Type: application/json' \\`,
    `  -d '{"user":{"id":"u1"},"value":1}'`,
  ].join('\n');

  return (
    <section className="card getting-started" aria-labelledby="getting-started">
      <h2 id="getting-started">Getting started</h2>
      <ol>
        {active.length === 0 ? (
          <li>
            No metric yet. <a href="#/metrics">Create a metric</a> for what your users do.
          </li>
        ) : null}
        {!hasRule ? (
          <li>
            No streak rule yet. <a href="#/streak">Set up the streak</a> to start counting.
          </li>
        ) : null}
        {events === 0 ? (
          <li>
            No events yet. Send one from your backend with an application key (<a href="#/keys">create a key</a>):
            <pre className="code-block" tabIndex={0} role="region" aria-label="Command to send an event">
              <code>{curl}</code>
            </pre>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
