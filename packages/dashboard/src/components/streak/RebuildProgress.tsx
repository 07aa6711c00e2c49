import { useEffect, useState } from 'react';
import { readRebuild } from '../../api/admin';
import type { Rebuild } from '../../api/types';
import { ErrorMessage } from '../ErrorMessage';
import { useAnnounce } from '../status-context';

const pollMs = 500;

/**
 * Shows the rebuild of every user's streak after the rule changed, asking the server every
 * 500 ms until it is done or failed.
 */
export function RebuildProgress({ initial }: { initial: Rebuild }) {
  const [rebuild, setRebuild] = useState(initial);
  const [error, setError] = useState<unknown>(null);
  const announce = useAnnounce();
  const finished = rebuild.status === 'done' || rebuild.status === 'failed';

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer (`rebuild`) schedules the next ask
  useEffect(() => {
    if (finished || error) return;
    const timer = window.setTimeout(() => {
      readRebuild().then(setRebuild, setError);
    }, pollMs);
    return () => window.clearTimeout(timer);
  }, [rebuild, finished, error]);

  useEffect(() => {
    if (rebuild.status === 'done') announce(`Rebuild done: ${rebuild.done} of ${rebuild.total} users.`);
    if (rebuild.status === 'failed') announce('The rebuild failed.');
  }, [rebuild.status, rebuild.done, rebuild.total, announce]);

  const total = Math.max(rebuild.total, 0);
  return (
    <section className="card" aria-labelledby="rebuild-heading">
      <h2 id="rebuild-heading">Rebuilding streaks</h2>
      <label htmlFor="rebuild-progress" className="visually-hidden">
        Rebuild progress
      </label>
      {total > 0 || finished ? (
        <progress id="rebuild-progress" max={total > 0 ? total : 1} value={total > 0 ? rebuild.done : 1} />
      ) : (
        <progress id="rebuild-progress" />
      )}
      <p>
        {rebuild.done} of {rebuild.total} users · {describeStatus(rebuild.status)}
      </p>
      {rebuild.status === 'failed' ? (
        <p className="message message-error">{rebuild.error ?? 'The server gave no reason.'}</p>
      ) : null}
      {rebuild.status === 'done' ? (
        <p>
          Every streak now follows the new rule. <a href="#/overview">See the overview</a>.
        </p>
      ) : null}
      <ErrorMessage error={error} />
    </section>
  );
}

function describeStatus(status: Rebuild['status']): string {
  switch (status) {
    case 'idle':
      return 'waiting to start';
    case 'running':
      return 'running';
    case 'done':
      return 'done';
    case 'failed':
      return 'failed';
  }
}
