import { listAchievements, listAttributes, listMetrics, readPointsSystem, readStreakSettings } from '../api/admin';
import type { Frequency } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { PageHeading } from '../components/PageHeading';
import { BoostsSection } from '../components/points/BoostsSection';
import { LevelsSection } from '../components/points/LevelsSection';
import { TriggersSection } from '../components/points/TriggersSection';
import { useLoad } from '../components/use-load';
import { PointsCharts } from '../components/points/PointsCharts';
import { formatNumber } from '../lib/format';
import type { TriggerNames } from '../lib/points-trigger-line';

const periods: Record<Frequency, NonNullable<TriggerNames['streakPeriod']>> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
};

/**
 * One points system: its key and bound, then its triggers (each told in plain language), its levels and
 * its boosts, each created, edited and deleted here. An archived system is shown, but its parts no more change.
 */
export function PointsSystemPage({ systemId }: { systemId: string }) {
  const system = useLoad(() => readPointsSystem(systemId), [systemId]);
  const metrics = useLoad(() => listMetrics(true), []);
  const achievements = useLoad(() => listAchievements(true), []);
  const attributes = useLoad(() => listAttributes(), []);
  const streak = useLoad(() => readStreakSettings(), []);

  const found = system.data;
  const rule = streak.data?.rule;
  const names: TriggerNames = {
    unit: found?.name ?? 'points',
    metrics: new Map((metrics.data ?? []).map((m) => [m.id, m.name])),
    achievements: new Map((achievements.data ?? []).map((a) => [a.id, a.name])),
    attributes: new Map((attributes.data ?? []).map((a) => [a.id, a.name])),
    ...(rule ? { streakPeriod: periods[rule.frequency] } : {}),
  };

  return (
    <>
      <p>
        <a href="#/points">All points systems</a>
      </p>
      <PageHeading title={found ? `Points: ${found.name}` : 'Points system'}>
        {found ? found.name : 'Points system'}
      </PageHeading>
      <ErrorMessage error={system.error} />
      {system.loading && !found ? <p>Loading the points system…</p> : null}
      {found ? (
        <>
          <dl className="stats">
            <div>
              <dt>Key</dt>
              <dd className="stat-text">
                <code>{found.key}</code>
              </dd>
            </div>
            <div>
              <dt>Most points</dt>
              <dd className="stat-text">{found.maxPoints === null ? 'no bound' : formatNumber(found.maxPoints, 0)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd className="stat-text">{found.status}</dd>
            </div>
          </dl>
          <ErrorMessage error={metrics.error} />
          <ErrorMessage error={achievements.error} />
          <ErrorMessage error={attributes.error} />
          {found.status === 'archived' ? (
            <p>This system is archived: its triggers, levels and boosts are kept, and no longer change.</p>
          ) : (
            <>
              <TriggersSection
                systemId={found.id}
                names={names}
                metrics={metrics.data ?? []}
                achievements={achievements.data ?? []}
                attributes={attributes.data ?? []}
              />
              <LevelsSection systemId={found.id} />
              <BoostsSection systemId={found.id} attributes={attributes.data ?? []} />
              {found.status === 'active' ? <PointsCharts systemId={found.id} unit={found.name} /> : null}
            </>
          )}
        </>
      ) : null}
    </>
  );
}
