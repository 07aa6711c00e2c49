import { useState } from 'react';
import { archiveAchievements, listAchievements, listMetrics } from '../api/admin';
import type { Achievement, Issue } from '../api/types';
import { AchievementForm } from '../components/AchievementForm';
import { ConfirmButton } from '../components/ConfirmButton';
import { ErrorMessage } from '../components/ErrorMessage';
import { ListStates } from '../components/ListStates';
import { IssueList } from '../components/IssueList';
import { PageHeading } from '../components/PageHeading';
import { useAnnounce } from '../components/status-context';
import { useLoad } from '../components/use-load';
import { formatNumber, formatPercent } from '../lib/format';

/** Creates achievements, lists them with how many users have each, and archives them. */
export function AchievementsPage() {
  const [showArchived, setShowArchived] = useState(false);
  const achievements = useLoad(() => listAchievements(showArchived), [showArchived]);
  const metrics = useLoad(() => listMetrics(), []);
  const announce = useAnnounce();
  const [error, setError] = useState<unknown>(null);
  const [issues, setIssues] = useState<Issue[]>([]);

  function handleCreated(achievement: Achievement) {
    announce(`Achievement ${achievement.name} created.`);
    achievements.reload();
  }

  async function archive(achievement: Achievement) {
    setError(null);
    setIssues([]);
    try {
      const answer = await archiveAchievements([achievement.id]);
      setIssues(answer.issues);
      if (answer.deleted.length > 0) announce(`Achievement ${achievement.name} archived.`);
      achievements.reload();
    } catch (failure) {
      setError(failure);
    }
  }

  const list = achievements.data;
  return (
    <>
      <PageHeading title="Achievements">Achievements</PageHeading>
      <AchievementForm metrics={(metrics.data ?? []).filter((m) => m.status === 'active')} onCreated={handleCreated} />
      <ErrorMessage error={metrics.error} />

      <section aria-labelledby="achievement-list">
        <div className="section-head">
          <h2 id="achievement-list">Your achievements</h2>
          <label className="inline">
            <input type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />{' '}
            Show archived achievements
          </label>
        </div>
        <ErrorMessage error={error} />
        <IssueList issues={issues} />
        <ListStates
          error={achievements.error}
          loading={achievements.loading}
          items={list}
          loadingText="Loading achievements…"
          empty={<p>No achievements yet. Create the first one above.</p>}
          labelledBy="achievement-list"
        >
          {(shown) => (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Reached when</th>
                  <th scope="col" className="num">
                    Completions
                  </th>
                  <th scope="col" className="num">
                    Users who have it
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((achievement) => (
                  <tr key={achievement.id}>
                    <th scope="row">{achievement.name}</th>
                    <td>
                      <code>{achievement.key}</code>
                    </td>
                    <td>{describeTrigger(achievement)}</td>
                    <td className="num">{formatNumber(achievement.completions, 0)}</td>
                    <td className="num">{formatPercent(achievement.rarity)}</td>
                    <td>{achievement.status}</td>
                    <td>
                      {achievement.status === 'active' ? (
                        <ConfirmButton
                          label="Archive"
                          question={`Archive ${achievement.name}?`}
                          onConfirm={() => archive(achievement)}
                        />
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ListStates>
      </section>
    </>
  );
}

function describeTrigger(achievement: Achievement): string {
  switch (achievement.trigger) {
    case 'metric':
      return `${achievement.metric ?? 'a metric'} reaches ${formatNumber(achievement.threshold ?? null)}`;
    case 'streak':
      return `streak of ${formatNumber(achievement.streakLength ?? null, 0)}`;
    case 'api':
      return 'completed through the API';
  }
}
