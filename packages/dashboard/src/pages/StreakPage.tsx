import { useState } from 'react';
import { listMetrics, readStreakSettings, saveStreakRule } from '../api/admin';
import type { Rebuild, StreakRule } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { PageHeading } from '../components/PageHeading';
import { RebuildProgress } from '../components/streak/RebuildProgress';
import { StreakForm } from '../components/streak/StreakForm';
import { useAnnounce } from '../components/status-context';
import { useLoad } from '../components/use-load';

/** The account's streak rule; saving it rebuilds every user's streak, with the progress shown. */
export function StreakPage() {
  const loaded = useLoad(() => Promise.all([readStreakSettings(), listMetrics()]), []);
  const announce = useAnnounce();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // A new key restarts the progress poll after each save.
  const [rebuild, setRebuild] = useState<{ value: Rebuild; key: number } | null>(null);

  async function save(rule: StreakRule) {
    setSaving(true);
    setError(null);
    try {
      const answer = await saveStreakRule(rule);
      announce('Streak settings saved. Rebuilding every streak…');
      setRebuild((current) => ({ value: answer.rebuild, key: (current?.key ?? 0) + 1 }));
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  }

  const [settings, metrics] = loaded.data ?? [];
  const running = settings?.rebuild.status === 'running' ? settings.rebuild : null;
  const shown = rebuild ?? (running ? { value: running, key: 0 } : null);
  return (
    <>
      <PageHeading title="Streak settings">Streak settings</PageHeading>
      <ErrorMessage error={loaded.error} />
      {loaded.loading && !loaded.data ? <p>Loading the streak settings…</p> : null}
      {settings && metrics ? (
        <>
          {settings.rule === null ? (
            <p>No streak rule yet. Choose its settings below and save them to start counting streaks.</p>
          ) : null}
          {metrics.length === 0 ? (
            <p className="message">
              A streak counts metrics: <a href="#/metrics">create a metric</a> first.
            </p>
          ) : null}
          <StreakForm
            rule={settings.rule}
            metrics={metrics.filter((m) => m.status === 'active')}
            busy={saving}
            onSave={(rule) => void save(rule)}
          />
          <ErrorMessage error={error} />
          {shown ? <RebuildProgress key={shown.key} initial={shown.value} /> : null}
        </>
      ) : null}
    </>
  );
}
