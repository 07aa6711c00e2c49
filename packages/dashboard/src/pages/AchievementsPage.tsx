import { useState } from 'react';
import { archiveAchievements, listAchievements, listAttributes, listMetrics, updateAchievement } from '../api/admin';
import type { Achievement, AchievementChange } from '../api/types';
import { AchievementForm } from '../components/AchievementForm';
import { BadgeField } from '../components/BadgeField';
import { ConfirmButton } from '../components/ConfirmButton';
import { ErrorMessage } from '../components/ErrorMessage';
import { IssueList } from '../components/IssueList';
import { ListSection } from '../components/ListSection';
import { PageHeading } from '../components/PageHeading';
import { ShowArchived } from '../components/ShowArchived';
import { useAnnounce } from '../components/status-context';
import { useChange } from '../components/use-change';
import { useLoad } from '../components/use-load';
import { describeFilters } from '../lib/attribute-filters';
import { formatNumber, formatPercent } from '../lib/format';

const BACKDATING = 'Users who already qualify get it in the background (progress under Streak settings).';

/**
 * Creates achievements, lists them with their attribute filters and how many users have each, activates,
 * locks and archives them.
 */
export function AchievementsPage() {
  const [showArchived, setShowArchived] = useState(false);
  const achievements = useLoad(() => listAchievements(showArchived), [showArchived]);
  const metrics = useLoad(() => listMetrics(), []);
  const attributes = useLoad(() => listAttributes(), []);
  const announce = useAnnounce();
  const { error, issues, change } = useChange(achievements.reload);

  function handleCreated(achievement: Achievement, rebuilding: boolean) {
    announce(`Achievement ${achievement.name} created.${rebuilding ? ` ${BACKDATING}` : ''}`);
    achievements.reload();
  }

  function update(achievement: Achievement, patch: Omit<AchievementChange, 'id'>, done: string) {
    return change(
      () => updateAchievement({ id: achievement.id, ...patch }),
      (answer) => announce(`${done}${answer.rebuild !== null ? ` ${BACKDATING}` : ''}`),
    );
  }

  function archive(achievement: Achievement) {
    return change(
      () => archiveAchievements([achievement.id]),
      () => announce(`Achievement ${achievement.name} archived.`),
    );
  }

  const list = achievements.data;
  const names = new Map((list ?? []).map((a) => [a.key, a.name]));
  return (
    <>
      <PageHeading title="Achievements">Achievements</PageHeading>
      <AchievementForm
        metrics={(metrics.data ?? []).filter((m) => m.status === 'active')}
        achievements={(list ?? []).filter((a) => a.status !== 'archived')}
        attributes={attributes.data ?? []}
        onCreated={handleCreated}
      />
      <ErrorMessage error={metrics.error} />
      <ErrorMessage error={attributes.error} />

      <ListSection
        id="achievement-list"
        title="Your achievements"
        aside={<ShowArchived noun="achievements" checked={showArchived} onChange={setShowArchived} />}
        intro={
          <>
            <p className="hint">
              Inactive: not given yet. Active: given to every user who qualifies. Locked: given to no one new; users who
              have it keep it.
            </p>
            <ErrorMessage error={error} />
            <IssueList issues={issues} />
          </>
        }
        list={achievements}
        loadingText="Loading achievements…"
        empty={<p>No achievements yet. Create the first one above.</p>}
        columns={[
          'Name',
          'Key',
          'Reached when',
          'Filters',
          { title: 'Completions', numeric: true },
          { title: 'Users who have it', numeric: true },
          'Status',
          'Badge',
        ]}
        actions
        row={(achievement) => (
          <tr key={achievement.id}>
            <th scope="row">{achievement.name}</th>
            <td>
              <code>{achievement.key}</code>
            </td>
            <td className="long-text">{describeTrigger(achievement, names)}</td>
            <td className="long-text">{describeFilters(achievement) || '—'}</td>
            <td className="num">{formatNumber(achievement.completions, 0)}</td>
            <td className="num">{formatPercent(achievement.rarity)}</td>
            <td>{achievement.status}</td>
            <td className="long-text">
              {achievement.status === 'archived' ? (
                (achievement.badgeUrl ?? '—')
              ) : (
                <BadgeField
                  achievement={achievement}
                  onSave={(badgeUrl) => update(achievement, { badgeUrl }, `Badge of ${achievement.name} saved.`)}
                />
              )}
            </td>
            <td>
              <StatusActions achievement={achievement} update={update} archive={archive} />
            </td>
          </tr>
        )}
      />
    </>
  );
}

interface StatusActionsProps {
  achievement: Achievement;
  update: (achievement: Achievement, patch: Omit<AchievementChange, 'id'>, done: string) => Promise<void>;
  archive: (achievement: Achievement) => Promise<void>;
}

/** Activate (inactive or locked), lock (active), archive (any not archived). */
function StatusActions({ achievement, update, archive }: StatusActionsProps) {
  if (achievement.status === 'archived') return null;
  const { name } = achievement;
  return (
    <span className="row-actions">
      {achievement.status === 'active' ? (
        <ConfirmButton
          label="Lock"
          question={`Lock ${name}? No one new gets it.`}
          onConfirm={() => update(achievement, { status: 'locked' }, `Achievement ${name} locked.`)}
        />
      ) : (
        <button
          type="button"
          onClick={() => void update(achievement, { status: 'active' }, `Achievement ${name} activated.`)}
        >
          Activate
        </button>
      )}
      <ConfirmButton label="Archive" question={`Archive ${name}?`} onConfirm={() => archive(achievement)} />
    </span>
  );
}

function describeTrigger(achievement: Achievement, names: ReadonlyMap<string, string>): string {
  switch (achievement.trigger) {
    case 'metric':
      return `${achievement.metric ?? 'a metric'} reaches ${formatNumber(achievement.threshold ?? null)}`;
    case 'streak':
      return `streak of ${formatNumber(achievement.streakLength ?? null, 0)}`;
    case 'api':
      return 'completed through the API';
    case 'achievement':
      return `holds ${(achievement.prerequisites ?? []).map((key) => names.get(key) ?? key).join(', ')}`;
  }
}
