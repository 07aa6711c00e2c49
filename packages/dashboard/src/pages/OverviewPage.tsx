import { useState } from 'react';
import { listMetrics, readStreakAnalytics, readStreakSettings } from '../api/admin';
import { BarChart } from '../components/charts/BarChart';
import { DailyChart } from '../components/charts/DailyChart';
import { ErrorMessage } from '../components/ErrorMessage';
import { GettingStarted } from '../components/overview/GettingStarted';
import { TopTable } from '../components/overview/TopTable';
import { PageHeading } from '../components/PageHeading';
import { useLoad } from '../components/use-load';
import { formatDateTime, formatNumber } from '../lib/format';
import { bucketLabel } from '../lib/scale';

const ranges = [30, 90] as const;

/** The account's streaks at a glance, from `GET /admin/v1/analytics/streaks`. */
export function OverviewPage() {
  const [days, setDays] = useState<(typeof ranges)[number]>(30);
  const analytics = useLoad(() => readStreakAnalytics(days), [days]);
  const setup = useLoad(() => Promise.all([listMetrics(), readStreakSettings()]), []);
  const [metrics, settings] = setup.data ?? [];
  const stats = analytics.data;

  return (
    <>
      <PageHeading title="Overview">Overview</PageHeading>
      <ErrorMessage error={setup.error} />
      {metrics && settings ? <GettingStarted metrics={metrics} hasRule={settings.rule !== null} /> : null}
      <ErrorMessage error={analytics.error} />
      {analytics.loading && !stats ? <p>Loading the streak figures…</p> : null}
      {stats ? (
        <>
          <dl className="stats">
            <div>
              <dt>Active streaks</dt>
              <dd>{formatNumber(stats.activeStreaks, 0)}</dd>
            </div>
            <div>
              <dt>Average length of active streaks</dt>
              <dd>{formatNumber(stats.averageLength, 1)}</dd>
            </div>
            <div>
              <dt>Longest ever</dt>
              <dd>{formatNumber(stats.topLongest[0]?.longest ?? 0, 0)}</dd>
            </div>
          </dl>
          <p className="hint">Figures as of {formatDateTime(stats.at)}.</p>
          <div className="grid-2">
            <TopTable
              id="top-current"
              title="Longest current streaks"
              column="Length"
              rows={stats.topCurrent.map((r) => ({ userId: r.userId, value: r.length }))}
            />
            <TopTable
              id="top-longest"
              title="Longest streaks ever"
              column="Longest"
              rows={stats.topLongest.map((r) => ({ userId: r.userId, value: r.longest }))}
            />
          </div>
          <section className="card" aria-labelledby="histogram-heading">
            <h2 id="histogram-heading">Streak lengths</h2>
            {stats.histogram.length === 0 ? (
              <p>No active streaks to show yet.</p>
            ) : (
              <BarChart
                title="Streak lengths"
                description="How many users have an active streak of each length."
                unit="users"
                bars={stats.histogram.map((bucket) => ({ label: bucketLabel(bucket), value: bucket.users }))}
              />
            )}
          </section>
          <section className="card" aria-labelledby="daily-heading">
            <div className="section-head">
              <h2 id="daily-heading">Per day</h2>
              <div role="group" aria-label="Period shown" className="toggle">
                {ranges.map((range) => (
                  <button key={range} type="button" aria-pressed={days === range} onClick={() => setDays(range)}>
                    Last {range} days
                  </button>
                ))}
              </div>
            </div>
            {stats.daily.length === 0 ? <p>No days to show yet.</p> : <DailyChart days={stats.daily} />}
          </section>
        </>
      ) : null}
    </>
  );
}
