/**
 * A live points system's two charts: how its users spread over its totals (the eleven ranges of the
 * points summary) and how many hold each level (the level summary), as the store's index counts them.
 */
import { readPointsAnalytics } from '../../api/admin';
import { formatNumber } from '../../lib/format';
import { BarChart } from '../charts/BarChart';
import { ErrorMessage } from '../ErrorMessage';
import { useLoad } from '../use-load';

export function PointsCharts({ systemId, unit }: { systemId: string; unit: string }) {
  const analytics = useLoad(() => readPointsAnalytics(systemId), [systemId]);
  const data = analytics.data;
  return (
    <>
      <ErrorMessage error={analytics.error} />
      {data ? (
        <>
          <section className="card" aria-labelledby="points-summary-heading">
            <h2 id="points-summary-heading">Totals</h2>
            <BarChart
              title={`Users by ${unit} total`}
              description={`How many users hold a total of ${unit} in each range; users never awarded count at 0.`}
              unit="users"
              labelHeading="Total"
              bars={data.summary.map((range) => ({
                label: range.to === 0 ? '0' : `${formatNumber(range.from, 0)}–${formatNumber(range.to, 0)}`,
                value: range.users,
              }))}
            />
          </section>
          {data.levels.length > 0 ? (
            <section className="card" aria-labelledby="level-summary-heading">
              <h2 id="level-summary-heading">Users per level</h2>
              <BarChart
                title="Users per level"
                description="How many users hold each level, levels by threshold."
                unit="users"
                labelHeading="Level"
                bars={data.levels.map((row) => ({ label: row.level.name, value: row.users }))}
              />
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
